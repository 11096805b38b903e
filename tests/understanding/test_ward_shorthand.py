"""A ward's shorthand in a dose question: "TM" alone is into a vein (ROUTE_CUES), "VPMPCĐ" is
community-acquired pneumonia (condition aliases), and a diagnosis just made ("mới chẩn đoán",
"vừa chẩn đoán") is told, not asked (understanding.conditions.asks_diagnosis)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import QueryFrame, Route, TurnType
from understanding.conditions import asks_diagnosis
from understanding.slots import read_route
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    "text", ["gentamicin TM cho bn 20kg", "vancomycin tm, trẻ 6t", "y lệnh: cefotaxim 1g TM"]
)
def test_tm_alone_is_into_a_vein(text: str) -> None:
    assert read_route(Turn.of(text)) is Route.IV


def test_community_pneumonia_shorthand_is_the_books_head(parse: Parse) -> None:
    """ "VPMPCĐ" names the head "viêm phổi mắc phải ở cộng đồng"."""
    frame = parse("bn 5t 18kg VPMPCĐ, amoxicilin uống liều bao nhiêu")
    assert frame.condition is not None
    assert frame.condition.normalized == "viêm phổi mắc phải ở cộng đồng"


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("bé mới chẩn đoán hen, bác sĩ cho salbutamol", False),
        ("mẹ em vừa chẩn đoán gút, uống colchicin sao", False),
        ("chẩn đoán giùm em bệnh gì với", True),
    ],
)
def test_a_diagnosis_just_made_is_told(text: str, asks: bool) -> None:
    assert asks_diagnosis(Turn.of(text)) is asks


def test_a_just_made_diagnosis_keeps_the_dose_question(parse: Parse) -> None:
    frame = parse("cháu 4 tuổi 16kg mới chẩn đoán động kinh, valproat 1 ngày bao nhiêu mg")
    assert frame.turn_type is not TurnType.OUT_OF_SCOPE
