"""Tests for grounding/markup.py: the book's words without their Markdown."""

from __future__ import annotations

from grounding.markup import shown


def test_emphasis_and_heads_are_removed() -> None:
    """Stars, underscores at word edges and heading hashes are not shown."""
    assert shown("### *Cách dùng:*") == "Cách dùng"
    assert shown("*Uống:* **500 mg**") == "Uống: 500 mg"
    assert shown("_Trẻ em:_ Uống") == "Trẻ em: Uống"


def test_table_breaks_never_join_a_number_to_a_unit() -> None:
    """'cách 12<br>giờ' keeps its break (the evidence has no '12 giờ'); other breaks are spaces."""
    assert shown("Từ 10 đến<br>30 ml/phút") == "Từ 10 đến 30 ml/phút"
    assert shown("250 mg cách 12<br><br>giờ/lần") == "250 mg cách 12\ngiờ/lần"


def test_an_underscore_after_a_unit_stays() -> None:
    """'6 tuổi_:' keeps its mark: without it the claim would bind a unit the source parts."""
    assert shown("_Trẻ em 2 - 6 tuổi_: Uống") == "Trẻ em 2 - 6 tuổi_: Uống"
