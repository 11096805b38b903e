"""Patient facts in home words (issue 22): "yến" and "bó", eighty-odd, a pregnancy of "hơn 1
tháng", the speaker turning to themself after a child's facts, an age told while the medicine
is asked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, Population, QueryFrame
from understanding.slots import read_age, read_patient, read_weight
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("Cháu 4 tuổi mà nặng có 1 yến 2, bị trào ngược", 12.0),
        ("bé nặng 1 yến rưỡi, 4 tuổi", 15.0),
        ("be nang 2 yen, 6 tuoi", 20.0),
    ],
)
def test_a_yen_is_ten_kilos(text: str, kg: float) -> None:
    """ "yến" counts tens of kilos; a digit or "rưỡi" after it adds kilos."""
    assert read_weight(Turn.of(text)) == kg


@pytest.mark.parametrize("text", ["1 yen nhat bang bao nhieu", "yên tâm uống 2 viên"])
def test_yen_that_is_no_weight_is_not_read(text: str) -> None:
    """Money or "yên tâm" is no weight; unmarked "yen" counts only after "nặng"."""
    assert read_weight(Turn.of(text)) is None


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("bố e năm nay 7 bó rồi, huyết áp cao", 840.0),
        ("ông 8 bó 2 uống paracetamol", 984.0),
        ("ông già nhà t 80 mấy r, đang uống Plavix", 960.0),
        ("bà nội 70 mấy uống paracetamol", 840.0),
    ],
)
def test_decades_and_eighty_odd_are_an_old_persons_age(text: str, months: float) -> None:
    """ "bó" is ten years in slang; "80 mấy" of a grandparent is eighty-odd."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


@pytest.mark.parametrize("text", ["2 bố con cùng uống paracetamol", "bo 7 bo roi uong thuoc"])
def test_a_father_is_no_decade(text: str) -> None:
    """ "bố" (a father), or "bo" without its accent, is no age."""
    assert read_age(Turn.of(text)) is None


def test_a_pregnancy_of_more_than_a_month_is_in_its_first_trimester() -> None:
    """ "có bầu đc hơn 1 tháng": "hơn", "gần" before the month keep the term."""
    patient = read_patient(Turn.of("e mới có bầu đc hơn 1 tháng, lỡ uống metronidazol"))
    assert patient is not None and patient.pregnancy_trimester == 1
    near = read_patient(Turn.of("mang thai được gần 6 tháng"))
    assert near is not None and near.pregnancy_trimester == 2


@pytest.mark.parametrize(
    ("text", "age", "population"),
    [
        ("toi la bo chau, chau 5 tuoi 18kg nhung toi hoi cho toi: toi 42 tuoi, simvastatin "
         "uong duoc khong", 504.0, Population.ADULT),
        ("Con em 3 tuổi hay sốt. Mà em hỏi cho em nha, em 32 tuổi đau đầu uống paracetamol",
         384.0, Population.ADULT),
        ("mẹ bé đây, bé 2 tuổi đang uống kháng sinh, còn mình bị đau dạ dày thì uống "
         "omeprazol được không", None, Population.ADULT),
        ("con 5 tuổi 18kg, còn tôi 40 tuổi uống paracetamol được không", 480.0, Population.ADULT),
    ],
)  # fmt: skip
def test_the_speaker_turning_to_themself_is_the_patient(
    parse: Parse, text: str, age: float | None, population: Population
) -> None:
    """After a child's facts, "em hỏi cho em" or "còn mình/tôi …": the speaker, with their own
    age when they say it, and not the child's age or weight."""
    frame = parse(text)
    assert (frame.age_months, frame.population, frame.weight_kg) == (age, population, None)


@pytest.mark.parametrize(
    "text", ["con em 3 tuổi, con em 5 tuổi nữa", "bé 3 tuổi 14kg, còn em 5 tuổi uống được không"]
)
def test_a_younger_sibling_or_my_child_is_not_the_speaker(parse: Parse, text: str) -> None:
    """ "con em" (my child) has no "còn"; "còn em 5 tuổi" is a younger sibling: a child."""
    assert parse(text).population is Population.CHILD


def test_an_age_told_while_the_medicine_is_asked_is_kept(parse: Parse) -> None:
    """ "bé được 9 tháng" to "which medicine?": the age is kept for the dose to come."""
    frame = parse("bé được 9 tháng", ClarifySlot.DRUG, drugs=())
    assert frame.age_months == 9.0 and frame.fills_slot is ClarifySlot.AGE
