"""A medicine held up as the likeness ("… như simvastatin", "giống cipro") is set aside: the
question asks how to take the other one (tuning19)."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.rules import RulesUnderstander
from understanding.testing import demo_catalog


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("atorvastatin có phải uống tối giống simvastatin không hay giờ nào cũng được",
         "atorvastatin"),
        ("Zocor thì uống buổi nào, có như Lipitor không", "simvastatin"),
    ],
)  # fmt: skip
def test_the_likeness_is_not_asked(text: str, asked: str) -> None:
    frame = RulesUnderstander(demo_catalog()).parse(text)
    assert frame.drugs == [asked]
    assert frame.how_to_take is HowTo.TIME_OF_DAY


def test_as_well_as_keeps_both() -> None:
    frame = RulesUnderstander(demo_catalog()).parse(
        "atorvastatin cũng như simvastatin uống lúc nào"
    )
    assert len(frame.drugs) == 2
