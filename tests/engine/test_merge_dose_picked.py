"""Round 12 (issue 23): "Liều dùng" picked from the menu of what to know about a drug turns
the question into a dose question, so it is asked and answered as one."""

from __future__ import annotations

from core.frame import ClarifySlot, QueryFrame
from engine.conversation import OpenQuestion
from engine.merge import resolve_frame
from engine.routing import route

WHAT_ABOUT = OpenQuestion(reason="missing_attribute", slot=ClarifySlot.ATTRIBUTE)
# "thuốc X dùng trong bệnh Y" names the drug and a condition, not what about them.
BARE = QueryFrame(turn_type="drug_attribute", drugs=["x"], standalone_query="thuốc X bệnh Y")


def _picked(section: str) -> QueryFrame:
    reply = QueryFrame(turn_type="drug_attribute", attribute=section, standalone_query="menu")
    return resolve_frame(reply, BARE, WHAT_ABOUT, None)


def test_the_dose_picked_is_a_dose_question_that_asks_whom_it_is_for() -> None:
    frame = _picked("lieu_luong_cach_dung")
    assert frame.turn_type == "dosing_calc"
    assert frame.attribute == "lieu_luong_cach_dung"
    assert route(frame).reason == "missing_population"


def test_another_section_picked_stays_a_section_question() -> None:
    frame = _picked("chong_chi_dinh")
    assert frame.turn_type == "drug_attribute"
    assert route(frame).reason == "single_drug"


def test_the_dose_named_when_asked_to_say_more_is_a_dose_question_too() -> None:
    """Asked "nói rõ hơn được không?" about a drug, "liều dùng" turns it into a dose question
    that asks whom it is for, as when picked from the menu: a child's dose is never quoted for
    a patient nobody described."""
    say_more = OpenQuestion(reason="needs_more_info", slot=ClarifySlot.DETAIL)
    reply = QueryFrame(
        turn_type="drug_attribute",
        attribute="lieu_luong_cach_dung",
        fills_slot=ClarifySlot.ATTRIBUTE,  # a bare section's name, as the readers mark it
        standalone_query="liều dùng",
    )
    frame = resolve_frame(reply, BARE, say_more, None)
    assert frame.turn_type == "dosing_calc"
    assert route(frame).reason == "missing_population"
