"""Worked-out amounts as a pharmacist says them to a parent (issue 23, round 10): an uneven
share rounded, a sachet made up in water read as a strength, a single dose held at its
per-dose cap, a kidney row that gives no dose, and a figure the person quotes."""

from __future__ import annotations

from decimal import Decimal

from grounding_samples import ev

from core.frame import PatientContext, QueryFrame
from grounding.amounts import amount_claims
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, parse_blocks
from grounding.derivation import figures_in, row_caps, verify, work
from grounding.dose_said import row_of_said_figure
from grounding.liquid import asked_liquid
from grounding.rounding import round_ml, round_share


def _each(text: str, weight: str) -> list[str]:
    out = []
    for f in figures_in(text):
        each = f.each_dose()
        if each is not None:
            worked = work(each, Decimal(weight), row_caps(text, each, [f]))
            assert verify(worked.derivation()) == []
            out.append(worked.text())
    return out


def test_an_uneven_share_is_said_in_whole_mg_or_tenths() -> None:
    """25 mg/kg/ngày chia 3 for 13 kg is 108,33… mg: '≈ 108 mg'; for 1,3 kg 10,83 → 11 mg;
    a share under 10 mg keeps a tenth (0,7 mg/kg/ngày ÷ 3 for 10 kg ≈ 2,3 mg)."""
    assert _each("Uống 25 mg/kg/ngày, chia 3 lần.", "13") == [
        "13 kg × 25 mg/kg/ngày ÷ 3 lần ≈ 108 mg mỗi lần"
    ]
    assert _each("Uống 0,7 mg/kg/ngày, chia 3 lần.", "10") == [
        "10 kg × 0,7 mg/kg/ngày ÷ 3 lần ≈ 2,3 mg mỗi lần"
    ]
    # An even share stays exact: 22,5 mg/kg/ngày ÷ 2 for 15 kg is 168,75 mg.
    assert _each("Uống 22,5 mg/kg/ngày, chia 2 lần.", "15") == [
        "15 kg × 22,5 mg/kg/ngày ÷ 2 lần = 168,75 mg mỗi lần"
    ]


def test_rounding_steps_and_a_capped_share_never_rounds_up() -> None:
    assert round_share(Decimal("186.666")) == Decimal(187)
    assert round_share(Decimal("186.666"), capped=True) == Decimal(186)
    assert round_share(Decimal("4.666")) == Decimal("4.7")
    assert round_share(Decimal("0.3333"), "g") == Decimal("0.333")
    assert round_ml(Decimal("2.666")) == Decimal("2.7")
    assert round_ml(Decimal("0.7249")) == Decimal("0.72")


def test_a_sachet_made_up_in_water_is_a_strength() -> None:
    """'gói 100mg pha 5ml', 'hòa vào 10 ml nước', 'pha với 5ml' say mg per ml; 'pha sữa' no."""
    for words, per_ml in (
        ("gói 100mg pha 5ml, bé uống mấy ml", Decimal(20)),
        ("cốm 250 mg hòa vào 10 ml nước thì mấy ml", Decimal(25)),
        ("goi 125mg pha voi 5ml nuoc moi lan may ml", Decimal(25)),
    ):
        strength = asked_liquid(words)
        assert strength is not None and strength.mg_per_ml == per_ml, words
    assert asked_liquid("gói 100mg pha sữa cho bé, mấy ml") is None


def test_a_days_figure_given_as_one_dose_is_held_at_the_dose_cap() -> None:
    """'tiêm một liều duy nhất 0,3 mg/kg/ngày (tối đa 12 mg/lần)' for 50 kg: 15 mg is one
    dose, so the per-dose ceiling holds it at 12 mg, and that rechecks."""
    text = "Có thể tiêm một liều duy nhất 0,3 mg/kg/ngày (tối đa 12 mg/lần)."
    [figure] = figures_in(text)
    worked = work(figure, Decimal(50), row_caps(text, figure, [figure]))
    assert worked.text().endswith("→ 12 mg liều duy nhất")
    assert verify(worked.derivation()) == []


DIURETIC = """*Trẻ em:*
- Trẻ em: 1 mg/kg uống một lần trong ngày, tối đa 4 mg/kg.
- Suy thận mạn: thuốc đã được dùng liều cao kèm lọc máu."""

DIURETIC_ADJUSTED = DIURETIC + "\n- Suy thận (ClCr < 30 ml/phút): dùng 50% liều."


def _rows(text: str) -> list[Block]:
    evidence = ev("furosemide", "Furosemid", "lieu_luong_cach_dung", text)
    return [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]


def test_a_kidney_row_that_gives_no_dose_does_not_govern() -> None:
    """A child with kidney disease: a kidney row naming the disease as a use leaves the per-kg
    rule worked out; one that changes the dose (50%) governs, nothing is worked out."""
    frame = QueryFrame(
        turn_type="dosing_calc", population="child", age_months=24, weight_kg=12,
        patient=PatientContext(renal_impairment=True),
    )  # fmt: skip
    blocks = _rows(DIURETIC)
    rows = [b for b in blocks if "1 mg/kg" in b.text]
    assert amount_claims(rows, [], blocks, frame, AskedWords(""))
    adjusted = _rows(DIURETIC_ADJUSTED)
    rows = [b for b in adjusted if "1 mg/kg" in b.text]
    assert amount_claims(rows, [], adjusted, frame, AskedWords("")) == {}


ANTIEMETIC = """*Uống:*
- Trẻ em, hóa trị: 2 mg mỗi 12 giờ.

*Tiêm tĩnh mạch:*
- Trẻ em, nôn sau mổ: 0,1 mg/kg (tối đa 4 mg) tiêm tĩnh mạch chậm."""


def test_a_quoted_figure_with_no_route_said_finds_its_row_on_any_route() -> None:
    """'chống nôn sau mổ 0,1mg/kg' with no route said, the answer on the oral rows: the
    injected row printing 0,1 mg/kg is shown beside; said 'uống', it is not."""
    evidence = ev("ondansetron", "Ondansetron", "lieu_luong_cach_dung", ANTIEMETIC)
    every = [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]
    oral = [b for b in every if "hóa trị" in b.text]
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=96, weight_kg=30)
    asked = AskedWords("chong non sau mo 0,1mg/kg thi bao nhieu mg")
    found = row_of_said_figure(oral, every, frame, asked)
    assert found is not None and "nôn sau mổ" in found.text
    by_mouth = frame.model_copy(update={"route": "oral"})
    assert row_of_said_figure(oral, every, by_mouth, asked) is None
