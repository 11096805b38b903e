"""Tests for understanding/pregnancy.py: a pregnancy's term and a nursing mother."""

from __future__ import annotations

import pytest

from core.frame import PatientContext
from understanding.pregnancy import (
    nursing_mother,
    nursing_said,
    pregnancy_denied,
    pregnancy_so_far,
    pregnancy_term,
    term_not_age,
    term_said,
)
from understanding.slots import read_patient
from understanding.text import Turn


def test_weeks_carry_their_trimester() -> None:
    """10 weeks is the first trimester, 30 weeks the third."""
    assert pregnancy_term(Turn.of("bầu 10 tuần")) == {
        "pregnant": True,
        "pregnancy_weeks": 10,
        "pregnancy_trimester": 1,
    }
    assert pregnancy_term(Turn.of("thai 30 tuần"))["pregnancy_trimester"] == 3


@pytest.mark.parametrize(
    ("text", "said"), [("thai 32 tuần", True), ("sắp sinh", True), ("uống 3 tháng đầu năm", False)]
)
def test_a_term_alone_says_pregnancy(text: str, said: bool) -> None:
    """A term of pregnancy says it; the first months of a year do not."""
    assert term_said(Turn.of(text)) is said


@pytest.mark.parametrize(
    ("text", "mother"),
    [
        ("đang cho con 2 tháng bú", True),
        ("mình cho con ti", True),
        ("bé bú mẹ, mẹ uống được không", True),
        ("bé bú mẹ, bé uống được không", False),
    ],
)
def test_the_nursing_mother_speaks(text: str, mother: bool) -> None:
    """The mother is the patient when she says she feeds, or that she takes it."""
    assert nursing_mother(Turn.of(text)) is mother
    assert nursing_said(Turn.of(text))


def test_a_bare_term_after_a_pregnancy_question() -> None:
    """ "em đang 9 tuần" completes a pregnancy spoken of before; otherwise nothing."""
    before = PatientContext(pregnant=True)
    turn = Turn.of("em đang 9 tuần")
    got = pregnancy_so_far(turn, None, before, False)
    assert got is not None and got.pregnancy_weeks == 9
    assert pregnancy_so_far(turn, None, None, False) is None
    assert pregnancy_so_far(turn, None, before, True) is None


def test_a_month_and_the_last_weeks_both_said() -> None:
    """ "có thai 9 tháng, sắp sinh": the weeks of the ninth month and the third trimester;
    "3 tháng cuối" alone is a trimester, not a third month."""
    said = pregnancy_term(Turn.of("co thai 9 thang roi, sap sinh"))
    assert (said["pregnancy_weeks"], said["pregnancy_trimester"]) == (39, 3)
    assert "pregnancy_weeks" not in pregnancy_term(Turn.of("bầu 3 tháng cuối"))


def test_a_woman_in_labour_ward_weeks_is_pregnant() -> None:
    """ "sản phụ 36 tuần": a pregnancy of 36 weeks."""
    assert term_said(Turn.of("sản phụ 36 tuần bị sốt"))
    assert pregnancy_term(Turn.of("sản phụ 36 tuần bị sốt"))["pregnancy_weeks"] == 36


@pytest.mark.parametrize(
    "text",
    [
        "chi gai em dang bau 6 thang, con em bi ho thi uong gi",
        "bạn mình mang thai 20 tuần, còn mình bị đau răng",
    ],
)
def test_another_womans_pregnancy_is_not_the_speakers(text: str) -> None:
    """Her sister or friend is pregnant; "còn em …" asks for the speaker: no pregnancy."""
    assert pregnancy_term(Turn.of(text)) == {}


def test_the_speakers_own_pregnancy_stays() -> None:
    """ "em đang bầu 6 tháng, còn em bé …" is still her pregnancy."""
    assert pregnancy_term(Turn.of("em đang bầu 6 tháng, còn em bé thì đạp nhiều"))["pregnant"]


def test_a_bare_month_after_her_pregnancy_is_its_term() -> None:
    """ "được 7 tháng rồi" after "vợ tôi đang bầu" is her seventh month; "bé được 7 tháng" a
    child's age."""
    before = PatientContext(pregnant=True)
    assert term_not_age(Turn.of("được 7 tháng rồi, bị ho"), "7 tháng", before)
    assert not term_not_age(Turn.of("bé được 7 tháng rồi, bị ho"), "7 tháng", before)
    assert not term_not_age(Turn.of("được 7 tháng rồi, bị ho"), "7 tháng", None)
    said = pregnancy_so_far(Turn.of("được 7 tháng rồi, bị ho"), None, before, other=False)
    assert said is not None and said.pregnancy_weeks == 30


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("mình không có bầu, chỉ đang cho con bú", True),
        ("em chưa có thai đâu ạ", True),
        ("k phải bà bầu nha", True),
        ("có bầu uống được không", False),
        ("đang bầu 12 tuần, không biết uống được không", False),
    ],
)
def test_she_says_she_is_not_pregnant(text: str, denied: bool) -> None:
    """ "không có bầu", "chưa có thai": no pregnancy; "có bầu … không" asks about one."""
    assert pregnancy_denied(Turn.of(text)) is denied
    patient = read_patient(Turn.of(text))
    assert patient is not None and bool(patient.pregnant) is not denied


@pytest.mark.parametrize(
    ("text", "trimester"),
    [
        ("bầu 30 tuần, bác sĩ cho uống sắt từ đầu thai kỳ, giờ uống tiếp không", 3),
        ("thai 20 tuan roi, uong canxi tu dau thai ky", 2),
    ],
)
def test_weeks_said_outright_tell_the_trimester_not_when_a_medicine_began(
    text: str, trimester: int
) -> None:
    """ "từ đầu thai kỳ" is when a medicine began; the weeks said are where she is now."""
    assert pregnancy_term(Turn.of(text))["pregnancy_trimester"] == trimester
