"""Round 17 (people-facts tuning): quitting a long-taken medicine on one's own ("tự bỏ luôn")
asked is a question on stopping it, not intent; quitting one's life still is."""

from __future__ import annotations

from core.frame import Triage
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


def test_quitting_the_medicine_on_ones_own_is_asked_not_meant() -> None:
    text = "mẹ em uống thuốc tim lâu rồi, giờ đỡ nhiều, bà muốn tự bỏ luôn có được không"
    assert _kind(text, "isosorbide_dinitrate") is None


def test_quitting_ones_life_is_still_self_harm() -> None:
    assert _kind("mệt mỏi quá muốn bỏ luôn cuộc đời này có được không") is Triage.SELF_HARM
