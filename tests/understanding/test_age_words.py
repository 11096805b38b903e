"""A child's age and weight as families say them at home (issue 22 item 5): a year and a half
without its count, the year a child turns, a school class, ten kilos in a word, kilos and
"lạng" (100 g), and a newborn's weeks after "giờ"."""

from __future__ import annotations

import pytest

from understanding.age_words import age_in_words
from understanding.numbers import word_value
from understanding.slots import read_age, read_weight
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("con trai mình tuổi rưỡi rồi mà chưa biết nói, bị ho", 18.0),
        ("be nha to tuoi ruoi, sot 2 hom", 18.0),
        ("thằng cu nhà chị năm nay lên 5, bị viêm họng", 60.0),
        ("con gái tôi lên 3 rồi, uống siro được chưa", 36.0),
        ("bé nhà em đang học lớp 4, bị sốt", 108.0),
        ("cháu ngoại học lớp 1, ho mấy hôm", 72.0),
        ("con em đi học lớp chồi, bị sổ mũi", 48.0),
    ],
)
def test_an_age_said_without_its_count_of_years(text: str, months: float) -> None:
    """ "tuổi rưỡi", "lên 5", "học lớp 4" tell a child's age."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


@pytest.mark.parametrize(
    "text",
    [
        "bé sốt lên 39 độ từ tối",
        "con tăng lên 2 viên được không",
        "cháu lên 4 ký trong một tháng",
        "bài tập lớp 15 phút",
        "chị ấy dạy lớp 3",
        "tuổi nào uống được",
    ],
)
def test_no_age_in_a_rise_or_a_class_taught(text: str) -> None:
    """A fever that rises, a dose raised, a class someone teaches: no age."""
    assert read_age(Turn.of(text)) is None


def test_a_grade_beyond_school_is_no_age() -> None:
    """There is no "lớp 14" at school."""
    assert age_in_words("con hoc lop 14") is None


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("bé 6 tháng, 6 cân 8 lạng, bị tiêu chảy", 6.8),
        ("con em nặng 9 ký 5 lạng", 9.5),
        ("đứa nhỏ nặng mười ký, sốt", 10.0),
        ("be nang tron chuc ky", 10.0),
        ("cháu 2 tuổi nặng chục ký rưỡi", 10.5),
    ],
)
def test_home_weights(text: str, kg: float) -> None:
    """Kilos and "lạng" (tenths of a kilo); ten kilos said as "mười" or "chục"."""
    assert read_weight(Turn.of(text)) == kg


@pytest.mark.parametrize("text", ["bé uống 3 ký 2 lần", "nhà em nuôi vài chục ký gà"])
def test_no_tenths_or_ten_in_these(text: str) -> None:
    """ "2 lần" is twice, not 200 g; "vài chục" is some tens, not ten."""
    assert read_weight(Turn.of(text)) in (3.0, None)


def test_a_newborns_weeks_after_now() -> None:
    """ "bé đẻ non giờ được 4 tuần" is four weeks of life; "bé giờ 3 ngày không …" how long."""
    age = read_age(Turn.of("bé đẻ non giờ được 4 tuần, nặng 3 ký"))
    assert age is not None and age.months == 0.92
    assert read_age(Turn.of("bé giờ 3 ngày không đi ngoài")) is None


@pytest.mark.parametrize(("words", "value"), [("muoi", 10), ("muoi hai", 12), ("bon", 4)])
def test_one_list_of_number_words(words: str, value: int) -> None:
    """The count in words, from the one list in numbers.py."""
    assert word_value(words) == value


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("ẻm mới sinh được 12 ngày, rốn còn ướt, bôi gì", 0.39),
        ("nó vừa đẻ được 2 tuần mà vàng da", 0.46),
    ],
)
def test_a_baby_spoken_of_born_days_or_weeks_ago(text: str, months: float) -> None:
    """ "ẻm/nó mới sinh được N ngày": the baby's age."""
    age = read_age(Turn.of(text))
    assert age is not None and abs(age.months - months) < 0.01


def test_the_mother_who_gave_birth_is_no_baby_age() -> None:
    """ "em mới sinh được 10 ngày" is the speaker's delivery, not a baby's age."""
    assert read_age(Turn.of("em mới sinh được 10 ngày, uống thuốc gì cho lợi sữa")) is None
