"""Concurrent turns on one conversation lose nothing: threads and separate processes.

Every turn is in the history exactly once, and the committed order replayed
through the reference model gives the streak the engine saved.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import redis
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.redis_client import from_url
from property_tests.frames import Reference, frames
from property_tests.test_engine_machine import build_engine

REPO = Path(__file__).resolve().parents[1]

WORKER = """
import json, sys
from engine.redis_client import from_url
from property_tests.test_engine_machine import build_engine
url, cid, payload = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
engine = build_engine(from_url(url))
for key, frame in payload:
    engine.handle(cid, json.dumps(frame), idempotency_key=key)
"""


def replay(engine: Any, cid: str, sent: dict[str, dict[str, Any]]) -> None:
    trace = engine.trace(cid)
    keys = [e.idempotency_key for e in trace]
    assert sorted(keys) == sorted(sent), "a turn was lost or duplicated"
    assert [e.turn for e in trace] == list(range(1, len(sent) + 1))
    ref = Reference()
    for key in keys:
        ref.step(dict(sent[key]))
    view = engine.conversation(cid)
    assert view.clarify_streak == ref.streak
    assert view.version == len(sent)


@settings(max_examples=15)
@given(st.lists(frames, min_size=2, max_size=10))
def test_threads_lose_no_turn(redis_client: redis.Redis, batch: list[dict[str, Any]]) -> None:
    """N threads sending one turn each: all N committed once, streak matches serial replay."""
    engine = build_engine(redis_client)
    cid = engine.create_conversation().conversation_id
    sent = {f"t{i}": f for i, f in enumerate(batch)}
    errors: list[BaseException] = []

    def go(key: str, frame: dict[str, Any]) -> None:
        try:
            engine.handle(cid, json.dumps(frame), idempotency_key=key)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=go, args=item) for item in sent.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    replay(engine, cid, sent)


def test_processes_lose_no_turn(redis_client: redis.Redis, redis_url: str) -> None:
    """Three processes sending turns to one conversation: each turn committed exactly once."""
    engine = build_engine(redis_client)
    cid = engine.create_conversation().conversation_id
    pool = [
        {"turn_type": "dosing_calc", "drugs": ["paracetamol"]},
        {"population": "child", "fills_slot": "population"},
        {"turn_type": "smalltalk"},
        {"turn_type": "drug_attribute", "needs_clarify": True},
    ]
    sent = {f"p{p}-{i}": pool[(p + i) % len(pool)] for p in range(3) for i in range(8)}
    procs = []
    for p in range(3):
        payload = [(k, f) for k, f in sent.items() if k.startswith(f"p{p}-")]
        procs.append(
            subprocess.Popen(
                [sys.executable, "-c", WORKER, redis_url, cid, json.dumps(payload)], cwd=REPO
            )
        )
    assert [proc.wait(timeout=120) for proc in procs] == [0, 0, 0]
    replay(build_engine(from_url(redis_url)), cid, sent)


def test_whole_process_restart_keeps_the_dialogue(
    redis_client: redis.Redis, redis_url: str
) -> None:
    """A process runs two turns and exits; a new engine here sees the same state and slots."""
    engine = build_engine(redis_client)
    cid = engine.create_conversation().conversation_id
    payload = [
        ("a", {"turn_type": "dosing_calc", "drugs": ["paracetamol"]}),
        ("b", {"population": "child", "fills_slot": "population"}),
    ]
    done = subprocess.run(
        [sys.executable, "-c", WORKER, redis_url, cid, json.dumps(payload)],
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    view = build_engine(from_url(redis_url)).conversation(cid)
    # The second turn answered the population question (progress): the count is 1 again.
    assert (view.state, view.clarify_streak) == ("clarifying_age_weight", 1)
    assert view.frame is not None
    assert view.frame["drugs"] == ["paracetamol"]
    assert view.frame["population"] == "child"
