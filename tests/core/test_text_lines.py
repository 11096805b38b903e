"""Tests for core/text.py: folding, phrases, bullets and verbatim sentences."""

from __future__ import annotations

from core.text import (
    contains_phrase,
    fold,
    opens_always,
    sentence_spans,
    sentences_of,
    table_row_text,
)


def test_fold_strips_diacritics_and_d_bar() -> None:
    """Folding makes 'Đái tháo đường' and 'dai thao duong' equal."""
    assert fold("  Đái   tháo ĐƯỜNG ") == "dai thao duong"


def test_contains_phrase_needs_whole_words() -> None:
    """A phrase matches whole words only, accent-insensitively."""
    assert contains_phrase("Viêm tai giữa cấp.", "viem tai giua")
    assert not contains_phrase("Gút mạn", "gu")


def test_sentences_keep_bullets_and_split_prose_verbatim() -> None:
    """Bullets stay whole; prose splits at sentence ends; nothing is reworded."""
    text = "- Sốt; đau.\nUống sau ăn. Không nhai viên."
    assert sentences_of(text) == ["Sốt; đau.", "Uống sau ăn.", "Không nhai viên."]


def test_table_rows_join_cells_and_skip_separators() -> None:
    """A table row reads 'cell — cell'; a separator row is dropped."""
    assert table_row_text("| Aspirin | Tăng chảy máu |") == "Aspirin — Tăng chảy máu"
    assert table_row_text("|---|:---:|") is None


def test_accented_phrase_keeps_its_accents() -> None:
    """'lậu' does not match 'lâu', 'ho' typed with accents stays distinct from 'hô'."""
    from core.text import contains_phrase_exact, has_diacritics

    assert has_diacritics("lậu")
    assert not has_diacritics("lau")
    assert not contains_phrase_exact("Dùng lâu dài.", "lậu")
    assert contains_phrase_exact("- Bệnh lậu không biến chứng.", "lậu")
    assert not contains_phrase_exact("Suy hô hấp.", "ho")


def test_sentence_spans_split_where_a_sentence_opens() -> None:
    """A sentence ends at ". " before a capital, a digit or a quote; not before lower case."""
    text = "Uống 5 mg. sau ăn. 2 lần; Đêm: nghỉ. “Chú ý”"
    pieces = [text[s:e] for s, e in sentence_spans(text)]
    assert pieces == ["Uống 5 mg. sau ăn.", "2 lần;", "Đêm: nghỉ.", "“Chú ý”"]


def test_sentence_spans_take_a_reading_of_their_own() -> None:
    """`opens` decides where a sentence opens; `start` and `stop` bound the reading."""
    text = "xx a. b. c yy"
    spans = sentence_spans(text, 3, 10, opens=opens_always)
    assert [text[s:e] for s, e in spans] == ["a.", "b.", "c"]


def test_clauses_tile_the_text() -> None:
    """Clauses split at every ";" and sentence end, and keep every span, blank or not."""
    text = "10 mg/kg;tối đa 1 g. x;;y"
    spans = sentence_spans(text, clauses=True)
    assert [text[s:e] for s, e in spans] == ["10 mg/kg", "tối đa 1 g.", "x", "", "y"]
