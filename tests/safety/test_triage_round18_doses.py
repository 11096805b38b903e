"""Round 18 (doses): the southern "nhiêu ml" typed with its marks asks how much to give; typed
without them it may be "nhiều", many (our own sentences)."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.triage import classify


def _kind(text: str, *drugs: str) -> Triage | None:
    frame = QueryFrame(standalone_query=text, drugs=list(drugs), population="child")
    found = classify(text, frame, None)
    return None if found is None else found.kind


def test_a_southern_nhieu_before_a_unit_asks_the_dose() -> None:
    said = "con nóng sốt, nhà còn chai siro ibuprofen 100mg/5ml, cho con uống nhiêu ml?"
    assert _kind(said, "ibuprofen") is None


def test_many_ml_said_without_marks_is_still_asked_about() -> None:
    said = "be lay chai siro ibuprofen uong nhieu ml lam"
    assert _kind(said, "ibuprofen") is not None
