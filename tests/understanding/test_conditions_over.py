"""Tests for understanding/conditions.py: a complaint told as over is no condition to treat."""

from __future__ import annotations

import pytest

from understanding.conditions import find_conditions
from understanding.text import Turn


@pytest.mark.parametrize(
    "text", ["giờ hết sốt, ăn uống lại bình thường rồi", "bé khỏi ho rồi", "con bot sot roi"]
)
def test_a_complaint_told_as_over_is_not_read(text: str) -> None:
    """ "giờ hết sốt rồi" mid-conversation tells that it is over: nothing to look up."""
    assert find_conditions(Turn.of(text)) == []


@pytest.mark.parametrize(
    "text", ["uống gì cho hết sốt", "thuốc nào mau khỏi ho", "hết sốt chưa được 1 ngày lại sốt"]
)
def test_a_complaint_to_be_ended_is_still_read(text: str) -> None:
    """Sought to end it ("cho hết sốt"), or back again, the complaint is read."""
    assert find_conditions(Turn.of(text)) != []
