"""Tests for runners/evals/overask.py: a clarifying turn that asks for a fact already given."""

from __future__ import annotations

from typing import Any

from core.result import Outcome, TurnResult
from runners.evals.overask import over_asking_turns, over_asks


def _turn(reason: str, outcome: Outcome = Outcome.CLARIFY, **frame: Any) -> TurnResult:
    return TurnResult(
        conversation_id="c",
        turn=1,
        state="clarifying_query",
        outcome=outcome,
        reason=reason,
        message="",
        route_rule=16,
        frame={"turn_type": "dosing_calc", **frame},
        clarify_streak=1,
    )


def test_asking_the_route_after_the_user_said_siro_over_asks() -> None:
    """ "siro" implies the route: asking it after that over-asks; with no route word not."""
    asked = _turn("ambiguous_route", population="child")
    assert over_asks(asked, ["ibuprofen siro cho bé 5 tuổi 18 kg"])
    assert not over_asks(asked, ["ibuprofen cho bé 5 tuổi 18 kg"])


def test_asking_a_slot_the_frame_holds_over_asks() -> None:
    """Population asked with an age known, age and weight asked with both known."""
    assert over_asks(_turn("missing_population", age_months=60.0), ["bé 5 tuổi"])
    assert over_asks(
        _turn("missing_pediatric_age_or_weight", age_months=60.0, weight_kg=18.0), ["x"]
    )
    assert not over_asks(_turn("missing_pediatric_age_or_weight", age_months=60.0), ["x"])


def test_answers_never_over_ask_and_turns_are_counted_in_order() -> None:
    """Only clarifying turns count; each is judged on the texts said up to it."""
    answered = _turn("single_drug", Outcome.ANSWERABLE, route="oral")
    route_q = _turn("ambiguous_route")
    assert over_asking_turns([route_q, answered], ["liều X?", "đường uống"]) == 0
    assert over_asking_turns([answered, route_q], ["X uống", "liều?"]) == 1
