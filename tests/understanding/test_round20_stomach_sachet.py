"""Round 20: an antacid sachet named by what it is for ("gói dạ dày") is a product taken
with the medicine."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    [
        "uống omeprazol cùng lúc với gói dạ dày được không",
        "cipro với gói chữ P uống cùng lúc được không",
        "thuoc khang sinh voi goi da day uong chung duoc ko",
    ],
)
def test_a_stomach_sachet_with_the_medicine_asks_together(text: str) -> None:
    """The sachet for the stomach beside the medicine asks whether to take them together."""
    assert read_how_to(Turn.of(text)) is HowTo.TOGETHER
