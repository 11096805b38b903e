"""A row whose dose is its per-kg day ceiling, worked out for the weight and the user's split."""

from __future__ import annotations

from grounding.bands import Bands
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
