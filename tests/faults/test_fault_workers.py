"""Turns on one conversation stay serialised when they arrive at different worker processes."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from fault_support import CLARIFY, RETRIEVE, SMALLTALK, Service, create, turn

from tests.support.procs import RedisNode

pytestmark = pytest.mark.faults


def test_concurrent_turns_across_two_workers_commit_once_each(
    redis_node: RedisNode, make_service: Callable[..., Service]
) -> None:
    """Sixteen keyed turns sent at once to a two-worker service: each committed once, in order."""
    service = make_service(redis_node.url, workers=2).start()
    frames = [CLARIFY, SMALLTALK, RETRIEVE, CLARIFY]
    with service.client() as http:
        cid, auth = create(http)
        with ThreadPoolExecutor(16) as pool:
            codes = list(
                pool.map(
                    lambda i: turn(http, cid, auth, frames[i % 4], f"k{i}").status_code, range(16)
                )
            )
        trace = http.get(f"/v1/conversations/{cid}/trace", headers=auth).json()["turns"]
    assert codes == [200] * 16
    assert sorted(t["idempotency_key"] for t in trace) == sorted(f"k{i}" for i in range(16))
    assert [t["turn"] for t in trace] == list(range(1, 17))
