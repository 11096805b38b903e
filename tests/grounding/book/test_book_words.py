"""The one matcher of the book's words (grounding/book/words.py)."""

from __future__ import annotations

from grounding.book.words import Words, folded_each, phrases, words


def test_a_list_opens_closes_or_is_the_text() -> None:
    """`match` reads a phrase at the start, `fullmatch` the whole text, `ends` the end."""
    heads = words("liều lượng|cách dùng")
    assert heads.match("lieu luong va cach dung")
    assert not heads.match("theo lieu luong")
    assert heads.fullmatch("cach dung")
    assert not heads.fullmatch("cach dung va lieu luong")
    assert heads.ends("theo cach dung")
    assert not heads.ends("theo cach dungx")


def test_closing_says_where_the_phrase_starts() -> None:
    """`closing` gives where the longest closing phrase starts, None when none closes."""
    day = words("mỗi ngày|mỗi ngày uống")
    assert day.closing("10 mg moi ngay uong") == len("10 mg ")
    assert day.closing("10 mg moi lan") is None


def test_replace_reads_one_phrase_as_another() -> None:
    """Every phrase of the list is replaced, as whole words only."""
    weight = words("thể trọng|trọng lượng")
    assert weight.replace("theo the trong", "can nang") == "theo can nang"
    assert weight.replace("trong luongx", "can nang") == "trong luongx"


def test_phrases_are_every_choice_in_order() -> None:
    """A part written `|a|b` is optional; the list holds each choice of each part."""
    made = phrases("liều ", "thường|chung", "| là")
    assert isinstance(made, Words)
    assert set(made.folded) == {"lieu thuong", "lieu chung", "lieu thuong la", "lieu chung la"}
    assert made.fullmatch("lieu chung la")


def test_each_phrase_of_a_list_is_folded_in_order() -> None:
    """`folded_each` folds one phrase for one, in order, keeping repeats."""
    assert folded_each(["Tuổi", "tháng", "tuổi"]) == ("tuoi", "thang", "tuoi")
