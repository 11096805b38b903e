"""Prometheus metrics for turns and HTTP requests, with a registry per instance.

`TurnMetrics` is a `TurnObserver` (turns by outcome, stage timings, errors) and the
access middleware's `RequestObserver` (requests and latency by route template and
status); it also holds the turns-in-flight and turn-queue gauges. docs/deploy.md lists
every series with the alert to set on it.

A registry per instance (not the global default) keeps two apps in one process, as in
tests, from colliding over metric names. With `--workers N`, `serve` sets
`PROMETHEUS_MULTIPROC_DIR` before the workers start: prometheus_client then keeps each
worker's values in files there, and `/metrics` in any worker adds up every worker's
files (`MultiProcessCollector`), so one scrape sees the whole server.
"""

from __future__ import annotations

import os
from typing import Any

from prometheus_client import (
    GC_COLLECTOR,
    PLATFORM_COLLECTOR,
    PROCESS_COLLECTOR,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from core.build import build_info
from core.errors import (
    DuocthuError,
    StateStoreUnavailable,
    TurnInProgress,
    VersionConflict,
)
from core.reasons import Reason
from core.result import TraceEntry, TurnResult

BREAKER_REASON = Reason.CLARIFY_LOOP_EXHAUSTED
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
# The store failures `duocthu_store_errors_total` counts (not a 404 or a reused key).
STORE_FAILURES = (StateStoreUnavailable, TurnInProgress, VersionConflict)

# Every counter would otherwise carry a `_created` series with its creation time: noise
# on every scrape that no dashboard here reads.
disable_created_metrics()  # type: ignore[no-untyped-call]

# Requests run from sub-millisecond (/health) to the 40 s turn budget.
_HTTP_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60)

# Stage timings run from sub-millisecond (routing) to the 40 s turn budget.
_STAGE_BUCKETS = (
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1,
    2.5,
    5,
    10,
    20,
    40,
)


def _codes(root: type[DuocthuError]) -> set[str]:
    found = {root.code}
    for sub in root.__subclasses__():
        found |= _codes(sub)
    return found


# The codes `duocthu_store_errors_total` counts: those of the store failures above, a lost
# compare-and-set (version_conflict) counted as the turn_in_progress the client is given.
STORE_ERROR_CODES = tuple(
    sorted({e.code for e in STORE_FAILURES if e is not VersionConflict} | {TurnInProgress.code})
)
# The codes `duocthu_turn_errors_total` counts: every error the engine raises, the store's as
# above, and the HTTP API's refusals (docs/api.md; tests/server/test_metrics.py keeps this in
# step with web/http_errors.py).
HTTP_ERROR_CODES = (
    "bad_request",
    "idempotency_key_reused",
    "index_unavailable",
    "internal_error",
    "method_not_allowed",
    "not_found",
    "overloaded",
    "payload_too_large",
    "rate_limited",
    "request_timeout",
    "state_store_unavailable",
    "turn_in_progress",
    "validation_error",
)
TURN_ERROR_CODES = tuple(
    sorted(
        (_codes(DuocthuError) - {VersionConflict.code, "config_error", "corpus_error"})
        | set(HTTP_ERROR_CODES)
    )
)


def multiproc_dir() -> str | None:
    """The multiprocess directory when this process runs as one of several workers."""
    return os.environ.get(MULTIPROC_ENV) or None


def render_multiprocess(path: str) -> bytes:
    """Every worker's values under `path`, added up, plus this host's platform facts.

    Per-process series (`process_*`, `python_gc_*`) are left out: one worker's figures
    would pass for the server's.
    """
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=path)  # type: ignore[no-untyped-call]
    registry.register(PLATFORM_COLLECTOR)
    return generate_latest(registry)


