"""Round 21 (doses21): a dose question read within its case (our own words). A nursing
mother who asks a dose by weight, telling none of her own, asks for the child whose weight she
told; the same medicine asked again with no route keeps the injection said before."""

from __future__ import annotations

from core.frame import PatientContext, Population, QueryFrame, Route, TurnType
from engine.case_dose import case_dose_frame, childs_dose_by_weight, with_case_injection

BABY = QueryFrame(
    turn_type=TurnType.CONDITION_TO_DRUG,
    population=Population.CHILD,
    age_months=3,
    weight_kg=6,
)


def _nursing(said: str, **extra: object) -> QueryFrame:
    return QueryFrame(
        turn_type=TurnType.DOSING_CALC,
        drugs=["ibuprofen"],
        population=Population.ADULT,
        patient=PatientContext(breastfeeding=True),
        standalone_query=said,
        **extra,  # type: ignore[arg-type]
    )


def test_a_nursing_mother_asking_by_weight_asks_for_her_child() -> None:
    frame = childs_dose_by_weight(_nursing("con đang bú mẹ, tính theo cân thì mấy mg"), BABY)
    assert frame.population is Population.CHILD
    assert frame.patient is None


def test_without_a_weight_asked_she_is_still_the_patient() -> None:
    said = _nursing("em đang cho con bú, uống ibuprofen được không")
    assert childs_dose_by_weight(said, BABY) == said


def test_her_own_weight_told_keeps_her_the_patient() -> None:
    said = _nursing("em đang cho con bú, em 52 kg, tính theo kg thì bao nhiêu", weight_kg=52)
    assert childs_dose_by_weight(said, BABY) == said


def test_no_childs_weight_in_the_case_keeps_her_the_patient() -> None:
    said = _nursing("đang cho bú, tính theo kg bao nhiêu mg")
    unweighed = BABY.model_copy(update={"weight_kg": None})
    assert childs_dose_by_weight(said, unweighed) == said


PRIOR = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["cefuroxime"], injection=True)


def test_the_same_medicine_asked_again_keeps_the_injection() -> None:
    again = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["cefuroxime"])
    assert with_case_injection(again, PRIOR).injection
    assert case_dose_frame(again, PRIOR).injection


def test_another_medicine_or_a_route_said_does_not() -> None:
    other = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["amoxicillin"])
    assert not with_case_injection(other, PRIOR).injection
    oral = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["cefuroxime"], route=Route.ORAL)
    assert not with_case_injection(oral, PRIOR).injection
