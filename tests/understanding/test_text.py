"""Tests for understanding/text.py: cleaning and accent folding."""

from __future__ import annotations

import unicodedata

import pytest

from core.text import fold_aligned
from understanding.text import (
    MAX_CHARS,
    NGRAM_WORDS,
    Turn,
    clean,
    has_marks,
    is_ngram_phrase,
    ngram_set,
)


def test_fold_strips_vietnamese_marks_and_keeps_length() -> None:
    """Folding removes diacritics (đ → d) and lowercases without changing positions."""
    text = "Liều Dùng ĐẶT hậu môn"
    assert fold_aligned(text) == "lieu dung dat hau mon"
    assert len(fold_aligned(text)) == len(text)


def test_clean_is_nfc_and_collapses_noise() -> None:
    """Decomposed input becomes NFC; repeated punctuation and spaces collapse."""
    decomposed = unicodedata.normalize("NFD", "liều   dùng???!!!")
    cleaned = clean(decomposed)
    assert cleaned == "liều dùng?!"
    assert unicodedata.is_normalized("NFC", cleaned)


def test_turn_tokens_and_phrase_lookup() -> None:
    """Phrases match as whole folded words, with or without accents in the input."""
    turn = Turn.of("Chống chỉ định của Paracetamol?")
    assert turn.tokens == ("chong", "chi", "dinh", "cua", "paracetamol")
    assert turn.has("chong chi dinh") and not turn.has("chi dinh cua x")


def test_marks_decide_what_a_word_means() -> None:
    """A word typed with other marks is another word ('bẻ' is not 'bé'); bare letters may be."""
    assert has_marks("cho bé") and not has_marks("cho be")
    assert not Turn.of("bẻ đôi viên").means(0, "bé")
    assert Turn.of("be doi vien").means(0, "bé")


def test_long_turns_are_cut() -> None:
    """A very long turn is cut to MAX_CHARS before matching."""
    assert len(Turn.of("a" * (MAX_CHARS * 2)).original) == MAX_CHARS


def test_non_string_input_is_tolerated() -> None:
    """None or a number becomes text rather than an error."""
    assert Turn.of(None).tokens == ()
    assert Turn.of(42).tokens == ("42",)


def _substring_has(turn: Turn, *phrases: str) -> bool:
    """The plain definition `has` must agree with: a padded search of the joined tokens."""
    return any(f" {p} " in turn.joined for p in phrases)


def _substring_find(turn: Turn, *phrases: str) -> int:
    hits = [i for p in phrases if (i := turn.joined.find(f" {p} ")) >= 0]
    return min(hits) if hits else -1


def test_ngram_lookup_agrees_with_a_substring_search() -> None:
    """Short phrases go through the n-gram set, long or odd ones through a search: same answers."""
    turn = Turn.of("bé 5 tuổi uống thuốc hạ sốt paracetamol mấy lần một ngày thì được ạ")
    assert len(turn.tokens) > NGRAM_WORDS
    seven = " ".join(turn.tokens[1:8])  # longer than any n-gram
    phrases = [
        ("paracetamol",),
        ("ha sot paracetamol",),
        (seven,),
        (seven + " x",),
        ("may  lan",),  # two spaces: never a whole-word match
        ("ha-sot",),
        ("khong co", "mot ngay"),
        ("",),
        (),
    ]
    for group in phrases:
        assert turn.has(*group) == _substring_has(turn, *group), group
        assert turn.find(*group) == _substring_find(turn, *group), group
    assert turn.has(seven) and turn.find(seven) == 3


def test_ngram_set_refuses_what_it_cannot_hold() -> None:
    assert ngram_set(["lieu dung", "tre em"]) == frozenset({"lieu dung", "tre em"})
    with pytest.raises(ValueError, match="single-spaced folded phrases"):
        ngram_set(["lieu  dung"])
    with pytest.raises(ValueError, match="single-spaced folded phrases"):
        ngram_set(["Liều"])
    with pytest.raises(ValueError, match="single-spaced folded phrases"):
        ngram_set([" ".join(["a"] * (NGRAM_WORDS + 1))])
    assert is_ngram_phrase("a b") and not is_ngram_phrase("")
