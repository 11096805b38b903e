"""Heparin's units per kg worked out like a mass, held only at a cap in units."""

from __future__ import annotations

from grounding_samples import ev

from core.evidence import Derivation
from core.frame import QueryFrame
from grounding.amounts import amount_claims
from grounding.asked import AskedWords
from grounding.blocks import BlockKind, parse_blocks
from grounding.derivation import read_amount, recompute

# Our own words, in the book's shapes.
ANTICOAGULANT = """*Tiêm tĩnh mạch:*

- Người lớn: liều nạp 70 đơn vị/kg (tối đa 5 000 đơn vị), sau đó truyền 15 đơn vị/kg/giờ.
- Trẻ em: liều nạp 50 đơn vị/kg (tối đa 1 g), sau đó truyền 20 đơn vị/kg/giờ."""


def claims(frame: QueryFrame, label: str) -> list[str]:
    evidence = ev("heparin", "Heparin", "lieu_luong_cach_dung", ANTICOAGULANT)
    rows = [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]
    rows = [b for b in rows if label in b.text]
    worked = amount_claims(rows, [], rows, frame, AskedWords(""))
    return [c.text for cs in worked.values() for c in cs]


def test_units_per_kg_are_worked_out_and_held_at_a_cap_in_units() -> None:
    """80 kg × 70 đơn vị/kg = 5 600, held at 5 000 đơn vị; the hourly rate is no dose."""
    adult = QueryFrame(turn_type="dosing_calc", population="adult", weight_kg=80)
    assert claims(adult, "Người lớn") == [
        "80 kg × 70 đơn vị/kg = 5 600 đơn vị; tối đa 5 000 đơn vị → 5 000 đơn vị mỗi lần"
    ]


def test_a_cap_in_a_mass_never_holds_units() -> None:
    """A child's 50 đơn vị/kg for 30 kg is 1 500 đơn vị, whatever "tối đa 1 g" says."""
    child = QueryFrame(turn_type="dosing_calc", population="child", age_months=96, weight_kg=30)
    assert claims(child, "Trẻ em") == ["30 kg × 50 đơn vị/kg = 1 500 đơn vị mỗi lần"]


def test_an_amount_in_units_reads_back_and_recomputes() -> None:
    """ "4 000 đơn vị" is an amount in units; its derivation recomputes from the quote."""
    amount = read_amount("4 000 đơn vị")
    assert amount is not None and (amount.lo, amount.unit) == (4000, "đơn vị")
    again = recompute(Derivation(quoted="60 đơn vị/kg", weight_kg=80, result="4 800 đơn vị"))
    assert again is not None and again.result_hi == 4800
