"""The turn threads: where blocking calls (a turn, a readiness probe) run, off the event loop.

Each call runs in a copy of the caller's context, so the request id set by the access
middleware is in the turn's log lines. The calls waiting for a free thread are counted on
a gauge (`duocthu_turn_queue_depth`): a queue that stays above zero means every thread is
busy and `TURN_THREADS` or the worker count is too small.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Level(Protocol):
    """A gauge (prometheus_client's `Gauge` fits)."""

    def inc(self, amount: float = 1) -> None: ...
    def dec(self, amount: float = 1) -> None: ...


class _NoLevel:
    def inc(self, amount: float = 1) -> None:
        pass

    def dec(self, amount: float = 1) -> None:
        pass


class Offload:
    """Runs blocking calls on the process's turn threads.

    A plain executor hop skips the capacity limiter and task-group bookkeeping that
    anyio's `run_in_threadpool` adds to every call. No bench here compares the two, so no
    figure is claimed; `python -m bench.turn_profile` with and without `--inline` measures
    what the hand-over itself costs per turn.
    """

    def __init__(self, threads: int, queued: Level | None = None) -> None:
        if threads < 1:
            raise ValueError(f"threads must be >= 1, got {threads}")
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="turn")
        self._queued: Level = queued if queued is not None else _NoLevel()

    async def __call__(self, fn: Callable[[], T]) -> T:
        context = contextvars.copy_context()

        def run() -> T:
            self._queued.dec()
            return context.run(fn)

        self._queued.inc()
        try:
            future = self._pool.submit(run)
        except RuntimeError:
            self._queued.dec()
            raise
        future.add_done_callback(self._cancelled)
        return await asyncio.wrap_future(future)

    def _cancelled(self, future: Future[Any]) -> None:
        # A call cancelled before a thread took it never ran `run`, which uncounts it.
        if future.cancelled():
            self._queued.dec()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["Level", "Offload"]
