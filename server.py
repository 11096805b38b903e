"""The HTTP service: a thin Starlette shell over the engine (docs/api.md) and the chat page.

Resources are built once in the lifespan; an endpoint authorises, parses, calls
one engine function on a worker thread and renders JSON. Errors are mapped in one place.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import shutil
import tempfile
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol, TypedDict, TypeVar, cast

import redis
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from core import cpu, startup
from core.errors import (
    ConfigError,
    DuocthuError,
)
from core.logging import TurnLogger, configure_logging, log_config
from core.ports import TurnObserver
from core.result import (
    ComponentStatus,
    ConversationView,
    CreatedConversation,
    TraceEntry,
    TurnResult,
)
from core.settings import Settings
from engine import bootstrap, openapi, serving
from engine.access import AccessMiddleware
from engine.http_errors import MESSAGES, ApiError, as_api_error, handle_error
from engine.jsonbody import BodyRejected, parse_json_body
from engine.metrics import MULTIPROC_ENV, TurnMetrics
from engine.middleware import DeclaredBodyLimit, SecurityHeaders
from engine.offload import Offload
from engine.ratelimit import RateLimiter
from states import State

T = TypeVar("T")
STATIC_DIR = Path(__file__).resolve().parent / "static"
MAX_ID_CHARS = 128
log = logging.getLogger("duocthu.server")


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
    `engine.testing.sample_runtime`)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def engine(self) -> EngineLike: ...
    @property
    def redis(self) -> redis.Redis | redis.RedisCluster: ...
    @property
    def observers(self) -> list[TurnObserver]: ...
    def ready(self) -> list[ComponentStatus]: ...
    def close(self) -> None: ...


RuntimeFactory = Callable[[Settings], RuntimeLike]


def build_runtime(settings: Settings) -> RuntimeLike:
    """The real runtime (embedded defaults unless REDIS_URL / QDRANT_URL are set)."""
    return bootstrap.build_runtime(settings)


class AppState(TypedDict):
    runtime: RuntimeLike
    limiter: RateLimiter
    metrics: TurnMetrics
    offload: Offload


class TurnRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    text: str = Field(min_length=1)
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=128)


# -- request helpers ------------------------------------------------------------------------


def _state(request: Request) -> AppState:
    return cast(AppState, request.scope["state"])


def _client_id(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _limit(state: AppState, client_id: str) -> None:
    decision = state["limiter"].hit(client_id)
    if not decision.allowed:
        state["metrics"].rate_limited.inc()
        raise ApiError(429, "rate_limited", retry_after=decision.retry_after_s)


async def _rate_limited(request: Request, fn: Callable[[], T]) -> T:
    """Spend a rate-limit token, then run `fn`, in one trip to a worker thread."""
    state, client_id = _state(request), _client_id(request)

    def work() -> T:
        _limit(state, client_id)
        return fn()

    return await state["offload"](work)


def _bearer(request: Request) -> tuple[str, str]:
    """The path's conversation id and the bearer token; a malformed pair is a 404."""
    conversation_id: str = request.path_params["conversation_id"]
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(conversation_id) > MAX_ID_CHARS:
        raise ApiError(404, "not_found")
    return conversation_id, token


async def _authorized(request: Request, fn: Callable[[str], T]) -> T:
    """Rate-limit, check the bearer token, then run `fn(conversation_id)`; one thread hop.

    A wrong, malformed or missing token answers the same 404 as an unknown id.
    """
    conversation_id, token = _bearer(request)
    state, client_id = _state(request), _client_id(request)

    def work() -> T:
        _limit(state, client_id)
        state["runtime"].engine.authorize(conversation_id, token)
        return fn(conversation_id)

    return await state["offload"](work)


async def _turn_request(request: Request, settings: Settings) -> TurnRequest:
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
    return turn.model_copy(update={"text": unicodedata.normalize("NFC", turn.text)})


def _json(model: BaseModel | Sequence[BaseModel] | dict[str, Any], status: int = 200) -> Response:
    if isinstance(model, BaseModel):
        return JSONResponse(model.model_dump(mode="json"), status_code=status)
    if isinstance(model, dict):
        return JSONResponse(model, status_code=status)
    return JSONResponse([m.model_dump(mode="json") for m in model], status_code=status)


# -- endpoints ------------------------------------------------------------------------------


async def create_conversation(request: Request) -> Response:
    engine = _state(request)["runtime"].engine
    return _json(await _rate_limited(request, engine.create_conversation), 201)


def _count_refused(state: AppState, exc: Exception) -> None:
    """A turn refused by the shell before the engine saw it still counts as a failed turn
    (the engine's observers count the ones it refuses itself)."""
    state["metrics"].turn_errors.labels(code=as_api_error(exc).code).inc()


