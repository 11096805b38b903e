"""Who the patient is: the speaker who takes it (an adult, not asked "người lớn hay trẻ
em?") and a baby born early, whose term at birth is not its age (understanding.slots)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import Population, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding.rules import RulesUnderstander
from understanding.slots import read_age
from understanding.speaker import speaks_of_self, tablets_for_an_adult
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    "text",
    [
        "tôi đang uống ibuprofen 400, ngày uống mấy lần là được",
        "mình bị đau răng, uống paracetamol mỗi lần mấy viên",
        "t vừa uống 1 viên hapacol mà vẫn sốt, uống tiếp được ko",
        "e hay dùng loratadin, mỗi ngày tối đa mấy viên",
        "tui bi dau da day, omeprazol uong sao",
        "uống 2 viên panadol 500 1 lần được ko, mình 60kg",
        "tôi nặng 55 ký thì ibuprofen mỗi lần bao nhiêu",
        "diclofenac 50 ngày 2 viên được ko, anh bị đau lưng",
    ],
)
def test_the_speaker_who_takes_it_is_an_adult(parse: Parse, text: str) -> None:
    """A first-person taker or patient, with no child word, is the adult patient."""
    assert parse(text).population is Population.ADULT


@pytest.mark.parametrize(
    "text",
    [
        "bé nhà em 4 tuổi bị sốt, em cho uống paracetamol bao nhiêu",
        "cho em uống paracetamol mấy viên",
        "cho em 30kg uống paracetamol bao nhiêu",
        "con em bị ho, dùng siro gì",
        "paracetamol liều bao nhiêu",
    ],
)
def test_a_child_or_nobody_is_not_the_speaker(parse: Parse, text: str) -> None:
    """A child named, the speaker giving it to someone, or no speaker: not read as adult."""
    assert parse(text).population is not Population.ADULT


def test_the_reader_needs_a_taking_right_after_the_speaker() -> None:
    """'tôi muốn hỏi' names the speaker but no taking; 'tôi đang dùng' does."""
    assert not speaks_of_self(Turn.of("tôi muốn hỏi về paracetamol"))
    assert speaks_of_self(Turn.of("tôi đang dùng warfarin"))
    assert not speaks_of_self(Turn.of("nhắc em uống thuốc đúng giờ"))


def test_the_speakers_own_weight_names_the_speaker() -> None:
    """'mình 60kg', 'tôi cân nặng 52 kg': the speaker's weight; a dose strength is not."""
    assert speaks_of_self(Turn.of("mình 60kg"))
    assert speaks_of_self(Turn.of("tôi cân nặng 52 kg"))
    assert not speaks_of_self(Turn.of("mình 500 mg một viên"))
    assert not speaks_of_self(Turn.of("bạn mình 60kg"))


@pytest.mark.parametrize(
    "text", ["tre sinh non 35 tuan, 2,8kg", "Trẻ sinh non 33 tuần nặng 1,8 kg."]
)
def test_the_term_at_birth_is_not_the_babys_age(text: str) -> None:
    """'sinh non 35 tuần' is how early the baby came, not how old it is now."""
    assert read_age(Turn.of(text)) is None


@pytest.mark.parametrize(
    "text",
    [
        "em sinh viên dược, cho em hỏi liều gây độc của paracetamol là bao nhiêu",
        "lieu doc cua digoxin la bao nhieu vay",
    ],
)
def test_a_toxic_dose_asked_as_knowledge_reads_the_overdose_section(
    parse: Parse, text: str
) -> None:
    """'liều gây độc' is the overdose section's question, not the therapeutic dose."""
    assert parse(text).attribute == "qua_lieu_xu_tri"


@pytest.mark.parametrize(
    "text",
    [
        "uong 2 vien panadol 500 1 lan co qua lieu ko",
        "cetirizin 10mg ngày 1 viên đúng ko",
        "meloxicam 7,5 ngày uống hai viên có quá liều ko",
        "loratadin 10 một ngày được uống tối đa mấy viên vậy",
        "mai đi làm ca đêm, diclofenac 50 uống bao nhiêu viên 1 ngày thì an toàn",
    ],
)
def test_tablets_counted_with_no_child_are_an_adults_dose(parse: Parse, text: str) -> None:
    """A dose in whole tablets, nobody named: the adult rows are what is asked."""
    assert parse(text).population is Population.ADULT


def test_tablets_do_not_replace_a_child_named_or_said_before(
    understander: RulesUnderstander,
) -> None:
    """'bé 8 tuổi 25kg', then 'uống 1 viên 500 được ko': still the child; a child word wins."""
    child = understander.parse("bé nhà em 8 tuổi 25kg, paracetamol liều bao nhiêu")
    assert child.population is Population.CHILD
    follow = understander.parse(
        "uống 1 viên paracetamol 500 được ko", UnderstandingContext(prior_frame=child)
    )
    assert follow.population is not Population.ADULT
    assert understander.parse("bé uống 1 viên panadol 500 được ko").population is not (
        Population.ADULT
    )
    assert not tablets_for_an_adult(Turn.of("siro paracetamol 5 ml được ko"), None)
    # A taking told is no dose asked, whoever took it.
    assert not tablets_for_an_adult(Turn.of("mẹ em uống 6 viên amlodipin rồi"), None)
    # Later in any conversation (after a report too) the population is asked as before.
    report = understander.parse("thấy vỉ paracetamol mất mấy viên")
    assert not tablets_for_an_adult(Turn.of("uống 2 viên 1 lần có sao ko"), report)


@pytest.mark.parametrize(
    "text",
    [
        "đau răng quá, uống ibuprofen 200 rồi, 3 tiếng sau uống thêm 200 nữa được không",
        "paracetamol 500 uong roi, gio uong them 500 duoc ko",
    ],
)
def test_an_amount_more_asked_is_a_dose_question(parse: Parse, text: str) -> None:
    """'uống thêm 200 được không' asks whether that amount fits the dose rows, not the
    drug's cautions."""
    frame = parse(text)
    assert frame.turn_type is TurnType.DOSING_CALC
