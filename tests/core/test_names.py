"""Tests for core/names.py: the rules that turn written drug names into comparable words."""

from __future__ import annotations

import pytest

from core.names import (
    base_words,
    brand_names,
    content_words,
    ingredient_parts,
    is_known_other_substance,
    product_stem,
    spelling,
    split_parentheses,
    text_tokens,
    words_of,
)


@pytest.mark.parametrize(
    ("english", "vietnamese"),
    [
        ("amoxicillin", "amoxicilin"),
        ("cetirizine", "cetirizin"),
        ("morphine", "morphin"),
        ("metronidazole", "metronidazol"),
        ("domperidone", "domperidon"),
        ("cefuroxime", "cefuroxim"),
        ("furosemide", "furosemid"),
        ("hydrochloride", "hydroclorid"),
        ("sulphate", "sulfat"),
        ("phosphate", "phosphat"),
        ("calcium", "calci"),
        ("clavulanic", "clavulanat"),
        ("amoxycillin", "amoxicilin"),
        ("allopurinol", "alopurinol"),
        ("phytomenadione", "phytomenadion"),
    ],
)
def test_english_and_vietnamese_spellings_fold_together(english: str, vietnamese: str) -> None:
    """An INN's English spelling and the book's Vietnamese spelling fold to one word."""
    assert spelling(english) == spelling(vietnamese)


@pytest.mark.parametrize(("a", "b"), [("prednison", "prednisolon"), ("dopamin", "domperidon")])
def test_different_substances_stay_different(a: str, b: str) -> None:
    """Folding spellings does not merge two different medicines."""
    assert spelling(a) != spelling(b)


def test_spelling_is_stable() -> None:
    """Folding a folded word changes nothing, so index keys and typed words agree."""
    for word in ("acetylsalicylic", "hydrochloride", "magnesium", "clavulanate", "justice"):
        assert spelling(spelling(word)) == spelling(word)


def test_acid_order_and_link_words_do_not_matter() -> None:
    """The words of "Acid acetylsalicylic" and "acetylsalicylic acid" are the same."""
    assert content_words(words_of("Acid acetylsalicylic")) == content_words(
        words_of("acetylsalicylic acid")
    )
    assert content_words(words_of("amoxicilin + acid clavulanic")) == content_words(
        words_of("clavulanat và amoxicillin")
    )


@pytest.mark.parametrize(
    ("name", "base"),
    [
        ("Tramadol hydroclorid", ("tramadol",)),
        ("Cetirizine hydrochloride", ("cetirizin",)),
        ("Morphin sulfat", ("morfin",)),
        ("Amlodipine besylate", ("amlodipin",)),
        ("natri valproat", ("valproat",)),
        ("Losartan potassium", ("losartan",)),
        ("Tramadol HCl", ("tramadol",)),
    ],
)
def test_salt_and_ester_words_are_stripped(name: str, base: tuple[str, ...]) -> None:
    """A salt, ester or counter-ion word is dropped to give the base name."""
    assert base_words(content_words(words_of(name))) == base


@pytest.mark.parametrize("name", ["Natri clorid", "Magnesi sulfat", "Paracetamol"])
def test_no_base_when_nothing_or_nothing_to_strip(name: str) -> None:
    """A name that is all salt words, or has none, has no separate base name."""
    assert base_words(content_words(words_of(name))) is None


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("Amoxicilin và kali clavulanat", 2),
        ("Amoxicillin and potassium clavulanate", 2),
        ("Sulfamethoxazol + trimethoprim", 2),
        ("Amoxicillin/clavulanic acid", 2),
        ("Co-trimoxazol", 1),
        ("Phytomenadion (Pytonadion, vitamin K1)", 1),
        ("Isosorbid dinitrat", 1),
    ],
)
def test_combination_parts(name: str, parts: int) -> None:
    """A combination splits on "và", "and", "+", "/" and a hyphen between two substances."""
    assert len(ingredient_parts(name)) == parts


def test_bracketed_names_are_separate_names() -> None:
    """Names in brackets are other names of the drug, one per comma."""
    assert split_parentheses("Phytomenadion (Pytonadion, vitamin K1)") == (
        "Phytomenadion",
        ("Pytonadion", "vitamin K1"),
    )
    assert split_parentheses("Glyceryl trinitrate (Nitroglycerin)") == (
        "Glyceryl trinitrate",
        ("Nitroglycerin",),
    )


def test_brand_list_parsing() -> None:
    """A Tên thương mại list yields each product once, without emphasis or a full stop."""
    text = "*Zentamox; Zentamox SR; Kalvix 500/125;*\n\n*Orbanel Duo Syrup; Zentamox.*"
    assert brand_names(text) == ("Zentamox", "Zentamox SR", "Kalvix 500/125", "Orbanel Duo Syrup")


def test_product_stem_drops_strength_and_form() -> None:
    """A brand's strength and form words are not part of its name."""
    assert product_stem(words_of("Kalvix 500/125")) == ("kalvix",)
    assert product_stem(words_of("Zentamox SR")) == ("zentamox",)
    assert product_stem(words_of("Orbanel Duo Syrup")) == ("orbanel",)


def test_known_other_substance() -> None:
    """A brand that is itself another substance's generic name is recognised as such."""
    assert is_known_other_substance(words_of("Prednisone"))
    assert not is_known_other_substance(words_of("Zentamox"))


def test_text_breaks_between_sentences() -> None:
    """Sentence and bracket punctuation marks a break; "+" and "/" do not."""
    words, breaks = text_tokens("Amoxicilin. Acid clavulanic + x/y (z)")
    assert words == ("amoxicilin", "acid", "clavulanic", "x", "y", "z")
    assert breaks == frozenset({1, 5, 6})
