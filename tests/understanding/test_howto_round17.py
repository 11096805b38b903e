"""Round 17 how-to reading: grapefruit named as people abroad name it, "two things" taken at
once or apart (the products named before), and "thứ cùng" that is no pet ("thú cưng")."""

from __future__ import annotations

from core.frame import HowTo, QueryFrame
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.howto import read_how_to_topics
from understanding.reading import read_turn
from understanding.text import Turn


def test_grapefruit_named_abroad_is_a_food_asked() -> None:
    for text in ("tối hay uống grapefruit juice có sao không", "uống Grapefruitsaft được ko"):
        assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.FOOD]


def test_two_things_at_once_or_apart_is_taking_them_together() -> None:
    """ "hai thứ" are the products named before; "tách ra" is apart in time, not a capsule."""
    topics = read_how_to_topics(Turn.of("hai loại này uống chung được ko hay phải tách ra"))
    assert topics == [HowTo.TOGETHER]


def test_two_things_at_once_is_no_pet(understander: RulesUnderstander) -> None:
    assert not read_turn(
        Turn.of("cho uống 3 thứ cùng một lúc được không"), understander._matcher
    ).non_human
    assert read_turn(Turn.of("nhà có thú cưng"), understander._matcher).non_human


def test_two_things_after_a_medicine_and_an_antacid(understander: RulesUnderstander) -> None:
    before = understander.parse("mua metoclopramid với gói thuốc dạ dày có nhôm")
    frame = understander.parse(
        "2 thứ uống cùng lúc hay cách nhau", UnderstandingContext(prior_frame=before)
    )
    assert frame.how_to_take is HowTo.TOGETHER
    assert isinstance(frame, QueryFrame) and frame.drugs == before.drugs
