"""Tests for engine/understanding/text.py: cleaning and accent folding."""

from __future__ import annotations

import unicodedata

from engine.understanding.text import MAX_CHARS, Turn, clean, fold, has_marks


def test_fold_strips_vietnamese_marks_and_keeps_length() -> None:
    """Folding removes diacritics (đ → d) and lowercases without changing positions."""
    text = "Liều Dùng ĐẶT hậu môn"
    assert fold(text) == "lieu dung dat hau mon"
    assert len(fold(text)) == len(text)


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
