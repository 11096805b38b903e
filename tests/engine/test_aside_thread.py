"""An aside the book does not answer (a price, a check-up) between questions about a drug:
the next turn still reads the drug question before it (`engine.followup.thread_after`)."""

from __future__ import annotations

import pytest

from core.frame import ConditionQuery, HowTo, PatientContext, QueryFrame, TurnType
from core.ports import UnderstandingContext
from engine.followup import thread_after
from understanding import RulesUnderstander
from understanding.testing import demo_catalog


@pytest.fixture(scope="module")
def understander() -> RulesUnderstander:
    return RulesUnderstander(demo_catalog())


def talk(understander: RulesUnderstander, *turns: str) -> QueryFrame:
    """The last turn's frame, each turn read after the thread the engine keeps."""
    thread: QueryFrame | None = None
    frame: QueryFrame | None = None
    for text in turns:
        frame = understander.parse(text, UnderstandingContext(prior_frame=thread))
        thread = thread_after(frame, thread)
    assert frame is not None
    return frame


def test_a_price_asked_between_keeps_the_drug(understander: RulesUnderstander) -> None:
    """ "mua ở đâu thì rẻ", then "uống trước hay sau ăn": still the drug asked before."""
    frame = talk(
        understander,
        "bác sĩ kê meloxicam cho bà em",
        "mua ở đâu thì rẻ vậy",
        "bà uống vào lúc nào, trước hay sau ăn",
    )
    assert frame.drugs == ["meloxicam"]
    assert frame.how_to_take is not None


def test_a_check_up_asked_between_keeps_the_drug(understander: RulesUnderstander) -> None:
    """ "có cần đi khám lại không" between: the drinking question is about that drug."""
    frame = talk(
        understander,
        "em vừa uống hết đợt metronidazol",
        "có cần đi khám lại không",
        "tối mai đi nhậu được chưa",
    )
    assert frame.drugs == ["metronidazole"]
    assert frame.how_to_take is HowTo.ALCOHOL


PRIOR = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["salbutamol"])


def test_an_aside_leaves_the_drug_question() -> None:
    aside = QueryFrame(turn_type=TurnType.OUT_OF_SCOPE, standalone_query="giá bao nhiêu")
    assert thread_after(aside, PRIOR) is PRIOR


@pytest.mark.parametrize(
    "turn",
    [
        QueryFrame(turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["ibuprofen"]),
        QueryFrame(turn_type=TurnType.OUT_OF_SCOPE, non_human=True),
        QueryFrame(turn_type=TurnType.OUT_OF_SCOPE, new_case=True),
        QueryFrame(turn_type=TurnType.OUT_OF_SCOPE, age_months=36),
        QueryFrame(turn_type=TurnType.OUT_OF_SCOPE, patient=PatientContext(pregnant=True)),
        QueryFrame(turn_type=TurnType.SMALLTALK),
    ],
)
def test_any_other_turn_is_the_thread(turn: QueryFrame) -> None:
    """A question of its own, a pet, a new case or a patient told: that turn is the thread."""
    assert thread_after(turn, PRIOR) is turn


def test_no_drug_before_nothing_kept() -> None:
    aside = QueryFrame(turn_type=TurnType.OUT_OF_SCOPE)
    assert thread_after(aside, QueryFrame(turn_type=TurnType.SMALLTALK)) is aside


def test_a_complaint_told_gone_keeps_the_drug(understander: RulesUnderstander) -> None:
    """ "hết ho rồi, ngủ ngon hơn" between: the complaint is told as over, so "bỏ thuốc luôn
    được không" is still about the drug the child was taking (the same child, kept)."""
    frame = talk(
        understander,
        "bé nhà tôi 6 tuổi đang uống amoxicilin được 5 ngày",
        "giờ hết ho rồi, ngủ cũng ngon hơn",
        "bỏ thuốc luôn được không hay phải uống hết",
    )
    assert frame.drugs == ["amoxicillin"]


def test_a_complaint_told_as_new_is_the_thread() -> None:
    """ "bé bị ho thêm" names a complaint that is not over: the aside is the thread now."""
    aside = QueryFrame(
        turn_type=TurnType.OUT_OF_SCOPE,
        condition=ConditionQuery(text="ho", normalized="ho"),
        standalone_query="bé bị ho thêm mấy hôm nay",
    )
    assert thread_after(aside, PRIOR) is aside
    gone = aside.model_copy(update={"standalone_query": "bé đỡ ho nhiều rồi"})
    assert thread_after(gone, PRIOR) is PRIOR
