"""The book's row of the per-kg figure the person works from, shown beside the chosen rows."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, parse_blocks
from grounding.dose_said import row_of_said_figure

# Our own words, in the book's shapes.
ANTIEMETIC = """*Người lớn:*

- Người lớn: 8 mg tiêm tĩnh mạch chậm trước hóa trị.
- Có thể tiêm tĩnh mạch 0,2 mg/kg × 3 lần/ngày; hoặc 0,5 mg/kg, 1 lần/ngày (tối đa 20 mg/lần).
- Suy gan: 0,5 mg/kg, tối đa 8 mg/ngày."""

ADULT = QueryFrame(turn_type="dosing_calc", population="adult", weight_kg=50, route="iv")


def blocks() -> list[Block]:
    evidence = ev("ondansetron", "Ondansetron", "lieu_luong_cach_dung", ANTIEMETIC)
    return [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]


def test_the_row_printing_the_said_figure_is_found() -> None:
    """ "0,5mg/kg tính ra bao nhiêu": the row that prints 0,5 mg/kg (not the liver row)."""
    every = blocks()
    chosen = [b for b in every if b.text.startswith("- Người lớn")]
    asked = AskedWords("chi bn 50kg tiem 0,5mg/kg 1 lan/ngay tinh ra bao nhieu mg")
    found = row_of_said_figure(chosen, every, ADULT, asked)
    assert found is not None and "(tối đa 20 mg/lần)" in found.text


def test_no_row_when_the_figure_is_unsaid_unprinted_or_already_shown() -> None:
    """No figure said, one the book does not print, or one a chosen row prints: nothing added."""
    every = blocks()
    chosen = [b for b in every if b.text.startswith("- Người lớn")]
    for words in ("tiem bao nhieu mg", "tiem 0,3mg/kg thi bao nhieu"):
        assert row_of_said_figure(chosen, every, ADULT, AskedWords(words)) is None, words
    shown = [b for b in every if "× 3 lần" in b.text]
    assert row_of_said_figure(shown, every, ADULT, AskedWords("tiem 0,5mg/kg")) is None
    unweighed = ADULT.model_copy(update={"weight_kg": None})
    assert row_of_said_figure(chosen, every, unweighed, AskedWords("tiem 0,5mg/kg")) is None
