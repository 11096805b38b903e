"""How-to questions said in other words (tuning11): a capsule's shell taken off, which meal,
"before/after meal" in English, tablets moved to another box, an antacid named by its brand,
"cách nó bao lâu" of another product, and a skin allergy test ahead with "nghỉ"."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to, read_how_to_topics
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("bà nuốt viên to không nổi, bóc vỏ nang ra rắc vào cháo được không", HowTo.CRUSH),
        ("me nuot ko noi vien nang nay, tach vo ra pha nuoc dc ko", HowTo.CRUSH),
        ("thuốc này buổi trưa hay tối, uống vào bữa nào thì hợp", HowTo.FOOD),
        ("viên sắt này uống after meal được không em", HowTo.FOOD),
        ("cho het vi vao lo khac de mang di du lich duoc ko", HowTo.STORAGE),
        ("uống gói Maalox chung luôn với viên này được không", HowTo.TOGETHER),
        ("viên sắt thì uống cách thuốc tuyến giáp mấy tiếng", HowTo.TOGETHER),
        ("tuần sau con đi test dị ứng, thuốc chống ngứa có phải tạm nghỉ không", HowTo.CAUTION),
    ],
)
def test_round11_topics(text: str, topic: HowTo) -> None:
    """Each question is read as its topic."""
    assert topic in read_how_to_topics(Turn.of(text))


def test_apart_without_a_product_is_not_taking_together() -> None:
    """ "uống cách mấy tiếng một lần" with nothing else named is the dose interval."""
    assert HowTo.TOGETHER not in read_how_to_topics(Turn.of("uống cách nhau mấy tiếng một lần"))


def test_the_way_to_use_is_not_spacing() -> None:
    """ "cách dùng" is how it is used, not how far apart two products go."""
    assert read_how_to(Turn.of("cách dùng canxi bao lâu thì đủ")) is not HowTo.TOGETHER


def test_insisting_is_no_swap() -> None:
    """ "đòi tự ngưng" (insists on stopping) folds like "đổi từ": a stop, not a swap."""
    topics = read_how_to_topics(Turn.of("mẹ cứ đòi tự ngưng thuốc huyết áp, có nên không"))
    assert HowTo.SWAP not in topics
    assert HowTo.DURATION in topics


def test_a_swap_with_its_mark_stays() -> None:
    """ "đổi từ" with its mark is a swap."""
    assert HowTo.SWAP in read_how_to_topics(Turn.of("đổi từ viên 500 sang viên 850 được không"))
