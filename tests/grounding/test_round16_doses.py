"""Round 16 (doses): a mild infection names the book's milder-infections head, a strength read
from words with doubled spaces (texts ours, in the book's shapes)."""

from __future__ import annotations

from decimal import Decimal

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.book.filter_words import MILD
from grounding.liquid import read_strength
from grounding.selection import select

HEADS = (
    "*Trẻ em:*\n\n"
    "*Viêm xoang, nhiễm khuẩn nặng:* 40 mg/kg/ngày, chia 2 lần.\n\n"
    "*Các nhiễm khuẩn nhẹ hơn:* 20 mg/kg/ngày, chia 2 lần.\n\n"
    "*Viêm tai giữa cấp:* 80 mg/kg/ngày, chia 2 lần."
)


def _shown(words: str) -> list[str]:
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", HEADS))])
    facts = {"population": "child", "age_months": 60, "weight_kg": 18}
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "condition_words": words, **facts}
    )
    return [b.text for b in select(blocks, frame, AskedWords.of(frame)).rows]


def test_a_mild_infection_names_the_milder_infections_row() -> None:
    shown = _shown("chau bi viem amidan nhe, moi lan bao nhieu")
    assert any("20 mg/kg" in t for t in shown)
    assert not any("40 mg/kg" in t or "80 mg/kg" in t for t in shown)


def test_the_particle_nhe_is_no_mild_word() -> None:
    assert MILD.search("cho em hoi lieu nhe") is None
    assert MILD.search("nhung van nhe thoi a") is not None


def test_a_strength_is_read_whatever_spaces_stand_before_it() -> None:
    found = read_strength("viêm tai  ,  nhưng nhẹ   thôi 250mg/62,5mg/5ml")
    assert found is not None and found.quoted == "250mg/62,5mg/5ml"
    assert found.mg_per_ml == Decimal(50)
