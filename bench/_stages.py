"""The stage clock of `bench/engine_turn.py --stages`: each stage's own wall time per turn.

The engine's stage functions are wrapped for the duration of a run; a stage running inside
another is charged to itself, not to its caller.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def _p50(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.5 * (len(ordered) - 1)))]


class StageClock:
    """Exclusive wall time per stage: a stage running inside another is charged to itself."""

    def __init__(self) -> None:
        self.turns: list[dict[str, float]] = []
        self.current: dict[str, float] = {}
        self._stack: list[list[float]] = []  # [start, time spent in children]

    def enter(self) -> None:
        self._stack.append([time.perf_counter(), 0.0])

    def leave(self, stage: str) -> None:
        start, children = self._stack.pop()
        spent = time.perf_counter() - start
        self.current[stage] = self.current.get(stage, 0.0) + spent - children
        if self._stack:
            self._stack[-1][1] += spent

    def wrap(self, fn: Callable[..., Any], stage: str) -> Callable[..., Any]:
        def timed_call(*args: Any, **kwargs: Any) -> Any:
            self.enter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.leave(stage)

        return timed_call

    def wrap_context(self, fn: Callable[..., Any], stage: str) -> Callable[..., Any]:
        @contextmanager
        def timed_context(*args: Any, **kwargs: Any) -> Iterator[Any]:
            self.enter()
            manager = fn(*args, **kwargs)
            value = manager.__enter__()
            self.leave(stage)
            try:
                yield value
            except BaseException as exc:
                self.enter()
                try:
                    if not manager.__exit__(type(exc), exc, exc.__traceback__):
                        raise
                finally:
                    self.leave(stage)
            else:
                self.enter()
                manager.__exit__(None, None, None)
                self.leave(stage)

        return timed_context

    def turn(self, run: Callable[[], None]) -> None:
        self.current = {}
        self.enter()
        run()
        self.leave("turn glue (engine/turn.py, unwrapped)")
        self.turns.append(self.current)

    def summary(self) -> dict[str, dict[str, float]]:
        names = sorted({k for t in self.turns for k in t})
        table = {
            name: {
                "p50_ms": round(_p50([t.get(name, 0.0) * 1000 for t in self.turns]), 4),
                "mean_ms": round(statistics.fmean(t.get(name, 0.0) for t in self.turns) * 1000, 4),
            }
            for name in names
        }
        return dict(sorted(table.items(), key=lambda kv: -kv[1]["mean_ms"]))


@contextmanager
def stage_clock() -> Iterator[StageClock]:
    """Wrap the engine's stage functions for the duration (restored on exit)."""
    import engine.responder
    import engine.turn
    from engine.conversation import Conversation
    from engine.effects import Effects
    from engine.store import RedisStateStore

    clock = StageClock()
    patches: list[tuple[Any, str, str, bool]] = [
        (RedisStateStore, "begin", "store begin: Python side", False),
        (RedisStateStore, "commit", "store commit: Python side", False),
        (RedisStateStore, "_call", "redis round trips (2 EVALSHA: socket, Lua)", False),
        (Conversation, "from_json", "document decode (pydantic)", False),
        (Conversation, "to_json", "document encode (pydantic)", False),
        (Conversation, "append_history", "history lines", False),
        (engine.turn.Engine, "_understand", "understanding", False),
        (engine.turn, "resolve_frame", "merge", False),
        (engine.turn, "made_progress", "merge", False),
        (engine.turn, "filled_facts", "merge", False),
        (engine.turn, "with_triage", "triage", False),
        (engine.turn, "keep_safety_thread", "triage", False),
        (engine.responder, "route", "routing", False),
        (engine.turn, "restored", "machine", True),
        (engine.turn, "fire", "machine", False),
        (engine.responder, "fire", "machine", False),
        (engine.responder.Responder, "respond", "reply (responder, rendering)", False),
        (Effects, "run", "effects (retrieve, answer, checks)", False),
        (Effects, "triage", "effects (retrieve, answer, checks)", False),
        (engine.turn, "TurnResult", "turn result and trace entry (pydantic)", False),
        (engine.turn, "TraceEntry", "turn result and trace entry (pydantic)", False),
    ]
    saved = []
    for owner, name, stage, is_context in patches:
        original = owner.__dict__[name]
        saved.append((owner, name, original))
        fn = original.__func__ if isinstance(original, classmethod) else original
        wrapped = (clock.wrap_context if is_context else clock.wrap)(fn, stage)
        setattr(owner, name, classmethod(wrapped) if isinstance(original, classmethod) else wrapped)
    try:
        yield clock
    finally:
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)
