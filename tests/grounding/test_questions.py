"""Tests for grounding/questions.py: patient values are withheld from generation."""

from __future__ import annotations

from core.catalog import DrugCatalog
from core.frame import PatientContext, QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.questions import WITHHELD_NOTE, generation_question


def test_plain_question_is_passed_through(catalog: DrugCatalog) -> None:
    """Without patient facts the engine's question is used as is."""
    frame = QueryFrame(turn_type="drug_attribute", drugs=["paracetamol"], attribute="chi_dinh")
    req = AnswerRequest(
        mode=AnswerMode.SINGLE, question="Chỉ định của paracetamol?", frame=frame, evidence=()
    )
    assert generation_question(req, catalog) == "Chỉ định của paracetamol?"


def test_patient_values_are_withheld(catalog: DrugCatalog) -> None:
    """Age, weight and eGFR never reach the generation question; categories do."""
    frame = QueryFrame(
        turn_type="dosing_calc",
        drugs=["paracetamol"],
        population="child",
        age_months=60,
        weight_kg=18,
        route="oral",
        patient=PatientContext(renal_impairment=True, egfr=25),
    )
    req = AnswerRequest(
        mode=AnswerMode.SINGLE,
        question="Liều paracetamol cho bé 5 tuổi 18 kg, eGFR 25, đường uống",
        frame=frame,
        evidence=(),
    )
    text = generation_question(req, catalog)
    assert "18" not in text and "25" not in text and "5 tuổi" not in text
    assert "Paracetamol" in text and "trẻ em" in text and "suy giảm chức năng thận" in text
    assert WITHHELD_NOTE in text
