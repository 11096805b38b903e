"""Round 20: a weight or a pregnancy's weeks said as one number word, as a voice types it."""

from __future__ import annotations

import pytest

from understanding.slots import read_patient, read_weight
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("con gái tôi chín tháng, nặng chín ký, bị sổ mũi", 9.0),
        ("cháu nhà tôi mới sáu ký rưỡi thôi", 6.5),
        ("thang be nha toi nang sau ky", 6.0),
        ("bé ba cân, sinh non", 3.0),
        ("be bay ki ruoi ha sot bang gi", 7.5),
    ],
)
def test_a_weight_said_as_one_word(text: str, kg: float) -> None:
    """One to nine in words right before a weight's unit is the weight in kilograms."""
    assert read_weight(Turn.of(text)) == kg


@pytest.mark.parametrize(
    "text",
    [
        "nhờ dược sĩ tạm ký giúp",  # "tạm ký": sign for now, no count
        "ba can mua thuoc ho cho chau",  # unmarked "ba can" is "bà cần"
        "bà cần mua thuốc hạ sốt",
        "tu ky ten vao don",  # "tự ký"
    ],
)
def test_no_weight_from_look_alike_words(text: str) -> None:
    """Words that only look like a count before a unit give no weight."""
    assert read_weight(Turn.of(text)) is None


def test_the_tens_and_ones_stay_whole() -> None:
    """ "hai mươi tám ký" is 28, never 8 read from its last word."""
    assert read_weight(Turn.of("anh nặng hai mươi tám ký à? không, con tôi")) == 28.0


@pytest.mark.parametrize(
    ("text", "weeks", "trimester"),
    [
        ("thai mười bốn tuần uống thuốc ho được không", 14, 2),
        ("em bầu được bảy tuần, đau răng quá", 7, 1),
        ("thai hai muoi tuan bi cam", 20, 2),
    ],
)
def test_weeks_of_pregnancy_in_words(text: str, weeks: int, trimester: int) -> None:
    """The weeks of a pregnancy said in words are its term, with the trimester."""
    patient = read_patient(Turn.of(text))
    assert patient is not None
    assert patient.pregnant is True
    assert patient.pregnancy_weeks == weeks
    assert patient.pregnancy_trimester == trimester


def test_a_count_of_weeks_without_a_pregnancy_is_none() -> None:
    """ "uống sáu tuần" is how long a course runs, no pregnancy."""
    assert read_patient(Turn.of("bác sĩ dặn uống sáu tuần rồi tái khám")) is None
