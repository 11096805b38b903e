"""Ages and weights said with numbers in words, compact ages and an elder's bare count."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import QueryFrame
from understanding.numbers import with_digits
from understanding.slots import read_age, read_patient, read_weight
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("cháu 8 tuổi nặng hai mươi lăm ký bị viêm họng", 25.0),
        ("Bé trai 4 tuổi, cân nặng khoảng mười sáu ký, bị ho", 16.0),
        ("con em nặng mười hai ký rưỡi, cho uống siro", 12.5),
        ("con 10 tuổi nặng 3 chục ký", 30.0),
        ("Anh trai em 35 tuổi nặng 1 tạ, bị gút", 100.0),
        ("be nang hai muoi ky", 20.0),
    ],
)
def test_weights_said_in_words(text: str, kg: float) -> None:
    """Tens and ones in words, tens in digits and a quintal are read as kilograms."""
    assert read_weight(Turn.of(text)) == kg


@pytest.mark.parametrize(
    ("text", "months", "quoted"),
    [
        ("ông nhà tôi bảy mươi hai tuổi, uống aspirin được không", 864.0, "bảy mươi hai tuổi"),
        ("ong noi bay muoi tuoi", 840.0, "bay muoi tuoi"),
        ("bé nhà e 2y3m, 12kg, sốt 38 độ", 27.0, "2y3m"),
        ("cụ nhà tôi 90 rồi, đau nhức quá", 1080.0, "90"),
    ],
)
def test_ages_said_in_words_or_short(text: str, months: float, quoted: str) -> None:
    """The age is the whole number said, and its quote is what the user typed."""
    age = read_age(Turn.of(text))
    assert age is not None and (age.months, age.text) == (months, quoted)


@pytest.mark.parametrize(
    "text", ["sau mười ngày thì sao", "sau muoi ngay van sot", "bà 3 rồi", "ba muoi phut sau"]
)
def test_words_that_are_no_number_of_the_patient(text: str) -> None:
    """ "sau" (after) is not "sáu", a small bare count is no elder's age, minutes are no age."""
    turn = Turn.of(text)
    assert read_age(turn) is None and read_weight(turn) is None


def test_digits_keep_every_position() -> None:
    """The rewritten turn is as long as the typed one, so quotes stay the user's words."""
    turn = Turn.of("ông bảy mươi hai tuổi nặng năm mươi ký")
    rewritten = with_digits(turn)
    assert len(rewritten.folded) == len(turn.folded)
    assert "72" in rewritten.tokens and "50" in rewritten.tokens


def test_trimester_in_english() -> None:
    """ "1st trimester" is a pregnancy in its first trimester; "dị ứng thì" names no allergen."""
    patient = read_patient(Turn.of("đang trong 1st trimester, bị dị ứng thì uống loratadine"))
    assert patient is not None and patient.pregnant and patient.pregnancy_trimester == 1
    assert not patient.allergies


@pytest.mark.parametrize(
    "text",
    [
        "tờ hướng dẫn Zyrtec ghi trẻ 6-12 tuổi uống 5mg, vậy nghĩa là sao",
        "tờ giấy ghi người trên 65 tuổi liều 7,5mg, meloxicam là vậy hả",
        "Em đọc thấy aspirin không dùng cho trẻ dưới 16 tuổi, sao vậy",
        "loratadin dùng cho trẻ trên 2 tuổi à?",
        "bạn em kể con nó 9 tháng uống motilium bị nôn, vậy thuốc này hay gây nôn hả",
        "con bạn em 3 tuổi cũng uống Hapacol 250, em mua về cho em uống được không",
    ],
)
def test_bands_and_other_families_children_are_nobodys_age(
    parse: Callable[..., QueryFrame], text: str
) -> None:
    """A leaflet's band quoted or asked back, or another family's child: no patient age."""
    frame = parse(text)
    assert frame.age_months is None and frame.weight_kg is None


def test_a_band_asked_as_a_question_keeps_its_age(parse: Callable[..., QueryFrame]) -> None:
    """ "trẻ dưới 2 tuổi có dùng … được không ạ" asks of that child: the age stays."""
    assert parse("trẻ dưới 2 tuổi có dùng loperamid được không ạ").age_months == 24


def test_how_long_it_was_taken_is_no_age() -> None:
    """ "uống prednisolon 30mg gần 1 tháng rồi": the time on it, not a one-month-old."""
    assert read_age(Turn.of("tôi uống prednisolon 30mg gần 1 tháng rồi")) is None


@pytest.mark.parametrize(
    ("text", "months"),
    [("Be so sinh moi de duoc 5 hom, co can uong vitamin K khong?", 0.16), ("bé được 3 hôm", 0.1)],
)
def test_a_newborns_days_said_as_hom(text: str, months: float) -> None:
    """ "5 hôm" is five days, also after "bé sơ sinh"."""
    age = read_age(Turn.of(text))
    assert age is not None and abs(age.months - months) < 0.01
