"""What the HTTP routes share: the runtime they call, the app state, and request handling.

The runtime and engine protocols `server.py` serves, the per-process app state the
lifespan yields, and the helpers every route uses: rate limiting, the bearer token, the
turn body read within its timeout, and JSON responses.
"""

from __future__ import annotations

import asyncio
import sys
import time
import unicodedata
from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypedDict, TypeVar, cast

import redis
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from core.ports import TurnObserver
from core.result import (
    ComponentStatus,
    ConversationView,
    CreatedConversation,
    TraceEntry,
    TurnResult,
)
from core.settings import Settings
from understanding.text import clean
from web.http_errors import ApiError
from web.jsonbody import BodyRejected, parse_json_body
from web.metrics import TurnMetrics
from web.offload import Offload
from web.ratelimit import RateLimiter

T = TypeVar("T")
MAX_ID_CHARS = 128


class EngineLike(Protocol):
    def create_conversation(self) -> CreatedConversation: ...
    def authorize(self, conversation_id: str, token: str) -> None: ...
    def handle(
        self,
        conversation_id: str,
        text: str,
        *,
        idempotency_key: str | None = None,
        token: str | None = None,
    ) -> TurnResult: ...
    def conversation(self, conversation_id: str) -> ConversationView: ...
    def trace(self, conversation_id: str) -> list[TraceEntry]: ...
    def delete(self, conversation_id: str) -> None: ...
    def diagram(self, fmt: str, current: str | None = None) -> str | dict[str, Any]: ...


class RuntimeLike(Protocol):
    """What the shell needs of `engine.bootstrap.Runtime` (tests pass one built by
    `runners.testing.sample_runtime`)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def engine(self) -> EngineLike: ...
    @property
    def redis(self) -> redis.Redis | redis.RedisCluster: ...
    @property
    def observers(self) -> list[TurnObserver]: ...
    def ready(self) -> list[ComponentStatus]: ...
    def alive(self) -> bool: ...
    def corpus(self) -> dict[str, Any]: ...
    def start_following(self, every_s: float = ...) -> None: ...
    def close(self) -> None: ...


RuntimeFactory = Callable[[Settings], RuntimeLike]


class ReadyCache:
    """The last `/ready` answer, kept for `ttl_s`: pollers share one check a second.

    The checks cost real work (a Redis round trip, an index count, a provider probe), and
    `/ready` needs no token: without this, a few clients polling it could slow every turn.
    Concurrent callers wait for the one check in progress rather than each running one.
    """

    def __init__(self, ttl_s: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl_s, self._clock = ttl_s, clock
        self._lock = asyncio.Lock()
        self._value: tuple[int, dict[str, Any]] | None = None
        self._at = 0.0

    async def get(
        self, compute: Callable[[], Awaitable[tuple[int, dict[str, Any]]]]
    ) -> tuple[int, dict[str, Any]]:
        async with self._lock:
            if self._value is None or self._clock() - self._at >= self.ttl_s:
                self._value = await compute()
                self._at = self._clock()
            return self._value


class AppState(TypedDict):
    runtime: RuntimeLike
    limiter: RateLimiter
    metrics: TurnMetrics
    offload: Offload
    ready_cache: ReadyCache


# The turn text's own pattern: a character the understander's hygiene keeps, i.e. not a
# control, format, separator or space character (categories Cc, Cf, Zl, Zp, Zs; a text
# of only those is refused 422, issue 24). Built from the Unicode tables, with the
# characters themselves in the class so Python and ECMA (u flag) read it alike.
_BLANK_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Zs"})


@lru_cache(maxsize=1)
def visible_text_pattern() -> str:
    ranges: list[tuple[int, int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in _BLANK_CATEGORIES:
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    # None of these characters is special inside a class, so none is escaped.
    parts = "".join(chr(a) if a == b else f"{chr(a)}-{chr(b)}" for a, b in ranges)
    return f"[^{parts}]"


class TurnRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    text: str = Field(min_length=1)
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=128)


def app_state(request: Request) -> AppState:
    return cast(AppState, request.scope["state"])


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def check_rate_limit(state: AppState, client_id: str) -> None:
    decision = state["limiter"].hit(client_id)
    if not decision.allowed:
        state["metrics"].rate_limited.inc()
        raise ApiError(429, "rate_limited", retry_after=decision.retry_after_s)


async def rate_limited(request: Request, fn: Callable[[], T]) -> T:
    """Spend a rate-limit token, then run `fn`, in one trip to a worker thread."""
    state, client_id = app_state(request), client_of(request)

    def work() -> T:
        check_rate_limit(state, client_id)
        return fn()

    return await state["offload"](work)


def bearer(request: Request) -> tuple[str, str]:
    """The path's conversation id and the bearer token; a malformed pair is a 404."""
    conversation_id: str = request.path_params["conversation_id"]
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(conversation_id) > MAX_ID_CHARS:
        raise ApiError(404, "not_found")
    return conversation_id, token


async def authorized(request: Request, fn: Callable[[str], T]) -> T:
    """Rate-limit, check the bearer token, then run `fn(conversation_id)`; one thread hop.

    A wrong, malformed or missing token answers the same 404 as an unknown id.
    """
    conversation_id, token = bearer(request)
    state, client_id = app_state(request), client_of(request)

    def work() -> T:
        check_rate_limit(state, client_id)
        state["runtime"].engine.authorize(conversation_id, token)
        return fn(conversation_id)

    return await state["offload"](work)


async def turn_request(request: Request, settings: Settings) -> TurnRequest:
    """The body, read within the body-read timeout and parsed before any other work."""
    max_chars = settings.max_turn_chars
    try:
        raw = await asyncio.wait_for(request.body(), settings.body_read_timeout_s)
    except TimeoutError as exc:
        raise ApiError(408, "request_timeout", headers={"Connection": "close"}) from exc
    try:
        data = parse_json_body(raw)
    except BodyRejected as exc:
        raise ApiError(400, "bad_request", "Nội dung không phải JSON hợp lệ.") from exc
    try:
        turn = TurnRequest.model_validate(data)
    except ValidationError as exc:
        fields = ", ".join(".".join(str(p) for p in e["loc"]) or "body" for e in exc.errors())
        raise ApiError(422, "validation_error", f"Dữ liệu không hợp lệ: {fields}.") from exc
    # The limit is on the text as sent, matching the published schema's maxLength.
    if len(data["text"]) > max_chars:
        raise ApiError(422, "validation_error", f"Câu hỏi dài quá {max_chars} ký tự.")
    # Text that the understander's hygiene empties (zero-width or control characters
    # only) is no question: refused here so nothing is saved for it.
    if not clean(turn.text):
        raise ApiError(422, "validation_error", "Câu hỏi trống.")
    return turn.model_copy(update={"text": unicodedata.normalize("NFC", turn.text)})


def json_response(
    model: BaseModel | Sequence[BaseModel] | dict[str, Any], status: int = 200
) -> Response:
    if isinstance(model, BaseModel):
        return JSONResponse(model.model_dump(mode="json"), status_code=status)
    if isinstance(model, dict):
        return JSONResponse(model, status_code=status)
    return JSONResponse([m.model_dump(mode="json") for m in model], status_code=status)


__all__ = [
    "MAX_ID_CHARS",
    "AppState",
    "EngineLike",
    "ReadyCache",
    "RuntimeFactory",
    "RuntimeLike",
    "TurnRequest",
    "app_state",
    "authorized",
    "bearer",
    "check_rate_limit",
    "client_of",
    "json_response",
    "rate_limited",
    "turn_request",
    "visible_text_pattern",
]
