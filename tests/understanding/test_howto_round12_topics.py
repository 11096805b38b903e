"""How-to questions said in other words (tuning12): a day forgotten without "uống", which
part of the meal, a pouch or box opened ahead of use, a skin test ahead."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to, read_how_to_topics
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("mẹ tôi lẩn thẩn, hôm qua quên mất rồi giờ tính sao", HowTo.MISSED_DOSE),
        ("tối qua quên, trưa nay mới nhớ ra thì có bù không", HowTo.MISSED_DOSE),
        ("hom qua quen, sang nay moi nho thi uong sao", HowTo.MISSED_DOSE),
        ("ong quen 1 ngay roi, co sao ko", HowTo.MISSED_DOSE),
        ("cái này uống giữa bữa được không hay phải cuối bữa", HowTo.FOOD),
        ("thuoc nay uong dau bua hay sao", HowTo.FOOD),
        ("lọ thuốc khí dung bóc túi ra rồi giữ được mấy tháng", HowTo.STORAGE),
        ("lấy ống thuốc ra khỏi hộp để sẵn trên bàn được không", HowTo.STORAGE),
        ("khui hop ra de tren xe thuoc cho nhanh duoc ko", HowTo.STORAGE),
        ("tháng sau cháu đi thử dị ứng, thuốc này có phải nghỉ trước không", HowTo.CAUTION),
    ],
)
def test_round12_topics(text: str, topic: HowTo) -> None:
    """Each question is read as its topic."""
    assert topic in read_how_to_topics(Turn.of(text))


def test_used_to_is_no_missed_dose() -> None:
    """ "quen" with its own mark ("used to") is no forgotten dose."""
    topics = read_how_to_topics(Turn.of("tôi quen uống buổi sáng rồi, đổi sang tối được không"))
    assert HowTo.MISSED_DOSE not in topics


def test_an_opened_pouch_asked_how_long_is_storage_first() -> None:
    """ "bóc túi … để được bao lâu": how long it keeps, not how long it is taken."""
    assert read_how_to(Turn.of("ống khí dung bóc túi rồi thì dùng được bao lâu")) is HowTo.STORAGE


def test_so_as_not_to_forget_is_no_missed_dose() -> None:
    """ "cho vào hộp chia ngày để khỏi quên": a way to remember, no dose forgotten."""
    topics = read_how_to_topics(Turn.of("chia thuốc ra hộp theo ngày để mẹ khỏi quên được không"))
    assert HowTo.MISSED_DOSE not in topics


@pytest.mark.parametrize(
    "text",
    [
        "uống xong buồn ngủ quá thì sao",
        "uong amlodipin xong bi phu chan co sao khong",
        "uống thuốc này mà nước tiểu đỏ, có sao không",
    ],
)
def test_an_effect_told_after_taking_is_a_caution(text: str) -> None:
    """A mild effect told after taking it and asked about: the caution naming it."""
    assert read_how_to(Turn.of(text)) is HowTo.CAUTION


def test_an_effect_with_another_topic_keeps_that_topic() -> None:
    """ "uống xong buồn nôn, nên uống lúc nào": when to take it is asked."""
    assert read_how_to(Turn.of("uống xong buồn nôn, nên uống lúc nào")) is not HowTo.CAUTION


def test_forgetful_said_beside_another_question_keeps_it() -> None:
    """ "uống sau ăn hay quên lắm": a reason told, the question is about food."""
    assert read_how_to(Turn.of("uống trước ăn được không, sau ăn hay quên lắm")) is HowTo.FOOD


def test_the_complaint_treated_is_no_effect() -> None:
    """ "uống 2 viên một lúc có sao không, em bị tiêu chảy": the amount is asked, the
    complaint is what it is taken for."""
    text = "uống 2 viên loperamid một lúc có sao không, em bị tiêu chảy"
    assert HowTo.CAUTION not in read_how_to_topics(Turn.of(text))


def test_forgetting_to_ask_is_no_missed_dose() -> None:
    """ "quên hỏi liều, tính ra 400mg hả": a dose worked out, nothing missed."""
    text = "bác sĩ kê mà quên hỏi liều, tính ra uống 400mg hả"
    assert HowTo.MISSED_DOSE not in read_how_to_topics(Turn.of(text))
