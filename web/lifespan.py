"""The service's lifespan: one runtime per process, its observers, limiter and turn threads.

Built at start-up, yielded as the app state every route reads (web/http_requests.py),
and closed in reverse order at shutdown.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool

from core import cpu
from core.logging import TurnLogger
from core.result import ComponentStatus
from core.settings import Settings
from web.http_requests import AppState, ReadyCache, RuntimeFactory
from web.metrics import TurnMetrics
from web.offload import Offload
from web.ratelimit import RateLimiter

log = logging.getLogger("duocthu.server")


def app_lifespan(
    settings: Settings,
    runtime_factory: RuntimeFactory,
    metrics_observer: TurnMetrics,
    *,
    pin_threads: bool,
) -> Callable[[Starlette], AbstractAsyncContextManager[AppState]]:
    """The app's lifespan: the runtime is built here, once per process, not per app."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[AppState]:
        runtime = await run_in_threadpool(runtime_factory, settings)
        try:
            # The embedded Redis's supervisor reports deaths and restarts as metrics.
            listeners = getattr(getattr(runtime.redis, "server", None), "listeners", None)
            if getattr(runtime, "owns_redis", False) and isinstance(listeners, list):
                listeners.append(metrics_observer.redis_event)
            runtime.observers.extend(
                [metrics_observer, TurnLogger(log_user_text=settings.log_user_text)]
            )
            limiter = RateLimiter(
                runtime.redis,
                per_minute=settings.rate_limit_per_minute,
                burst=settings.rate_limit_burst,
            )
            components = await run_in_threadpool(runtime.ready)
            # A corpus switched by `duocthu ingest` (another process) is served within
            # seconds: the catalog, the name index and the engine over them follow it.
            runtime.start_following()
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
                    "ready_cache": ReadyCache(settings.ready_check_interval_s),
                }
            finally:
                await run_in_threadpool(offload.close)
        finally:
            await run_in_threadpool(runtime.close)
            metrics_observer.close()

    return lifespan


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


__all__ = ["app_lifespan"]
