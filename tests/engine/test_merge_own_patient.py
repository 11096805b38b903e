"""engine.merge.with_case_facts: a new dose question keeps the case's patient only when it
tells none of its own (our own frames; the property suite's reference says the same)."""

from __future__ import annotations

from core.frame import PatientContext, QueryFrame
from engine.merge import resolve_frame


def _dose(**facts: object) -> QueryFrame:
    return QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["paracetamol"], **facts}
    )


def test_an_age_of_its_own_borrows_no_population_from_the_case() -> None:
    """'người lớn' said before, then a dose for a six-month-old: no adult of six months."""
    prior = QueryFrame.model_validate({"turn_type": "out_of_scope", "population": "adult"})
    frame = resolve_frame(_dose(age_months=6), prior, None, None)
    assert frame.age_months == 6
    assert frame.population is None


def test_a_question_with_no_patient_keeps_the_cases() -> None:
    """'bé 2 tuổi 12 kg' before, then 'còn ibuprofen thì sao': the same child."""
    prior = _dose(population="child", age_months=24, weight_kg=12)
    frame = resolve_frame(_dose(), prior, None, None)
    assert (frame.population, frame.age_months, frame.weight_kg) == ("child", 24, 12)


def test_the_same_facts_said_again_keep_the_rest_of_the_case() -> None:
    """Repeating the case's age is no new patient: its weight stays."""
    prior = _dose(population="child", age_months=24, weight_kg=12)
    frame = resolve_frame(_dose(age_months=24), prior, None, None)
    assert (frame.population, frame.weight_kg) == ("child", 12)


def test_another_patient_takes_none_of_the_case_patients_conditions() -> None:
    """A grandfather with weak kidneys, then a woman of 45 told as the patient: her dose
    question carries no kidney fact of his; a question about him keeps it."""
    kidneys = PatientContext(renal_impairment=True, allergies=["penicillin"])
    prior = _dose(population="adult", age_months=840)
    other = resolve_frame(_dose(age_months=540, another_patient=True), prior, None, kidneys)
    assert other.patient is None or not other.patient.renal_impairment
    assert other.patient is None or other.patient.allergies == []
    same = resolve_frame(_dose(age_months=840), prior, None, kidneys)
    assert same.patient is not None and same.patient.renal_impairment
