"""The runners: the `duocthu` command line, the terminal chat, the eval runners (`evals/`),
the state-machine doc writer and the test wiring (fakes at the ports)."""
