"""Turns typed with diacritics read as typed (`safety.accent_forms`), and what the folded
matching used to find only by accident, read on purpose (our own sentences)."""

from __future__ import annotations

import pytest

from core.frame import QueryFrame, Triage
from safety.triage import classify


def kind(text: str, *drugs: str) -> Triage | None:
    found = classify(text, QueryFrame(drugs=list(drugs)))
    return found.kind if found else None


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        # "đừng cản" folds to "dùng cân": a dose by weight is no plea
        ("liều dùng cân nặng 15kg amoxicillin là bao nhiêu", ("amoxicillin",)),
        # one's own dose at the wrong time of day, told with an exclamation, no question
        ("chết thật, tôi lỡ uống furosemid buổi tối nay, chắc đi tiểu cả đêm", ("furosemide",)),
        ("trời ơi em lỡ uống amlodipin vào buổi trưa thay vì buổi sáng", ("amlodipine",)),
    ],
)
def test_an_everyday_turn_is_no_emergency(text: str, drugs: tuple[str, ...]) -> None:
    """Questions and slips of timing, typed with accents, are not triaged."""
    assert kind(text, *drugs) is None


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        # "thằng cu lấy" (the boy took it) is not "cứ lấy" (a habit)
        ("hộp gliclazid thiếu 2 viên, bà không chắc bà uống hay thằng cu lấy", ("gliclazide",)),
        # a small one chewing, fished out by a carer, someone else's tablet nearby
        ("nó nhai nhai cái gì em móc ra, dưới sàn có viên thuốc huyết áp của ông", ()),
        # ten tablets at the wrong time is still ten tablets
        ("chết thật, tôi lỡ uống 10 viên furosemid buổi tối", ("furosemide",)),
    ],
)
def test_a_report_is_still_a_report(text: str, drugs: tuple[str, ...]) -> None:
    """What happened is triaged: an emergency, or the safety question when unsure."""
    assert kind(text, *drugs) in (Triage.EMERGENCY, Triage.SAFETY_CHECK)
