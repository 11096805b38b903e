"""Round 18: "người" typed short ("ng lớn", "ng già") names a grown-up."""

from __future__ import annotations

from core.frame import Population
from understanding.slots import read_population
from understanding.text import Turn


def test_a_grown_up_typed_short_is_an_adult() -> None:
    """ "ng lớn", "ng già" name a grown-up, as the whole word does."""
    said = "ng lớn uống amlodipin 5mg mấy v 1 ngày"
    assert read_population(Turn.of(said), None, None) is Population.ADULT
    said = "cho ng già uống paracetamol mấy v"
    assert read_population(Turn.of(said), None, None) is Population.ADULT
