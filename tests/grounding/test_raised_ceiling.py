"""Tests for the ceilings read in grounding/dose_figures.py and grounding/ceilings.py: the
per-kg day a regimen may be raised to is its day's ceiling; a ceiling of the doses by age
does not hold an amount worked out per kg."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.amounts import amount_claims
from grounding.asked import AskedWords
from grounding.blocks import BlockKind, parse_blocks
from grounding.derivation import verify
from grounding.dose_figures import Period, caps_in, figures_in


def test_raised_to_a_per_kg_day_is_a_days_ceiling() -> None:
    """ "có thể tăng dần tới 45 mg/kg/ngày" caps a day per kg; it is no dose figure."""
    text = "Khởi đầu 15 mg/kg/ngày, có thể tăng dần tới 45 mg/kg/ngày nếu cần."
    caps = caps_in(text)
    assert [(c.quoted, c.per_kg, c.period) for c in caps] == [
        ("tăng dần tới 45 mg/kg/ngày", True, Period.DAY)
    ]
    assert [f.quoted for f in figures_in(text)] == ["15 mg/kg/ngày"]


def test_a_titration_step_is_no_ceiling() -> None:
    """ "tăng lên 250 mg mỗi lần", "tăng thêm 5 mg/kg": the next step, not a most."""
    assert caps_in("có thể tăng lên 250 mg mỗi lần sau 3 ngày") == []
    assert caps_in("mỗi tuần tăng thêm 5 mg/kg/ngày") == []


def _max_day(text: str, age_months: int, weight: int, asked: str) -> list[str]:
    blocks = parse_blocks([(0, ev("naproxen", "Naproxen", "lieu_luong_cach_dung", text))])
    rows = [b for b in blocks if b.kind is BlockKind.ROW]
    frame = QueryFrame(
        turn_type="dosing_calc", population="child", age_months=age_months, weight_kg=weight,
        max_dose=True,
    )  # fmt: skip
    found = amount_claims(rows, [], blocks, frame, AskedWords(asked))
    claims = [c for cs in found.values() for c in cs if c.text.startswith("Tối đa mỗi ngày")]
    assert all(c.derivation and verify(c.derivation) == [] for c in claims)
    return [c.text for c in claims]


def test_the_raised_day_is_held_at_the_rows_ceiling_in_mg() -> None:
    """45 kg × 45 mg/kg/ngày = 2 025 mg, held at the row's "tối đa 1,5 g/ngày"."""
    text = (
        "*Viêm khớp thiếu niên:*\n\nTrẻ 2 - 16 tuổi: 10 mg/kg x 2 lần/ngày.\n\n"
        "Có thể tăng dần tới 45 mg/kg/ngày, chia 2 lần. Tối đa 1,5 g/ngày."
    )
    assert _max_day(text, 150, 45, "viêm khớp thiếu niên một ngày tối đa bao nhiêu") == [
        "Tối đa mỗi ngày: 45 kg × 45 mg/kg/ngày = 2 025 mg; Tối đa 1,5 g/ngày → 1,5 g mỗi ngày"
    ]


def test_the_doses_by_age_ceiling_does_not_hold_the_per_kg_rule() -> None:
    """ "Những liều theo lứa tuổi … không quá 20 mg/kg/ngày" holds the fixed doses by age; the
    per-kg rule's own 30 mg/kg/ngày gives 24 kg × 30 = 720 mg, not 480."""
    text = (
        "*Đau:*\n\nTrẻ 5 - 8 tuổi: 125 mg x 2 lần/ngày.\n\nNhững liều theo lứa tuổi (2 - 12"
        " tuổi) không quá 20 mg/kg/ngày. Tính theo cân nặng: 5 - 7 mg/kg mỗi lần, cách 8 - 12"
        " giờ; không quá 30 mg/kg/ngày."
    )
    assert _max_day(text, 84, 24, "đau, tối đa một ngày bao nhiêu") == [
        "Tối đa mỗi ngày: 24 kg × 30 mg/kg/ngày = 720 mg mỗi ngày"
    ]
