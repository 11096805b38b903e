"""Prometheus metrics for turns, as a `TurnObserver` with its own registry per runtime.

A registry per instance (not the global default) keeps two runtimes in one
process, as in tests, from colliding over metric names.
"""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from engine.errors import DuocthuError, StateStoreError, VersionConflict
from engine.result import TraceEntry, TurnResult

BREAKER_REASON = "clarify_loop_exhausted"

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


class TurnMetrics:
    """Counts and times turns; `render()` gives the Prometheus text for `/metrics`."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else CollectorRegistry(auto_describe=True)
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

        # Labelled children looked up once: `labels()` takes a lock and builds a key per call.
        self._turn_children: dict[tuple[str, str], Any] = {}
        self._stage_children: dict[str, Any] = {}

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
        if isinstance(error, StateStoreError):
            self.store_errors.labels(code=code).inc()

    def render(self) -> bytes:
        return generate_latest(self.registry)


__all__ = ["BREAKER_REASON", "TurnMetrics"]
