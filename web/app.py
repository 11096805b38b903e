"""The HTTP service's app: a thin Starlette shell over the engine (docs/api.md) and the chat page.

Resources are built once in the lifespan; an endpoint authorises, parses, calls
one engine function on a worker thread and renders JSON. Errors are mapped in one place.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from core import cpu, startup
from core.errors import ConfigError, DuocthuError
from core.logging import configure_logging, data_dir_logged, log_config
from core.result import ComponentStatus
from core.settings import Settings
from engine import bootstrap
from states import State
from web import openapi, serving
from web.access import AccessMiddleware
from web.corpus_notice import serves_demo_corpus, with_demo_mark
from web.http_errors import MESSAGES, ApiError, as_api_error, handle_error
from web.http_requests import (
    AppState,
    RuntimeFactory,
    RuntimeLike,
    TurnRequest,
    app_state,
    authorized,
    bearer,
    check_rate_limit,
    client_of,
    json_response,
    rate_limited,
    turn_request,
)
from web.lifespan import app_lifespan
from web.metrics import MULTIPROC_ENV, TurnMetrics
from web.middleware import DeclaredBodyLimit, SecurityHeaders
from web.page import with_reason_labels

STATIC_DIR = Path(__file__).resolve().parents[1] / "static"


def build_runtime(settings: Settings) -> RuntimeLike:
    """The real runtime (embedded defaults unless REDIS_URL / QDRANT_URL are set)."""
    return bootstrap.build_runtime(settings)


# -- endpoints ------------------------------------------------------------------------------


async def create_conversation(request: Request) -> Response:
    engine = app_state(request)["runtime"].engine
    return json_response(await rate_limited(request, engine.create_conversation), 201)


def _count_refused(state: AppState, exc: Exception) -> None:
    """A turn refused by the shell before the engine saw it still counts as a failed turn
    (the engine's observers count the ones it refuses itself)."""
    state["metrics"].turn_errors.labels(code=as_api_error(exc).code).inc()


async def post_turn(request: Request) -> Response:
    """One turn. The engine checks the token itself, in the round trip that takes the lock."""
    state = app_state(request)
    try:
        turn = await turn_request(request, state["runtime"].settings)
        conversation_id, token = bearer(request)
    except Exception as exc:
        _count_refused(state, exc)
        raise
    client_id = client_of(request)

    def handle() -> bytes:
        try:
            check_rate_limit(state, client_id)
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
    engine = app_state(request)["runtime"].engine
    if request.method == "DELETE":
        await authorized(request, engine.delete)
        return Response(status_code=204)
    return json_response(await authorized(request, engine.conversation))


async def get_trace(request: Request) -> Response:
    engine = app_state(request)["runtime"].engine
    entries = await authorized(request, engine.trace)
    turns = [e.model_dump(mode="json") for e in entries]
    return json_response(
        {"conversation_id": request.path_params["conversation_id"], "turns": turns}
    )


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
    engine = app_state(request)["runtime"].engine
    diagram = await app_state(request)["offload"](lambda: engine.diagram(fmt, current))
    if isinstance(diagram, dict):
        return JSONResponse(diagram)
    return Response(diagram, media_type=_DIAGRAM_TYPES[fmt])


async def health(request: Request) -> Response:
    """Liveness: 200 while the process can serve at all; 503 once its own embedded Redis is
    gone for good (restarts exhausted), so an orchestrator replaces the process."""
    if not app_state(request)["runtime"].alive():
        return JSONResponse({"status": "failing"}, status_code=503)
    return JSONResponse({"status": "ok"})


async def ready(request: Request) -> Response:
    """Readiness, checked at most once a second (web.http_requests.ReadyCache)."""
    state = app_state(request)
    status, body = await state["ready_cache"].get(lambda: _check_ready(state))
    return JSONResponse(body, status_code=status)


async def _check_ready(state: AppState) -> tuple[int, dict[str, Any]]:
    try:
        components = await state["offload"](state["runtime"].ready)
    except DuocthuError as exc:
        failed = ComponentStatus(name="runtime", enabled=True, ok=False, detail=exc.code)
        components = [failed]
    is_ready = all(c.ok for c in components if c.enabled)
    body = {
        "ready": is_ready,
        "corpus": state["runtime"].corpus(),
        "components": [c.model_dump(mode="json") for c in components],
    }
    return (200 if is_ready else 503), body


async def metrics(request: Request) -> Response:
    m = app_state(request)["metrics"]
    return Response(m.render(), media_type=m.content_type)


def _openapi(settings: Settings) -> Callable[[Request], Awaitable[Response]]:
    """`GET /openapi.json`: the document generated once from the models (web/openapi.py)."""
    body = openapi.render(
        openapi.document(TurnRequest, list(MESSAGES), max_turn_chars=settings.max_turn_chars)
    )

    async def endpoint(request: Request) -> Response:
        return Response(body, media_type="application/json")

    return endpoint


async def api_docs(request: Request) -> Response:
    return FileResponse(STATIC_DIR / "docs.html", media_type="text/html; charset=utf-8")


async def favicon(request: Request) -> Response:
    return FileResponse(STATIC_DIR / "favicon.svg", media_type="image/svg+xml")


async def index(request: Request) -> Response:
    # The page carries the reason labels (one table, core/reason_labels.py) and opens with
    # its demo-data notice shown when the demo corpus is served.
    state = app_state(request)
    page = with_reason_labels((STATIC_DIR / "index.html").read_text(encoding="utf-8"))
    if await state["offload"](lambda: serves_demo_corpus(state["runtime"])):
        page = with_demo_mark(page)
    return HTMLResponse(page)


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
    serving.configure_guard(settings, metrics_observer)

    lifespan = app_lifespan(settings, runtime_factory, metrics_observer, pin_threads=pin_threads)

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
        Route("/favicon.ico", favicon),
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


MAX_PORT = 65535


def _check_pinned_core(spec: str, workers: int) -> None:
    """PIN_CPU naming a core this process may not use is refused before anything starts
    (it would otherwise fail inside uvicorn's lifespan, as a traceback)."""
    wanted = cpu.parse_spec(spec)
    if workers != 1 or wanted is None or wanted < 0 or not hasattr(os, "sched_getaffinity"):
        return
    allowed = sorted(os.sched_getaffinity(0))
    if wanted not in allowed:
        raise ConfigError(
            f"bad setting: PIN_CPU: core {wanted} is not among this process's cores {allowed}"
        )


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    """Run the service with uvicorn (`duocthu serve`)."""
    import uvicorn  # noqa: PLC0415 - only the serve command needs the server itself

    if workers < 1:
        raise ConfigError(f"workers must be >= 1, got {workers}")
    if not 0 <= port <= MAX_PORT:
        # uvicorn would take the port modulo 65,536 and listen somewhere else.
        raise ConfigError(f"--port must be 0..{MAX_PORT}, got {port}")
    _check_pinned_core(settings.pin_cpu, workers)
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
    if not settings.redis_url or not settings.qdrant_url:
        # The data dir holds a live embedded store: one server for it, and room to write.
        serving.lock_data_dir(settings.duocthu_data_dir)
        serving.check_free_space(settings.duocthu_data_dir)
    configure_logging(settings.log_level, log_format=settings.log_format)
    data_dir_logged(settings.duocthu_data_dir)
    options = serving.uvicorn_options(settings)
    # uvicorn's loggers write our lines at LOG_LEVEL in LOG_FORMAT; its own access log is
    # off because the access middleware writes one with the route template and request id.
    options.update(log_config=log_config(settings.log_level, settings.log_format), access_log=False)
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
            "web.app:create_app",
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
