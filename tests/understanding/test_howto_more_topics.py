"""How-to topics as unseen writers asked them (tuning7): English route words, a pack left,
another course, the doses after the first, an effort ahead, a drink counted in glasses."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import HowTo, QueryFrame, TurnType
from understanding.howto import read_how_to, read_how_to_topics
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("cipro 400mg IV infuse trong bao lâu là chuẩn", HowTo.RATE),
        ("Rocephin 1g push IV được không, bơm bao lâu", HowTo.RATE),
        ("zofran 8 mg uống trước khi truyền hóa chất bao lâu", HowTo.TIME_OF_DAY),
        ("imodium 2mg sau lieu dau thi uong tiep the nao", HowTo.TIME_OF_DAY),
        ("mình hay bóc hết augmentin ra bỏ vô hộp nhựa cho tiện, có sao ko", HowTo.STORAGE),
        ("binh xit ventolin het thuoc roi vut vo bep dot duoc k", HowTo.STORAGE),
        ("uong loratadin roi toi nay lam vai ly bia dc ko", HowTo.ALCOHOL),
        ("colchicin uống hết đợt rồi mà còn đau, uống đợt mới liền được không", HowTo.DURATION),
        ("có thể ngậm trước khi đi bộ leo dốc để phòng cơn không", HowTo.GIVING),
        ("bé còn nhỏ xịt thẳng vô miệng được không hay phải dùng gì", HowTo.GIVING),
    ],
)
def test_more_topics(text: str, topic: HowTo) -> None:
    """Each question names its topic."""
    assert read_how_to(Turn.of(text)) is topic


def test_a_route_asked_with_a_rate_keeps_both() -> None:
    """ "tiêm bắp được ko hay chỉ IV, bolus bao nhiêu phút": the rate and the route."""
    topics = read_how_to_topics(Turn.of("Augmentin IV có tiêm bắp được ko, bolus bao nhiêu phút"))
    assert topics[:1] == [HowTo.RATE] and HowTo.GIVING in topics


@pytest.mark.parametrize(
    "text",
    [
        "Panadol Extend loại giải phóng kéo dài, bẻ đôi ra uống cho dễ nuốt có sao ko ạ",
        "Rocephin 1g push IV được không hay bắt buộc truyền, bơm bao lâu",
        "me hay uong sua ensure buoi sang, uong chung voi cipro duoc ko",
    ],
)
def test_a_word_that_is_no_medicine_leaves_one_medicine_asked(
    parse: Callable[..., QueryFrame], text: str
) -> None:
    """ "Extend", "push", "Ensure" are no other medicine: the how-to question stays."""
    frame = parse(text)
    assert frame.how_to_take is not None and not frame.unknown_drugs
    assert frame.turn_type is not TurnType.INTERACTION


def test_a_food_asked_with_the_medicine_is_no_unknown_drug(
    parse: Callable[..., QueryFrame],
) -> None:
    """ "muối kali để nêm được không": a food, not a medicine missing from the book."""
    frame = parse("đang uống spironolacton, mua muối ăn kiêng loại muối kali để nêm được không")
    assert frame.how_to_take is HowTo.FOOD and not frame.unknown_drugs


def test_a_lumpy_solution_is_no_animal(parse: Callable[..., QueryFrame]) -> None:
    """ "ống diclofenac thấy lợn cợn có tủa": how it keeps, not a question for a pig."""
    frame = parse("ống diclofenac thấy lợn cợn có tủa, lắc ko tan thì còn dùng được ko")
    assert not frame.non_human and frame.how_to_take is not None


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("hom nay cho uong 2 vien bu luon duoc khong", HowTo.MISSED_DOSE),
        ("bẻ 1 viên đôi được không", HowTo.CRUSH),
        ("uống 500mg lúc đói được không", HowTo.FOOD),
    ],
)
def test_an_amount_said_inside_a_how_to_phrase_keeps_its_topic(text: str, topic: HowTo) -> None:
    """ "uống 2 viên bù": the count of tablets said between the words of the question."""
    assert topic in read_how_to_topics(Turn.of(text))


def test_a_time_between_the_words_makes_no_how_to_phrase() -> None:
    """ "sau 2 ngày ăn được": days are no amount of the medicine, nothing is taken out."""
    assert read_how_to_topics(Turn.of("sau 2 ngay an duoc khong")) == []


@pytest.mark.parametrize("text", ["loại này cất sao cho đúng", "để tủ đồ nóng nó mềm nhũn ra"])
def test_how_to_keep_it_or_soft_in_the_heat_is_storage(text: str) -> None:
    """ "cất sao", "mềm nhũn": how it is kept."""
    assert HowTo.STORAGE in read_how_to_topics(Turn.of(text))


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("de may tieng thi phai bo", HowTo.STORAGE),
        ("thuốc này uống vào ngày nào, trước hay sau buổi chạy thận", HowTo.TIME_OF_DAY),
        ("vậy là xong rồi hay còn phải uống nữa không", HowTo.DURATION),
        ("bé đang đi ngoài lỏng mấy lần từ sáng, nhét hậu môn vẫn được hả", HowTo.GIVING),
    ],
)
def test_follow_up_how_to_questions_people_ask(text: str, topic: HowTo) -> None:
    """When to throw a made-up one away, which day around dialysis, whether the course is
    over, a suppository while the child has diarrhoea ("mấy lần từ sáng" is told, not asked)."""
    assert topic in read_how_to_topics(Turn.of(text))


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("prednisolon ngay uong 4 vien, uong 1 lan hay chia sang chieu toi", HowTo.TIME_OF_DAY),
        ("xịt Ventolin trước khi đá bóng bao nhiêu phút thì ok", HowTo.TIME_OF_DAY),
        ("có gỡ viên nang ra trộn cháo cho bà được không", HowTo.CRUSH),
        ("bé chưa biết nuốt viên thì cho uống kiểu gì ạ", HowTo.CRUSH),
    ],
)
def test_more_ways_to_ask_how_to_take(text: str, topic: HowTo) -> None:
    """Once or spread over the day, minutes before an effort (no rate, no amount asked), a
    capsule opened into food, a child who cannot swallow tablets yet."""
    topics = read_how_to_topics(Turn.of(text))
    assert topics and topics[0] is topic


def test_english_words_and_drinks_are_no_other_medicine(
    parse: Callable[..., QueryFrame],
) -> None:
    """ "đi party uống rượu vang", "1 course": a drink and an English word, not a second drug."""
    frame = parse("uống loratadin xong tối đi party uống rượu vang được hem")
    assert frame.drugs == ["loratadine"] and frame.how_to_take is HowTo.ALCOHOL
    course = parse("Klamentin thường uống hết 1 course là bao nhiêu ngày vậy ạ")
    assert course.how_to_take is HowTo.DURATION and course.unknown_drugs == []


def test_where_it_is_kept_wins_over_the_hour_it_is_taken() -> None:
    """ "để trong nhà tắm cho tiện uống buổi tối": where it is kept is asked."""
    topics = read_how_to_topics(
        Turn.of("Tegretol để trong nhà tắm cho tiện uống buổi tối được không")
    )
    assert topics[0] is HowTo.STORAGE


def test_stopping_on_ones_own_is_a_duration_question() -> None:
    """ "muốn tự bỏ luôn có được không": stopping it."""
    assert HowTo.DURATION in read_how_to_topics(
        Turn.of("giờ thấy khỏe muốn tự bỏ luôn có được không")
    )


def test_a_split_told_with_its_hours_asks_no_time_of_day() -> None:
    """ "định cho ngày 3 lần sáng trưa tối": the person's split; "hay" or "lúc nào" still asks."""
    told = Turn.of("Bé 5 tuổi, 20 kg. Em định cho ngày 3 lần sáng trưa tối thôi")
    assert HowTo.TIME_OF_DAY not in read_how_to_topics(told)
    for asked in ("uống 1 lần hay chia sáng chiều tối", "ngày 3 lần sáng trưa tối, uống lúc nào"):
        assert HowTo.TIME_OF_DAY in read_how_to_topics(Turn.of(asked)), asked


def test_slow_iv_beside_a_per_kg_dose_asks_the_dose_not_the_rate() -> None:
    """ "0,1mg/kg TM chậm là 5mg hả": how the dose goes in, said; "trong bao lâu" asks a rate."""
    told = Turn.of("bé 40kg, thuốc chống nôn 0,1mg/kg tiêm TM chậm thì là 4mg đúng ko")
    assert HowTo.RATE not in read_how_to_topics(told)
    asked = Turn.of("bé 40kg, 0,1mg/kg tiêm TM chậm trong bao lâu")
    assert HowTo.RATE in read_how_to_topics(asked)
