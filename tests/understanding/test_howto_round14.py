"""How-to questions of round 14: stopping asked with how long ago something was done ("đặt
stent được 5 tháng rồi" is no age), and a missed dose made up with the next one."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to_topics
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    [
        "mổ tim được 4 tháng rồi, giờ tự bỏ aspirin được không",
        "bị gút 3 tháng nay, tự ngưng allopurinol được không",
    ],
)
def test_stopping_asked_after_how_long_ago_something_was_done(text: str) -> None:
    """Months since an operation or a diagnosis are not the patient's age."""
    assert HowTo.DURATION in read_how_to_topics(Turn.of(text))


@pytest.mark.parametrize(
    "text",
    [
        "hôm qua bà quên, sáng nay cho bà uống 2 viên luôn cho đủ được không",
        "tối qua quen, nay uong gop 2 lieu duoc ko",
    ],
)
def test_a_missed_dose_made_up_with_the_next(text: str) -> None:
    """Taking two at once to make up a forgotten one is the missed-dose question."""
    assert HowTo.MISSED_DOSE in read_how_to_topics(Turn.of(text))


@pytest.mark.parametrize(
    "text",
    ["đang uống doxycyclin, có cần kiêng nắng không", "uong thuoc nay co phai kieng ra nang ko"],
)
def test_the_sun_shunned_is_a_caution_not_a_food(text: str) -> None:
    """ "kiêng nắng" shuns the sun, not a food: the caution sentence."""
    topics = read_how_to_topics(Turn.of(text))
    assert HowTo.CAUTION in topics and HowTo.FOOD not in topics
