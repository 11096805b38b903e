"""Tests for understanding/answers.py: bare answers to an open clarification."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, Population, QueryFrame, Route, TurnType

Parse = Callable[..., QueryFrame]


BARE_ANSWERS = [
    ("trẻ em", ClarifySlot.POPULATION, (ClarifySlot.POPULATION, "population", Population.CHILD)),
    ("người lớn", ClarifySlot.POPULATION, (ClarifySlot.POPULATION, "population", "adult")),
    ("18 ký", ClarifySlot.AGE_WEIGHT, (ClarifySlot.WEIGHT, "weight_kg", 18)),
    ("5 tuổi", ClarifySlot.AGE_WEIGHT, (ClarifySlot.AGE, "age_months", 60)),
    ("16", ClarifySlot.WEIGHT, (ClarifySlot.WEIGHT, "weight_kg", 16)),
    ("4", ClarifySlot.AGE, (ClarifySlot.AGE, "age_months", 48)),
    ("uống", ClarifySlot.ROUTE, (ClarifySlot.ROUTE, "route", Route.ORAL)),
    ("đặt", ClarifySlot.ROUTE, (ClarifySlot.ROUTE, "route", Route.RECTAL)),
]


@pytest.mark.parametrize(("text", "slot", "expected"), BARE_ANSWERS)
def test_bare_answers_fill_the_slot(
    parse: Parse, text: str, slot: ClarifySlot, expected: tuple[ClarifySlot, str, object]
) -> None:
    """A bare answer fills the open slot (named precisely) and copies the prior turn type."""
    filled, field, value = expected
    frame = parse(text, slot)
    assert frame.fills_slot is filled
    assert getattr(frame, field) == value
    assert frame.turn_type is TurnType.DOSING_CALC


def test_age_and_weight_together(parse: Parse) -> None:
    """'5 tuổi, 18 ký' fills both, implying a child."""
    frame = parse("5 tuổi, 18 ký", ClarifySlot.AGE_WEIGHT)
    assert frame.fills_slot is ClarifySlot.AGE_WEIGHT
    assert (frame.age_months, frame.weight_kg, frame.population) == (60, 18, Population.CHILD)


def test_drug_and_attribute_answers(parse: Parse) -> None:
    """A bare drug name fills the drug slot; a section name fills the attribute slot."""
    drug = parse("Panadol", ClarifySlot.DRUG, drugs=())
    assert drug.fills_slot is ClarifySlot.DRUG and drug.drugs == ["paracetamol"]
    attr = parse("chống chỉ định", ClarifySlot.ATTRIBUTE, prior=TurnType.DRUG_ATTRIBUTE)
    assert attr.fills_slot is ClarifySlot.ATTRIBUTE and attr.attribute == "chong_chi_dinh"
    assert attr.turn_type is TurnType.DRUG_ATTRIBUTE


def test_dose_answer_to_attribute_goes_through_the_dosing_gate(parse: Parse) -> None:
    """Answering 'liều dùng' to 'what about it?' makes a dosing turn, not an attribute turn."""
    frame = parse("liều dùng", ClarifySlot.ATTRIBUTE, prior=TurnType.DRUG_ATTRIBUTE)
    assert frame.turn_type is TurnType.DOSING_CALC


def test_condition_answer(parse: Parse) -> None:
    """A condition answer fills the condition slot with the normalised term."""
    frame = parse("nhiễm trùng tiểu", ClarifySlot.CONDITION, prior=TurnType.CONDITION_TO_DRUG)
    assert frame.fills_slot is ClarifySlot.CONDITION
    assert frame.condition is not None
    assert frame.condition.normalized == "nhiễm khuẩn đường tiết niệu"


def test_a_long_indication_reply_is_kept_whole(parse: Parse) -> None:
    """A reply of more than eight words to 'which indication?' is the indication, whole."""
    reply = "nhiễm khuẩn hô hấp dưới mắc ở cộng đồng mức độ vừa"
    frame = parse(reply, ClarifySlot.CONDITION, prior=TurnType.DOSING_CALC)
    assert frame.fills_slot is ClarifySlot.CONDITION
    assert frame.condition is not None and frame.condition.text == reply


@pytest.mark.parametrize(
    "text",
    ["liều ibuprofen cho người lớn", "thuốc nào trị gút", "cảm ơn", "không biết nữa"],
)
def test_a_new_question_is_not_an_answer(parse: Parse, text: str) -> None:
    """A full question, smalltalk or a non-answer during a clarification fills nothing."""
    assert parse(text, ClarifySlot.POPULATION).fills_slot is None


def test_without_open_slot_nothing_is_filled(parse: Parse) -> None:
    """The same bare text with no open clarification fills no slot."""
    assert parse("trẻ em").fills_slot is None


def test_a_long_reply_of_patient_facts_with_a_condition_answers_the_dose_question(
    parse: Parse,
) -> None:
    """ "bé sơ sinh 10 ngày tuổi, nặng 3 kg, đường uống, bị suy giáp" answers the open age
    question; the condition is the dose's indication, not a new condition→drug question."""
    frame = parse(
        "bé sơ sinh 10 ngày tuổi, nặng 3 kg, đường uống, bị suy giáp",
        ClarifySlot.AGE_WEIGHT,
        drugs=("levothyroxine",),
    )
    assert frame.fills_slot is ClarifySlot.AGE_WEIGHT
    assert frame.turn_type is TurnType.DOSING_CALC
    assert (frame.weight_kg, frame.route) == (3, Route.ORAL)
    assert frame.condition is not None and "suy giáp" in frame.condition.text


