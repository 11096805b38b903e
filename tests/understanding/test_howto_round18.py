"""How-to topics as round-18 writers asked them (regional words, relatives, carers): our own
sentences for each situation, through the topic reader."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to_topics
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    [
        # "mấy ổng", "mấy ông" (those men) are company, not ampoules counted
        "chiều nay mấy ổng kêu đi nhậu, uống thuốc này rồi làm vài ly được hông",
        "ba tui hay lai rai với mấy ông bạn, thuốc này có kỵ rượu không",
    ],
)
def test_drinking_with_those_men_is_alcohol(text: str) -> None:
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.ALCOHOL]


def test_ampoules_counted_still_ask_an_amount() -> None:
    assert read_how_to_topics(Turn.of("tiêm mấy ống thì đủ, pha với nước cất được không")) == []


def test_a_dose_skipped_to_drink_asks_the_drink() -> None:
    """Skipping tonight's dose to drink and making it up tomorrow: the drink is the question."""
    topics = read_how_to_topics(
        Turn.of(
            "tối nay có tiệc cưới, định ngưng thuốc 1 bữa để uống bia rồi mai uống bù được không"
        )
    )
    assert topics[:1] == [HowTo.ALCOHOL]
    assert HowTo.MISSED_DOSE not in topics


def test_a_dose_forgotten_after_drinking_is_still_missed() -> None:
    topics = read_how_to_topics(
        Turn.of("hôm qua đi nhậu về quên uống thuốc, sáng nay uống bù được không")
    )
    assert topics[:1] == [HowTo.MISSED_DOSE]


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # a capsule opened into food, said in the South ("vô" for "vào")
        ("viên nang này trộn vô cháo cho ông được không", HowTo.CRUSH),
        # chat shorthand "trc" for "trước"
        ("uong trc an dc ko", HowTo.FOOD),
    ],
)
def test_regional_words_and_shorthands(text: str, topic: HowTo) -> None:
    assert read_how_to_topics(Turn.of(text))[:1] == [topic]


def test_a_tooth_stays_a_tooth() -> None:
    """Only "làm răng" asks how; "đau răng" is a tooth."""
    assert HowTo.GIVING not in read_how_to_topics(Turn.of("đau răng uống thuốc ni được không"))


def test_two_at_once_after_forgetting_is_a_missed_dose() -> None:
    text = "hôm trước ba quên, hôm nay cho ba uống 2 viên luôn được không"
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.MISSED_DOSE]


def test_a_dose_worked_out_after_forgetting_to_ask_is_no_missed_dose() -> None:
    assert HowTo.MISSED_DOSE not in read_how_to_topics(Turn.of("quên hỏi liều, tính ra 250mg hả"))


def test_together_or_apart_asked_of_products_named_before() -> None:
    text = "mấy thứ đó uống chung một lúc được không hay phải tách ra"
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.TOGETHER]


def test_out_in_the_sun_and_what_to_shun_is_a_caution() -> None:
    text = "tuần này phải phơi lúa ngoài nắng cả ngày, uống thuốc có cần kiêng gì không"
    topics = read_how_to_topics(Turn.of(text))
    assert HowTo.CAUTION in topics
    assert HowTo.FOOD not in topics


def test_what_to_shun_without_the_sun_is_still_food() -> None:
    assert read_how_to_topics(Turn.of("uống thuốc này có phải kiêng gì không"))[:1] == [HowTo.FOOD]


def test_ampoules_taken_out_ahead_onto_a_tray_is_storage() -> None:
    """A night nurse sets the morning's ampoules out on a tray: how they keep there."""
    text = "tối trực em rút sẵn thuốc ra khay cho ca sáng, để vậy có sao không chị"
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.STORAGE]


def test_taken_for_weeks_already_and_going_on_asked_is_the_course() -> None:
    text = "mình tự uống thuốc giảm đau lưng 3 tuần nay rồi, uống tiếp được không"
    assert read_how_to_topics(Turn.of(text))[:1] == [HowTo.DURATION]
