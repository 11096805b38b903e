"""Round 15 (doses): a counted dose the speaker worked out and asks back is a dose question,
not a taking told (our own sentences)."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.asked_not_told import planned_count_asked
from safety.cue_matching import TurnText
from safety.triage import classify


def _kind(text: str, *drugs: str) -> Triage | None:
    frame = QueryFrame(standalone_query=text, drugs=list(drugs), population="child",
                       age_months=168, weight_kg=50)  # fmt: skip
    found = classify(text, frame, None)
    return None if found is None else found.kind


def test_a_count_worked_out_and_asked_back_is_not_a_taking() -> None:
    said = "em 14 tuổi 50kg, tính ra 500mg, viên 200 thì nuốt 2 viên rưỡi à?"
    assert planned_count_asked(TurnText.of(said))
    assert _kind(said, "ibuprofen") is None


def test_a_count_told_done_stays_an_emergency() -> None:
    said = "thằng nhỏ nghịch thì nuốt 3 viên rồi à?"
    assert not planned_count_asked(TurnText.of(said))
    assert _kind("bé 2 tuổi tự lấy nuốt 3 viên sắt", "ferrous_sulfate") is Triage.EMERGENCY
