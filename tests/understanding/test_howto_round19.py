"""Tests for the how-to reader (tuning19): a chart's route shorthands, a nurse asking in a
hurry."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to_topics
from understanding.howto_regional import regional
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    [
        "enoxaparin TB được không hay phải TDD",
        "thuốc này chích tb dc k chị",
        "y lệnh ghi TDD, đổi sang TB được không",
    ],
)
def test_a_charts_route_shorthand_is_how_it_is_given(text: str) -> None:
    assert HowTo.GIVING in read_how_to_topics(Turn.of(text))


def test_lower_case_tb_alone_is_not_a_route() -> None:
    """ "tb" alone may be "trung bình" or "thông báo"."""
    turn = Turn.of("huyết áp tb 130, uống thuốc này được không")
    assert regional(turn).original == turn.original


@pytest.mark.parametrize(
    "text",
    [
        "uống thuốc dị ứng xong là ngủ gà ngủ gật, có cách nào uống mà không bị thế không",
        "uong xong chong mat qua, uong sao cho do bi vay",
    ],
)
def test_how_to_be_spared_an_effect_told_is_a_caution(text: str) -> None:
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.CAUTION]


def test_a_pill_organiser_is_storage_not_a_dose() -> None:
    """'hộp chia liều' is a box that holds the week's doses: no dose asked, no tablet split."""
    text = "mình lấy thuốc ra khỏi vỉ bỏ sẵn vào hộp chia liều cho 7 ngày được không"
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.STORAGE]


def test_a_little_one_who_will_not_take_the_inhaler_asks_how_to_give_it() -> None:
    """The age told is who the child is, not a dose asked."""
    text = "thằng bé 2 tuổi ko chịu hít bình xịt, xịt vô là nó khóc, làm sao cho con hít được"
    assert HowTo.GIVING in read_how_to_topics(Turn.of(text))


@pytest.mark.parametrize(
    "text",
    ["cho ông uống thuốc với 1 cốc sữa luôn được không", "uong voi ly sua dc ko"],
)
def test_a_drink_said_by_its_glass_is_the_drink(text: str) -> None:
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.FOOD]


def test_remembered_only_days_later_is_a_missed_dose() -> None:
    text = "đi công tác cả tuần, hôm qua mới nhớ ra, giờ uống được không"
    assert read_how_to_topics(Turn.of(text)) == [HowTo.MISSED_DOSE]
