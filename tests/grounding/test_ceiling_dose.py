"""A row whose dose is its per-kg day ceiling, worked out for the weight and the user's split."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.amounts import amount_claims
from grounding.asked import AskedWords
from grounding.bands import Bands
from grounding.blocks import BlockKind, parse_blocks
from grounding.ceilings import ceiling_dose_claims
from grounding.derivation import recompute
from grounding.liquid import read_strength

ROW = "Trẻ dưới 3 tháng tuổi: tối đa 30 mg/kg/ngày, chia 2 lần"


def anyone(_: Bands) -> bool:
    return True


def test_the_ceiling_is_the_days_amount_and_the_users_split_one_dose() -> None:
    """5 kg: 150 mg a day at most; in 2 doses 75 mg, 3 ml of 125mg/5ml; both recompute."""
    liquid = read_strength("125mg/5ml")
    claims = ceiling_dose_claims(ROW, 5, 0, anyone, 2, liquid)
    results = [c.derivation.result for c in claims if c.derivation]
    assert results == ["6 ml", "3 ml"]
    for c in claims:
        assert c.derivation is not None and recompute(c.derivation) is not None
    assert [c.derivation.result for c in ceiling_dose_claims(ROW, 5, 0, anyone, None, None)
            if c.derivation] == ["150 mg"]  # fmt: skip


def test_a_row_with_its_own_dose_or_another_band_gives_no_ceiling_amount() -> None:
    """ "150 mg × 3 lần/ngày. Tối đa 30 mg/kg/ngày": the dose is the 150 mg; a band the
    patient is not in gives nothing."""
    dosed = "Trẻ 4–7 tuổi: 150 mg × 3 lần/ngày. Tối đa 30 mg/kg/ngày"
    assert ceiling_dose_claims(dosed, 16, 0, anyone, None, None) == []
    assert ceiling_dose_claims(ROW, 5, 0, lambda _: False, 2, None) == []


SECTION = """*Trẻ em dưới 40 kg:*

Tính theo cân nặng: 25–45 mg/kg/ngày chia 2 lần.

Theo tuổi: trẻ dưới 3 tháng tuổi: tối đa 30 mg/kg/ngày, chia 2 lần; 3 – 12 tháng: 125 mg."""


def test_the_usual_rows_are_held_at_the_childs_band_ceiling() -> None:
    """A 2-month-old of 5 kg: 25–45 mg/kg/ngày is held at the band's 30 mg/kg/ngày (125–150
    mg); a 6-month-old of 7 kg is outside that band and gets the whole range."""
    evidence = ev("amoxicillin", "Amoxicilin", "lieu_luong_cach_dung", SECTION)
    blocks = [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]
    rows = [b for b in blocks if "25–45" in b.text]

    def results(months: float, kg: float) -> list[str]:
        frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=months,
                           weight_kg=kg)  # fmt: skip
        worked = amount_claims(rows, [], blocks, frame, AskedWords(""))
        return [c.derivation.result for cs in worked.values() for c in cs if c.derivation]

    assert results(2, 5) == ["125–150 mg", "62,5–75 mg"]
    assert results(6, 7) == ["175–315 mg", "87,5–157,5 mg"]
