"""Tests for understanding/pregnancy.py: a pregnancy's term and a nursing mother."""

from __future__ import annotations

import pytest

from core.frame import PatientContext
from understanding.pregnancy import (
    nursing_mother,
    nursing_said,
    pregnancy_so_far,
    pregnancy_term,
    term_said,
)
from understanding.text import Turn


def test_weeks_carry_their_trimester() -> None:
    """10 weeks is the first trimester, 30 weeks the third."""
    assert pregnancy_term(Turn.of("bầu 10 tuần")) == {
        "pregnant": True,
        "pregnancy_weeks": 10,
        "pregnancy_trimester": 1,
    }
    assert pregnancy_term(Turn.of("thai 30 tuần"))["pregnancy_trimester"] == 3


@pytest.mark.parametrize(
    ("text", "said"), [("thai 32 tuần", True), ("sắp sinh", True), ("uống 3 tháng đầu năm", False)]
)
def test_a_term_alone_says_pregnancy(text: str, said: bool) -> None:
    """A term of pregnancy says it; the first months of a year do not."""
    assert term_said(Turn.of(text)) is said


@pytest.mark.parametrize(
    ("text", "mother"),
    [
        ("đang cho con 2 tháng bú", True),
        ("mình cho con ti", True),
        ("bé bú mẹ, mẹ uống được không", True),
        ("bé bú mẹ, bé uống được không", False),
    ],
)
def test_the_nursing_mother_speaks(text: str, mother: bool) -> None:
    """The mother is the patient when she says she feeds, or that she takes it."""
    assert nursing_mother(Turn.of(text)) is mother
    assert nursing_said(Turn.of(text))


def test_a_bare_term_after_a_pregnancy_question() -> None:
    """ "em đang 9 tuần" completes a pregnancy spoken of before; otherwise nothing."""
    before = PatientContext(pregnant=True)
    turn = Turn.of("em đang 9 tuần")
    got = pregnancy_so_far(turn, None, before, False)
    assert got is not None and got.pregnancy_weeks == 9
    assert pregnancy_so_far(turn, None, None, False) is None
    assert pregnancy_so_far(turn, None, before, True) is None
