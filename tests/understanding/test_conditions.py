"""Tests for understanding/conditions.py: synonyms, broad categories, spans."""

from __future__ import annotations

import pytest

from understanding.conditions import (
    condition_from_span,
    find_conditions,
    make_condition,
)
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("cao huyết áp", "tăng huyết áp"),
        ("huyet ap cao", "tăng huyết áp"),
        ("tiểu đường", "đái tháo đường typ 2"),
        ("mỡ máu cao", "tăng cholesterol máu"),
        ("nhiễm trùng tiểu", "nhiễm khuẩn đường tiết niệu"),
        ("gout", "gút"),
        ("hen suyễn", "hen phế quản"),
        ("long đờm", "tiêu chất nhầy"),
        ("viêm màng não mủ", "viêm màng não"),
        ("bị lỵ amip", "lỵ amip"),
        ("nhiem giardia", "nhiễm Giardia"),
    ],
)
def test_spellings_and_synonyms_normalise(text: str, canonical: str) -> None:
    """Common spellings and synonyms map to one formulary term."""
    hits = find_conditions(Turn.of(text))
    assert [h.canonical for h in hits] == [canonical]


@pytest.mark.parametrize("text", ["mua ở đâu", "tác dụng phụ", "hỏi hộ", "phụ nữ"])
def test_common_words_are_not_conditions(text: str) -> None:
    """'đâu', 'phụ', 'hộ' fold like 'đau', 'phù', 'ho' but are not conditions."""
    assert find_conditions(Turn.of(text)) == []


@pytest.mark.parametrize("broad", ["nhiễm trùng", "đau", "bệnh tim", "ung thư"])
def test_broad_categories_are_ambiguous(broad: str) -> None:
    """A category-only condition is flagged ambiguous."""
    hit = find_conditions(Turn.of(broad))[0]
    assert make_condition(broad, hit.canonical).ambiguous


def test_specific_condition_is_not_ambiguous() -> None:
    """A specific condition carries no ambiguity and keeps the user's words."""
    query = make_condition("viêm tai giữa", "viêm tai giữa")
    assert not query.ambiguous and query.text == "viêm tai giữa"


def test_span_trims_filler_and_keeps_unknown_terms() -> None:
    """Filler around a free-text condition is trimmed; unknown terms keep their own words."""
    turn = Turn.of("với người bị bệnh Kawasaki không")
    query = condition_from_span(turn, 0, len(turn.tokens))
    assert query is not None
    assert query.text == "bệnh Kawasaki" and not query.ambiguous


def test_a_phrase_across_other_words_is_not_a_condition() -> None:
    """'thủy đậu có' folds to hold 'đau cơ', but 'đậu' is not 'đau': no đau cơ is read."""
    canonicals = [h.canonical for h in find_conditions(Turn.of("đang bị thủy đậu có dùng X không"))]
    assert "đau cơ" not in canonicals
    assert [h.canonical for h in find_conditions(Turn.of("bị đau cơ dùng X"))] == ["đau cơ"]
    assert [h.canonical for h in find_conditions(Turn.of("bi dau co dung X"))] == ["đau cơ"]


def test_a_denied_condition_is_not_read() -> None:
    """ "bé ko bị viêm màng não đâu": the patient does not have it; "bị viêm phổi" is read."""
    assert find_conditions(Turn.of("bé ko bị viêm màng não đâu ạ")) == []
    assert [h.canonical for h in find_conditions(Turn.of("bé bị viêm phổi"))] != []
