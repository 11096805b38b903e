"""Handling a medicine asked (tuning21): the sentence on touching it answers, not a caution
that only shares a word with the topic."""

from __future__ import annotations

from core.frame import HowTo
from grounding.howto_asked import Asked
from grounding.howto_narrow import asks_handling, primary


def test_touching_it_narrows_the_caution_to_handling() -> None:
    asked = Asked(folded=" lo cham vao vien thuoc co sao khong ")
    assert asks_handling(asked)
    pattern = primary(HowTo.CAUTION, broad=False, asked=asked)
    assert pattern.search("phụ nữ mang thai không nên tiếp xúc")
    assert not pattern.search("thận trọng khi mất nước")


def test_no_handling_keeps_the_caution_words() -> None:
    asked = Asked(folded=" uong thuoc nay co can tranh nang khong ")
    assert not asks_handling(asked)
    assert primary(HowTo.CAUTION, broad=False, asked=asked).search("tránh ánh nắng")
