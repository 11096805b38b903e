"""Do garbage collections show in the turn's tail? (`bench/engine_turn.py`'s turns, timed singly.)

Runs the clarify/smalltalk turn and the retrieval turn of `bench/engine_turn.py` (fake models, a
real Redis on loopback) under `gc.callbacks`, which time every collection and its generation.
Per setting it reports how many collections of each generation ran per 1,000 turns, their
pause (p50, p99, max), the share of the slowest 1 % of turns that held a collection, and the
turn's p50/p99 with and without the turns that held one. Settings: the interpreter's own
(no freeze), the server's start-up (`gc.collect(); gc.freeze()`, web/lifespan.py), and the
start-up with larger thresholds.

    python bench/gc_pauses.py [--turns 3000]

Writes bench/results/gc_pauses.json.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._redis import loopback_redis
from bench.engine_turn import pct, uptime, warm_turns


class Collections:
    """Every collection's generation and pause while installed in `gc.callbacks`."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append((info["generation"], (time.perf_counter() - self._started) * 1000))


def run_turns(turn: Callable[[], None], n: int) -> dict[str, Any]:
    """n turns, each timed, with the collections that ran inside each."""
    seen = Collections()
    gc.callbacks.append(seen)
    walls: list[float] = []
    held: list[list[tuple[int, float]]] = []
    try:
        for _ in range(n):
            before = len(seen.pauses)
            t = time.perf_counter()
            turn()
            walls.append((time.perf_counter() - t) * 1000)
            held.append(seen.pauses[before:])
    finally:
        gc.callbacks.remove(seen)
    slowest = sorted(range(n), key=walls.__getitem__)[-max(1, n // 100) :]
    clean = [w for w, h in zip(walls, held, strict=True) if not h]
    pauses = [p for _, p in seen.pauses]
    per_gen = {g: sum(1 for gen, _ in seen.pauses if gen == g) for g in (0, 1, 2)}
    return {
        "turn_p50_ms": round(pct(walls, 50), 4),
        "turn_p99_ms": round(pct(walls, 99), 4),
        "turn_p99_ms_without_gc_turns": round(pct(clean, 99), 4) if clean else None,
        "turns_holding_a_collection": n - len(clean),
        "share_of_slowest_1pct_holding_a_collection": round(
            sum(1 for i in slowest if held[i]) / len(slowest), 3
        ),
        "collections_per_1000_turns": {
            f"gen{g}": round(c * 1000 / n, 1) for g, c in per_gen.items()
        },
        "pause_ms": {
            "p50": round(pct(pauses, 50), 4) if pauses else 0.0,
            "p99": round(pct(pauses, 99), 4) if pauses else 0.0,
            "max": round(max(pauses), 4) if pauses else 0.0,
        },
        "gc_ms_per_turn": round(sum(pauses) / n, 4),
    }


SETTINGS: tuple[tuple[str, bool, tuple[int, int, int] | None], ...] = (
    ("interpreter default, no freeze", False, None),
    ("start-up: gc.collect(); gc.freeze() (web/lifespan.py)", True, None),
    ("start-up freeze, thresholds (10000, 20, 20)", True, (10000, 20, 20)),
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--turns", type=int, default=3000)
    args = ap.parse_args()
    default = gc.get_threshold()
    result: dict[str, Any] = {
        "command": "python bench/gc_pauses.py " + " ".join(sys.argv[1:]),
        "python": platform.python_version(),
        "uptime_before": uptime(),
        "default_thresholds": list(default),
        "settings": {},
    }
    with loopback_redis() as (_binary, port):
        client = redis.Redis(host="127.0.0.1", port=port)
        clarify_turn, retrieval_turn = warm_turns(client)
        for name, freeze, thresholds in SETTINGS:
            gc.unfreeze()
            gc.collect()
            if freeze:
                gc.freeze()
            gc.set_threshold(*(thresholds or default))
            try:
                result["settings"][name] = {
                    "clarify_or_smalltalk": run_turns(clarify_turn, args.turns),
                    "retrieval_fake": run_turns(retrieval_turn, args.turns),
                }
            finally:
                gc.set_threshold(*default)
    result["uptime_after"] = uptime()
    out = Path(__file__).resolve().parent / "results" / "gc_pauses.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
