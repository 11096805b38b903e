"""One failover trial: conversations under load over a loopback Redis Cluster, one master
SIGKILLed, then every conversation checked against what was acknowledged.

The trace keeps only the last `TRACE_CAP` turns, and how many turns run depends on the
machine's speed, so every check reads the trace as the window it promises to be: the
consecutive turns ending at the conversation's version. An acknowledged turn is checked
by its turn number: inside the window, the entry at that number must carry its key; an
older one cannot be checked from the trace and is counted as unverified.

`python -m bench.failover` repeats it and reports the loss; the fault suite asserts that
nothing is corrupted (tests/faults/test_fault_cluster_failover.py).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import StateStoreError
from engine.store import RedisStateStore
from engine.turn import Engine
from tests.support.engines import sample_engine
from tests.support.procs import LoopbackCluster

FRAMES = [
    {"turn_type": "drug_attribute", "needs_clarify": True},
    {"turn_type": "smalltalk"},
    {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chong_chi_dinh"},
]


TRACE_CAP = 1000


def build_engine(url: str) -> Engine:
    return sample_engine(
        url, timeout_s=1.0, trace_cap=TRACE_CAP, lock_ttl_ms=3000, lock_wait_ms=3000
    )


@dataclass
class Driver:
    """One conversation's sender: acknowledged (key, turn, time), and refusals seen."""

    engine: Engine
    cid: str
    acked: list[tuple[str, int, float]] = field(default_factory=list)
    refused: int = 0
    last_refusal: float = 0.0
    spans: list[tuple[float, float]] = field(default_factory=list)
    """(start, end) of every call, answered or refused: a turn the failover held up shows
    as a long span over the kill (the store resends through a failover instead of failing)."""

    def run(self, stop: threading.Event) -> None:
        n = 0
        while not stop.is_set():
            key = f"{self.cid[:6]}-{n}"
            while not stop.is_set():
                began = time.monotonic()
                try:
                    result = self.engine.handle(
                        self.cid, json.dumps(FRAMES[n % 3]), idempotency_key=key
                    )
                except StateStoreError:
                    self.spans.append((began, time.monotonic()))
                    self.refused += 1
                    self.last_refusal = time.monotonic()
                    time.sleep(0.05)
                    continue
                self.spans.append((began, time.monotonic()))
                self.acked.append((key, result.turn, time.monotonic()))
                break
            n += 1


def check_conversation(
    engine: Engine, d: Driver, killed_at: float, trace_cap: int = TRACE_CAP
) -> dict[str, Any]:
    """Stored state versus what was acknowledged: consistency, loss, and its age at the kill."""
    view = engine.conversation(d.cid)
    trace = engine.trace(d.cid)
    stored = [e.idempotency_key for e in trace]
    problems = []
    first = view.version - len(trace) + 1
    if len(trace) != min(view.version, trace_cap):
        problems.append(f"{len(trace)} trace entries for version {view.version} (cap {trace_cap})")
    if [e.turn for e in trace] != list(range(first, view.version + 1)):
        problems.append("trace turns are not the consecutive turns ending at the version")
    if len(set(stored)) != len(stored):
        problems.append("a turn is stored twice")
    sent_order = {k: i for i, (k, _, _) in enumerate(d.acked)}
    positions = [sent_order.get(k or "", -1) for k in stored]
    # Unacknowledged keys (a reply lost in the failover) may be stored; the rest keep send order.
    known = [p for p in positions if p >= 0]
    if known != sorted(known):
        problems.append("stored turns are out of the order they were sent")
    history_turns = [h["turn"] for h in view.history]
    if history_turns and max(history_turns) != view.version:
        problems.append("history and version disagree")
    by_turn = {e.turn: e.idempotency_key for e in trace}
    # A lost turn's number is given again to a later turn, so check each acknowledged turn
    # against the entry now stored at its number.
    lost, unverified = [], 0
    for key, turn, at in d.acked:
        if turn < first:
            unverified += 1
        elif by_turn.get(turn) != key:
            lost.append((key, at))
    return {
        "acked": len(d.acked),
        "stored": view.version,
        "lost": len(lost),
        "unverified": unverified,
        "lost_age_ms": [round((killed_at - t) * 1000, 1) for _, t in lost],
        "refused": d.refused,
        "problems": problems,
    }


def one_trial(root: Path, conversations: int, before_s: float, after_s: float) -> dict[str, Any]:
    cluster = LoopbackCluster(root, masters=3, replicas=1).start()
    try:
        engine = build_engine(cluster.url)
        drivers = [
            Driver(engine, engine.create_conversation().conversation_id)
            for _ in range(conversations)
        ]
        store = engine.store
        assert isinstance(store, RedisStateStore)
        stop = threading.Event()
        threads = [threading.Thread(target=d.run, args=(stop,)) for d in drivers]
        for t in threads:
            t.start()
        time.sleep(before_s)
        victim = cluster.master_for(store.keys_for(drivers[0].cid)["doc"])
        killed_at = time.monotonic()
        victim.kill()
        time.sleep(after_s)
        stop.set()
        for t in threads:
            t.join(timeout=30)
        checks = [check_conversation(engine, d, killed_at) for d in drivers]
        back = [
            min((t for _, _, t in d.acked if t > killed_at), default=None)
            for d in drivers
            if d.refused
        ]
        recovered = [t - killed_at for t in back if t is not None]
        return {
            "conversations": conversations,
            # Refused, or held up across the kill for longer than the client timeout (1 s).
            "affected_conversations": sum(
                1
                for d in drivers
                if d.refused or any(a < killed_at < b and b - a >= 1.0 for a, b in d.spans)
            ),
            "turns_acked": sum(c["acked"] for c in checks),
            "turns_lost": sum(c["lost"] for c in checks),
            "turns_unverified": sum(c["unverified"] for c in checks),
            "lost_age_ms": sorted(a for c in checks for a in c["lost_age_ms"]),
            "unavailable_s_max": round(max(recovered, default=0.0), 2),
            "never_recovered": sum(1 for t in back if t is None),
            "corrupted": [c["problems"] for c in checks if c["problems"]],
        }
    finally:
        cluster.close()
