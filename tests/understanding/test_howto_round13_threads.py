"""How-to questions in the middle of a conversation (tuning13): after an aside the book does
not answer (a price, a check-up), after a question about a complaint, quitting a medicine,
drinking said without marks, and a form said in the turn before."""

from __future__ import annotations

import pytest

from core.frame import HowTo, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.howto import read_how_to, read_how_to_topics
from understanding.text import Turn


def talk(understander: RulesUnderstander, *turns: str) -> QueryFrame:
    """The last turn's frame, each turn read after the one before."""
    prior: QueryFrame | None = None
    for text in turns:
        prior = understander.parse(text, UnderstandingContext(prior_frame=prior))
    assert prior is not None
    return prior


def test_a_how_to_after_a_price_asked_of_the_drug(understander: RulesUnderstander) -> None:
    """ "… bán bao nhiêu tiền một vỉ", then "uống lúc đói được không": that drug's food."""
    frame = talk(understander, "meloxicam 15 bán bao nhiêu tiền một vỉ", "uống lúc đói được không")
    assert frame.drugs == ["meloxicam"]
    assert frame.how_to_take is HowTo.FOOD


def test_a_veterinary_aside_carries_no_drug(understander: RulesUnderstander) -> None:
    """A question about a dog's medicine is no drug of the person's next question."""
    frame = talk(understander, "cho chó nhà em uống paracetamol được không", "uống lúc nào")
    assert frame.drugs == []


def test_a_side_effect_asked_of_a_complaint_keeps_the_drug(
    understander: RulesUnderstander,
) -> None:
    """ "tác dụng phụ có gây chuột rút không" after a dose question: still that drug."""
    frame = talk(understander, "atorvastatin 10 uống mấy viên", "tác dụng phụ có gây đau cơ không")
    assert frame.drugs == ["atorvastatin"]
    assert frame.turn_type is TurnType.DRUG_ATTRIBUTE


@pytest.mark.parametrize(
    "text",
    [
        "giờ muốn bỏ luôn thì bỏ được không",
        "em tính cai rụp luôn có sao không",
        "ngưng rụp một phát có được k",
    ],
)
def test_quitting_is_about_stopping_not_the_pack(text: str) -> None:
    """Quitting asked ("muốn bỏ", "cai rụp"): how to stop it, not where the pack goes."""
    topics = read_how_to_topics(Turn.of(text))
    assert HowTo.DURATION in topics and HowTo.STORAGE not in topics


def test_a_pack_thrown_away_is_still_storage() -> None:
    """ "hết hạn thì bỏ đi": a pack thrown away, no quitting."""
    assert read_how_to(Turn.of("lọ siro hết hạn rồi thì bỏ đi hay còn dùng được")) is (
        HowTo.STORAGE
    )


@pytest.mark.parametrize(
    "text",
    [
        "uong thuoc nay roi ma nhau voi may ong ban dc ko",
        "toi nay nhau cung dong nghiep duoc khong",
    ],
)
def test_drinking_said_without_marks(text: str) -> None:
    """Unmarked "nhau" with friends or colleagues is drinking; "mấy ông bạn" is no amount."""
    assert read_how_to(Turn.of(text)) is HowTo.ALCOHOL


def test_a_form_said_before_names_the_form_asked(understander: RulesUnderstander) -> None:
    """ "ventolin dạng khí dung", then "bóc túi rồi thì giữ được mấy tháng": the nebules."""
    frame = talk(
        understander,
        "con em 5 tuổi dùng ventolin dạng khí dung",
        "bóc túi ra rồi thì mấy ống còn lại giữ được bao lâu",
    )
    assert frame.how_to_take is HowTo.STORAGE
    assert "khí dung" in frame.howto_pairs
