"""kill -9 of the service in the middle of a turn: the conversation is before or after it,
never between, and a retry with the same idempotency key completes it exactly once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from fault_support import CLARIFY, RETRIEVE, Service, create, turn

from tests.support.procs import RedisNode, wait_for

pytestmark = pytest.mark.faults


@pytest.mark.parametrize("stage", ["retrieve", "answer"])
def test_kill_mid_turn_then_retry_completes_once(
    stage: str, redis_node: RedisNode, make_service: Callable[..., Service], tmp_path: Path
) -> None:
    """Killed while retrieving or answering: state unchanged; the retried key commits once."""
    marker = tmp_path / "stalled"
    service = make_service(redis_node.url).start(
        DUOCTHU_FAULT_SLOW_STAGE=stage, DUOCTHU_FAULT_MARKER=str(marker)
    )
    with service.client() as http:
        cid, auth = create(http)
        assert turn(http, cid, auth, CLARIFY, "first").status_code == 200
        before = http.get(f"/v1/conversations/{cid}", headers=auth).json()

    def doomed() -> None:
        try:
            with service.client() as h:
                turn(h, cid, auth, RETRIEVE, "second")
        except httpx.HTTPError:
            pass  # the server died under it: what a real client would see

    sender = threading.Thread(target=doomed)
    sender.start()
    wait_for(marker.exists, 20, f"the service to stall in {stage}")
    service.kill()
    sender.join(timeout=20)

    service.start()  # no stall this time
    with service.client() as http:
        after_crash = http.get(f"/v1/conversations/{cid}", headers=auth).json()
        assert after_crash["version"] == before["version"] == 1
        assert after_crash["state"] == before["state"]
        assert after_crash["history"] == before["history"]

        first = turn(http, cid, auth, RETRIEVE, "second")
        assert first.status_code == 200, first.text
        again = turn(http, cid, auth, RETRIEVE, "second")
        assert again.json() == first.json()
        assert first.json()["outcome"] == "answerable"

        view = http.get(f"/v1/conversations/{cid}", headers=auth).json()
        trace = http.get(f"/v1/conversations/{cid}/trace", headers=auth).json()["turns"]
    assert view["version"] == 2
    assert [t["idempotency_key"] for t in trace] == ["first", "second"]
