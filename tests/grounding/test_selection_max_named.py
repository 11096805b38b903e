"""A day's maximum asked with the indication named keeps that indication's rows."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.selection import select

SECTION = (
    "### *Liều lượng:*\n\n"
    "Trẻ em: Liều chung: Uống 15 mg/kg (tối đa 500 mg) 2 lần mỗi ngày.\n\n"
    "Viêm thận bể thận ở trẻ em: Uống 10 - 20 mg/kg/ngày, chia 2 lần; liều tối đa 1 g/ngày.\n\n"
    "Xơ nang ở trẻ em: Uống 30 mg/kg/ngày, chia 2 lần."
)


def _rows(question: str, condition: str | None) -> str:
    said = {"text": condition, "normalized": condition} if condition else None
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "child", "age_months": 120,
         "weight_kg": 30, "route": "oral", "max_dose": True, "condition": said}
    )  # fmt: skip
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", SECTION))])
    return " ".join(b.text for b in select(blocks, frame, AskedWords(question)).rows)


def test_the_named_indication_keeps_its_rows_when_the_maximum_is_asked() -> None:
    """'viêm thận bể thận … một ngày tối đa': its row and its ceiling, not the general row."""
    rows = _rows("bé viêm thận bể thận uống X một ngày tối đa bao nhiêu mg", "viêm thận bể thận")
    assert "10 - 20 mg/kg/ngày" in rows


def test_no_condition_said_the_maximum_asked_keeps_the_capped_rows() -> None:
    """'một ngày tối đa' with no condition said: the row printing the ceiling, no indication's
    row taken as named."""
    rows = _rows("bé uống X một ngày tối đa bao nhiêu mg", None)
    assert "tối đa 500 mg" in rows and "xơ nang" not in rows.lower()
