"""Helpers shared by tests/, property_tests/ and bench/ (bench imports them from here).

- `procs`: real redis-server processes and Redis Clusters on loopback.
- `engines`: the real engine over a Redis URL with the sample corpus.
- `dialogue`: scripted frames for the paracetamol dialogue over HTTP, the chat and the page.
- `reference`: a plain reference model of routing, merge and the breaker.

The fakes themselves ship with the code (`engine/testing.py`, `retrieval/testing.py`).
"""
