"""Patient facts as people type them, round 12 (issue 22): counts of months that are how long
or a date, numbers naming a ward's room or bed, an age in English "weeks old", an old person's
bare count before a pause, the weight of now beside the birth weight, a positive home test."""

from __future__ import annotations

import pytest

from understanding.slots import read_age, read_patient, read_weight
from understanding.text import Turn


@pytest.mark.parametrize(
    "text",
    [
        "mình mổ ruột thừa được 3 tháng, giờ uống ibuprofen được không",
        "bố em bị tiểu đường, chích insulin đến nay được 5 tháng rồi",
        "sáng nào cũng uống 10mg, 1 viên, được 6 tháng rồi",
        "hen tai kham ngay 15 thang 6 nhe",
        "mùng 3 tháng 2 thì bắt đầu uống thuốc",
    ],
)
def test_months_since_something_done_or_a_date_are_no_age(text: str) -> None:
    """ "được N tháng" after something done, with no child named, is how long; "ngày 15
    tháng 6" is a date."""
    assert read_age(Turn.of(text)) is None


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("bé bị ho, được 7 tháng rồi, uống siro được không", 7.0),
        ("con em mới được 3 tháng, bị sổ mũi", 3.0),
    ],
)
def test_months_with_a_child_named_stay_its_age(text: str, months: float) -> None:
    """With a child named before, "được 7 tháng" is still the child's age."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


@pytest.mark.parametrize(
    "text",
    ["giường 7 khoa nội, y lệnh amoxicillin 1g", "phòng 12 tầng 3 hỏi liều amoxicillin"],
)
def test_room_bed_and_floor_numbers_are_no_age(text: str) -> None:
    """A number after "phòng", "giường", "tầng" names a place; "y lệnh" is an order."""
    assert read_age(Turn.of(text)) is None


def test_y_after_a_count_is_still_years() -> None:
    age = read_age(Turn.of("bé 9y, 25kg ho nhiều"))
    assert age is not None and age.months == 108


@pytest.mark.parametrize(("text", "months"), [("she is 10 days old", 0.3), ("3 weeks old", 0.7)])
def test_english_days_and_weeks_old(text: str, months: float) -> None:
    """ "N weeks old" and "N days old" count weeks (4.345 a month) and days (30.44)."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


@pytest.mark.parametrize(
    ("text", "months"),
    [("bà ngoại mình 78, yếu lắm, hay mất ngủ", 936.0), ("mẹ em 62. uống aspirin được ko", 744.0)],
)
def test_an_old_persons_count_before_a_pause_is_the_age(text: str, months: float) -> None:
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


def test_a_small_count_before_a_pause_is_no_age() -> None:
    """Below fifty a bare count said of a grandparent may be anything."""
    assert read_age(Turn.of("bà 3, ông 2 viên")) is None


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("con sinh ra 3,2 kg, giờ 5 tháng nặng 7kg", 7.0),
        ("cháu lúc đẻ 3 ký, nay được 9 ký rưỡi", 9.5),
        ("bé mới sinh 3kg, bú kém", 3.0),
    ],
)
def test_the_weight_of_now_beside_the_birth_weight(text: str, kg: float) -> None:
    """The birth weight gives way to the weight of now; said alone, it is the weight."""
    assert read_weight(Turn.of(text)) == kg


@pytest.mark.parametrize(
    "text",
    ["test lên hai vạch rồi, em đang uống amoxicillin", "thu que thay 2 vach, co sao ko"],
)
def test_a_positive_home_test_is_a_pregnancy(text: str) -> None:
    patient = read_patient(Turn.of(text))
    assert patient is not None and patient.pregnant and patient.pregnancy_weeks is None


@pytest.mark.parametrize(
    "text", ["que thử không lên 2 vạch, uống amoxicillin được không", "siro uống 2 vạch cốc đong"]
)
def test_a_negative_test_or_a_cup_mark_is_no_pregnancy(text: str) -> None:
    patient = read_patient(Turn.of(text))
    assert patient is None or not patient.pregnant


@pytest.mark.parametrize(
    "text",
    [
        "chị dùng viên tránh thai được 4 tháng, có uống chung rifampicin được không",
        "mình vừa sẩy thai 3 tuần trước, uống sắt được ko",
        "hut thai 5 ngay roi, dau bung",
    ],
)
def test_contraception_or_an_ended_pregnancy_is_no_pregnancy(text: str) -> None:
    """ "tránh thai", "sẩy thai", "hút thai" then a count: no pregnancy now, no term."""
    patient = read_patient(Turn.of(text))
    assert patient is None or not patient.pregnant


def test_a_threatened_miscarriage_is_still_a_pregnancy() -> None:
    patient = read_patient(Turn.of("bác sĩ nói dọa sảy thai 9 tuần, uống progesteron"))
    assert patient is not None and patient.pregnant and patient.pregnancy_weeks == 9


@pytest.mark.parametrize(
    "text", ["sau đẻ 3 tháng mà vẫn đau lưng", "mẹ mới sinh thường được 2 tháng, bị trĩ"]
)
def test_months_since_giving_birth_are_no_age(text: str) -> None:
    """Said of the mother ("sau đẻ", "mới sinh … được"), with no child named: how long."""
    assert read_age(Turn.of(text)) is None


def test_asking_for_more_milk_is_nursing() -> None:
    patient = read_patient(Turn.of("có thuốc nào gọi sữa không ạ"))
    assert patient is not None and patient.breastfeeding
