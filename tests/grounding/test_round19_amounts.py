"""Round 19 (doses): a question's "usual" and a label's route or state name no indication, so
the general row is still worked out (our own rows, in the book's shapes)."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, parse_blocks

ROWS = (
    "Trẻ em dưới 40 kg: 10 - 30 mg/kg/lần/ngày.\n"
    "Trẻ em: Gan bình thường: 60 mg/kg/ngày/lần trong 2 tuần.\n"
    "Sốt do rickettsia (truyền tĩnh mạch): Trẻ em: 45 mg/kg ngày một lần."
)


def rows_of(text: str) -> list[Block]:
    evidence = ev("ceftriaxone", "Ceftriaxon", "lieu_luong_cach_dung", text)
    return [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]


def _results(asked: str) -> list[str]:
    from grounding.amounts import amount_claims

    rows = rows_of(ROWS)
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=48, weight_kg=10)
    found = amount_claims(rows, [], rows, frame, AskedWords(asked))
    return [c.derivation.result for claims in found.values() for c in claims if c.derivation]


def test_the_usual_dose_asked_names_no_normal_state_of_a_label() -> None:
    got = _results("thông thường thì liều bình thường cho bé là bao nhiêu mg")
    assert "100–300 mg" in got, got


def test_the_route_said_names_no_label_of_that_route() -> None:
    got = _results("bé đang truyền tĩnh mạch, liều bao nhiêu mg")
    assert "100–300 mg" in got, got


def test_an_indication_said_still_picks_its_row() -> None:
    got = _results("bé sốt do rickettsia, liều bao nhiêu mg")
    assert got == ["450 mg"], got
