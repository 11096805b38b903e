"""Tests for safety.reactions: an adverse reaction told after a drug, not asked as knowledge."""

from __future__ import annotations

import pytest

from safety.cue_matching import TurnText
from safety.reactions import read_reaction


@pytest.mark.parametrize(
    "text",
    [
        "uống atorvastatin được hai tuần thì yếu cơ, nước tiểu màu trà",
        "mẹ em đang uống digoxin, dạo này nhìn mờ, tim đập loạn",
        "uống thuốc tuyến giáp mấy tuần nay hồi hộp, mất ngủ",  # two mild signs together
        "tiem ceftriaxon xong thi choang, noi mem day",  # typed without marks, "mề" misspelt
        "chích thuốc xong chỗ tiêm bầm tím lan rộng",
        "uống warfarin mấy hôm nay đi ngoài phân đen",
        "dùng enalapril tự nhiên sưng môi, khó nuốt",
        "con nổi mẩn đỏ khắp người, chắc do uống cefuroxim",  # the drug named as the cause
    ],
)
def test_a_sign_told_after_the_drug_is_a_reaction(text: str) -> None:
    """A sign placed after the drug (taken and then, for some days now, since) is read."""
    assert read_reaction(TurnText.of(text), names_drug=True) is not None


@pytest.mark.parametrize(
    "text",
    [
        "uống atorvastatin có bị đau cơ không",  # a question about what it may do
        "nếu uống warfarin mà chảy máu chân răng thì sao",  # a hypothetical
        "dấu hiệu ngộ độc digoxin là gì",  # knowledge, and no sign told
        "nổi mề đay ngứa quá, uống cetirizin được không",  # a medicine asked for the sign
        "uống ibuprofen bị nổi mẩn là dị ứng hả",  # whether it is an allergy, asked
        "bé sốt 39 độ, uống paracetamol được không",  # an illness, no reaction sign
        "bé uống hạ sốt xong vã mồ hôi nhiều",  # one sign the medicine is meant to bring
        "uống kháng sinh lúc đói thấy buồn nôn, nên uống lúc nào",  # one mild sign, a how-to
        "rong kinh ra máu nhiều, chảy máu kéo dài uống thuốc cầm máu mấy ngày",  # its indication
    ],
)
def test_questions_and_illnesses_are_not_reactions(text: str) -> None:
    """Asked as knowledge, a treatment for the sign, or the illness itself: not a report."""
    assert read_reaction(TurnText.of(text), names_drug=True) is None


def test_no_drug_in_the_conversation_is_no_reaction() -> None:
    """Without a drug named in the turn or before, a rash is not a reaction to anything."""
    assert read_reaction(TurnText.of("mấy hôm nay nổi mẩn đỏ khắp người"), names_drug=False) is None


def test_a_daily_dose_asked_about_a_side_effect_is_no_reaction() -> None:
    """'uong moi ngay 1 vien … co chay mau ko' typed without accents: a day, not 'at once'."""
    text = TurnText.of("clopidogrel 75 uong moi ngay 1 vien lau dai co chay mau cam ko")
    assert read_reaction(text, names_drug=True) is None
