"""How `duocthu serve` runs uvicorn: its options from the settings, and a parser that
bounds the request head.

uvicorn's httptools protocol reads a request line and headers of any size and number
(a 50 MB header was read in full); `BoundedHttpTools` counts them as the parser reports
them and answers 431 once either limit is passed. Proxy headers are believed only from
the addresses in `FORWARDED_ALLOW_IPS`: uvicorn otherwise trusts 127.0.0.1, and any
client behind no proxy at all could then choose its rate-limit identity.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import resource
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Protocol

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from core.errors import ConfigError
from core.settings import Settings

log = logging.getLogger("duocthu.server")
LOCK_FILE = "serve.lock"
# Below this much free space the embedded stores fail in ways that say nothing useful (a
# memory-mapped index write dies with SIGBUS, Redis cannot append): refused at start-up.
MIN_FREE_BYTES = 32 * 1024 * 1024

_431 = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: application/json\r\n"
    b"connection: close\r\n"
)
_431_BODY = (
    b'{"error": {"code": "bad_request", "message": "Ph\\u1ea7n \\u0111\\u1ea7u y\\u00eau '
    b'c\\u1ea7u qu\\u00e1 l\\u1edbn."}}'
)


_503_SHED = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"content-type: application/json\r\n"
    b"retry-after: 1\r\n"
    b"connection: close\r\n"
)
_503_BODY = (
    b'{"error": {"code": "overloaded", "message": "M\\u00e1y ch\\u1ee7 \\u0111ang qu\\u00e1 '
    b't\\u1ea3i, vui l\\u00f2ng th\\u1eed l\\u1ea1i sau."}}'
)
_SHED_LOG_EVERY_S = 5.0


class ShedListener(Protocol):
    def connection_shed(self, reason: str) -> None: ...
    def connections_open(self, count: int) -> None: ...


class ConnectionGuard:
    """This process's open connections, counted overall and per client address.

    A new connection from a client that already holds `max_per_client` is shed (a 503
    `overloaded`, then closed). When the process holds `max_total`, the connection idle
    longest (no request in progress: before its head is complete, or between keep-alive
    requests) is closed to make room, so a flood of idle or slow-header sockets cannot
    keep `/health` or a real request out; only when every connection is busy is the new
    one shed. Each shed is counted (the listener: metrics) and logged, at most one line
    per reason every few seconds with the count since the last.
    """

    def __init__(self) -> None:
        self.max_total = 1024
        self.max_per_client = 256
        self.head_timeout_s = 10.0
        self.listener: ShedListener | None = None
        self._open: dict[BoundedHttpTools, None] = {}  # insertion order: oldest first
        self._per_client: dict[str, int] = {}
        self._unlogged: dict[str, int] = {}
        self._logged_at: dict[str, float] = {}

    def configure(self, *, max_total: int, max_per_client: int, head_timeout_s: float) -> None:
        self.max_total, self.max_per_client = max_total, max_per_client
        self.head_timeout_s = head_timeout_s

    @property
    def open(self) -> int:
        return len(self._open)

    def admit(self, conn: BoundedHttpTools, client: str) -> bool:
        """Count `conn` in, or shed it (False); may close an idle one to make room."""
        if self._per_client.get(client, 0) >= self.max_per_client:
            self.shed("per_client")
            return False
        if len(self._open) >= self.max_total:
            idle = next((c for c in self._open if c.is_idle()), None)
            if idle is None:
                self.shed("total")
                return False
            self.shed("idle_evicted")
            self.leave(idle)
            idle.transport.close()
        self._open[conn] = None
        self._per_client[client] = self._per_client.get(client, 0) + 1
        self._tell_open()
        return True

    def leave(self, conn: BoundedHttpTools) -> None:
        if conn in self._open:
            del self._open[conn]
            client = conn.guard_client
            left = self._per_client.get(client, 1) - 1
            if left > 0:
                self._per_client[client] = left
            else:
                self._per_client.pop(client, None)
            self._tell_open()

    def shed(self, reason: str) -> None:
        if self.listener is not None:
            self.listener.connection_shed(reason)
        self._unlogged[reason] = self._unlogged.get(reason, 0) + 1
        now = time.monotonic()
        if now - self._logged_at.get(reason, -_SHED_LOG_EVERY_S) >= _SHED_LOG_EVERY_S:
            log.warning(
                "connections_shed",
                extra={
                    "fields": {
                        "reason": reason,
                        "shed": self._unlogged.pop(reason),
                        "open": len(self._open),
                        "max_total": self.max_total,
                        "max_per_client": self.max_per_client,
                    }
                },
            )
            self._logged_at[reason] = now

    def _tell_open(self) -> None:
        if self.listener is not None:
            self.listener.connections_open(len(self._open))


GUARD = ConnectionGuard()
"""The one guard of this process (uvicorn builds a protocol object per connection)."""


class _HeadTooLarge(Exception):
    """Raised from a parser callback to stop reading a head over the limits."""


class BoundedHttpTools(HttpToolsProtocol):
    """uvicorn's httptools protocol with a cap on head bytes and header count.

    The caps are class attributes, set by `bounded_protocol` for this process (one server
    per process). The class itself is what uvicorn gets: `--workers` pickles its config by
    reference into each spawned worker, whose app factory sets the caps there again.
    """

    max_head_bytes = 16 * 1024
    max_headers = 100
    _head_bytes = 0
    _header_count = 0
    _head_timer: asyncio.TimerHandle | None = None
    _admitted = False
    guard_client = ""

    # -- the connection guard and the head timeout -----------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.guard_client = self.client[0] if self.client else "unknown"
        if not GUARD.admit(self, self.guard_client):
            transport.write(
                _503_SHED
                + b"content-length: "
                + str(len(_503_BODY)).encode("ascii")
                + b"\r\n\r\n"
                + _503_BODY
            )
            transport.close()
            return
        self._admitted = True
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_timer()
        if self._admitted:
            self._admitted = False
            GUARD.leave(self)
        super().connection_lost(exc)

    def is_idle(self) -> bool:
        """No request in progress: its head is not complete yet, or it sits between
        keep-alive requests."""
        return self.cycle is None or self.cycle.response_complete

    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(GUARD.head_timeout_s, self._head_timed_out)

    def _disarm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        """The request head (or the first byte of one) did not arrive in time."""
        self._head_timer = None
        if not self.transport.is_closing() and self.is_idle():
            GUARD.shed("head_timeout")
            self.transport.close()

    def on_headers_complete(self) -> None:
        self._disarm_head_timer()
        super().on_headers_complete()

    def on_message_begin(self) -> None:
        self._head_bytes = self._header_count = 0
        self._arm_head_timer()
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._count(len(url), 0)
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4, 1)
        super().on_header(name, value)

    def _count(self, size: int, headers: int) -> None:
        self._head_bytes += size
        self._header_count += headers
        if self._head_bytes > self.max_head_bytes or self._header_count > self.max_headers:
            raise _HeadTooLarge

    def data_received(self, data: bytes) -> None:
        try:
            self._feed_checked(data)
        except _HeadTooLarge:
            self._send_431()

    def _feed_checked(self, data: bytes) -> None:
        # The parser wraps a callback's exception in its own error; look through it.
        try:
            self._unset_keepalive_if_required()
            self.parser.feed_data(data)
        except httptools.HttpParserCallbackError as exc:
            if isinstance(exc.__context__, _HeadTooLarge):
                raise _HeadTooLarge from exc
            super().send_400_response("Invalid HTTP request received.")
        except httptools.HttpParserError:
            super().send_400_response("Invalid HTTP request received.")
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()

    def _send_431(self) -> None:
        head = _431 + b"content-length: " + str(len(_431_BODY)).encode("ascii") + b"\r\n\r\n"
        self.transport.write(head + _431_BODY)
        self.transport.close()


def bounded_protocol(max_head_bytes: int, max_headers: int) -> type[BoundedHttpTools]:
    """`BoundedHttpTools` with these caps for this process (uvicorn takes a class)."""
    BoundedHttpTools.max_head_bytes = max_head_bytes
    BoundedHttpTools.max_headers = max_headers
    return BoundedHttpTools


def connection_cap(settings: Settings) -> int:
    """MAX_CONNECTIONS, or three quarters of this process's file-descriptor limit (the rest
    is for Redis, the index, logs and the turn threads), between 32 and 4096."""
    if settings.max_connections is not None:
        return settings.max_connections
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 4096
    return max(32, min(4096, soft * 3 // 4))


def configure_guard(settings: Settings, listener: ShedListener | None) -> ConnectionGuard:
    """Set this process's connection caps and head timeout from the settings."""
    GUARD.configure(
        max_total=connection_cap(settings),
        max_per_client=settings.max_connections_per_client,
        head_timeout_s=settings.header_read_timeout_s,
    )
    GUARD.listener = listener
    return GUARD


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for `uvicorn.run` / `uvicorn.Config` from the settings."""
    trusted = settings.forwarded_allow_ips
    return {
        "http": bounded_protocol(settings.max_header_bytes, settings.max_header_count),
        "h11_max_incomplete_event_size": settings.max_header_bytes,
        "timeout_keep_alive": settings.keep_alive_timeout_s,
        "proxy_headers": trusted is not None,
        # An explicit value: uvicorn would otherwise read FORWARDED_ALLOW_IPS itself or
        # fall back to trusting 127.0.0.1.
        "forwarded_allow_ips": trusted if trusted is not None else "",
        "server_header": False,
    }


def lock_data_dir(data_dir: Path) -> int:
    """Hold `data_dir/serve.lock` for the life of this process, or raise a one-line
    `ConfigError` naming the process that holds it.

    Only one `duocthu serve` may own a data dir's embedded Redis and index: a second
    one would adopt the first's Redis and fail when that one stops. The lock is an
    `flock`, so the kernel drops it however the holder ends (kill -9 included); the
    returned descriptor is kept open on purpose.
    """
    path = data_dir / LOCK_FILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 400, 0).decode("utf-8", "replace").strip() or "unknown"
        os.close(fd)
        raise ConfigError(
            f"data dir {data_dir} is already served by {holder}; stop it or set another "
            "DUOCTHU_DATA_DIR"
        ) from None
    os.ftruncate(fd, 0)
    command = " ".join(sys.argv[:4])[:200]
    os.pwrite(fd, f"pid {os.getpid()} ({command})\n".encode(), 0)
    return fd


def check_free_space(data_dir: Path, minimum: int = MIN_FREE_BYTES) -> None:
    """A one-line `ConfigError` when the data dir's file system is (nearly) full."""
    free = shutil.disk_usage(data_dir).free
    if free < minimum:
        raise ConfigError(
            f"DUOCTHU_DATA_DIR {data_dir} has {free // (1024 * 1024)} MiB free; the embedded "
            f"Redis and index need at least {minimum // (1024 * 1024)} MiB"
        )


__all__ = [
    "GUARD",
    "LOCK_FILE",
    "MIN_FREE_BYTES",
    "BoundedHttpTools",
    "ConnectionGuard",
    "bounded_protocol",
    "check_free_space",
    "configure_guard",
    "connection_cap",
    "lock_data_dir",
    "uvicorn_options",
]
