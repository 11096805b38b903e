"""Keep one server process's Python threads on one CPU core.

Only one thread runs Python at a time (the GIL). When the event loop and the turn
threads are spread over several cores, every hand-over of the GIL is a wake-up on
another core with cold caches: on the 2-core test machine a clarify turn cost
about 2.2 ms of CPU that way and 1.2 ms with the threads on one core
(`python -m bench.wrk_turns` with `--pin-cpu auto` and `off`; docs/deploy.md).
It is opt-in (`PIN_CPU=auto` or a core number; the default is `off`), because a pinned
process surprises people running in containers with CPU quotas.
Pinning is per thread: the thread that calls `pin_python_threads` (the event
loop's, before any turn thread exists) is pinned, and the threads it starts
afterwards inherit the core. Processes started before
(the embedded redis-server) and native thread pools are not pinned; a native call
that starts its own threads (the local embedding model's OpenMP team) runs inside
`native_threads()`, which lends the calling thread every core for its duration.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from core.errors import ConfigError

log = logging.getLogger("duocthu.cpu")

# The cores this process may use, recorded when a thread is pinned (None: nothing pinned).
_all_cores: frozenset[int] | None = None


def supported() -> bool:
    return hasattr(os, "sched_setaffinity") and Path("/proc/thread-self/stat").exists()


def current_cpu() -> int:
    """The core the calling thread last ran on (field 39 of /proc/thread-self/stat)."""
    stat = Path("/proc/thread-self/stat").read_text(encoding="ascii")
    # The command name (field 2) may hold spaces; fields after it are plain numbers.
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[36])


def parse_spec(spec: str) -> int | None:
    """ "auto" → -1 (the core the thread is on), "off" → None, "<n>" → n; else ConfigError."""
    value = spec.strip().lower()
    if value == "off":
        return None
    if value == "auto":
        return -1
    if value.isdigit():
        return int(value)
    raise ConfigError(f"PIN_CPU must be auto, off or a core number, got {spec!r}")


def pin_python_threads(spec: str) -> int | None:
    """Pin the calling thread (and the threads it starts later) to one core.

    Returns the core, or None when pinning is off or unsupported here.
    """
    global _all_cores  # noqa: PLW0603 - one process-wide record of the cores it may use
    wanted = parse_spec(spec)
    if wanted is None:
        return None
    if not supported():
        log.warning("cpu pinning is not supported on this platform; threads are not pinned")
        return None
    allowed = frozenset(os.sched_getaffinity(0))
    if wanted == -1:
        here = current_cpu()
        wanted = here if here in allowed else min(allowed)
    elif wanted not in allowed:
        raise ConfigError(f"PIN_CPU={wanted} is not among this process's cores {sorted(allowed)}")
    if _all_cores is None:
        _all_cores = allowed
    os.sched_setaffinity(0, {wanted})
    return wanted


@contextmanager
def native_threads() -> Iterator[None]:
    """Give the calling thread every core while a native call runs its own threads.

    A no-op unless `pin_python_threads` pinned something. Threads that native code
    starts inside the block inherit every core and keep them afterwards.
    """
    cores = _all_cores
    if cores is None:
        yield
        return
    mine = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cores)
    try:
        yield
    finally:
        os.sched_setaffinity(0, mine)


__all__ = ["current_cpu", "native_threads", "parse_spec", "pin_python_threads", "supported"]