def test_a_long_reply_that_asks_which_drug_is_a_new_question(parse: Parse) -> None:
    """A reply that plainly asks a new question ("thuốc nào trị …") is not a slot answer."""
    frame = parse(
        "bé 10 ngày tuổi, nặng 3 kg, bị suy giáp bẩm sinh thì thuốc nào trị được",
        ClarifySlot.AGE_WEIGHT,
    )
    assert frame.fills_slot is None
    assert frame.turn_type is TurnType.CONDITION_TO_DRUG


def test_a_longer_reply_of_facts_that_asks_the_dose_again_answers_the_weight_question(
    parse: Parse,
) -> None:
    """Facts told at length, then the dose asked again with no medicine named (over 28
    words), answer the open weight question: the medicine asked before stays the one."""
    frame = parse(
        "Dạ bé nhà em sinh đủ tháng, giờ được 12 ngày rồi, nặng 3,2 kg, hơi sốt. Bác sĩ dặn"
        " là cho uống theo cân nặng của bé. Vậy một lần uống là bao nhiêu mg ạ?",
        ClarifySlot.WEIGHT,
        drugs=("paracetamol",),
    )
    assert frame.fills_slot is not None
    assert frame.weight_kg == 3.2


def test_a_long_reply_naming_another_medicine_is_still_a_new_question(parse: Parse) -> None:
    """The longer limit is for the dose asked again; naming a medicine makes it a new one."""
    frame = parse(
        "Dạ bé nhà em sinh đủ tháng, giờ được 12 ngày rồi, nặng 3,2 kg, hơi sốt. Bác sĩ dặn"
        " là cho uống ibuprofen theo cân nặng. Vậy một lần uống là bao nhiêu mg ạ?",
        ClarifySlot.WEIGHT,
        drugs=("paracetamol",),
    )
    assert frame.fills_slot is None


def test_a_reply_that_cannot_take_it_by_mouth_and_asks_the_dose_again_answers(
    parse: Parse,
) -> None:
    """ "Bé 9 tuổi, 32kg, sốt cao không uống được. Mỗi lần truyền bao nhiêu mg?" answers the age
    and weight question: "không uống được" says how it must be given, no new question; "uống
    ibuprofen được không" names a medicine and asks whether it may be used."""
    frame = parse(
        "Bé 9 tuổi, 32kg, sốt cao không uống được. Mỗi lần truyền bao nhiêu mg và cả ngày không"
        " quá bao nhiêu ạ?",
        ClarifySlot.AGE_WEIGHT,
        drugs=("paracetamol",),
    )
    assert frame.fills_slot is ClarifySlot.AGE_WEIGHT and (frame.age_months, frame.weight_kg) == (
        108,
        32,
    )
    other = parse("bé 5 tuổi 18 ký, uống ibuprofen được không", ClarifySlot.AGE_WEIGHT)
    assert other.fills_slot is None
