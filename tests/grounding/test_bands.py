"""Tests for grounding/bands.py: the book's band phrasings read as age, weight and ClCr bands."""

from __future__ import annotations

import math

import pytest

from grounding.bands import inr_asked, inr_band, parse_bands

# (phrase, patient value, inside?) — ages in months, weights in kg, clearance in ml/phút.
AGE_CASES = [
    ("Trẻ em 2 - 4 tuổi", 36, True),
    ("Trẻ em 2 - 4 tuổi", 70, False),
    ("1 - 3 tháng tuổi", 2, True),
    ("Trẻ em 6 tháng - 2 tuổi", 12, True),
    ("trên 12 tuổi", 144, False),
    ("trên 12 tuổi", 156, True),
    ("Bệnh nhân 17 tuổi trở lên", 210, True),
    ("Trẻ em dưới 15 tuổi", 120, True),
    ("Trẻ em từ ba tháng đến 12 tuổi", 60, True),
    ("(trên hoặc bằng 2 tuổi)", 24, True),
    ("Trẻ sơ sinh trên 8 ngày tuổi và trẻ em dưới 3 tháng tuổi", 5, False),
]


@pytest.mark.parametrize(("phrase", "months", "inside"), AGE_CASES)
def test_age_bands(phrase: str, months: float, inside: bool) -> None:
    """An age phrase becomes a band that contains exactly the ages it names."""
    band = parse_bands(phrase).age
    assert band is not None
    assert band.contains(months) is inside


@pytest.mark.parametrize(
    ("phrase", "kg", "inside"),
    [("cân nặng 10 - 50 kg", 14, True), ("< 10 kg", 12, False), ("> 50 kg", 60, True)],
)
def test_weight_bands(phrase: str, kg: float, inside: bool) -> None:
    """A weight phrase becomes a band in kilograms."""
    band = parse_bands(phrase).weight
    assert band is not None
    assert band.contains(kg) is inside


@pytest.mark.parametrize(
    ("phrase", "clcr", "inside"),
    [
        ("ClCr 10 - 50 ml/phút", 20, True),
        ("Clcr ≤ 30 ml/phút", 30, True),
        ("> 30 ml/phút", 20, False),
    ],
)
def test_clearance_bands(phrase: str, clcr: float, inside: bool) -> None:
    """A creatinine-clearance phrase becomes a band in ml/phút, ends as printed."""
    band = parse_bands(phrase).clearance
    assert band is not None
    assert band.contains(clcr) is inside


def test_gestational_age_is_a_newborn_band() -> None:
    """ "Sơ sinh 28 - 32 tuần chỉnh theo tuổi thai" is a newborn row, weeks kept apart."""
    bands = parse_bands("Sơ sinh 28 - 32 tuần chỉnh theo tuổi thai")
    assert bands.age is not None and bands.age.hi <= 1
    assert bands.gestation_weeks is not None and bands.gestation_weeks.lo == pytest.approx(28)


def test_adult_cross_reference() -> None:
    """ "> 50 kg: Dùng liều như người lớn" is a weight band that sends to the adult dose."""
    bands = parse_bands("Trẻ em cân nặng > 50 kg: Dùng liều như người lớn")
    assert bands.adult_like
    assert bands.weight is not None and bands.weight.hi == math.inf


def test_durations_are_not_ages() -> None:
    """ "trong 5 - 7 ngày" is a course length, not an age band."""
    assert parse_bands("uống trong 5 - 7 ngày").age is None


def test_age_or_weight_is_marked_either() -> None:
    """An age band and a weight band joined by "hoặc" admit a patient by either one."""
    assert parse_bands("Trẻ dưới 3 tháng tuổi hoặc cân nặng dưới 5 kg").either
    assert not parse_bands("Trẻ 3 - 6 tháng tuổi (cân nặng từ 5 kg)").either


def test_symbol_font_signs_and_high_first_ranges_are_clearance_bands() -> None:
    """'TTC ³ 50 ml/phút', 'TTC £ 10 ml/phút' (≥, ≤ as extracted) and '49 - 20 ml/phút'."""
    up = parse_bands("TTC ³ 50 ml/phút").clearance
    down = parse_bands("TTC £ 10 ml/phút").clearance
    mid = parse_bands("TTC là 49 - 20 ml/phút").clearance
    assert up is not None and up.contains(60) and not up.contains(40)
    assert down is not None and down.contains(5) and down.contains(10) and not down.contains(12)
    assert mid is not None and mid.contains(30) and not mid.contains(5)


def test_inr_bands_are_read_from_a_paragraph_head() -> None:
    """'INR > 4 nhưng < 8: …' is the band 4–8; doses after the colon are not bounds."""
    band = inr_band("Nếu INR > 4 nhưng < 8: cho uống 2 mg")
    assert band is not None and band.contains(6.0) and not band.contains(9.0)
    below = inr_band("Nếu INR trên vùng điều trị nhưng dưới 4: ngừng một liều")
    assert below is not None and below.contains(3.0) and not below.contains(6.0)
    assert inr_band("Theo dõi INR mỗi ngày.") is None
    assert inr_asked("INR = 6,5 thì xử trí sao") == 6.5
    assert inr_asked("quá liều thì sao") is None
