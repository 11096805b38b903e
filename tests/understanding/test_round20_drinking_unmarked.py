"""Round 20: unmarked "nhau" read as "nhậu" (drinking) only after who drinks or when."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to
from understanding.howto_marks import drinking
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    [
        "chong em nhau suot, dang uong amlodipin co sao khong",
        "cuoi tuan nay nhau voi cong ty, thuoc dau bao tu uong sao",
        "hom qua nhau toi khuya, sang uong thuoc giam dau duoc khong",
        "tui qua nhau qua troi, uong ibuprofen co sao ko",
    ],
)
def test_nhau_after_a_drinker_or_a_time_is_drinking(text: str) -> None:
    """After a person or a time word, unmarked "nhau" is the drinking verb."""
    turn = Turn.of(text)
    assert drinking(turn)
    assert read_how_to(turn) is HowTo.ALCOHOL


@pytest.mark.parametrize(
    "text",
    [
        "2 thuoc nay uong cach nhau bao lau",
        "hai vien nay giong nhau khong",
        "hai thuoc nay co ky nhau khong",
        "hai xe luot qua nhau",
    ],
)
def test_nhau_as_each_other_is_no_drinking(text: str) -> None:
    """After a verb or a preposition "nhau" is "each other", no drink."""
    assert not drinking(Turn.of(text))
