"""Round 16: a product named for a complaint ("siro ho") in the list of what the patient is
on is a medicine, not the complaint asked about; a complaint alone said before a question in
adult tablets names no patient, so the tablets are still an adult's."""

from __future__ import annotations

from collections.abc import Callable

from core.frame import Population, QueryFrame, TurnType
from understanding.speaker import tablets_for_an_adult
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


def _condition(frame: QueryFrame) -> str | None:
    return None if frame.condition is None else frame.condition.normalized


def test_a_cough_syrup_the_child_is_on_is_not_the_complaint(parse: Parse) -> None:
    """'đang uống siro ho' then a fever: the fever is what is asked about."""
    frame = parse("bé 4 tuổi 16kg, đang uống siro ho, giờ sốt cao uống paracetamol mấy ml")
    assert _condition(frame) == "sốt"


def test_a_cough_syrup_in_a_list_of_medicines_names_no_complaint(parse: Parse) -> None:
    """'thuốc huyết áp và siro ho' lists what the patient takes."""
    frame = parse("bố em 68 tuổi, đang dùng thuốc huyết áp và siro ho, paracetamol liều sao")
    assert _condition(frame) != "ho"


def test_a_cough_syrup_asked_for_still_names_the_cough(parse: Parse) -> None:
    """Asked which cough syrup, or whether to give one, the cough is the complaint."""
    assert _condition(parse("siro ho nào dùng được cho bé 3 tuổi")) == "ho"
    assert _condition(parse("có nên cho uống thuốc ho không")) == "ho"


def test_a_complaint_alone_before_names_no_patient() -> None:
    """'đau lưng quá' before 'diclofenac 50 tối đa mấy viên': still an adult's tablets."""
    before = QueryFrame(turn_type=TurnType.CONDITION_TO_DRUG)
    assert tablets_for_an_adult(Turn.of("diclofenac 50 ngay uong toi da may vien"), before)
    child_before = QueryFrame(turn_type=TurnType.DOSING_CALC, population=Population.CHILD)
    assert not tablets_for_an_adult(Turn.of("diclofenac 50 ngay uong may vien"), child_before)
