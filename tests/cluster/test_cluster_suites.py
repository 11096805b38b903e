"""The store conformance, engine-turn and property suites, run unchanged on a 3-master Cluster.

The functions come from tests/engine/test_store.py, tests/engine/test_turn.py and
property_tests/test_no_lost_updates.py; only the Redis they get differs (see this
folder's conftest). The reference-model machine suite checks routing logic, which
does not depend on the backend, so it runs only against one Redis.
"""

from __future__ import annotations

import pytest
from cluster_suites import load_suite

import property_tests.conftest  # noqa: F401 - registers the Hypothesis profiles
from property_tests.test_no_lost_updates import (
    test_processes_lose_no_turn,
    test_threads_lose_no_turn,
    test_whole_process_restart_keeps_the_dialogue,
)

pytestmark = pytest.mark.cluster

globals().update(load_suite("tests/engine/test_store.py"))
globals().update(load_suite("tests/engine/test_turn.py"))

__all__ = [
    "test_processes_lose_no_turn",
    "test_threads_lose_no_turn",
    "test_whole_process_restart_keeps_the_dialogue",
]
