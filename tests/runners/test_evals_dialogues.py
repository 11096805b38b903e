"""The dialogue eval's optional checks (streak, frame, message) and its gated paths."""

from __future__ import annotations

from typing import Any

from core.result import Outcome, TurnResult
from runners.evals import dialogues as dlg
from runners.evals.dialogues import Dialogue, LabelledTurn, Played


def _result(message: str = "", streak: int = 0, **frame: Any) -> TurnResult:
    return TurnResult(
        conversation_id="c",
        turn=1,
        state="clarifying_population",
        outcome=Outcome.CLARIFY,
        reason="missing_population",
        message=message,
        route_rule=2,
        frame={"turn_type": "dosing_calc", **frame},
        clarify_streak=streak,
    )


def test_streak_frame_and_message_are_checked() -> None:
    """clarify_streak, a frame subset (lists whole) and message parts are compared."""
    got = _result("Tôi hỏi lại cho rõ", 2, drugs=["paracetamol"], age_months=8.0)
    want = {
        "clarify_streak": 2,
        "frame": {"drugs": ["paracetamol"], "age_months": 8},
        "message_has": ["hỏi lại"],
        "message_lacks": ["Xin chào"],
    }
    assert dlg.field_checks(want, got) == {"clarify_streak": True, "frame": True, "message": True}
    wrong = {"frame": {"drugs": ["ibuprofen"]}, "message_lacks": ["hỏi lại"]}
    assert dlg.field_checks(wrong, got) == {"frame": False, "message": False}


def test_a_gated_path_that_misbehaves_fails_the_gate() -> None:
    """A re-ask dialogue that is not exactly as labelled is a gate failure, not just a miss."""
    dialogue = Dialogue(
        "r", "tuning", "reask", (LabelledTurn("không rõ", {"reason": "out_of_scope"}),)
    )
    report = dlg.score_all([Played(dialogue, [_result()])])
    assert report.gate_failures() == [
        "tuning: 1 dialogue(s) on gated path 'reask' did not behave as labelled"
    ]


def test_an_ungated_path_miss_is_reported_but_does_not_gate() -> None:
    """Outside the gated paths a miss lowers exact match only."""
    dialogue = Dialogue("o", "tuning", "overview", (LabelledTurn("x", {"reason": "single_drug"}),))
    report = dlg.score_all([Played(dialogue, [_result()])])
    assert report.gate_failures() == []
    assert report.slices["tuning"].exact == 0
