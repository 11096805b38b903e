"""Engine overhead per turn (fake models and retrieval, a real Redis on loopback TCP).

Prints p50/p99 of a whole Engine.handle turn for a clarify-only dialogue and for a
retrieval turn, next to a raw redis-py GET round trip measured in the same run,
and the two machine strategies (thread-local attach vs a fresh Machine per turn).
Writes bench/results/engine_turn.json.

`--profile N` instead profiles N clarify turns and N retrieval turns under cProfile
(CPU time of this thread) and writes where the time goes, per stage (Redis client and
socket, the store's scripts and document, triage, understanding, the machine, the
reply, pydantic, ...), with the top functions, to bench/results/engine_turn_profile.json.
A built-in (a regex search, a socket call, pydantic's core) counts for the stage that
called it. Profiling slows every Python call, so compare the shares, not the times.

    python bench/engine_turn.py [--turns 3000]
    python bench/engine_turn.py --profile 2000

`--stages` adds, to the plain run, each stage's own wall time per turn (p50 and mean):
the engine's stage functions are wrapped with a clock that charges a nested stage to
itself, not to its caller (the Redis round trips out of begin and commit, the document's
decode out of begin), and what no wrapped function covers is "turn glue". The wrappers
cost about a microsecond a call, so these turns run a little slower than the plain ones.
The machine's load (`uptime`) goes into every result file: the machine is shared. The bench
repeats three texts, so before each turn it empties the caches of turn texts
(`safety.cue_matching.forget_turn_texts`): every turn folds, matches and scores its text as a
new one would.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import platform
import pstats
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._redis import loopback_redis, redis_binary
from bench._stages import stage_clock

try:  # the caches of turn texts (an older tree has one, or none: then nothing to empty)
    from safety.cue_matching import forget_turn_texts as _forget_texts
except ImportError:
    try:
        from safety.cue_matching import _turn_text

        _forget_texts = _turn_text.cache_clear
    except ImportError:

        def _forget_texts() -> None:
            pass


from engine.machine import TurnModel, fire, new_machine, restored
from runners.testing import sample_engine
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


def timed(fn, n: int, cpu: list[float] | None = None) -> list[float]:  # type: ignore[no-untyped-def]
    """Wall ms of each of n calls; with `cpu`, this thread's CPU ms of each call too (what
    the turn itself costs the worker, whatever else the shared machine runs)."""
    out = []
    for _ in range(n):
        c = time.thread_time()
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - c) * 1000)
    return out


def uptime() -> str:
    """The machine's load as `uptime` prints it (the machine is shared with other jobs)."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def staged(run: Callable[[], None], n: int) -> dict[str, dict[str, float]]:
    """`run` n times under the stage clock: each stage's own wall time per turn."""
    with stage_clock() as clock:
        for _ in range(n):
            clock.turn(run)
    return clock.summary()


# (stage, path fragments that put a function in it), first match wins.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("triage (safety/: cue lists, n-gram opinions)", ("safety/",)),
    ("understanding", ("understanding/",)),
    ("state store (engine/store.py, redis_client.py)", ("engine/store", "engine/redis_client")),
    ("redis client and socket", ("redis/", "hiredis", "socket")),
    ("conversation document (engine/conversation.py)", ("engine/conversation",)),
    ("machine (transitions, engine/machine.py)", ("transitions/", "engine/machine")),
    ("routing and merge", ("engine/routing", "engine/merge", "engine/followup")),
    ("effects and reply", ("engine/effects", "engine/responder", "safety/triage_quotes")),
    ("fake models (runners/testing.py)", ("runners/testing",)),
    ("retrieval", ("retrieval/",)),
    ("grounding", ("grounding/",)),
    ("turn (engine/turn.py)", ("engine/turn",)),
    ("other engine", ("engine/",)),
    ("core", ("core/",)),
    ("pydantic", ("pydantic",)),
    ("logging", ("logging/",)),
)


def stage_of(where: str) -> str:
    for stage, parts in STAGES:
        if any(part in where for part in parts):
            return stage
    return "other"


def profile_stages(run: Callable[[], None], n: int) -> dict[str, Any]:
    """`run` n times under cProfile (thread CPU time): the share of each stage, top functions."""
    prof = cProfile.Profile(time.thread_time)
    prof.enable()
    for _ in range(n):
        run()
    prof.disable()
    stats: dict[Any, Any] = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    by_stage: dict[str, float] = {}
    functions: list[tuple[float, str]] = []
    for (path, line, name), (_cc, _nc, tottime, _ct, callers) in stats.items():
        label = f"{path}:{line}({name})" if path != "~" else name
        functions.append((tottime, label))
        if path != "~":
            by_stage[stage_of(path)] = by_stage.get(stage_of(path), 0.0) + tottime
            continue
        # A built-in: its time goes to the stages of its callers, by what each caller spent.
        edges = {c: v[2] for c, v in callers.items()} or {("~", 0, name): tottime}
        total = sum(edges.values()) or 1.0
        for caller, spent in edges.items():
            where = caller[0] if caller[0] != "~" else name
            share = tottime * spent / total
            by_stage[stage_of(where)] = by_stage.get(stage_of(where), 0.0) + share
    total = sum(by_stage.values()) or 1.0
    functions.sort(reverse=True)
    root = str(Path(__file__).resolve().parents[1]) + "/"
    return {
        "turns": n,
        "profiled_cpu_ms_per_turn": round(total / n * 1000, 3),
        "share_by_stage": {
            stage: round(t / total, 3)
            for stage, t in sorted(by_stage.items(), key=lambda kv: -kv[1])
        },
        "top_functions_ms_per_turn": {
            label.replace(root, "").split("site-packages/")[-1]: round(t / n * 1000, 4)
            for t, label in functions[:25]
        },
    }


