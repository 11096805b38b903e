"""Round 20 (ask20): a harm feared is why the person asks, not what they ask; an elder who
names themselves by kinship ("cô", "chú", "bác") is the grown-up patient."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import Population, QueryFrame, TurnType
from understanding.speaker import speaks_of_self
from understanding.text import Turn
from understanding.worry import feared_at

Parse = Callable[..., QueryFrame]
_DOSE = "lieu_luong_cach_dung"


@pytest.mark.parametrize(
    "text",
    [
        "vì sợ quá liều nên tôi hỏi ibuprofen người lớn uống tối đa mấy viên một ngày",
        "lo bị nghiện lắm, người lớn uống diazepam nửa viên buổi tối có được không",
        "so qua lieu nen hoi loratadin nguoi lon ngay uong may vien",
        "ngại bị tác dụng phụ, người lớn dùng cetirizin liều bao nhiêu",
    ],
)
def test_a_feared_harm_before_a_dose_question_asks_the_dose(parse: Parse, text: str) -> None:
    """The fear says why; the amount asked is the question, answered from the dose row."""
    frame = parse(text)
    assert frame.turn_type is TurnType.DOSING_CALC
    assert frame.attribute == _DOSE


@pytest.mark.parametrize(
    "text",
    [
        "uống quá liều paracetamol thì xử trí thế nào",
        "lỡ uống 6 viên ibuprofen rồi, sợ quá liều quá",
        "sợ quá liều, cetirizin quá liều có biểu hiện gì",
    ],
)
def test_an_overdose_asked_or_taken_stays_the_overdose(parse: Parse, text: str) -> None:
    """No amount asked, or a taking already told: the overdose section is still the answer."""
    assert parse(text).turn_type is not TurnType.DOSING_CALC


def test_a_fear_word_is_read_only_just_before_the_harm() -> None:
    """ "sợ (bị) quá liều" is a harm feared; "quá liều" with no worry before it is not."""
    feared = Turn.of("mình sợ bị quá liều")
    assert feared_at(feared, feared.joined.find(" qua lieu "))
    plain = Turn.of("quá liều thì sao, mình sợ")
    assert not feared_at(plain, plain.joined.find(" qua lieu "))
    vial = Turn.of("lo qua lieu")  # unmarked "lo" may be "lọ" (a vial) or "lỡ" (slipped)
    assert not feared_at(vial, vial.joined.find(" qua lieu "))


@pytest.mark.parametrize(
    "text",
    [
        "cô uống furosemid mỗi sáng một viên, liều thường dùng là bao nhiêu",
        "chú bị gút, colchicin uống thế nào",
        "bác dùng metformin thì khởi đầu bao nhiêu",
    ],
)
def test_an_elder_naming_themselves_is_a_grown_up(parse: Parse, text: str) -> None:
    """An elder's kinship word as the taker settles the population: an adult."""
    assert speaks_of_self(Turn.of(text))
    assert parse(text).population is Population.ADULT


@pytest.mark.parametrize(
    "text",
    [
        "co uong duoc metformin khong",  # folded "co" is "có"
        "có uống furosemid buổi tối được không",
        "cô giáo bảo cho bé uống siro ho",
    ],
)
def test_a_word_like_an_elder_is_not_one(text: str) -> None:
    """Only the marked kinship word before taking counts ("có uống" asks whether)."""
    assert not speaks_of_self(Turn.of(text))
