"""Round 17 (doses): worked-out amounts from a bottle's strength said aloud or printed on a
foreign label, and a per-kg dose given a range of times a day (our own rows and sentences)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.spoken import said_number, written_amounts
from grounding.dose_figures import Period, figures_in
from grounding.liquid import asked_liquid, ml_asked, read_strength


@pytest.mark.parametrize(
    ("words", "digits"),
    [
        ("mot tram hai muoi lam", "125"),
        ("mot tram hai lam", "125"),
        ("mot tram hai", "120"),
        ("hai tram ruoi", "250"),
        ("hai tram linh nam", "205"),
        ("muoi lam", "15"),
        ("bon muoi", "40"),
        ("nam", "5"),
        ("hai phay nam", "2,5"),
        ("mot nghin", "1000"),
        ("mot nghin hai", "1200"),
    ],
)
def test_number_words_are_read_as_digits(words: str, digits: str) -> None:
    assert said_number(words) == digits


def test_only_number_words_before_a_unit_are_rewritten() -> None:
    said = "bé ba tuổi, chai hai trăm năm mươi mi li gam trên năm mi li, cho mấy mi li"
    assert written_amounts(said) == "bé ba tuổi, chai 250 mg/5 ml, cho mấy ml"
    assert written_amounts("cao chín mươi mi li mét") == "cao chín mươi mi li mét"


def test_a_strength_said_aloud_is_the_bottles() -> None:
    strength = read_strength("lọ siro hai trăm năm mươi mi li gam trên năm mi li")
    assert strength is not None and strength.mg_per_ml == Decimal(50)
    assert read_strength(strength.quoted) == strength  # the quote reads the same again
    assert ml_asked("mỗi lần cho cháu uống mấy mi li")
    assert asked_liquid("chai bốn mươi mi li gam trên năm mi li, uống bao nhiêu mi li") is not None


@pytest.mark.parametrize(
    ("label", "per_ml"),
    [
        ("suspension 400mg/57mg per 5mL", Decimal(80)),
        ("Saft 100 mg in 5 ml", Decimal(20)),
        ("siro 160mg trên 5ml", Decimal(32)),
    ],
)
def test_a_strength_joined_by_per_in_or_tren(label: str, per_ml: Decimal) -> None:
    strength = read_strength(label)
    assert strength is not None and strength.mg_per_ml == per_ml


def test_a_per_kg_dose_given_a_range_of_times_a_day_is_each_dose() -> None:
    (figure,) = figures_in("Trẻ nhỏ: 150 microgam/kg (tối đa 3 mg), ngày 2 - 3 lần.")
    assert figure.period is Period.DOSE
    (daily,) = figures_in("Trẻ nhỏ: 30 mg/kg/ngày, chia 2 - 3 lần.")
    assert daily.period is Period.DAY
