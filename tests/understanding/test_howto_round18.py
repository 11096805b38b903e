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
