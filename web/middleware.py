"""ASGI middleware of the HTTP service: strict security headers (and the JSON 500 nothing
else sent), and the JSON 413 for a declared oversize body."""

from __future__ import annotations

import asyncio
import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from web.http_errors import MESSAGES, error_response

# Failures are logged under the service's logger name, as they were when this lived there.
log = logging.getLogger("duocthu.server")

# How much of an oversize body is read and dropped so its 413 is delivered (a client
# sending more than this, or slower than this, gets the close it asked for).
DRAIN_BYTES = 8 * 1024 * 1024
DRAIN_SECONDS = 10.0

_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
_SECURITY_HEADERS = [
    (b"content-security-policy", _CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


class SecurityHeaders:
    """Adds strict headers to every response; API responses are never cached.

    It also answers an exception nothing else handled, with the JSON 500: Starlette's own
    500 is sent from outside every middleware, so it would go out without these headers.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = not str(scope.get("path", "")).startswith("/static/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *_SECURITY_HEADERS]
                if api:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        started = False

        async def send_tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send_with_headers(message)

        try:
            await self.app(scope, receive, send_tracked)
        except Exception as exc:
            if started:
                raise
            log.warning(
                "request_failed",
                extra={"fields": {"code": "internal_error", "type": type(exc).__name__}},
            )
            response = error_response(500, "internal_error", MESSAGES["internal_error"])
            await response(scope, receive, send_with_headers)


class DeclaredBodyLimit:
    """Refuses a declared Content-Length over the limit with the JSON 413 before any read,
    and makes sure a 413 reaches a client that is still sending.

    Streamed bodies are cut by the routes' own `max_body_size`; this outer check
    exists so a declared oversize gets our JSON error rather than plain text.

    A server that answers and closes while the client is still writing makes the kernel
    reset the connection, and the client sees a broken pipe instead of the 413. So before
    a 413 goes out, the rest of the body is read and thrown away (at most `drain_bytes`,
    within `drain_s`), and the 413 says `Connection: close`.
    """

    def __init__(
        self,
        app: ASGIApp,
        max_body_size: int,
        *,
        drain_bytes: int = DRAIN_BYTES,
        drain_s: float = DRAIN_SECONDS,
    ) -> None:
        self.app, self.max_body_size = app, max_body_size
        self.drain_bytes, self.drain_s = drain_bytes, drain_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body_done = False

        async def tracked_receive() -> Message:
            nonlocal body_done
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_done = True
            return message

        async def send_after_drain(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 413:
                if not body_done:
                    await self._drain(tracked_receive)
                headers = [*message.get("headers", []), (b"connection", b"close")]
                message = {**message, "headers": headers}
            await send(message)

        declared = dict(scope.get("headers", [])).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.max_body_size:
            response = error_response(413, "payload_too_large", MESSAGES["payload_too_large"])
            await response(scope, tracked_receive, send_after_drain)
            return
        await self.app(scope, tracked_receive, send_after_drain)

    async def _drain(self, receive: Receive) -> None:
        """Read and drop the rest of the body, bounded in bytes and time."""
        read = 0
        try:
            async with asyncio.timeout(self.drain_s):
                while read <= self.drain_bytes:
                    message = await receive()
                    if message["type"] != "http.request":
                        return
                    read += len(message.get("body", b""))
                    if not message.get("more_body", False):
                        return
        except TimeoutError:
            return


__all__ = ["DeclaredBodyLimit", "SecurityHeaders"]
