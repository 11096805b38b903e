"""Tests for grounding/block.py: a block's words are read once and carried with the block."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from grounding_samples import ev

from core.text import fold
from grounding.bands import Bands
from grounding.block import Block, BlockKind, Reading, text_reading
from grounding.blocks import parse_blocks
from grounding.heads import Context


def _block(text: str) -> Block:
    return Block(text, 0, 0, len(text), BlockKind.ROW, Context(), Bands(), None, (), False, False)


def test_a_block_carries_its_folded_words() -> None:
    """`folded` is the block's words folded, as every matcher reads them."""
    block = _block("Trẻ em 2 - 5 tuổi: Uống 150 mg")
    assert block.folded == fold(block.text) == "tre em 2 - 5 tuoi: uong 150 mg"


def test_the_reading_names_figures_caps_and_doses() -> None:
    """Per-kg figures, caps and whether a dose is printed are read from the words."""
    block = _block("Uống 10 - 15 mg/kg mỗi lần, tối đa 1 g/ngày")
    assert [(f.lo, f.hi, f.per) for f in block.figures] == [(Decimal(10), Decimal(15), "kg")]
    assert [(c.amount, c.unit) for c in block.caps] == [(Decimal(1), "g")]
    assert block.prints_dose
    assert block.fixed_dose  # "1 g/ngày" is an amount a day, not per kg
    assert not _block("Uống 10 mg/kg").fixed_dose
    assert _block("Uống 0,6 mg/ngày").fixed_dose
    assert not _block("Dùng liều như người lớn").prints_dose


def test_the_reading_says_refusals_adjustments_and_inr() -> None:
    """A row that says not to give, one that adjusts the dose, one banded by INR."""
    assert _block("Dưới 3 tháng tuổi: không khuyến cáo").refuses
    assert not _block("Trẻ em: 250 mg").refuses
    assert _block("Suy gan: giảm một nửa liều").adjusts
    assert _block("Suy thận: dùng 75% liều").adjusts
    band = _block("INR > 5 nhưng < 9: ngừng thuốc").inr
    assert band is not None and band.contains(6) and not band.contains(10)
    assert _block("Uống 5 mg").inr is None


def test_a_grown_block_is_read_again() -> None:
    """A block grown by `replace` gets a reading of its new words, never the old one."""
    block = _block("Uống 500 mg")
    assert not block.refuses
    grown = replace(block, text="Uống 500 mg. Không dùng cho trẻ dưới 2 tuổi")
    assert grown.reading.text == grown.text
    assert grown.refuses


def test_a_reading_of_the_same_words_is_kept() -> None:
    """The sentence reader's reading is the block's when the words are the same."""
    said = Reading("Uống 500 mg")
    assert said.prints_dose
    kept = replace(_block("Uống 500 mg"), reading=said)
    assert kept.reading is said
    other = replace(_block("Uống 250 mg"), reading=said)
    assert other.reading is not said and other.reading.text == "Uống 250 mg"


def test_parsed_blocks_read_their_own_words() -> None:
    """Every block the section reader builds carries the reading of its own text."""
    section = "### *Liều lượng:*\n\n*Người lớn:* Uống 10 mg/kg mỗi lần; tối đa 1 g/ngày."
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", section))])
    assert blocks
    for block in blocks:
        assert block.reading.text == block.text
        assert block.folded == fold(block.text)


def test_a_span_is_read_off_the_one_folding() -> None:
    """`folded_span` is the span's own folding, whitespace runs and ends included."""
    said = Reading("  Trẻ  đẻ\nthiếu tháng: 400 microgam/kg  ")
    text = said.text
    for start in range(len(text) + 1):
        for stop in range(start, len(text) + 2):
            assert said.folded_span(start, stop) == fold(text[start:stop])
    assert said.folded_span(text.index("thiếu")) == "thieu thang: 400 microgam/kg"


def test_a_block_reads_its_indication_once() -> None:
    """The indication's reading is the indication's words; a block of none reads empty."""
    block = replace(_block("Uống 500 mg"), indication="Liều thường dùng")
    assert block.indication_reading.folded == "lieu thuong dung"
    assert _block("Uống 500 mg").indication_reading.folded == ""


def test_an_evidence_text_is_read_once() -> None:
    """`text_reading` gives the same reading for the same text."""
    text = "Người lớn: uống 500 mg; trẻ em: 10 mg/kg."
    assert text_reading(text) is text_reading(text)
