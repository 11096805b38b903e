"""Tests for safety.reactions: an adverse reaction told after a drug, not asked as knowledge."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from safety.cue_matching import TurnText
from safety.reactions import given_as_meant, reaction_report, reaction_to_drug, read_reaction


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


@pytest.mark.parametrize(
    "text",
    [
        "bố uống thuốc huyết áp, người tím tái, thở rít",  # taken, then the sign; no "xong"
        "dạ mà giờ bà run tay, vã mồ hôi lạnh, lơ mơ",  # "giờ" mid-sentence, drug from before
        "uống thuốc mỡ máu mấy tháng rồi, gần đây lòng trắng mắt vàng",
        "ong uong thuoc tim, bat mach chi 40 lan/phut",
    ],
)
def test_a_danger_sign_after_the_drug_is_a_reaction(text: str) -> None:
    """A danger sign told after the drug is said taken, or placed now, is read."""
    assert read_reaction(TurnText.of(text), names_drug=True) is not None


def test_a_danger_sign_before_a_dose_question_is_no_reaction() -> None:
    """The sign first and the drug asked for it after: a question of use, not a reaction."""
    text = TurnText.of("co giật thì cho uống diazepam mấy viên")
    assert read_reaction(text, names_drug=True) is None


def test_a_sign_the_asked_dose_is_for_is_no_reaction() -> None:
    """ "tiêm tĩnh mạch cho bé … đang co giật thì bao nhiêu mg": the seizure is what the dose
    treats; a dose asked after 'xong' ("uống xong giờ co giật") still tells a reaction."""
    asked = TurnText.of(
        "Diazepam tiêm tĩnh mạch cho bé 6 tuổi 20 kg đang co giật thì bao nhiêu mg?"
    )
    assert read_reaction(asked, names_drug=True) is None
    after = TurnText.of("con uống motilium xong giờ đang co giật, liều bao nhiêu mà vậy")
    assert read_reaction(after, names_drug=True) is not None


@pytest.mark.parametrize(
    "text",
    [
        "uống warfarin mấy năm rồi, mấy hôm nay chảy máu chân răng",  # years, not handfuls
        "uống thuốc đái tháo đường, giờ nằm lơ mơ gọi mới ừ",  # lying, not five bottles
        "uống augmentin ngày 2 viên được 5 ngày thì vàng da",  # the day's dose
        "uống đúng liều bác sĩ kê được 2 cữ thì sưng môi",
    ],
)
def test_a_sign_after_a_dose_as_meant_is_a_reaction_not_an_overdose(text: str) -> None:
    """No excess said (a span of years, the prescribed dose): the ADR, not the overdose."""
    t = TurnText.of(text)
    assert reaction_to_drug(t, read_reaction(t, names_drug=True))


def test_many_tablets_at_once_is_not_a_reaction() -> None:
    """Six tablets at once and then jaundice: an overdose, not a reaction."""
    t = TurnText.of("uống 6 viên một lúc xong vàng da")
    assert not reaction_to_drug(t, read_reaction(t, names_drug=True))


@dataclass(frozen=True)
class _Found:
    kind: str
    section: str
    told_taking: bool = False


def test_a_reaction_report_with_despair_is_left_to_self_harm() -> None:
    """The self-harm model keeps its word where despair is said beside the reaction."""
    adr = _Found("emergency", "huong_dan_xu_tri_adr")
    assert reaction_report(TurnText.of("uống thuốc xong ngất"), adr) is not None
    assert reaction_report(TurnText.of("chán sống quá, uống thuốc xong ngất"), adr) is None
    overdose = _Found("emergency", "qua_lieu_xu_tri")
    assert reaction_report(TurnText.of("uống thuốc xong ngất"), overdose) is None


def test_a_reaction_report_says_whether_the_turn_told_the_taking() -> None:
    """'uống … thì nổi mề đay' tells the drug taken; 'sáng nay nôn nhiều' tells a sign only."""
    adr = _Found("emergency", "huong_dan_xu_tri_adr")
    told = reaction_report(TurnText.of("uống đến hôm nay thì nổi mề đay"), adr)
    assert told is not None and told.told_taking
    bare = reaction_report(TurnText.of("sáng nay nôn nhiều lắm"), adr)
    assert bare is not None and not bare.told_taking


def test_a_slip_of_a_drug_given_for_its_use_is_a_reaction() -> None:
    """'lỡ cho uống' a drug for its use, no amount, a sign after: given as meant."""
    t = TurnText.of("lỡ cho bé uống thuốc cầm tiêu chảy, giờ ngủ li bì gọi không dậy")
    assert given_as_meant(t, names_drug=True)
    assert not given_as_meant(TurnText.of("lỡ cho bé uống 5 viên, giờ ngủ li bì"), names_drug=True)
