"""Tests for grounding/patient_fit.py: whether a row's population contains one patient."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.blocks import BlockKind, parse_blocks
from grounding.patient_fit import Patient, fits

ROWS = (
    "Người lớn và trẻ lớn tuổi: 15 mg/kg/ngày, chia 2 lần.\n\n"
    "Trẻ sơ sinh: Liều nạp 10 mg/kg, sau đó 7,5 mg/kg mỗi 12 giờ."
)


def _fitting(age_months: float) -> list[str]:
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": age_months,
        }
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", ROWS))])
    patient = Patient.of(frame)
    return [b.text[:12] for b in blocks if b.kind is BlockKind.ROW and fits(b, patient)]


def test_older_children_rows_do_not_reach_a_newborn_or_an_infant() -> None:
    """ "Người lớn và trẻ lớn tuổi" is not for a 7-day-old; it is for a 6-year-old."""
    assert _fitting(0.25) == ["Trẻ sơ sinh:"]
    assert "Người lớn v" in " ".join(_fitting(72))


def _baby_rows(age_months: float) -> list[str]:
    from grounding.patient_fit import newborn_rows_first

    text = (
        "Trẻ em: 50 mg/kg/ngày.\n\n"
        "Trẻ sơ sinh 0 - 14 ngày: 20 - 50 mg/kg/ngày.\n\n"
        "Suy thận: giảm nửa liều."
    )
    patient = Patient(child=True, age_months=age_months, renal=True)
    rows = [b for b in parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
            if b.kind is BlockKind.ROW and fits(b, patient)]  # fmt: skip
    return [b.text[:12] for b in newborn_rows_first(rows, patient)]


def test_a_newborn_row_replaces_an_older_childs_row_for_a_baby_of_days() -> None:
    """A ten-day-old gets the 0-14-day row, not the general child row; a kidney row stays."""
    assert _baby_rows(0.3) == ["Trẻ sơ sinh ", "Suy thận: gi"]
    assert "Trẻ em: 50 m" in _baby_rows(6)


def test_a_child_row_that_gives_the_newborn_dose_inline_stays() -> None:
    """'Liều cho trẻ em: … (với trẻ sơ sinh là 50 mg/kg)' is kept beside a newborn row."""
    from grounding.patient_fit import newborn_rows_first

    text = (
        "Liều cho trẻ em: 100 mg/kg/ngày (với trẻ sơ sinh là 50 mg/kg/ngày).\n\n"
        "Trẻ sơ sinh 0 - 7 ngày: 25 mg/kg/lần."
    )
    patient = Patient(child=True, age_months=0.2)
    rows = [b for b in parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
            if b.kind is BlockKind.ROW and fits(b, patient)]  # fmt: skip
    assert len(newborn_rows_first(rows, patient)) == 2
