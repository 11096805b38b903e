"""Round 17: patient facts as a voice, a fragment or someone abroad says them: a bare age and
weight after "what do you want to know?", a weight in "yến" said in words, months and years
in German, a name a voice split in two, a complaint told after a question for a pregnant
woman, a younger child's turn, and "liều" typed with its accent before "có"."""

from __future__ import annotations

import pytest

from core.frame import ClarifySlot, Population, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.numbers import with_digits
from understanding.reading import read_turn
from understanding.slots import read_age, read_weight
from understanding.text import Turn


def _after(
    understander: RulesUnderstander, before: QueryFrame, text: str, slot: ClarifySlot | None = None
) -> QueryFrame:
    return understander.parse(text, UnderstandingContext(open_slot=slot, prior_frame=before))


def test_a_bare_age_and_weight_to_what_do_you_want_to_know_asks_the_dose(
    understander: RulesUnderstander,
) -> None:
    """Only a drug named, asked what about it, then only "2 tuổi 13 kg": the dose for them."""
    asked = QueryFrame(turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["ibuprofen"])
    frame = _after(understander, asked, "15 tháng, 10 kg", ClarifySlot.ATTRIBUTE)
    assert frame.fills_slot is ClarifySlot.ATTRIBUTE
    assert frame.turn_type is TurnType.DOSING_CALC
    assert frame.attribute == "lieu_luong_cach_dung"
    assert (frame.age_months, frame.weight_kg) == (15, 10)


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("con em nặng hai yến rưỡi", 25),
        ("bé 4 tuổi nặng một yến sáu", 16),
        ("be nang mot yen tam, 3 tuoi", 18),
    ],
)
def test_a_weight_in_yen_said_in_words(text: str, weight: float) -> None:
    """A "yến" is ten kilos; a voice writes its count in words."""
    assert read_weight(Turn.of(text)) == weight


def test_yen_in_words_is_no_weight_unless_a_weight_is_meant() -> None:
    """Unaccented "yen" with no weight word nor age is not read as kilos."""
    assert with_digits(Turn.of("mua hai yen nhat")).folded == "mua hai yen nhat"


@pytest.mark.parametrize(
    ("text", "months"),
    [("con trai mình 8 Monate, sốt", 8), ("bé 1 Monat tuổi", 1), ("Sohn 4 Jahre, 16kg", 48)],
)
def test_months_and_years_said_in_german(text: str, months: float) -> None:
    """Living in Germany, a parent says the child's age in the country's words."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


def test_a_name_a_voice_split_in_two_is_one_drug(understander: RulesUnderstander) -> None:
    """Dictation heard the first syllable of salbutamol as "sao"."""
    frame = understander.parse("bác sĩ kê sao butamol cho cháu 5 tuổi, uống mấy lần")
    assert frame.drugs == ["salbutamol"] and not frame.unknown_drugs


def test_a_name_of_its_own_after_a_syllable_stays_itself(
    understander: RulesUnderstander,
) -> None:
    """ "cho amoxicilin": the second word is already a name; the syllable is no part of it."""
    frame = understander.parse("bác sĩ cho amoxicilin uống mấy lần")
    assert frame.drugs == ["amoxicillin"]


def test_a_complaint_after_a_pregnancy_question_is_why_she_takes_it(
    understander: RulesUnderstander,
) -> None:
    """Asked if a drug is safe in pregnancy, she then says what ails her: same question."""
    first = understander.parse("đang mang thai uống cetirizin được không")
    then = _after(understander, first, "tại em bị nổi mề đay ngứa lắm")
    assert then.drugs == ["cetirizine"] and then.attribute == first.attribute


def test_the_younger_childs_turn_is_no_new_case(understander: RulesUnderstander) -> None:
    """ "đến lượt em nó" is the younger child's turn; "đến lượt em" is still the speaker's."""
    assert not read_turn(Turn.of("giờ tới lượt em nó bị"), understander._matcher).new_case
    assert read_turn(Turn.of("vợ em khỏi rồi, giờ đến lượt em"), understander._matcher).new_case


def test_lieu_with_its_accent_before_co_asks_the_dose(understander: RulesUnderstander) -> None:
    """ "liều có khác không" asks the dose; "liệu có" (whether) does not."""
    assert read_turn(Turn.of("liều có khác người lớn không"), understander._matcher).dosing
    assert not read_turn(Turn.of("liệu có sao không"), understander._matcher).dosing


def test_a_child_population_follows_a_bare_age(understander: RulesUnderstander) -> None:
    asked = QueryFrame(turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["paracetamol"])
    frame = _after(understander, asked, "20 tháng 11 kg", ClarifySlot.ATTRIBUTE)
    assert frame.population is Population.CHILD


def test_a_smell_on_opening_is_the_pack_kept() -> None:
    """ "mở ra thấy mùi lạ": the bottle opened and smelt, not a capsule opened to swallow."""
    from understanding.howto import read_how_to

    assert str(read_how_to(Turn.of("mở nắp ra có mùi lạ còn dùng được không"))) == "storage"
    assert str(read_how_to(Turn.of("mở ra thấy mùi chua còn dùng được không"))) == "storage"


def test_where_to_keep_it_from_melting_is_storage() -> None:
    from understanding.howto import read_how_to

    assert str(read_how_to(Turn.of("mùa hè để chỗ nào cho khỏi chảy hả chị"))) == "storage"
