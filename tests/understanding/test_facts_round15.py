"""Patient facts of round 15, told in the flow of a talk: which child a pregnancy is before its
months, a pregnancy told to "what about the medicine?", the same dose asked for someone else,
a pregnancy's term added after a pregnancy question, denials and "giảm thuốc"."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.conditions import find_conditions
from understanding.pregnancy import pregnancy_term
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


def _after(understander: RulesUnderstander, text: str, prior: dict[str, object]) -> QueryFrame:
    context = UnderstandingContext(prior_frame=QueryFrame.model_validate(prior))
    return understander.parse(text, context)


@pytest.mark.parametrize(
    ("text", "trimester"),
    [("bau con so 7 thang roi, dau dau qua", 3), ("có bầu lần hai được 4 tháng", 2)],
)
def test_which_child_before_the_months(text: str, trimester: int) -> None:
    assert pregnancy_term(Turn.of(text)).get("pregnancy_trimester") == trimester


@pytest.mark.parametrize(
    ("text", "section"),
    [("em đang mang thai", "thoi_ky_mang_thai"), ("mình đang cho con bú", "thoi_ky_cho_con_bu")],
)
def test_a_period_told_to_what_about_the_medicine(
    understander: RulesUnderstander, text: str, section: str
) -> None:
    """Asked what to know of the medicine, a short "I am pregnant" or "I nurse" asks its use
    then; it is no empty reply to ask again."""
    asked = QueryFrame(turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["clarithromycin"])
    context = UnderstandingContext(open_slot=ClarifySlot.ATTRIBUTE, prior_frame=asked)
    frame = understander.parse(text, context)
    assert frame.drugs == ["clarithromycin"] and frame.attribute == section


def test_the_same_dose_for_someone_else(understander: RulesUnderstander) -> None:
    prior = {"turn_type": "dosing_calc", "drugs": ["atorvastatin"], "population": "adult"}
    frame = _after(understander, "ông nhà em 70 tuổi cũng cao mỡ, uống liều vậy được ko", prior)
    assert frame.drugs == ["atorvastatin"] and frame.turn_type is TurnType.DOSING_CALC


def test_the_term_added_after_a_pregnancy_question(understander: RulesUnderstander) -> None:
    prior = {
        "turn_type": "drug_attribute",
        "drugs": ["loratadine"],
        "attribute": "thoi_ky_mang_thai",
        "patient": {"pregnant": True},
    }
    frame = _after(understander, "vợ em bầu 6 tháng rồi, hay bị ngứa da", prior)
    assert frame.drugs == ["loratadine"] and frame.attribute == "thoi_ky_mang_thai"


def test_a_condition_of_several_words_denied_outright() -> None:
    hits = find_conditions(Turn.of("bé không dị ứng thuốc gì, mà đang đau bụng"))
    assert [h.canonical for h in hits] == ["đau bụng"]


def test_reducing_the_medicine_asks_the_dose(understander: RulesUnderstander) -> None:
    prior = {"turn_type": "drug_attribute", "drugs": ["warfarin"], "attribute": None}
    frame = _after(understander, "INR 4 thì có cần giảm thuốc không", prior)
    assert frame.drugs == ["warfarin"] and frame.turn_type is TurnType.DOSING_CALC


def test_months_without_a_recurrence_are_no_age() -> None:
    from understanding.slots import read_age

    assert read_age(Turn.of("3 tháng rồi không lên cơn hen")) is None
    assert read_age(Turn.of("bé 3 tháng rồi")) is not None
