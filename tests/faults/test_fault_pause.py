"""Redis paused (SIGSTOP/SIGCONT) and its replies delayed past the client timeout, under
concurrent keyed turns: no saved turn is ever reported as an error.

Afterwards every failed turn is looked up in its conversation's trace (a committed turn
is there under its idempotency key) and then replayed by its key; each replay must be a
fresh turn. The service's error counter must equal the error responses it served.
"""

from __future__ import annotations

import json
import os
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import httpx
import pytest
from fault_support import SMALLTALK, Service, create
from proxy import FaultProxy

from tests.support.procs import RedisNode

pytestmark = pytest.mark.faults

CONVERSATIONS = 8
CLIENTS_PER_CONVERSATION = 2  # two clients race on each conversation: the lock is contended
TEXT = json.dumps(SMALLTALK)


@dataclass
class Tally:
    """What the clients saw: every error response, and how many turns were answered."""

    errors: list[tuple[str, dict[str, str], str, int, str]] = field(default_factory=list)
    answered: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


@pytest.fixture
def proxied(redis_node: RedisNode) -> Iterator[FaultProxy]:
    proxy = FaultProxy(redis_node.port)
    yield proxy
    proxy.close()


def _client_loop(
    service: Service, cid: str, auth: dict[str, str], name: str, stop: threading.Event, t: Tally
) -> None:
    with service.client(timeout=60) as http:
        n = 0
        while not stop.is_set():
            n += 1
            key = f"{name}-{n}"
            r = http.post(
                f"/v1/conversations/{cid}/turns",
                json={"text": TEXT, "idempotency_key": key},
                headers=auth,
            )
            with t.lock:
                if r.status_code == 200:
                    t.answered += 1
                else:
                    t.errors.append((cid, auth, key, r.status_code, r.json()["error"]["code"]))


def _faults(redis_node: RedisNode, proxy: FaultProxy) -> None:
    """Short pauses and slow replies, with calm between them (about 12 s in all)."""
    assert redis_node.proc is not None
    pid = redis_node.proc.pid

    def pause(seconds: float) -> None:
        os.kill(pid, signal.SIGSTOP)
        time.sleep(seconds)
        os.kill(pid, signal.SIGCONT)

    def slow_replies(seconds: float) -> None:
        proxy.delay_s = 1.0  # twice REDIS_TIMEOUT_S: the command runs, its reply times out
        time.sleep(seconds)
        proxy.delay_s = 0.0

    steps: list[tuple[Callable[[float], None], float]] = [
        (pause, 2.0),
        (slow_replies, 1.5),
        (pause, 3.0),
        (slow_replies, 2.0),
        (pause, 1.0),
    ]
    for fault, seconds in steps:
        time.sleep(1.0)
        fault(seconds)
    time.sleep(1.5)


def _served_errors(http: httpx.Client) -> int:
    text = http.get("/metrics").text
    found = re.findall(r'^duocthu_turn_errors_total\{code="[^"]+"\} ([0-9.e+]+)$', text, re.M)
    return int(sum(float(v) for v in found))


def test_no_saved_turn_is_reported_as_an_error(
    redis_node: RedisNode, proxied: FaultProxy, make_service: Callable[..., Service]
) -> None:
    """Pauses and slow replies under 16 concurrent keyed clients: each error response names
    a turn that was not committed, its replay is a new turn, and every error is counted."""
    service = make_service(proxied.url, TRACE_TURNS="1000", LOCK_TTL_MS="4000").start()
    tally, stop = Tally(), threading.Event()
    with service.client() as http:
        conversations = [create(http) for _ in range(CONVERSATIONS)]
    clients = [
        threading.Thread(
            target=_client_loop, args=(service, cid, auth, f"c{i}-{j}", stop, tally), daemon=True
        )
        for i, (cid, auth) in enumerate(conversations)
        for j in range(CLIENTS_PER_CONVERSATION)
    ]
    for c in clients:
        c.start()
    _faults(redis_node, proxied)
    stop.set()
    for c in clients:
        c.join(timeout=60)
    assert not any(c.is_alive() for c in clients)

    assert tally.answered > 0
    assert tally.errors, "the faults produced no error at all: the test proves nothing"
    assert {code for *_, code in tally.errors} <= {"turn_in_progress", "state_store_unavailable"}
    with service.client() as http:
        committed: dict[str, set[str]] = {}
        for cid, auth in conversations:
            trace = http.get(f"/v1/conversations/{cid}/trace", headers=auth)
            assert trace.status_code == 200, trace.text
            keys = [t["idempotency_key"] for t in trace.json()["turns"]]
            assert len(keys) == len(set(keys)), "a turn was applied twice"
            committed[cid] = set(keys)
        misreported = [
            (key, code) for cid, _, key, _, code in tally.errors if key in committed[cid]
        ]
        assert misreported == [], f"saved turns reported as errors: {misreported}"
        served = len(tally.errors)
        assert _served_errors(http) == served
        for cid, auth, key, _, _ in tally.errors:
            r = http.post(
                f"/v1/conversations/{cid}/turns",
                json={"text": TEXT, "idempotency_key": key},
                headers=auth,
            )
            assert r.status_code == 200, r.text  # no conversation is left locked
        for cid, auth in conversations:
            trace = http.get(f"/v1/conversations/{cid}/trace", headers=auth).json()["turns"]
            view = http.get(f"/v1/conversations/{cid}", headers=auth).json()
            assert view["version"] == len(trace)
    print(
        f"pause test: {tally.answered + served} turns, {served} errors, "
        f"0 saved turns reported as errors"
    )
