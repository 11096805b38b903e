"""Tests for grounding/dose_counts.py: doses a day said around a dose figure."""

from __future__ import annotations

from decimal import Decimal

from grounding.dose_counts import split_of, times_between


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
