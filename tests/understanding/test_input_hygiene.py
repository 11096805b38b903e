"""Invisible characters and impossible numbers in a turn (issue 16)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, QueryFrame
from understanding.slots import read_age, read_weight
from understanding.text import Turn, clean

Parse = Callable[..., QueryFrame]
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff"]


@pytest.mark.parametrize("mark", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_invisible_characters_are_removed_not_spaced(mark: str) -> None:
    """An invisible character inside a word vanishes; it does not split the word."""
    assert clean(f"para{mark}cetamol") == "paracetamol"


@pytest.mark.parametrize("mark", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_a_drug_name_with_an_invisible_character_is_found(parse: Parse, mark: str) -> None:
    """'para<ZWSP>cetamol' names paracetamol, with no unknown drug fragments."""
    frame = parse(f"chống chỉ định của para{mark}cetamol")
    assert frame.drugs == ["paracetamol"]
    assert frame.unknown_drugs == []


@pytest.mark.parametrize(
    "text", ["nặng 1e400 kg", "bé -18 kg", "18,5,3 kg", "nặng 1e400", "cân nặng -18", "12.5.3kg"]
)
def test_impossible_weights_are_not_read(text: str) -> None:
    """Exponents, negatives and several decimal separators are not a weight."""
    assert read_weight(Turn.of(text)) is None


@pytest.mark.parametrize("text", ["1e400 tuổi", "-5 tuổi", "3,5,1 tuổi", "bé -18 tháng"])
def test_impossible_ages_are_not_read(text: str) -> None:
    """The same numbers are not an age either."""
    assert read_age(Turn.of(text)) is None


@pytest.mark.parametrize(
    ("text", "kg"), [("nặng 18 kg.", 18), ("12,5kg", 12.5), ("nặng 18", 18), ("bé 18kg", 18)]
)
def test_plain_weights_still_read(text: str, kg: float) -> None:
    """Ordinary weights, with a comma decimal or a full stop after them, still read."""
    assert read_weight(Turn.of(text)) == kg


def test_an_impossible_weight_is_asked_again(parse: Parse) -> None:
    """Answering the weight question with '-18 kg' leaves the weight unknown, so the open
    age/weight question stays open (asked again) instead of taking 18."""
    frame = parse("bé -18 kg, 5 tuổi", slot=ClarifySlot.AGE_WEIGHT)
    assert frame.weight_kg is None
    assert frame.age_months == 60
