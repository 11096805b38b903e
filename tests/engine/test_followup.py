"""Context follow-ups: patient facts alone re-ask the open condition→drug question."""

from __future__ import annotations

from core.frame import PatientContext, QueryFrame
from engine.followup import as_followup, is_context_followup

PRIOR = QueryFrame(
    turn_type="condition_to_drug",
    condition="tăng huyết áp",
    patient=PatientContext(pregnant=True),
    standalone_query="thuốc trị THA?",
)


def test_current_medicine_alone_is_a_followup() -> None:
    """'tôi cũng đang uống warfarin' adds a current medicine to the same question."""
    f = QueryFrame(
        turn_type="drug_attribute",
        drugs=["warfarin"],
        patient=PatientContext(current_medicines=["warfarin"]),
    )
    assert is_context_followup(f, PRIOR)
    out = as_followup(f, PRIOR)
    assert out.condition is not None
    assert out.condition.text == "tăng huyết áp"
    assert out.patient == PatientContext(current_medicines=["warfarin"])


def test_patient_fact_parsed_as_condition_is_a_followup() -> None:
    """'tôi bị suy thận' read as a condition is still only a patient fact here."""
    f = QueryFrame(
        turn_type="condition_to_drug",
        condition="tôi bị suy thận",
        patient=PatientContext(renal_impairment=True),
    )
    assert is_context_followup(f, PRIOR)


def test_new_case_keeps_question_drops_old_slots() -> None:
    """'người khác, 70 tuổi, suy thận' keeps the question but not the old patient's facts."""
    f = QueryFrame(
        turn_type="condition_to_drug",
        condition="khác, 70 tuổi, suy thận",
        age_months=840,
        patient=PatientContext(renal_impairment=True),
        new_case=True,
    )
    assert is_context_followup(f, PRIOR)
    out = as_followup(f, PRIOR)
    assert out.patient == PatientContext(renal_impairment=True)
    assert out.age_months == 840


def test_a_new_condition_is_a_new_question() -> None:
    """Naming another condition is a new question even with patient facts."""
    f = QueryFrame(
        turn_type="condition_to_drug",
        condition="viêm họng",
        patient=PatientContext(renal_impairment=True),
    )
    assert not is_context_followup(f, PRIOR)


def test_asking_about_a_drug_is_a_new_question() -> None:
    """A drug that is the subject of the question (not a current medicine) starts fresh."""
    f = QueryFrame(
        turn_type="drug_attribute",
        drugs=["warfarin"],
        attribute="chong_chi_dinh",
        patient=PatientContext(current_medicines=["warfarin"]),
    )
    assert not is_context_followup(f, PRIOR)


def test_only_after_a_condition_question() -> None:
    """Patient facts after a drug question are not folded into it."""
    prior = QueryFrame(turn_type="drug_attribute", drugs=["aspirin"], attribute="chi_dinh")
    f = QueryFrame(patient=PatientContext(pregnant=True))
    assert not is_context_followup(f, prior)


def test_another_population_keeps_none_of_the_old_patients_slots() -> None:
    """An adult after a child's case (no "người khác" said): the child's age and weight go."""
    child_case = PRIOR.model_copy(update={"population": "child", "age_months": 48, "weight_kg": 16})
    mother = QueryFrame(
        turn_type="condition_to_drug",
        population="adult",
        patient=PatientContext(pregnant=True, pregnancy_trimester=2),
    )
    out = as_followup(mother, child_case)
    assert (out.population, out.age_months, out.weight_kg) == ("adult", None, None)


def test_a_dose_given_at_a_time_is_asked_about() -> None:
    """ "đã cho uống ibuprofen lúc 7h" after a fever question: the drug just given is what the
    turn goes on about, not a medicine taken alongside."""
    said = "sốt 39 độ, đã cho uống ibuprofen lúc 7h"
    f = QueryFrame(
        turn_type="drug_attribute",
        drugs=["ibuprofen"],
        patient=PatientContext(current_medicines=["ibuprofen"]),
        standalone_query=said,
    )
    prior = QueryFrame(turn_type="condition_to_drug", condition="sốt", standalone_query="sốt")
    assert not is_context_followup(f, prior)
