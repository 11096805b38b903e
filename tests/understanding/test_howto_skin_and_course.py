"""How-to readings of round 9: how often a form for the skin is put on, asked of no patient."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    ["Voltaren Emulgel bôi ngày mấy lần vậy mn", "kem này thoa ngay bao nhieu lan thi du"],
)
def test_how_often_a_gel_is_put_on_is_how_it_is_given(text: str) -> None:
    """Asked of no patient, the row that says how to put it on answers it."""
    assert read_how_to(Turn.of(text)) is HowTo.GIVING


@pytest.mark.parametrize(
    "text",
    [
        "bé 2 tuổi bôi gel ngày mấy lần",  # a patient said: a dose question
        "bôi bao nhiêu gam mỗi lần, ngày mấy lần",  # an amount asked beside it
        "uống ngày mấy lần",  # swallowed: the dose rows
    ],
)
def test_how_often_with_a_patient_or_an_amount_stays_a_dose_question(text: str) -> None:
    """A patient or another amount asked makes it a dose question again."""
    assert read_how_to(Turn.of(text)) is None
