"""How-to questions of round 15: what a person asks about keeping, throwing away, timing,
a course taken without a break, a stop, posture and an inhaler, read by the situation."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.drugs import DrugMatcher
from understanding.howto import read_how_to_topics
from understanding.reading import read_turn
from understanding.testing import demo_catalog
from understanding.text import Turn


def _topics(text: str) -> list[HowTo]:
    return read_how_to_topics(Turn.of(text))


@pytest.mark.parametrize(
    "text",
    [
        "hộp thuốc xịt hết rồi, đem đốt chung với rác được không",
        "lọ tiêm pha xong thấy hơi vàng vàng, có bị hư không",
        "dung dịch ngả màu hổ phách thì còn dùng được không",
        "để mấy ống thuốc dưới đèn cả ngày có sao không hay cất trong hộp",
        "mấy viên thuốc tim tôi bỏ túi áo mang theo được không",
    ],
)
def test_keeping_spoiling_and_throwing_away_are_storage(text: str) -> None:
    """A spent canister burnt, a colour turned, light and the pack, carried in a pocket; "mấy
    viên"/"mấy ống" there count what is kept, no amount is asked."""
    assert HowTo.STORAGE in _topics(text)


def test_snapping_ampoules_open_is_no_crushing() -> None:
    """ "bẻ sẵn mấy ống" opens ampoules; nothing is crushed."""
    topics = _topics("em bẻ sẵn mấy ống ra khay để dưới đèn được không")
    assert HowTo.STORAGE in topics and HowTo.CRUSH not in topics


def test_breaking_a_tablet_is_still_crushing() -> None:
    assert HowTo.CRUSH in _topics("bẻ đôi viên được không")


@pytest.mark.parametrize("text", ["uống liền cả tháng được không", "dung lien 2 tuan co sao ko"])
def test_a_course_without_a_break_is_its_length(text: str) -> None:
    assert HowTo.DURATION in _topics(text)


@pytest.mark.parametrize(
    "text",
    ["đang bị đau khớp lên cơn, có ngưng colchicin không", "co nen ngung aspirin ko"],
)
def test_whether_to_stop_asked_is_the_stop(text: str) -> None:
    assert HowTo.DURATION in _topics(text)


@pytest.mark.parametrize("text", ["uong toi cho de nho dc ko", "uống sáng cho tiện được không"])
def test_an_hour_asked_for_a_reason_is_the_time(text: str) -> None:
    assert HowTo.TIME_OF_DAY in _topics(text)


def test_everything_taken_at_once_with_another_product_is_together() -> None:
    """ "gom hết uống 1 lần" with iron and calcium: how far apart, not the hour."""
    topics = _topics("sáng uống thuốc tuyến giáp, thêm viên canxi, gom hết uống 1 lần được không")
    assert topics[0] is HowTo.TOGETHER and HowTo.TIME_OF_DAY not in topics


@pytest.mark.parametrize(
    "text",
    [
        "lên cơn thì nằm xuống hay ngồi rồi mới ngậm",
        "con chưa biết hít, xịt vào là ho ra hết",
    ],
)
def test_posture_and_an_inhaler_not_breathed_in_are_how_it_is_given(text: str) -> None:
    """Told without "được không": still how the form is given."""
    assert HowTo.GIVING in _topics(text)


def test_whatever_is_taken_asks_no_drug() -> None:
    """ "uống gì cũng xót" is "whatever I take", not "which drug"."""
    matcher = DrugMatcher(demo_catalog())
    said = read_turn(Turn.of("uống ibuprofen trước hay sau ăn, uống gì cũng xót"), matcher)
    asked = read_turn(Turn.of("đau dạ dày thì uống gì"), matcher)
    assert said.which_drug < 0 and asked.which_drug >= 0


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("viên này uống mấy giờ thì tốt nhất", HowTo.TIME_OF_DAY),
        ("có phải uống đủ liệu trình không", HowTo.DURATION),
        ("lọ thuốc để tủ đông đông đá hết rồi", HowTo.STORAGE),
    ],
)
def test_hour_course_and_frost(text: str, topic: HowTo) -> None:
    assert topic in _topics(text)


def test_a_clot_is_no_frost() -> None:
    assert HowTo.STORAGE not in _topics("bé bị đông máu có dùng được không")
