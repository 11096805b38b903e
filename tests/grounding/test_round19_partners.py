"""Tests for grounding/interactions.py (tuning19): a mineral the person spells as they say
it ("canxi", "magie") finds the book's Latin spelling ("calci", "magnesi"); a product named
beside the drug without a monograph is the partner when the wording named none."""

from __future__ import annotations

from core.frame import QueryFrame
from grounding.interactions import book_spellings, partner_of


def test_a_spoken_mineral_gets_the_books_spelling() -> None:
    assert book_spellings("canxi") == ("calci",)
    assert book_spellings("viên magie B6") == ("magnesi",)
    assert book_spellings("ibuprofen") == ()


def test_the_partner_terms_hold_both_spellings() -> None:
    frame = QueryFrame(standalone_query="uống cùng viên canxi được không", partner="canxi")
    partner = partner_of(frame, ("levothyroxin",))
    assert partner is not None
    assert partner.terms == (("canxi", "calci"),)


def test_an_unknown_product_named_beside_the_drug_is_the_partner() -> None:
    frame = QueryFrame(
        standalone_query="sáng uống thuốc tuyến giáp xong uống luôn viên canxi có sao không",
        unknown_drugs=["canxi"],
    )
    partner = partner_of(frame, ("levothyroxin",))
    assert partner is not None
    assert partner.label == "canxi"
