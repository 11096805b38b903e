"""safety.ingestion_signs: a question asked outright, a finished pack, an adult's one slip."""

from __future__ import annotations

import pytest

from safety.ingestion_signs import asks_outright, is_finish, single_slip
from safety.safety_cues import TurnText


@pytest.mark.parametrize(
    "text",
    ["bé uống mấy viên?", "cho bé uống lúc ăn hay sau ăn", "uống 2 viên được không ad"],
)
def test_a_question_said_outright_is_asked(text: str) -> None:
    """A '?', an either-or, 'được không': asked outright."""
    assert asks_outright(TurnText.of(text))


def test_a_few_tablets_told_is_not_asked_outright() -> None:
    """'Cháu uống mấy viên sắt của mẹ' may tell a few tablets taken: not asked outright."""
    assert not asks_outright(TurnText.of("cháu uống mấy viên sắt của mẹ"))


def test_a_finished_pack_is_a_finish() -> None:
    """'Hết vỉ' finishes a pack; 'một viên' does not."""
    assert is_finish("uong het vi") and not is_finish("uong mot vien")


def test_a_slip_is_one_dose_of_ones_own_asked_with_worry() -> None:
    """One dose at the wrong time, asked: a slip; a count or a child: not."""
    assert single_slip(TurnText.of("tôi lỡ uống thuốc lợi tiểu buổi tối, có sao không"))
    assert not single_slip(TurnText.of("tôi lỡ uống 3 viên thuốc ngủ, có sao không"))
    assert not single_slip(TurnText.of("bé lỡ uống thuốc của ông, có sao không"))
