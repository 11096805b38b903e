"""Redis killed, stopped, slow or cutting connections under the running service.

Committed turns survive a kill -9 of Redis (AOF, fsync always); while Redis is
away turns fail closed with 503 `state_store_unavailable` and nothing half-written;
the service recovers by itself when Redis returns; a slow Redis makes turns time
out cleanly, and retries with the same keys commit each turn exactly once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fault_support import CLARIFY, RETRIEVE, SMALLTALK, Service, create, turn
from proxy import FaultProxy

from tests.support.procs import RedisNode, wait_for

pytestmark = pytest.mark.faults


@pytest.fixture
def proxy(redis_node: RedisNode) -> Iterator[FaultProxy]:
    p = FaultProxy(redis_node.port)
    yield p
    p.close()


def state_of(
    http: httpx.Client, cid: str, auth: dict[str, str]
) -> tuple[dict[str, Any], list[Any]]:
    view = http.get(f"/v1/conversations/{cid}", headers=auth)
    assert view.status_code == 200, view.text
    trace = http.get(f"/v1/conversations/{cid}/trace", headers=auth).json()["turns"]
    return view.json(), trace


def until_ok(
    http: httpx.Client,
    cid: str,
    auth: dict[str, str],
    frame: dict[str, Any],
    key: str,
    *,
    attempts: int = 60,
) -> httpx.Response:
    """Retry one turn with its idempotency key, as a client would, until it is answered."""
    for _ in range(attempts):
        r = turn(http, cid, auth, frame, key)
        if r.status_code == 200:
            return r
        assert r.status_code in (409, 503), r.text
        threading.Event().wait(0.25)
    raise AssertionError(f"turn {key} never completed")


def test_committed_turns_survive_a_redis_kill(
    redis_node: RedisNode, make_service: Callable[..., Service]
) -> None:
    """Ten committed turns, kill -9 of Redis, restart from AOF: all ten are still there."""
    service = make_service(redis_node.url).start()
    with service.client() as http:
        cid, auth = create(http)
        for i in range(10):
            assert turn(http, cid, auth, [CLARIFY, SMALLTALK][i % 2], f"k{i}").status_code == 200
        redis_node.kill()
        redis_node.start()
        view, trace = state_of(http, cid, auth)
    assert view["version"] == 10
    assert [t["idempotency_key"] for t in trace] == [f"k{i}" for i in range(10)]


def test_redis_down_fails_closed_then_service_resumes(
    redis_node: RedisNode, make_service: Callable[..., Service]
) -> None:
    """Redis stopped: 503 state_store_unavailable; Redis back: the same process serves again."""
    service = make_service(redis_node.url).start()
    with service.client() as http:
        cid, auth = create(http)
        assert turn(http, cid, auth, CLARIFY, "a").status_code == 200
        redis_node.stop()
        refused = turn(http, cid, auth, SMALLTALK, "b")
        assert refused.status_code == 503
        assert refused.json()["error"]["code"] == "state_store_unavailable"
        assert http.get("/ready").status_code == 503
        redis_node.start()
        until_ok(http, cid, auth, SMALLTALK, "b")
        view, trace = state_of(http, cid, auth)
    assert view["version"] == 2
    assert [t["idempotency_key"] for t in trace] == ["a", "b"]


def test_redis_killed_mid_turn_leaves_the_turn_undone(
    redis_node: RedisNode, make_service: Callable[..., Service], tmp_path: Path
) -> None:
    """Redis dies while a turn is retrieving: 503, the stored turn is the one before."""
    marker = tmp_path / "stalled"
    service = make_service(redis_node.url).start(
        DUOCTHU_FAULT_SLOW_STAGE="retrieve",
        DUOCTHU_FAULT_MARKER=str(marker),
        DUOCTHU_FAULT_DELAY_S="1.5",
    )
    with service.client() as http:
        cid, auth = create(http)
        assert turn(http, cid, auth, CLARIFY, "a").status_code == 200
        replies: list[httpx.Response] = []
        sender = threading.Thread(
            target=lambda: replies.append(turn(http, cid, auth, RETRIEVE, "b"))
        )
        sender.start()
        wait_for(marker.exists, 20, "the turn to reach retrieval")
        redis_node.kill()
        sender.join(timeout=30)
        assert replies[0].status_code == 503
        assert replies[0].json()["error"]["code"] == "state_store_unavailable"
        redis_node.start()
        view, trace = state_of(http, cid, auth)
        assert (view["version"], view["state"]) == (1, "clarifying_query")
        assert [t["idempotency_key"] for t in trace] == ["a"]


def test_slow_redis_times_out_cleanly_and_loses_nothing(
    redis_node: RedisNode, proxy: FaultProxy, make_service: Callable[..., Service]
) -> None:
    """Replies delayed past the client timeout: turns get 503/409, then each commits once."""
    service = make_service(proxy.url).start()
    with service.client() as http:
        cid, auth = create(http)
        assert turn(http, cid, auth, CLARIFY, "k0").status_code == 200
        proxy.delay_s = 0.8  # the service's Redis timeout is 0.5 s
        slow = [turn(http, cid, auth, SMALLTALK, f"k{i}") for i in (1, 2)]
        assert {r.status_code for r in slow} <= {409, 503}
        proxy.delay_s = 0.0
        for i in (1, 2, 3):
            until_ok(http, cid, auth, [SMALLTALK, CLARIFY, RETRIEVE][i - 1], f"k{i}")
        view, trace = state_of(http, cid, auth)
    keys = [t["idempotency_key"] for t in trace]
    assert keys == ["k0", "k1", "k2", "k3"]
    assert view["version"] == 4


def test_cut_connections_lose_and_duplicate_nothing(
    redis_node: RedisNode, proxy: FaultProxy, make_service: Callable[..., Service]
) -> None:
    """Connections cut again and again during turns: every key ends up committed exactly once."""
    service = make_service(proxy.url).start()
    stop = threading.Event()

    def cutter() -> None:
        while not stop.wait(0.05):
            proxy.cut()

    with service.client() as http:
        cid, auth = create(http)
        chopper = threading.Thread(target=cutter)
        chopper.start()
        try:
            for i in range(12):
                until_ok(http, cid, auth, [CLARIFY, SMALLTALK, RETRIEVE][i % 3], f"k{i}")
        finally:
            stop.set()
            chopper.join()
        view, trace = state_of(http, cid, auth)
    assert [t["idempotency_key"] for t in trace] == [f"k{i}" for i in range(12)]
    assert view["version"] == 12
