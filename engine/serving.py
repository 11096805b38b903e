"""How `duocthu serve` runs uvicorn: its options from the settings, and a parser that
bounds the request head.

uvicorn's httptools protocol reads a request line and headers of any size and number
(a 50 MB header was read in full); `BoundedHttpTools` counts them as the parser reports
them and answers 431 once either limit is passed. Proxy headers are believed only from
the addresses in `FORWARDED_ALLOW_IPS`: uvicorn otherwise trusts 127.0.0.1, and any
client behind no proxy at all could then choose its rate-limit identity.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from core.errors import ConfigError
from core.settings import Settings

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

    def on_message_begin(self) -> None:
        self._head_bytes = self._header_count = 0
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
    "LOCK_FILE",
    "MIN_FREE_BYTES",
    "BoundedHttpTools",
    "bounded_protocol",
    "check_free_space",
    "lock_data_dir",
    "uvicorn_options",
]
