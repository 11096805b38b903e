"""safety.dose_errors: a dose given twice, or many times the amount meant, told as it happened."""

from __future__ import annotations

import pytest

from safety.cue_matching import TurnText
from safety.dose_errors import dose_error, given_twice, more_than_meant


@pytest.mark.parametrize(
    "text",
    [
        "ông nội bị cho uống 2 lần thuốc tim vì cô với chú đều cho uống",
        "bệnh nhân giường 5 được tiêm 2 liều insulin, do giao ca không ghi lại",
        "sáng nay mẹ tôi uống 2 lần amlodipin, giờ chóng mặt lắm",
        "bé bị cho uống hai lần thuốc trong vòng 1 tiếng",
    ],
)
def test_a_dose_given_twice_by_two_people_or_within_hours_is_an_error(text: str) -> None:
    """Two givers, a handover, or two doses within hours with a sign or given to them."""
    assert given_twice(TurnText.of(text)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "amoxicillin uống ngày 2 lần, mỗi lần 1 viên",
        "thuốc này 2 lần mỗi ngày phải không",
        "tôi uống 2 lần rồi mà vẫn sốt",
    ],
)
def test_a_schedule_or_ones_own_course_is_not_given_twice(text: str) -> None:
    """Twice a day is a schedule; twice with no window, no second giver, is no error."""
    assert given_twice(TurnText.of(text)) is None


@pytest.mark.parametrize(
    "text",
    [
        "đơn ghi 3ml mà tôi rót nhầm 30ml cho cháu",
        "cho con uống 10 ml siro, lẽ ra chỉ 1 ml",
        "ông uống digoxin thường ngày 1 viên mà hôm nay người nhà cho ngày 3 viên",
        "chị y tá pha nhầm gấp 10 lần",
    ],
)
def test_an_amount_many_times_the_one_meant_is_an_error(text: str) -> None:
    """The meant amount beside a word of prescription, the given one at least twice it."""
    assert more_than_meant(TurnText.of(text)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "bác sĩ kê 5ml, chai 100ml thì dùng được mấy ngày",
        "đơn ghi 2 viên mà tôi chỉ uống 1 viên",
        "bác sĩ dặn 5ml, cho uống 10ml được không",
        "nếu lỡ cho uống gấp 10 lần thì sao",
    ],
)
def test_a_pack_size_a_smaller_amount_or_a_question_is_no_error(text: str) -> None:
    """A pack's size, less than meant, asking whether it may be done, a supposition: no error."""
    assert dose_error(TurnText.of(text)) is None


def test_a_duplicate_from_a_forgotten_record_is_given_twice() -> None:
    """Twice because someone forgot to note it ('do … quên ghi') is a duplicate."""
    assert given_twice(TurnText.of("ông được tiêm heparin 2 lần do y tá quên ghi sổ")) is not None


def test_the_amount_after_thay_vi_is_the_one_meant() -> None:
    """'12ml thay vì 4ml' is three times the meant amount; '4ml thay vì 12ml' is less."""
    assert more_than_meant(TurnText.of("tôi cho cháu uống 12ml thay vì 4ml")) is not None
    assert more_than_meant(TurnText.of("tôi cho cháu uống 4ml thay vì 12ml")) is None
