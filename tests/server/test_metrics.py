"""engine.metrics: turn counters and histograms on a registry per runtime."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.errors import StateStoreUnavailable, UnderstandingFailed
from engine.metrics import TurnMetrics
from engine.result import Outcome, TraceEntry, TurnResult


def _turn(reason: str, outcome: Outcome, calls: int = 2) -> tuple[TurnResult, TraceEntry]:
    result = TurnResult(
        conversation_id="c", turn=1, state="abstained", outcome=outcome, reason=reason, message="m"
    )
    entry = TraceEntry(
        turn=1,
        at=datetime.now(UTC),
        outcome=outcome,
        reason=reason,
        route_rule=1,
        path=[],
        timings_ms={"understand": 12.0, "retrieve": 80.0},
        model_calls=calls,
    )
    return result, entry


def test_completed_turns_are_counted_and_timed() -> None:
    """A finished turn counts by outcome/reason, times each stage and records model calls."""
    metrics = TurnMetrics()
    metrics.turn_completed(*_turn("single_drug", Outcome.ANSWERABLE, calls=3))
    text = metrics.render().decode()
    assert 'duocthu_turns_total{outcome="answerable",reason="single_drug"} 1.0' in text
    assert 'duocthu_stage_seconds_sum{stage="retrieve"} 0.08' in text
    assert "duocthu_model_calls_per_turn_sum 3.0" in text
    assert "duocthu_breaker_trips_total 0.0" in text


def test_breaker_trip_is_counted() -> None:
    """An abstain/clarify_loop_exhausted turn counts as a breaker trip."""
    metrics = TurnMetrics()
    metrics.turn_completed(*_turn("clarify_loop_exhausted", Outcome.ABSTAIN))
    assert "duocthu_breaker_trips_total 1.0" in metrics.render().decode()


def test_store_errors_are_counted_apart_from_other_failures() -> None:
    """A store failure counts as a store error; a provider failure only as a turn error."""
    metrics = TurnMetrics()
    metrics.turn_failed("c", StateStoreUnavailable("down"))
    metrics.turn_failed("c", UnderstandingFailed("bad json"))
    text = metrics.render().decode()
    assert 'duocthu_store_errors_total{code="state_store_unavailable"} 1.0' in text
    assert 'duocthu_turn_errors_total{code="understanding_failed"} 1.0' in text
    assert 'duocthu_store_errors_total{code="understanding_failed"}' not in text


def test_two_runtimes_do_not_collide() -> None:
    """Each TurnMetrics has its own registry, so two can live in one process."""
    first, second = TurnMetrics(), TurnMetrics()
    first.turn_completed(*_turn("smalltalk", Outcome.ANSWERABLE))
    assert "smalltalk" not in second.render().decode()
