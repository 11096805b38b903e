"""Engine overhead per turn (fake models and retrieval, a real Redis on loopback TCP).

Prints p50/p99 of a whole Engine.handle turn for a clarify-only dialogue and for a
retrieval turn, next to a raw redis-py GET round trip measured in the same run,
and the two machine strategies (thread-local attach vs a fresh Machine per turn).
Writes bench/results/engine_turn.json.

    python bench/engine_turn.py [--turns 3000]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._redis import loopback_redis, redis_binary
from engine.machine import TurnModel, fire, new_machine, restored
from engine.testing import sample_engine
from states import State, Trigger

CLARIFY = json.dumps({"turn_type": "drug_attribute", "needs_clarify": True})
SMALLTALK = json.dumps({"turn_type": "smalltalk"})
RETRIEVE = json.dumps(
    {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chong_chi_dinh"}
)


def pct(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(pct(samples, 50), 4),
        "p99_ms": round(pct(samples, 99), 4),
        "mean_ms": round(statistics.fmean(samples), 4),
        "n": len(samples),
    }


def timed(fn, n: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=3000)
    args = ap.parse_args()
    n = args.turns
    with loopback_redis() as (_binary, port):
        client = redis.Redis(host="127.0.0.1", port=port)
        client.set("bench:key", "x" * 64)
        raw = timed(lambda: client.get("bench:key"), n)
        engine = sample_engine(client)
        cid = engine.create_conversation().conversation_id
        texts = [CLARIFY, CLARIFY, SMALLTALK]
        i = [0]

        def clarify_turn() -> None:
            engine.handle(cid, texts[i[0] % 3])
            i[0] += 1

        for _ in range(200):
            clarify_turn()
        # As the server's lifespan does after start-up (engine/lifespan.py).
        gc.collect()
        gc.freeze()
        clar = timed(clarify_turn, n)
        retr = timed(lambda: engine.handle(cid, RETRIEVE), n)
        before = client.info("commandstats")
        calls_before = sum(v["calls"] for k, v in before.items())
        for _ in range(100):
            engine.handle(cid, RETRIEVE)
        after = client.info("commandstats")
        round_trips = (sum(v["calls"] for k, v in after.items()) - calls_before - 1) / 100

    def resident() -> None:
        with restored(State.IDLE, clarify_streak=0, max_clarify=4) as m:
            fire(m, Trigger.ASK_DETAIL)

    attach_machine = new_machine()

    def attach() -> None:
        m = TurnModel(clarify_streak=0, max_clarify=4)
        attach_machine.add_model(m, initial=State.IDLE.value)
        try:
            fire(m, Trigger.ASK_DETAIL)
        finally:
            attach_machine.remove_model(m)

    def fresh() -> None:
        m = TurnModel(clarify_streak=0, max_clarify=4)
        new_machine(m, State.IDLE)
        fire(m, Trigger.ASK_DETAIL)

    result = {
        "command": f"python bench/engine_turn.py --turns {n}",
        "machine": platform.machine(),
        "python": platform.python_version(),
        "redis": redis_binary(),
        "raw_get_round_trip": summary(raw),
        "turn_clarify_or_smalltalk": summary(clar),
        "turn_retrieval_fake": summary(retr),
        "ratio_p99_clarify_to_raw_get_p99": round(pct(clar, 99) / pct(raw, 99), 2),
        "redis_commands_per_turn": round(round_trips, 2),
        "machine_resident_reset": summary(timed(resident, n)),
        "machine_attach_per_turn": summary(timed(attach, n)),
        "machine_fresh_per_turn": summary(timed(fresh, n)),
    }
    out = Path(__file__).resolve().parent / "results" / "engine_turn.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