async def post_turn(request: Request) -> Response:
    """One turn. The engine checks the token itself, in the round trip that takes the lock."""
    state = _state(request)
    try:
        turn = await _turn_request(request, state["runtime"].settings)
        conversation_id, token = _bearer(request)
    except Exception as exc:
        _count_refused(state, exc)
        raise
    client_id = _client_id(request)

    def handle() -> bytes:
        try:
            _limit(state, client_id)
        except Exception as exc:  # 429, or 503 when the limiter cannot reach Redis
            _count_refused(state, exc)
            raise
        with state["metrics"].turns_in_flight.track_inprogress():
            result = state["runtime"].engine.handle(
                conversation_id, turn.text, idempotency_key=turn.idempotency_key, token=token
            )
        return result.model_dump_json().encode("utf-8")

    return Response(await state["offload"](handle), media_type="application/json")


async def conversation(request: Request) -> Response:
    engine = _state(request)["runtime"].engine
    if request.method == "DELETE":
        await _authorized(request, engine.delete)
        return Response(status_code=204)
    return _json(await _authorized(request, engine.conversation))


async def get_trace(request: Request) -> Response:
    engine = _state(request)["runtime"].engine
    entries = await _authorized(request, engine.trace)
    turns = [e.model_dump(mode="json") for e in entries]
    return _json({"conversation_id": request.path_params["conversation_id"], "turns": turns})


_STATES = frozenset(s.value for s in State)
_DIAGRAM_TYPES = {
    "mermaid": "text/plain; charset=utf-8",
    "svg": "image/svg+xml",
    "json": "application/json",
}


async def state_diagram(request: Request) -> Response:
    fmt = request.query_params.get("format", "mermaid")
    current = request.query_params.get("current")
    if fmt not in _DIAGRAM_TYPES or (current is not None and current not in _STATES):
        raise ApiError(
            422, "validation_error", "format: mermaid | json | svg; current: một trạng thái."
        )
    engine = _state(request)["runtime"].engine
    diagram = await _state(request)["offload"](lambda: engine.diagram(fmt, current))
    if isinstance(diagram, dict):
        return JSONResponse(diagram)
    return Response(diagram, media_type=_DIAGRAM_TYPES[fmt])


async def health(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


async def ready(request: Request) -> Response:
    try:
        state = _state(request)
        components = await state["offload"](state["runtime"].ready)
    except DuocthuError as exc:
        failed = ComponentStatus(name="runtime", enabled=True, ok=False, detail=exc.code)
        components = [failed]
    is_ready = all(c.ok for c in components if c.enabled)
    body = {"ready": is_ready, "components": [c.model_dump(mode="json") for c in components]}
    return JSONResponse(body, status_code=200 if is_ready else 503)


async def metrics(request: Request) -> Response:
    m = _state(request)["metrics"]
    return Response(m.render(), media_type=m.content_type)


def _openapi(settings: Settings) -> Callable[[Request], Awaitable[Response]]:
    """`GET /openapi.json`: the document generated once from the models (engine/openapi.py)."""
    body = openapi.render(
        openapi.document(TurnRequest, list(MESSAGES), max_turn_chars=settings.max_turn_chars)
    )

    async def endpoint(request: Request) -> Response:
        return Response(body, media_type="application/json")

    return endpoint


async def api_docs(request: Request) -> Response:
    return FileResponse(STATIC_DIR / "docs.html", media_type="text/html; charset=utf-8")


async def index(request: Request) -> Response:
    return FileResponse(STATIC_DIR / "index.html", media_type="text/html; charset=utf-8")


# -- the app --------------------------------------------------------------------------------


def create_app(
    settings: Settings | None = None,
    runtime_factory: RuntimeFactory = build_runtime,
    *,
    pin_threads: bool = False,
) -> Starlette:
    """Build the app; the runtime itself is built in the lifespan, once per process.

    `pin_threads` (set by `serve` for a single worker) keeps the event loop's thread and
    the turn threads it starts on one core, per `PIN_CPU` (core/cpu.py says why).
    """
    settings = settings if settings is not None else Settings()
    # A --workers worker builds its app here: its request-head caps come from its settings.
    serving.bounded_protocol(settings.max_header_bytes, settings.max_header_count)
    limit = settings.max_body_bytes
    metrics_observer = TurnMetrics()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[AppState]:
        runtime = await run_in_threadpool(runtime_factory, settings)
        try:
            runtime.observers.extend(
                [metrics_observer, TurnLogger(log_user_text=settings.log_user_text)]
            )
            limiter = RateLimiter(
                runtime.redis,
                per_minute=settings.rate_limit_per_minute,
                burst=settings.rate_limit_burst,
            )
            components = await run_in_threadpool(runtime.ready)
            # On the event loop's own thread, before any turn thread exists (they inherit it).
            pinned = cpu.pin_python_threads(settings.pin_cpu) if pin_threads else None
            fields = {**_startup_fields(settings, components), "pinned_cpu": pinned}
            log.info("startup", extra={"fields": fields})
            # What start-up built (index caches, catalog, matchers) lives as long as the
            # process: move it out of the collector's sight so collections stay short.
            gc.collect()
            gc.freeze()
            offload = Offload(settings.effective_turn_threads(), metrics_observer.turn_queue)
            try:
                yield {
                    "runtime": runtime,
                    "limiter": limiter,
                    "metrics": metrics_observer,
                    "offload": offload,
                }
            finally:
                await run_in_threadpool(offload.close)
        finally:
            await run_in_threadpool(runtime.close)
            metrics_observer.close()

    middleware = [
        Middleware(AccessMiddleware, observer=metrics_observer),
        Middleware(SecurityHeaders),
        Middleware(DeclaredBodyLimit, max_body_size=limit),
    ]
    if settings.cors_allow_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=settings.cors_allow_origins,
                allow_methods=["GET", "POST", "DELETE"],
                allow_headers=["Authorization", "Content-Type"],
                max_age=600,
            )
        )
    conv = "/v1/conversations/{conversation_id}"
    routes = [
        Route("/", index),
        Route("/v1/conversations", create_conversation, methods=["POST"], max_body_size=limit),
        Route(f"{conv}/turns", post_turn, methods=["POST"], max_body_size=limit),
        Route(conv, conversation, methods=["GET", "DELETE"]),
        Route(f"{conv}/trace", get_trace, methods=["GET"]),
        Route("/v1/state-diagram", state_diagram),
        Route("/health", health),
        Route("/ready", ready),
        Route("/metrics", metrics),
        Route("/openapi.json", _openapi(settings)),
        Route("/docs", api_docs),
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        Exception: handle_error,
        HTTPException: handle_error,
        DuocthuError: handle_error,
        ApiError: handle_error,
    }
    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers=handlers,
        lifespan=lifespan,
    )


