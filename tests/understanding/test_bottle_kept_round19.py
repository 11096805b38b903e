"""Round 19: the bottle said with a dose question is still the one measured from when the next
turn only tells the child's age and weight."""

from __future__ import annotations

from core.frame import QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander

_ASKED = "con em uống amoxicilin siro loại 250mg/5ml, bác sĩ dặn ngày 3 lần, mỗi lần đong mấy ml"


def _next(understander: RulesUnderstander, text: str, *, new_case: bool = False) -> QueryFrame:
    first = understander.parse(_ASKED)
    assert first.turn_type is TurnType.DOSING_CALC and "250mg/5ml" in first.condition_words
    context = UnderstandingContext(prior_frame=first)
    frame = understander.parse(text, context)
    assert frame.new_case is new_case
    return frame


def test_the_childs_facts_told_next_keep_the_bottle(understander: RulesUnderstander) -> None:
    frame = _next(understander, "dạ bé được 3 tuổi, nặng 14 ký ạ")
    assert "250mg/5ml" in frame.condition_words


def test_a_bottle_said_again_is_the_new_one(understander: RulesUnderstander) -> None:
    frame = _next(understander, "à nhầm, chai amoxicilin 125mg/5ml, bé 3 tuổi 14 ký")
    assert "250mg/5ml" not in frame.condition_words