def warm_turns(client: redis.Redis) -> tuple[Callable[[], None], Callable[[], None]]:
    """A sample engine on `client`, warmed by 200 clarify turns: (a clarify or smalltalk
    turn, a retrieval turn with fake models), each as if its text were new."""
    engine = sample_engine(client)
    cid = engine.create_conversation().conversation_id
    texts = [CLARIFY, CLARIFY, SMALLTALK]
    i = [0]

    def clarify_turn() -> None:
        _forget_texts()  # as if the text were new: triage folds and matches it
        engine.handle(cid, texts[i[0] % 3])
        i[0] += 1

    def retrieval_turn() -> None:
        _forget_texts()
        engine.handle(cid, RETRIEVE)

    for _ in range(200):
        clarify_turn()
    return clarify_turn, retrieval_turn


def profile(n: int) -> int:
    with loopback_redis() as (_binary, port):
        client = redis.Redis(host="127.0.0.1", port=port)
        clarify_turn, retrieval_turn = warm_turns(client)
        gc.collect()
        gc.freeze()
        load_before = uptime()
        result = {
            "command": f"python bench/engine_turn.py --profile {n}",
            "python": platform.python_version(),
            "load_avg_1m": round(os.getloadavg()[0], 2),
            "uptime_before": load_before,
            "clarify_or_smalltalk": profile_stages(clarify_turn, n),
            "retrieval_fake": profile_stages(retrieval_turn, n),
        }
    out = Path(__file__).resolve().parent / "results" / "engine_turn_profile.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


def machine_strategies(n: int) -> dict[str, dict[str, float]]:
    """The machine alone: reset a resident one, attach a model per turn, or build one."""

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

    return {
        "machine_resident_reset": summary(timed(resident, n)),
        "machine_attach_per_turn": summary(timed(attach, n)),
        "machine_fresh_per_turn": summary(timed(fresh, n)),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=3000)
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="profile N turns each")
    ap.add_argument("--stages", action="store_true", help="also each stage's wall time")
    ap.add_argument("--out", default="engine_turn.json", help="file name under bench/results")
    args = ap.parse_args()
    if args.profile:
        return profile(args.profile)
    n = args.turns
    load_before = uptime()
    stages: dict[str, Any] = {}
    with loopback_redis() as (_binary, port):
        client = redis.Redis(host="127.0.0.1", port=port)
        client.set("bench:key", "x" * 64)
        raw = timed(lambda: client.get("bench:key"), n)
        clarify_turn, retrieval_turn = warm_turns(client)
        # As the server's lifespan does after start-up (web/lifespan.py).
        gc.collect()
        gc.freeze()
        clar_cpu: list[float] = []
        retr_cpu: list[float] = []
        clar = timed(clarify_turn, n, clar_cpu)
        retr = timed(retrieval_turn, n, retr_cpu)
        before = client.info("commandstats")
        calls_before = sum(v["calls"] for k, v in before.items())
        for _ in range(100):
            retrieval_turn()  # (emptying the text cache sends no command)
        after = client.info("commandstats")
        round_trips = (sum(v["calls"] for k, v in after.items()) - calls_before - 1) / 100
        if args.stages:
            stages = {
                "clarify_or_smalltalk": staged(clarify_turn, n),
                "retrieval_fake": staged(retrieval_turn, n),
            }

    result = {
        "command": "python bench/engine_turn.py " + " ".join(sys.argv[1:]),
        "uptime_before": load_before,
        "uptime_after": uptime(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "redis": redis_binary(),
        "raw_get_round_trip": summary(raw),
        "turn_clarify_or_smalltalk": summary(clar),
        "turn_retrieval_fake": summary(retr),
        "ratio_p50_clarify_to_raw_get_p50": round(pct(clar, 50) / pct(raw, 50), 2),
        "ratio_p99_clarify_to_raw_get_p99": round(pct(clar, 99) / pct(raw, 99), 2),
        "ratio_p50_retrieval_to_raw_get_p50": round(pct(retr, 50) / pct(raw, 50), 2),
        "redis_commands_per_turn": round(round_trips, 2),
        # The client thread's CPU per turn (no Redis wait): steadier than wall on a busy machine.
        "turn_clarify_or_smalltalk_client_cpu": summary(clar_cpu),
        "turn_retrieval_fake_client_cpu": summary(retr_cpu),
        **machine_strategies(n),
    }
    if stages:
        result["stage_wall_ms_per_turn"] = stages
    out = Path(__file__).resolve().parent / "results" / args.out
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
