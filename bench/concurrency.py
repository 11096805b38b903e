"""32 concurrent turns on one conversation from 3 processes, many trials: nothing lost or doubled.

Three worker processes each hold their own engine over the same Redis (a fresh
loopback redis-server, a loopback Cluster with --cluster, or --redis-url). Each
trial creates a conversation and every worker fires its share of the 32 turns
at once from threads. Afterwards the trace must hold each idempotency key exactly
once with turns 1..32, and replaying the committed order through the plain
reference model must give the clarify streak the engine saved.

    python -m bench.concurrency [--trials 100] [--turns 32] [--cluster]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from engine.turn import Engine
from tests.support.engines import sample_engine
from tests.support.procs import LoopbackCluster, RedisNode
from tests.support.reference import Reference

POOL: list[dict[str, Any]] = [
    {"turn_type": "dosing_calc", "drugs": ["paracetamol"]},
    {"population": "child", "fills_slot": "population"},
    {"turn_type": "smalltalk"},
    {"turn_type": "drug_attribute", "needs_clarify": True},
    {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chong_chi_dinh"},
    {"turn_type": "out_of_scope"},
]


def engine_for(url: str) -> Engine:
    # Thirty-two turns queue on one lock: let the last one wait its turn instead of a 409.
    return sample_engine(url, lock_wait_ms=60_000)


def _send(engine: Engine, cid: str, key: str, frame: dict[str, Any], errors: list[str]) -> None:
    try:
        engine.handle(cid, json.dumps(frame), idempotency_key=key)
    except Exception as exc:
        errors.append(f"{type(exc).__name__}: {exc}")


def worker(url: str, inbox: Any, outbox: Any) -> None:
    engine = engine_for(url)
    while (job := inbox.get()) is not None:
        cid, batch = job
        errors: list[str] = []

        threads = [
            threading.Thread(target=_send, args=(engine, cid, key, frame, errors))
            for key, frame in batch
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        outbox.put(errors)


def check(engine: Engine, cid: str, sent: dict[str, dict[str, Any]]) -> list[str]:
    trace = engine.trace(cid)
    keys = [e.idempotency_key or "" for e in trace]
    problems = []
    missing = set(sent) - set(keys)
    doubled = len(keys) - len(set(keys))
    if missing:
        problems.append(f"lost {len(missing)}")
    if doubled:
        problems.append(f"duplicated {doubled}")
    if [e.turn for e in trace] != list(range(1, len(trace) + 1)):
        problems.append("turn numbers are not 1..n")
    ref = Reference()
    for key in keys:
        if key in sent:
            ref.step(dict(sent[key]))
    view = engine.conversation(cid)
    if view.clarify_streak != ref.streak:
        problems.append(f"streak {view.clarify_streak} != replayed {ref.streak}")
    if view.version != len(sent):
        problems.append(f"version {view.version} != {len(sent)}")
    return problems


def run(url: str, trials: int, turns: int, processes: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    ctx = mp.get_context("spawn")
    inboxes = [ctx.Queue() for _ in range(processes)]
    outbox = ctx.Queue()
    procs = [ctx.Process(target=worker, args=(url, q, outbox)) for q in inboxes]
    for p in procs:
        p.start()
    engine = engine_for(url)
    bad: list[dict[str, Any]] = []
    errors = 0
    durations = []
    try:
        for trial in range(trials):
            cid = engine.create_conversation().conversation_id
            sent = {f"t{trial}-{i}": rng.choice(POOL) for i in range(turns)}
            items = list(sent.items())
            started = time.perf_counter()
            for n, q in enumerate(inboxes):
                q.put((cid, items[n::processes]))
            trial_errors = [e for _ in inboxes for e in outbox.get(timeout=300)]
            durations.append(time.perf_counter() - started)
            errors += len(trial_errors)
            problems = check(engine, cid, sent) + trial_errors[:3]
            if problems:
                bad.append({"trial": trial, "problems": problems})
    finally:
        for q in inboxes:
            q.put(None)
        for p in procs:
            p.join(timeout=30)
    durations.sort()
    return {
        "trials": trials,
        "turns_per_trial": turns,
        "processes": processes,
        "failed_trials": len(bad),
        "turn_errors": errors,
        "examples": bad[:5],
        "trial_seconds_p50": round(durations[len(durations) // 2], 3),
        "trial_seconds_max": round(durations[-1], 3),
        "turns_per_second_serialised": round(turns * trials / sum(durations), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--turns", type=int, default=32)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--cluster", action="store_true", help="a loopback 3-master Cluster")
    parser.add_argument("--redis-url", default=None, help="an existing Redis instead")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="duocthu-conc-") as tmp:
        if args.redis_url:
            url, backend, stop = args.redis_url, "external", None
        elif args.cluster:
            cluster = LoopbackCluster(Path(tmp), masters=3).start()
            url, backend, stop = cluster.url, "loopback cluster (3 masters)", cluster.close
        else:
            node = RedisNode(Path(tmp), "--appendonly", "no").start()
            url, backend, stop = node.url, "loopback redis-server", node.kill
        try:
            result = run(url, args.trials, args.turns, args.processes, args.seed)
        finally:
            if stop:
                stop()
    result = {
        "command": "python -m bench.concurrency "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "backend": backend,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        **result,
    }
    name = "concurrency_cluster.json" if args.cluster else "concurrency.json"
    out = Path(args.out or f"bench/results/{name}")
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0 if result["failed_trials"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
