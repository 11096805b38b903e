"""Tests for grounding/selection.py: rows chosen for special patients (dialysis)."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.blocks import parse_blocks
from grounding.selection import select

# Our own text, in the book's shape: two indications, then kidney rows.
DOSES = (
    "### *Liều lượng*\n\n*Người lớn:*\n\n"
    "Viêm khớp: Khởi đầu 10 mg/ngày, tối đa 20 mg/ngày.\n\n"
    "Đau cấp: 10 mg/lần/ngày.\n\n"
    "*Suy thận*: Nhẹ và vừa, không cần chỉnh liều.\n\n"
    "Suy thận chạy thận nhân tạo: Liều không vượt quá 5 mg/ngày."
)


def _select(question: str) -> tuple[list[str], tuple[str, ...]]:
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "adult",
            "standalone_query": question,
            "patient": {"renal_impairment": True},
        }
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", DOSES))])
    chosen = select(blocks, frame, question)
    return [b.text for b in chosen.rows], chosen.ask_indications


def test_a_patient_on_dialysis_gets_the_dialysis_row_without_an_indication_question() -> None:
    """ "bệnh nhân chạy thận nhân tạo": the dialysis row alone, whatever the indication."""
    rows, asked = _select("thuốc X bệnh nhân chạy thận nhân tạo tối đa bao nhiêu")
    assert asked == ()
    assert rows == ["Suy thận chạy thận nhân tạo: Liều không vượt quá 5 mg/ngày."]


def test_kidney_disease_without_dialysis_still_asks_the_indication() -> None:
    """Renal impairment alone does not pick the dialysis row."""
    rows, asked = _select("thuốc X bệnh nhân suy thận liều bao nhiêu")
    assert asked == ("Viêm khớp", "Đau cấp")
    assert rows == []