class TurnMetrics:
    """Counts and times turns and requests; `render()` gives the text for `/metrics`."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else CollectorRegistry(auto_describe=True)
        for collector in (PROCESS_COLLECTOR, PLATFORM_COLLECTOR, GC_COLLECTOR):
            self.registry.register(collector)
        self.http_requests = Counter(
            "duocthu_http_requests",
            "HTTP requests answered, by method, route template and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.http_seconds = Histogram(
            "duocthu_http_request_duration_seconds",
            "Time from request to the end of the response, by method and route template.",
            ["method", "route"],
            buckets=_HTTP_BUCKETS,
            registry=self.registry,
        )
        # livesum: with several workers the gauge is the sum over the workers still alive.
        self.turns_in_flight = Gauge(
            "duocthu_turns_in_flight",
            "Turns being worked on now (on a turn thread or waiting for one).",
            registry=self.registry,
            multiprocess_mode="livesum",
        )
        self.turn_queue = Gauge(
            "duocthu_turn_queue_depth",
            "Blocking calls (turns, readiness probes) waiting for a free turn thread.",
            registry=self.registry,
            multiprocess_mode="livesum",
        )
        self.turns = Counter(
            "duocthu_turns",
            "Finished turns by outcome and reason.",
            ["outcome", "reason"],
            registry=self.registry,
        )
        self.breaker_trips = Counter(
            "duocthu_breaker_trips",
            "Turns answered abstain/clarify_loop_exhausted (circuit breaker tripped).",
            registry=self.registry,
        )
        self.stage_seconds = Histogram(
            "duocthu_stage_seconds",
            "Wall-clock time per turn stage.",
            ["stage"],
            buckets=_STAGE_BUCKETS,
            registry=self.registry,
        )
        self.model_calls = Histogram(
            "duocthu_model_calls_per_turn",
            "Model provider calls spent by one turn.",
            buckets=(0, 1, 2, 3, 4, 5, 6, 7, 8),
            registry=self.registry,
        )
        self.turn_errors = Counter(
            "duocthu_turn_errors",
            "Turns that failed with an error instead of a result, by error code.",
            ["code"],
            registry=self.registry,
        )
        self.store_errors = Counter(
            "duocthu_store_errors",
            "Conversation-store failures (Redis unreachable, lock contention, CAS lost).",
            ["code"],
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "duocthu_rate_limited",
            "HTTP requests refused by the per-client rate limit.",
            registry=self.registry,
        )

        self._add_stay_up_series()
        self._operator_series()

        # Labelled children looked up once: `labels()` takes a lock and builds a key per call.
        self._turn_children: dict[tuple[str, str], Any] = {}
        self._stage_children: dict[str, Any] = {}
        self._http_children: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    # -- staying up (issue 24): the embedded Redis's supervisor and connection shedding --

    def _add_stay_up_series(self) -> None:
        self.redis_deaths = Counter(
            "duocthu_embedded_redis_deaths",
            "Times this process's embedded redis-server died (or failed to come back).",
            registry=self.registry,
        )
        self.redis_restarts = Counter(
            "duocthu_embedded_redis_restarts",
            "Times the supervisor started the embedded redis-server again.",
            registry=self.registry,
        )
        self.redis_gave_up = Gauge(
            "duocthu_embedded_redis_gave_up",
            "1 once the supervisor stopped restarting the embedded Redis (/health fails).",
            registry=self.registry,
            multiprocess_mode="max",
        )
        self.connections_shed = Counter(
            "duocthu_connections_shed",
            "Connections closed to protect the service, by reason: per_client (a client over "
            "its cap), total (every connection busy), idle_evicted (closed for a newcomer), "
            "head_timeout (the request head did not arrive in time).",
            ["reason"],
            registry=self.registry,
        )
        self.open_connections = Gauge(
            "duocthu_connections_open",
            "Client connections open now (sum over live workers).",
            registry=self.registry,
            multiprocess_mode="livesum",
        )

    def connection_shed(self, reason: str) -> None:
        """A listener for `web.serving.ConnectionGuard`: one connection shed."""
        self.connections_shed.labels(reason=reason).inc()

    def connections_open(self, count: int) -> None:
        self.open_connections.set(count)

    def request_failed(self, error: BaseException) -> None:
        """One failed request (any route): counted as a store error when the store caused
        it (Redis unreachable, lock contention, CAS lost), once per request, at the edge
        that answers it, so the series matches the 503s and 409s clients see."""
        if isinstance(error, STORE_FAILURES):
            code = "turn_in_progress" if isinstance(error, VersionConflict) else error.code
            self.store_errors.labels(code=code).inc()

    def redis_event(self, event: str) -> None:
        """A listener for `engine.embedded_redis.EmbeddedRedis` events."""
        if event == "died":
            self.redis_deaths.inc()
        elif event == "restarted":
            self.redis_restarts.inc()
        elif event == "gave_up":
            self.redis_gave_up.set(1)

    # -- what an operator pages on from the first scrape (issue 25) --------------------------

    def _operator_series(self) -> None:
        """`duocthu_build_info` at 1, and every error counter's known codes present at 0, so
        an alert on `rate()` sees the first incident instead of a series appearing."""
        self.build_info = Gauge(
            "duocthu_build_info",
            "The build serving: package version, git commit, Python version (always 1).",
            ["version", "commit", "python"],
            registry=self.registry,
            multiprocess_mode="max",
        )
        self.build_info.labels(**build_info()).set(1)
        for code in TURN_ERROR_CODES:
            self.turn_errors.labels(code=code)
        for code in STORE_ERROR_CODES:
            self.store_errors.labels(code=code)

    def request_finished(self, method: str, route: str, status: int, seconds: float) -> None:
        key = (method, route, status)
        children = self._http_children.get(key)
        if children is None:
            children = self._http_children.setdefault(
                key,
                (
                    self.http_requests.labels(method, route, str(status)),
                    self.http_seconds.labels(method, route),
                ),
            )
        children[0].inc()
        children[1].observe(max(0.0, seconds))

    def turn_completed(self, result: TurnResult, entry: TraceEntry) -> None:
        key = (result.outcome.value, result.reason)
        turns = self._turn_children.get(key)
        if turns is None:
            turns = self._turn_children.setdefault(key, self.turns.labels(*key))
        turns.inc()
        if result.reason == BREAKER_REASON:
            self.breaker_trips.inc()
        for stage, ms in entry.timings_ms.items():
            histogram = self._stage_children.get(stage)
            if histogram is None:
                histogram = self._stage_children.setdefault(stage, self.stage_seconds.labels(stage))
            histogram.observe(max(0.0, ms) / 1000.0)
        self.model_calls.observe(entry.model_calls)

    def turn_failed(self, conversation_id: str, error: BaseException) -> None:
        code = error.code if isinstance(error, DuocthuError) else "internal_error"
        if isinstance(error, VersionConflict):
            code = "turn_in_progress"  # the code the client is given for a lost race (409)
        self.turn_errors.labels(code=code).inc()

    def render(self) -> bytes:
        path = multiproc_dir()
        return render_multiprocess(path) if path else generate_latest(self.registry)

    def close(self) -> None:
        """Drop this process's live gauges from the workers' sum when it stops."""
        if multiproc_dir():
            multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


__all__ = [
    "BREAKER_REASON",
    "HTTP_ERROR_CODES",
    "MULTIPROC_ENV",
    "STORE_ERROR_CODES",
    "TURN_ERROR_CODES",
    "TurnMetrics",
    "multiproc_dir",
    "render_multiprocess",
]
