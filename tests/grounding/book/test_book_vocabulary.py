"""The book's words as data, matched whole on folded text (grounding/book/vocabulary.py)."""

from __future__ import annotations

from core.text import fold
from grounding.book.bars import not_dosed, refuses
from grounding.book.vocabulary import CAPS, NEWBORN, REFUSALS, Words


def test_words_match_whole_words_accent_free() -> None:
    """A phrase written with diacritics matches folded text as a whole word only."""
    words = Words(("sơ sinh",))
    assert words.search(fold("Trẻ Sơ Sinh đủ tháng"))
    assert words.search("tre so sinh")
    assert not words.search("tre so sinhx")


def test_the_longest_phrase_wins() -> None:
    """ "không dùng quá" is found whole, so a cap is not read as a refusal."""
    assert CAPS.search("khong dung qua 5 ngay")
    assert not refuses("khong dung qua 5 ngay")
    assert refuses("khong dung cho tre duoi 2 tuoi")


def test_not_established_is_not_a_refusal() -> None:
    """ "chưa được xác định" says the book does not dose there, not that it forbids."""
    folded = fold("An toàn ở trẻ dưới 2 tuổi chưa được xác định.")
    assert not refuses(folded)
    assert not_dosed(folded)
    assert REFUSALS.search(fold("Không khuyến cáo dùng."))


def test_strip_blanks_every_phrase() -> None:
    """Stripping the newborn words leaves the rest of the line."""
    assert NEWBORN.strip("tre so sinh thieu thang").split() == ["tre"]  # noqa: B005 (Words.strip, not str.strip)
