"""Tests for engine/merge.py with what a question asks (`understanding.asked` fields): a
bare answer completes the prior question, so its asks stay; a new question brings its own."""

from __future__ import annotations

from core.frame import ClarifySlot, QueryFrame
from engine.conversation import OpenQuestion
from engine.merge import resolve_frame
from understanding.rules import RulesUnderstander
from understanding.testing import demo_catalog

RULES = RulesUnderstander(demo_catalog())
POPULATION = OpenQuestion(reason="missing_population", slot=ClarifySlot.POPULATION)


def test_a_bare_answer_keeps_the_questions_inr_and_maximum() -> None:
    """ "Người lớn" answers "who is it for?" of an INR question: the INR, the denied bleeding
    and the maximum asked stay with the question."""
    asked = RULES.parse(
        "phytomenadion tối đa bao nhiêu cho người dùng warfarin INR 8 không chảy máu"
    )
    assert (asked.inr, asked.bleeding, asked.max_dose) == (8.0, False, True)
    answer = RULES.parse("người lớn")
    resolved = resolve_frame(answer, asked, POPULATION, None)
    assert (resolved.inr, resolved.bleeding, resolved.max_dose) == (8.0, False, True)


def test_a_new_question_brings_its_own_asks() -> None:
    """A new dose question after an INR one is about this turn only: no INR, no maximum."""
    before = RULES.parse("phytomenadion tối đa bao nhiêu cho người dùng warfarin INR 8")
    after = RULES.parse("còn paracetamol cho người lớn liều bao nhiêu")
    resolved = resolve_frame(after, before, None, None)
    assert resolved.drugs == ["paracetamol"]
    assert (resolved.inr, resolved.max_dose, resolved.usual_dose) == (None, False, False)


def test_the_asks_reach_the_frame_the_turn_routes() -> None:
    """Fields are plain frame data: they survive the store's round trip."""
    frame = QueryFrame(inr=7.5, bleeding=True, usual_dose=True, partner_classes=["maoi"])
    assert QueryFrame.model_validate(frame.model_dump(mode="json")) == frame
