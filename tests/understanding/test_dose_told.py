"""After a dose answer, a turn that only tells what the dose is for or how the child takes
it is the same dose question again, not a new "which medicine" question (round 14)."""

from __future__ import annotations

import pytest

from core.frame import Population, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander

_DOSE_ASKED = {
    "turn_type": "dosing_calc",
    "drugs": ["ibuprofen"],
    "attribute": "lieu_luong_cach_dung",
    "population": "child",
    "age_months": 30,
    "age_text": "30 tháng",
    "weight_kg": 13,
}


def _after(understander: RulesUnderstander, text: str) -> QueryFrame:
    context = UnderstandingContext(prior_frame=QueryFrame.model_validate(_DOSE_ASKED))
    return understander.parse(text, context)


@pytest.mark.parametrize(
    "text",
    [
        "chỉ bị sốt thôi, không có đau",
        "là đau răng chứ không phải sốt",
        "bé nhà em viêm họng, lần này nặng hơn mọi lần",
        "cháu nuốt được viên rồi",
    ],
)
def test_a_told_indication_or_form_keeps_the_dose(
    understander: RulesUnderstander, text: str
) -> None:
    frame = _after(understander, text)
    assert frame.turn_type is TurnType.DOSING_CALC
    assert frame.drugs == ["ibuprofen"]
    assert (frame.population, frame.weight_kg, frame.age_months) == (Population.CHILD, 13, 30)


@pytest.mark.parametrize(
    "text",
    [
        "bé cũng bị ho nữa",  # another complaint: its own question
        "còn ho thì uống thuốc gì",
        "bé còn hay mất ngủ",  # a complaint the child also has, asking nothing
        "tác dụng phụ có nhiều không",
    ],
)
def test_a_question_of_its_own_is_not_the_dose(understander: RulesUnderstander, text: str) -> None:
    frame = _after(understander, text)
    assert frame.turn_type is not TurnType.DOSING_CALC or frame.drugs != ["ibuprofen"]
