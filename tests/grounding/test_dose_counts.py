"""Tests for grounding/dose_counts.py: doses a day said around a dose figure."""

from __future__ import annotations

from decimal import Decimal

import pytest

from grounding.dose_counts import said_doses_a_day, split_of, times_between


def test_a_day_split_in_a_fixed_number_of_doses() -> None:
    """'chia làm 4 lần' is four doses; 'cách 8 giờ/lần' three; a range or a most is none."""
    four, three = split_of(", chia lam 4 lan, tiem truyen"), split_of(" cach 8 gio/lan roi")
    assert four is not None and four[0] == Decimal(4)
    assert three is not None and three[0] == Decimal(3)
    assert split_of(", chia lam 2 - 3 lan") is None
    assert split_of(", toi da chia 2 lan") is None


def test_a_split_after_a_second_figure_of_the_day() -> None:
    """', 6,4 mg/kg acid clavulanic/ngay, chia 2 lan' still splits the figure before."""
    found = split_of(", 6,4 mg/kg acid clavulanic/ngay, chia 2 lan, uong")
    assert found is not None and found[0] == Decimal(2)


def test_a_range_of_doses_a_day() -> None:
    """'x 3 - 4 lần/ngày' is three to four doses; 'tối đa 3 - 4 lần/ngày' is a most."""
    found = times_between(" x 3 - 4 lan/ngay.")
    assert found is not None and found[0] == (Decimal(3), Decimal(4))
    assert times_between(", toi da 3 - 4 lan/ngay") is None
    assert times_between(" x 4 - 3 lan/ngay") is None


@pytest.mark.parametrize(
    ("said", "doses"),
    [
        ("bac si cho uong chia 3 lan, moi lan bao nhieu", 3),
        ("tiem tm chia 4 lan/ngay", 4),
        ("ngay uong 2 lan sang toi", 2),
        ("3 lan/ngay thi moi lan bao nhieu", 3),
        ("cu 8 tieng 1 lan", 3),
        ("chia 3 cu", 3),
        ("chia may lan", None),
        ("chia 2-3 lan", None),
        ("moi 6 - 8 gio", None),
        ("hom qua uong 3 lan roi", None),
        ("ngay 2 lan, hay 3 lan/ngay", None),
    ],
)
def test_the_doses_a_day_a_user_says(said: str, doses: int | None) -> None:
    """One count of doses a day the user says is read ("chia 3 lần", "ngày uống 2 lần", "cứ 8
    tiếng 1 lần"); a count asked, a range, doses already taken or two counts are none."""
    assert said_doses_a_day(said) == doses
