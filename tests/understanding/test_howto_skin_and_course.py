"""How-to readings of round 9: how often a form for the skin is put on, asked of no patient;
how long before an event said first."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    ["Voltaren Emulgel bôi ngày mấy lần vậy mn", "kem này thoa ngay bao nhieu lan thi du"],
)
def test_how_often_a_gel_is_put_on_is_how_it_is_given(text: str) -> None:
    """Asked of no patient, the row that says how to put it on answers it."""
    assert read_how_to(Turn.of(text)) is HowTo.GIVING


@pytest.mark.parametrize(
    "text",
    [
        "bé 2 tuổi bôi gel ngày mấy lần",  # a patient said: a dose question
        "bôi bao nhiêu gam mỗi lần, ngày mấy lần",  # an amount asked beside it
        "uống ngày mấy lần",  # swallowed: the dose rows
    ],
)
def test_how_often_with_a_patient_or_an_amount_stays_a_dose_question(text: str) -> None:
    """A patient or another amount asked makes it a dose question again."""
    assert read_how_to(Turn.of(text)) is None


@pytest.mark.parametrize(
    "text",
    [
        "bi hen khi gang suc thi xit ventolin truoc bao lau",
        "nếu hay lên cơn khi chạy bộ thì xịt trước bao lâu",
    ],
)
def test_the_event_said_first_then_how_long_before_is_when_to_take_it(text: str) -> None:
    """ "khi gắng sức thì xịt trước bao lâu": minutes before the effort, not a course."""
    assert read_how_to(Turn.of(text)) is HowTo.TIME_OF_DAY


def test_how_long_it_is_taken_stays_a_course() -> None:
    """No "trước" before "bao lâu": how long the course runs."""
    assert read_how_to(Turn.of("xịt ventolin bao lâu thì ngưng")) is not HowTo.TIME_OF_DAY


@pytest.mark.parametrize(
    "text",
    [
        "đến giờ vẫn đi lỏng 5-6 lần ngày, uống tiếp hay sao",
        "giờ là ngày thứ tư rồi vẫn sốt lên xuống, cứ tiếp tục cho uống ở nhà được không",
        "chua do gi het, dung tiep duoc ko",
    ],
)
def test_still_ill_and_asking_to_go_on_is_the_course(text: str) -> None:
    """Still ill, go on or not: when to stop and see a doctor (the course's bound)."""
    assert read_how_to(Turn.of(text)) is HowTo.DURATION


@pytest.mark.parametrize(
    "text", ["vẫn uống tiếp 2 viên mỗi lần được không", "uống tiếp thuốc này được không"]
)
def test_going_on_with_an_amount_or_not_ill_is_no_course(text: str) -> None:
    """An amount asked is a dose question; going on said without still being ill is not read."""
    assert read_how_to(Turn.of(text)) is not HowTo.DURATION
