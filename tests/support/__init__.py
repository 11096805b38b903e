"""Helpers shared by tests/, property_tests/ and bench/ (bench imports them from here).

- `procs`: real redis-server processes and Redis Clusters on loopback.
- `engines`: the real engine over a Redis URL with the sample corpus.
- `dialogue`: scripted frames for the paracetamol dialogue, and the real runtime behind
  them, for the HTTP, chat and browser tests.
- `reference`: a plain reference model of routing, merge and the breaker.
- `failover`: one Redis Cluster master-kill trial (the fault test and `bench.failover`).
- `fake_service`: the service process the fault suite kills and restarts.

The fakes themselves ship with the code (`runners/testing.py`, `retrieval/testing.py`).
"""
