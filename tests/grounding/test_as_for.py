"""Tests for grounding/as_for.py: a row that sends a child to another band's dose."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.as_for import referred_band
from grounding.asked import AskedWords
from grounding.blocks import Block, parse_blocks
from grounding.selection import select

TEXT = (
    "### *Liều lượng:*\n\n*Phòng nôn:*\n\nTrẻ em 4 - 11 tuổi: Uống 3 mg, 8 giờ một lần.\n\n"
    "Trẻ em từ 6 tháng đến 3 tuổi:\n\nTrẻ cân nặng trên 10 kg: Liều như trẻ em 4 - 11 tuổi.\n\n"
    "Trẻ nặng dưới 10 kg: Uống 1 mg, 12 giờ một lần.\n\n*Sau mổ:*\n\n"
    "Trẻ em 4 - 11 tuổi: Uống 2 mg một lần."
)


def _blocks() -> list[Block]:
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", TEXT))])


def test_the_band_a_row_sends_to_is_read() -> None:
    """'Liều như trẻ em 4 - 11 tuổi' sends to the 4 - 11 year band; a dose row sends nowhere."""
    blocks = _blocks()
    band = referred_band(next(b for b in blocks if "Liều như" in b.text))
    assert band is not None and band.contains(5 * 12) and not band.contains(2 * 12)
    assert referred_band(next(b for b in blocks if "1 mg" in b.text)) is None


def test_a_child_sent_to_another_band_gets_that_bands_row() -> None:
    """A 2-year-old of 12 kg gets the 4 - 11 year row of the same indication after the
    reference, never the other indication's row."""
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": 24,
            "weight_kg": 12,
        }
    )
    rows = select(_blocks(), frame, AskedWords("phong non")).rows
    texts = [b.text for b in rows]
    assert any("Liều như" in t for t in texts)
    assert any("3 mg" in t for t in texts)
    assert not any("2 mg" in t for t in texts) and not any("1 mg" in t for t in texts)
