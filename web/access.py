"""The access middleware: a request id for every request, one access line, HTTP metrics.

Pure ASGI, so the engine does not import Starlette. It reads `X-Request-ID` (kept when
sane, generated otherwise), sets `core.logging.REQUEST_ID` for every log line of the
request, echoes the id in the response header, and when the response is done writes one
`request` line (client address, method, route template, status, duration) and feeds the
HTTP metrics.
Routes are named by their template (`/v1/conversations/{conversation_id}`), never the
raw path: an id in a label or a log line would be both a leak and unbounded cardinality.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Protocol

from core.logging import REQUEST_ID

ACCESS_LOGGER = "duocthu.access"
REQUEST_ID_HEADER = "x-request-id"
UNMATCHED = "<unmatched>"

_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class RequestObserver(Protocol):
    """What the middleware reports a finished request to (`web.metrics.TurnMetrics`)."""

    def request_finished(self, method: str, route: str, status: int, seconds: float) -> None: ...


def request_id(header: bytes | None) -> str:
    """The caller's id when it is 1–128 of `[A-Za-z0-9._:-]`; a fresh one otherwise."""
    if header is not None:
        text = header.decode("latin-1")
        if _SANE_ID.fullmatch(text):
            return text
    return uuid.uuid4().hex


def route_template(scope: Scope) -> str:
    """The template of the route the router chose; `<unmatched>` when none did."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    if not isinstance(path, str):
        return UNMATCHED
    # A mount (the static files) serves a whole subtree below its path.
    return f"{path}/{{path}}" if hasattr(route, "routes") else path


def client_address(scope: Scope) -> str:
    """The client's address as the rate limiter keys on it (`request.client.host`): the
    socket's peer, or the X-Forwarded-For address uvicorn put in its place when the proxy
    is trusted (FORWARDED_ALLOW_IPS); `unknown` when the server gives none."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class AccessMiddleware:
    """Request id, access line and HTTP metrics for every HTTP request."""

    def __init__(self, app: App, observer: RequestObserver) -> None:
        self.app, self.observer = app, observer
        self._log = logging.getLogger(ACCESS_LOGGER)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = request_id(dict(scope.get("headers", [])).get(REQUEST_ID_HEADER.encode()))
        REQUEST_ID.set(rid)
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = [*message.get("headers", []), (REQUEST_ID_HEADER.encode(), rid.encode())]
                message = {**message, "headers": headers}
            await send(message)

        # The id stays set after an exception on purpose: the outer error handler that
        # turns it into the 500 runs in this same task and its line keeps the id.
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            self._finish(scope, status, time.perf_counter() - started)

    def _finish(self, scope: Scope, status: int, seconds: float) -> None:
        method, route = str(scope.get("method", "")), route_template(scope)
        self.observer.request_finished(method, route, status, seconds)
        fields = {
            "client": client_address(scope),
            "method": method,
            "route": route,
            "status": status,
            "duration_ms": round(seconds * 1000, 2),
        }
        self._log.info("request", extra={"fields": fields})


__all__ = [
    "ACCESS_LOGGER",
    "REQUEST_ID_HEADER",
    "UNMATCHED",
    "AccessMiddleware",
    "RequestObserver",
    "client_address",
    "request_id",
    "route_template",
]