def _startup_fields(settings: Settings, components: list[ComponentStatus]) -> dict[str, Any]:
    return {
        "redis": "external" if settings.redis_url else "embedded",
        "qdrant": "external" if settings.qdrant_url else "embedded",
        "embedding_provider": settings.embedding_provider.value,
        "understanding_provider": settings.understanding_provider.value,
        "answer_provider": settings.answer_provider.value,
        "turn_threads": settings.effective_turn_threads(),
        "components": [
            {"name": c.name, "enabled": c.enabled, "ok": c.ok, "detail": c.detail}
            for c in components
        ],
    }


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    """Run the service with uvicorn (`duocthu serve`)."""
    import uvicorn  # noqa: PLC0415 - only the serve command needs the server itself

    if workers < 1:
        raise ConfigError(f"workers must be >= 1, got {workers}")
    embedded = [
        name
        for name, url in (("REDIS_URL", settings.redis_url), ("QDRANT_URL", settings.qdrant_url))
        if not url
    ]
    if workers > 1 and embedded:
        raise ConfigError(
            f"--workers {workers} needs external backends: set {' and '.join(embedded)}; "
            "the embedded Redis and Qdrant Edge belong to one process"
        )
    if workers > 1 and settings.pin_cpu not in ("auto", "off"):
        raise ConfigError(
            f"PIN_CPU={settings.pin_cpu} would put every worker on one core; "
            "use auto or off with --workers"
        )
    configure_logging(settings.log_level)
    options = serving.uvicorn_options(settings)
    # uvicorn's loggers write our JSON lines at LOG_LEVEL; its own access log is off
    # because the access middleware writes one with the route template and request id.
    options.update(log_config=log_config(settings.log_level), access_log=False)
    # Built before uvicorn starts, so a wrong setting is one line and exit 2 (the CLI's
    # start-up policy) rather than a traceback from inside the server's lifespan.
    runtime = startup.checked("the service", lambda: build_runtime(settings))
    if workers == 1:
        app = create_app(settings, lambda _s: runtime, pin_threads=True)
        uvicorn.run(app, host=host, port=port, log_level=settings.log_level.lower(), **options)
        return
    # Each worker process builds its own app from the same environment (the runtime built
    # above only proved the settings work). Workers are not pinned: nothing tells a worker
    # which core its siblings are on. They keep their metrics in files under a fresh
    # directory, so /metrics in any of them adds up all.
    runtime.close()
    metrics_dir = tempfile.mkdtemp(prefix="duocthu-metrics-")
    os.environ[MULTIPROC_ENV] = metrics_dir
    try:
        uvicorn.run(
            "server:create_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level=settings.log_level.lower(),
            **options,
        )
    finally:
        os.environ.pop(MULTIPROC_ENV, None)
        shutil.rmtree(metrics_dir, ignore_errors=True)


__all__ = ["RuntimeLike", "TurnRequest", "create_app", "serve"]
