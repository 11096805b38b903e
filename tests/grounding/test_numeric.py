"""Tests for grounding/numeric.py: Vietnamese number forms and the numeric grounding check."""

from __future__ import annotations

import pytest
from grounding_samples import ev

from core.evidence import Answer, Claim, Derivation
from core.quantities import extract_quantities, missing_quantities
from grounding.numeric import NumericCheck


def pairs(text: str) -> list[tuple[str, str | None]]:
    return [(q.value, q.unit) for q in extract_quantities(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 000 mg", [("1000", "mg")]),
        ("1.000 mg", [("1000", "mg")]),
        ("2,5 mg", [("2.5", "mg")]),
        ("10-15 mg/kg", [("10", "mg/kg"), ("15", "mg/kg")]),
        ("10–15 mg/kg", [("10", "mg/kg"), ("15", "mg/kg")]),
        ("4 – 6 tuổi", [("4", "tuổi"), ("6", "tuổi")]),
        ("½ viên", [("0.5", "viên")]),
        ("1/2 viên", [("0.5", "viên")]),
        ("1½ viên", [("1.5", "viên")]),
        ("tối đa 60 mg/kg/ngày", [("60", "mg/kg/ngày")]),
        ("ClCr < 30 ml/phút", [("30", "ml/phút")]),
        ("từ 3 tháng đến 12 tuổi", [("3", "tháng"), ("12", "tuổi")]),
        ("250 mg/5 ml", [("250", "mg"), ("5", "ml")]),
        ("dung dịch 0,9 %", [("0.9", "%")]),
    ],
)
def test_vietnamese_number_forms(text: str, expected: list[tuple[str, str | None]]) -> None:
    """Each Vietnamese number form reads as its value with the unit that follows it."""
    assert pairs(text) == expected


def test_digits_inside_words_are_not_numbers() -> None:
    """Digits glued to letters (vitamin B12, CYP3A4) are names, not quantities."""
    assert pairs("vitamin B12 và CYP3A4") == []


def test_citation_markers_are_not_numbers() -> None:
    """A rendered marker like [1] is not a quantity."""
    assert pairs("Sốt [1]") == []


DOSE = ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", "- Trẻ em: 10–15 mg/kg mỗi lần.")
OTHER = ev("ibuprofen", "Ibuprofen", "lieu_luong_cach_dung", "- Người lớn: 400 mg mỗi lần.")


def check(text: str, citations: tuple[int, ...] = (0,), *, patient: str = "") -> list[str]:
    answer = Answer(claims=(Claim(text=text, citations=citations),))
    verdict = NumericCheck(patient_text=patient)(answer, [DOSE, OTHER])
    assert verdict.check == "numeric"
    return list(verdict.problems)


def test_quoted_numbers_pass() -> None:
    """A claim quoting the cited evidence's numbers and units passes."""
    assert check("Trẻ em: 10–15 mg/kg mỗi lần.") == []


def test_number_absent_from_cited_evidence_fails() -> None:
    """An invented number fails even when the rest of the claim is quoted."""
    assert check("Trẻ em: 20 mg/kg mỗi lần.")


def test_number_from_other_evidence_fails() -> None:
    """A number present only in evidence the claim does not cite fails."""
    assert check("Liều 400 mg mỗi lần.", citations=(0,))


def test_same_number_other_unit_fails() -> None:
    """15 mg is not grounded by 15 mg/kg: units must match."""
    assert check("Trẻ em: 15 mg mỗi lần.")


def test_computed_dose_from_patient_weight_fails() -> None:
    """A dose computed from the patient's weight fails; the problem names the patient's number."""
    problems = check("Bé 18 kg dùng 10–15 mg/kg, tức 270 mg.", patient="bé 18 kg")
    assert any("18" in p and "patient" in p for p in problems)
    assert any("270" in p for p in problems)


def test_lead_numbers_must_be_in_evidence() -> None:
    """A number in the lead-in must appear in some evidence."""
    answer = Answer(lead="Liều cho bé 5 tuổi:", claims=(Claim(text="Sốt.", citations=(0,)),))
    assert not NumericCheck()(answer, [DOSE]).ok


def test_table_rows_are_read_as_claims_quote_them() -> None:
    """A claim quoting a Markdown table row as 'cell — cell' is grounded by the table."""
    table = ev("x", "X", "lieu_luong_cach_dung", "| Cân nặng | Liều |\n|---|---|\n| 10 | 150 mg |")
    answer = Answer(claims=(Claim(text="10 — 150 mg", citations=(0,)),))
    assert NumericCheck()(answer, [table]).ok


def test_missing_quantities_compares_values_not_spelling() -> None:
    """'1 000 mg' is found in '1.000 mg'; a quantity absent from the text is reported."""
    assert missing_quantities("Liều 1.000 mg, 10-15 mg/kg", ["1 000 mg", "10–15 mg/kg"]) == []
    assert missing_quantities("Liều 500 mg", ["240 mg"]) == ["240 mg"]


def test_a_derivation_that_recomputes_passes() -> None:
    """A number absent from the evidence passes through a derivation that reproduces it."""
    evidence = [ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", "10–15 mg/kg mỗi lần.")]
    claim = Claim(
        text="18 kg × 10–15 mg/kg = 180–270 mg mỗi lần",
        citations=(0,),
        derivation=Derivation(quoted="10–15 mg/kg mỗi lần", weight_kg=18, result="180–270 mg"),
    )
    assert NumericCheck(weight_kg=18)(Answer(claims=(claim,)), evidence).ok


@pytest.mark.parametrize(
    ("text", "result", "weight"),
    [
        ("18 kg × 10–15 mg/kg = 180–300 mg mỗi lần", "180–300 mg", 18),  # wrong sum
        ("18 kg × 10–15 mg/kg = 180–270 mg mỗi lần", "180–270 mg", 20),  # not the user's weight
        ("18 kg × 10–15 mg/kg = 180–270 mg; 999 mg", "180–270 mg", 18),  # an extra number
    ],
)
def test_a_derivation_that_does_not_recompute_fails(text: str, result: str, weight: int) -> None:
    """A wrong sum, another weight or a number beyond the arithmetic fails the check."""
    evidence = [ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", "10–15 mg/kg mỗi lần.")]
    claim = Claim(
        text=text,
        citations=(0,),
        derivation=Derivation(quoted="10–15 mg/kg mỗi lần", weight_kg=18, result=result),
    )
    assert not NumericCheck(weight_kg=weight)(Answer(claims=(claim,)), evidence).ok


def test_the_same_numbers_without_a_derivation_fail() -> None:
    """Without a derivation a worked-out amount is an invented number."""
    evidence = [ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", "10–15 mg/kg mỗi lần.")]
    claim = Claim(text="18 kg × 10–15 mg/kg = 180–270 mg mỗi lần", citations=(0,))
    assert not NumericCheck(weight_kg=18)(Answer(claims=(claim,)), evidence).ok
