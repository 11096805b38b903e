"""How-to questions said around other words (tuning10): greens and salt in the diet, drinking
again after a course, "viên đặt", how many places a shot is split into, taking it without a
break, going on with a complaint, "quen" (used to) beside "quên", a complaint after meals, a
person in a hurry, and the months a medicine was taken for."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to, read_how_to_topics, second_topic
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("đang dùng sintrom mà ăn nhiều rau xanh với bắp cải thì có sao không", HowTo.FOOD),
        ("me toi nau an bang muoi kali cho it man, dang dung thuoc loi tieu co sao k", HowTo.FOOD),
        ("uong tinidazol xong may ngay thi nhau lai duoc", HowTo.ALCOHOL),
        ("nhà còn viên đặt hạ sốt, nhét cho bé được không", HowTo.GIVING),
        ("tiem bap 1,5g thi chia lam may cho", HowTo.GIVING),
        ("omeprazol uống liên tục nửa năm có được không", HowTo.DURATION),
        ("allopurinol dung lau dai co sao khong", HowTo.DURATION),
        ("đang ói quá trời, có uống tiếp viên chiều không", HowTo.DURATION),
        ("con tôi quen uống thuốc với nước cam, uống cefixim vậy được không", HowTo.FOOD),
        ("uống spironolacton 2 tháng rồi, giờ tự ngưng luôn được không", HowTo.DURATION),
    ],
)
def test_topics_said_around(text: str, topic: HowTo) -> None:
    """Each question names its topic first."""
    assert read_how_to(Turn.of(text)) is topic


def test_quen_with_its_mark_is_still_a_missed_dose() -> None:
    """ "quên uống" written with its mark is a dose forgotten."""
    assert read_how_to(Turn.of("hôm qua quên uống viên tối, giờ uống bù được không")) is (
        HowTo.MISSED_DOSE
    )


def test_quen_unmarked_in_marked_text_is_no_missed_dose() -> None:
    """ "tôi quen uống bằng sữa" (used to): no dose forgotten; the milk is asked."""
    topics = read_how_to_topics(Turn.of("tôi quen uống thuốc bằng sữa, doxycyclin thì sao"))
    assert HowTo.MISSED_DOSE not in topics


def test_a_complaint_after_meals_is_no_food_question() -> None:
    """ "ăn xong đau bụng hoài" is told; the question is how long it may be taken."""
    topics = read_how_to_topics(
        Turn.of("uong ibuprofen lien tuc 2 tuan duoc ko, an xong dau bung hoai")
    )
    assert topics[:1] == [HowTo.DURATION] and HowTo.FOOD not in topics


def test_the_food_asked_beside_a_complaint_stays() -> None:
    """ "uống trước hay sau ăn, ăn xong hay đầy bụng": the meal is still asked."""
    turn = Turn.of("uong truoc an hay sau an, an xong hay day bung lam")
    assert read_how_to(turn) is HowTo.FOOD


def test_a_hurry_is_no_rate() -> None:
    """ "hỏi nhanh" beside an infusion asks nothing of how fast it runs."""
    turn = Turn.of("hỏi nhanh: cefotaxim truyền chung dây với glucose được ko")
    topics = read_how_to_topics(turn)
    assert HowTo.RATE not in topics and HowTo.DILUTE in topics


def test_an_age_in_months_still_makes_a_dose_question() -> None:
    """ "cho bé 3 tháng uống bao lâu": the patient's age, a dose question, not a course."""
    assert HowTo.DURATION not in read_how_to_topics(Turn.of("uống cho bé 3 tháng bao lâu"))


def test_the_two_named_before_are_taken_together() -> None:
    """ "2 cái uống chung được không": the other product is the one said before."""
    topics = read_how_to_topics(Turn.of("2 cái uống chung cùng lúc được không"))
    assert topics[:1] == [HowTo.TOGETHER]


def test_going_on_after_a_clock_time_asks_the_interval() -> None:
    """ "7h uống rồi, 11h có uống tiếp không": the time between doses, a dose question."""
    turn = Turn.of("7h uống 1 viên rồi, 11h có uống tiếp không")
    assert HowTo.DURATION not in read_how_to_topics(turn)


def test_how_long_is_kept_beside_a_product_taken_with_it() -> None:
    """ "uống mấy ngày, có cần uống thêm oresol không": the product, then the days (the dose
    section the first reads holds them; the guidance on reactions is not needed)."""
    turn = Turn.of("smecta uống được mấy ngày, có cần uống thêm oresol không")
    assert second_topic(turn, HowTo.TOGETHER) is HowTo.DURATION
