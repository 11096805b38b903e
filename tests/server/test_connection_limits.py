"""Connection limits and proxy trust over a real socket (issue 16): uvicorn started here on
127.0.0.1 with the options `duocthu serve` gives it (web.serving.uvicorn_options)."""

from __future__ import annotations

import logging
import re
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
import uvicorn

from core.settings import Settings
from server import create_app
from tests.support.dialogue import scripted_service
from tests.support.procs import free_port, wait_for
from web.serving import uvicorn_options

Serve = Callable[..., str]


@pytest.fixture
def serve(redis_client: redis.Redis, tmp_path: Path) -> Iterator[Serve]:
    """Start the app under uvicorn on a free loopback port; returns its base URL."""
    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(**overrides: Any) -> str:
        settings = Settings(duocthu_data_dir=tmp_path, **overrides)
        service = scripted_service(redis_client, tmp_path, settings)
        app = create_app(settings, lambda _s: service.runtime)
        port = free_port()
        config = uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", **uvicorn_options(settings)
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        wait_for(lambda: server.started, 20, "uvicorn")
        servers.append((server, thread))
        return f"http://127.0.0.1:{port}"

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(timeout=10)


def _raw(base: str, request: bytes, *, timeout: float = 10) -> bytes:
    """Send raw bytes, read until the server closes or the timeout passes."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(request)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except (TimeoutError, ConnectionResetError):
            pass
    return b"".join(chunks)


def test_a_header_over_the_size_limit_is_431(serve: Serve) -> None:
    """A head over MAX_HEADER_BYTES is refused with 431 before it is all read."""
    base = serve(max_header_bytes=4096)
    big = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 1_000_000 + b"\r\n\r\n"
    reply = _raw(base, big)
    assert reply.startswith(b"HTTP/1.1 431")
    assert httpx.get(f"{base}/health", headers={"X-Ok": "a" * 2000}).status_code == 200


def test_too_many_headers_is_431(serve: Serve) -> None:
    """More headers than MAX_HEADER_COUNT is refused with 431."""
    base = serve(max_header_count=20)
    headers = b"".join(b"X-H%d: v\r\n" % i for i in range(50))
    reply = _raw(base, b"GET /health HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n")
    assert reply.startswith(b"HTTP/1.1 431")
    few = {f"X-H{i}": "v" for i in range(10)}
    assert httpx.get(f"{base}/health", headers=few).status_code == 200


def test_a_body_that_never_arrives_is_408(serve: Serve) -> None:
    """A declared body that stops coming is cut after BODY_READ_TIMEOUT_S with a 408."""
    base = serve(body_read_timeout_s=0.5)
    head = (
        b"POST /v1/conversations/AAAAAAAAAAAAAAAAAAAAAAAA/turns HTTP/1.1\r\nHost: x\r\n"
        b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    )
    reply = _raw(base, head + b'{"text": ', timeout=15)
    assert reply.startswith(b"HTTP/1.1 408")
    assert b"request_timeout" in reply


def test_an_idle_keep_alive_connection_is_closed(serve: Serve) -> None:
    """An idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_S."""
    base = serve(keep_alive_timeout_s=1)
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=15) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        began = time.monotonic()
        assert sock.recv(65536) == b""  # the server hung up
        assert time.monotonic() - began < 10


def _creates(base: str, rotate: bool) -> list[int]:
    codes = []
    with httpx.Client(base_url=base) as http:
        for i in range(8):
            headers = {"X-Forwarded-For": f"203.0.113.{i}"} if rotate else {}
            codes.append(http.post("/v1/conversations", headers=headers).status_code)
    return codes


def test_rotating_x_forwarded_for_does_not_bypass_the_create_limit(serve: Serve) -> None:
    """Without FORWARDED_ALLOW_IPS the socket address is the client: creates are limited
    however X-Forwarded-For changes."""
    base = serve(rate_limit_burst=3, rate_limit_per_minute=1)
    codes = _creates(base, rotate=True)
    assert codes[:3] == [201] * 3
    assert set(codes[3:]) == {429}


def test_a_named_proxy_is_believed(serve: Serve) -> None:
    """With FORWARDED_ALLOW_IPS naming the proxy, each forwarded client has its own limit."""
    base = serve(rate_limit_burst=3, rate_limit_per_minute=1, forwarded_allow_ips="127.0.0.1")
    assert _creates(base, rotate=True) == [201] * 8


def test_uvicorn_options_survive_the_trip_to_a_spawned_worker() -> None:
    """`serve --workers N` pickles uvicorn's config into each worker: the protocol class
    must pickle by reference (a class made at run time would not)."""
    import pickle

    from core.settings import Settings
    from web.serving import uvicorn_options

    options = uvicorn_options(Settings(max_header_bytes=4096, max_header_count=20))
    assert pickle.loads(pickle.dumps(options["http"])) is options["http"]  # noqa: S301 - our own bytes, just pickled
    assert options["http"].max_head_bytes == 4096


def _send_oversize(base: str, size: int, *, declared: bool) -> bytes:
    """Send a body of `size` bytes (declared or chunked) while reading; returns the reply."""
    host, port = base.removeprefix("http://").split(":")
    path = b"/v1/conversations/AAAAAAAAAAAAAAAAAAAAAAAA/turns"
    framing = b"Content-Length: %d" % size if declared else b"Transfer-Encoding: chunked"
    head = b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    chunk = b"a" * 65536
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        sock.sendall(head + framing + b"\r\n\r\n")
        for _ in range(size // len(chunk)):
            # A BrokenPipeError or ConnectionResetError here fails the test: the server
            # closed while the client was still sending.
            sock.sendall(chunk if declared else b"%x\r\n%s\r\n" % (len(chunk), chunk))
        if not declared:
            sock.sendall(b"0\r\n\r\n")
        sock.shutdown(socket.SHUT_WR)
        reply = b""
        while data := sock.recv(65536):
            reply += data
    return reply


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_413_reaches_a_client_still_sending(serve: Serve, declared: bool) -> None:
    """A 2 MB body gets its JSON 413 (read and dropped, then Connection: close), not a broken
    pipe, request after request (issue 24)."""
    base = serve()
    for _ in range(5):
        reply = _send_oversize(base, 2 * 1024 * 1024, declared=declared)
        assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
        assert b"payload_too_large" in reply
        assert b"connection: close" in reply.lower()
    assert httpx.get(f"{base}/health").status_code == 200


# -- slow headers, idle sockets and the connection caps (issue 24) -------------------------

ATTACKER = "127.0.0.2"  # another loopback address: a client apart from the test's own


def _closed_by_server(sock: socket.socket) -> bytes | None:
    """What the server sent before closing, or None if it kept the socket open."""
    received = b""
    try:
        while chunk := sock.recv(65536):
            received += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return received


def _open_from(base: str, source: str, head: bytes) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=30, source_address=(source, 0))
    if head:
        sock.sendall(head)
    return sock


def _answered(socks: list[socket.socket]) -> list[socket.socket]:
    """The sockets with something to read (data or a close) right now."""
    readable, _, _ = select.select(socks, [], [], 0)
    return readable


def _shed(base: str, reason: str) -> float:
    text = httpx.get(f"{base}/metrics").text
    found = re.search(rf'^duocthu_connections_shed_total\{{reason="{reason}"\}} (\S+)$', text, re.M)
    return float(found.group(1)) if found else 0.0


@pytest.mark.parametrize(
    "head", [b"", b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "], ids=["idle", "slow-header"]
)
def test_a_connection_whose_head_never_arrives_is_closed(serve: Serve, head: bytes) -> None:
    """A socket that sends nothing, or a head that stalls half-way, is closed after
    HEADER_READ_TIMEOUT_S and counted as shed (head_timeout)."""
    base = serve(header_read_timeout_s=0.5)
    with _open_from(base, ATTACKER, head) as sock:
        assert _closed_by_server(sock) is not None
    wait_for(lambda: _shed(base, "head_timeout") >= 1, 30, "the shed to be counted")


def test_a_second_request_head_that_stalls_is_closed(serve: Serve) -> None:
    """After one answered request on a keep-alive connection, a next head that starts and
    stalls is cut too (uvicorn's keep-alive timer stops at its first byte)."""
    base = serve(header_read_timeout_s=0.5, keep_alive_timeout_s=60)
    with _open_from(base, ATTACKER, b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n") as sock:
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /health HTTP/1.1\r\nHo")
        assert _closed_by_server(sock) is not None


def test_one_client_over_its_cap_is_shed_and_health_stays_reachable(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    """One client opening many slow-header sockets gets MAX_CONNECTIONS_PER_CLIENT of them;
    the rest are answered 503 overloaded and closed, with a log line and a metric, while
    /health from another client answers 200."""
    base = serve(max_connections_per_client=10, max_connections=40, header_read_timeout_s=120)
    with caplog.at_level(logging.WARNING, logger="duocthu.server"):
        socks = [
            _open_from(base, ATTACKER, b"GET /health HTTP/1.1\r\nHost: x\r\n") for _ in range(30)
        ]
        try:
            # The refused ones get a 503 and a close; the held ones never hear back.
            wait_for(lambda: len(_answered(socks)) == 20, 60, "20 sockets to be refused")
            answered = _answered(socks)
            for sock in answered:
                first = sock.recv(65536)
                assert first.startswith(b"HTTP/1.1 503") and b"overloaded" in first
            assert httpx.get(f"{base}/health").status_code == 200
            assert _shed(base, "per_client") == 20
            assert len(_answered(socks)) == 20  # the 10 held are still open and unanswered
        finally:
            for sock in socks:
                sock.close()
    assert "connections_shed" in caplog.text


def test_a_full_house_of_idle_sockets_makes_room_for_health(serve: Serve) -> None:
    """With MAX_CONNECTIONS held by idle sockets from many clients, a new connection closes
    the longest-idle one and /health answers; the eviction is counted."""
    base = serve(max_connections=12, max_connections_per_client=100, header_read_timeout_s=120)
    idle = [_open_from(base, f"127.0.0.{3 + i}", b"") for i in range(12)]
    try:
        assert httpx.get(f"{base}/health").status_code == 200
        assert _shed(base, "idle_evicted") >= 1
        assert _closed_by_server(idle[0]) is not None  # the oldest made room
    finally:
        for sock in idle:
            sock.close()
