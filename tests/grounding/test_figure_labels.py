"""Tests for grounding/figure_labels.py: the words that tell a row's per-kg figures apart."""

from __future__ import annotations

from grounding.block import Reading
from grounding.figure_labels import clause_start, figure_label


def _labels(text: str) -> list[str]:
    said = Reading(text)
    figures = said.figures
    return [figure_label(said, f, figures[k - 1] if k else None) for k, f in enumerate(figures)]


def test_the_phrase_before_each_figure_names_it() -> None:
    """The piece after the last comma before a figure is its label; a joining word is dropped."""
    assert _labels("Đối với sốt 10 mg/kg, và đau nặng 15 mg/kg.") == ["Đối với sốt", "Đau nặng"]


def test_a_when_after_the_figure_names_it() -> None:
    """ "mỗi lần khi sốt" after a figure is its label, read on the folded words."""
    assert _labels("Uống 10 mg/kg mỗi lần khi sốt, 5 mg/kg mỗi lần khi đau.") == [
        "Khi sốt",
        "Khi đau",
    ]


def test_markup_and_a_label_only_of_joining_words_give_no_label() -> None:
    """A figure after a head in markup and a colon has no label of its own words."""
    assert _labels("**Trẻ em**: 10 mg/kg; hoặc liều cao 20 mg/kg")[0] == ""


def test_a_clause_starts_after_its_semicolon() -> None:
    """`clause_start` is where the clause holding a position opens."""
    text = "Sốt 10 mg/kg; đau 15 mg/kg"
    assert text[clause_start(text, text.index("15")) :].lstrip().startswith("đau")
