"""Engine.handle while a question is open: non-answers re-ask, smalltalk keeps the question,
and follow-ups keep the thread (real Engine, real Redis, the fakes of runners.testing)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, QueryFrame
from core.result import TurnResult
from engine.conversation import OpenQuestion
from engine.responder import _reask
from engine.routing import Decision, Effect
from engine.turn import Engine
from runners.testing import SAMPLE_CATALOG, SAMPLE_EVIDENCE, evidence
from states.messages import SMALLTALK_REPLY, THANKS_REPLY, reask_question
from understanding import RulesUnderstander

F = QueryFrame.model_validate
NON_ANSWER = F({"turn_type": "out_of_scope", "non_answer": True})
FRAMES = {
    "Liều paracetamol?": F({"turn_type": "dosing_calc", "drugs": ["paracetamol"]}),
    "Trẻ em": F({"turn_type": "dosing_calc", "population": "child", "fills_slot": "population"}),
    "không rõ": NON_ANSWER,
    "sao cơ?": NON_ANSWER,
    "cảm ơn em nhé": F({"turn_type": "smalltalk"}),
    "xin chào": F({"turn_type": "smalltalk"}),
}


@pytest.fixture
def engine(make_engine: Callable[..., Engine]) -> Engine:
    return make_engine(FRAMES)


def talk(engine: Engine, *texts: str) -> list[TurnResult]:
    cid = engine.create_conversation().conversation_id
    return [engine.handle(cid, t) for t in texts]


def test_a_non_answer_re_asks_the_same_question_more_plainly(engine: Engine) -> None:
    """ "không rõ" to "adult or child?" asks it again: clarify, same reason, streak + 1."""
    first, again = talk(engine, "Liều paracetamol?", "không rõ")
    assert (again.outcome, again.reason, again.state) == (
        "clarify",
        "missing_population",
        "clarifying_population",
    )
    assert again.route_rule == first.route_rule == 2
    assert again.clarify_streak == 2
    assert again.message == reask_question(
        "missing_population", slot="population", drugs="Paracetamol"
    )
    assert again.message != first.message
    assert again.quick_replies == ["Người lớn", "Trẻ em"]


def test_an_answer_after_a_re_ask_still_fills_the_question(engine: Engine) -> None:
    """The re-asked question is the same one: "Trẻ em" then goes on to age and weight."""
    r = talk(engine, "Liều paracetamol?", "sao cơ?", "Trẻ em")
    assert (r[-1].reason, r[-1].state) == (
        "missing_pediatric_age_or_weight",
        "clarifying_age_weight",
    )
    assert r[-1].frame["drugs"] == ["paracetamol"] and r[-1].frame["population"] == "child"


def test_non_answers_reach_the_breaker_on_the_fifth_clarification(engine: Engine) -> None:
    """The question and four non-answers: the fifth clarification abstains, the slots drop."""
    r = talk(engine, "Liều paracetamol?", *["không rõ"] * 4, "Trẻ em")
    assert [x.clarify_streak for x in r[:5]] == [1, 2, 3, 4, 0]
    assert (r[4].outcome, r[4].reason, r[4].state) == (
        "abstain",
        "clarify_loop_exhausted",
        "abstained",
    )
    assert r[5].frame["drugs"] == []  # the next turn starts fresh


def test_thanks_while_a_question_is_open_keep_it_open(engine: Engine) -> None:
    """Thanks get a short reply that repeats the question; the answer then fills it."""
    r = talk(engine, "Liều paracetamol?", "cảm ơn em nhé", "Trẻ em")
    thanks = r[1]
    assert (thanks.outcome, thanks.reason, thanks.state) == (
        "answerable",
        "smalltalk",
        "clarifying_population",
    )
    assert thanks.message.startswith("Không có gì ạ.") and "người lớn hay trẻ em" in thanks.message
    assert thanks.quick_replies == ["Người lớn", "Trẻ em"]
    assert [p.trigger for p in thanks.path] == ["acknowledge"]
    assert r[2].reason == "missing_pediatric_age_or_weight"


def test_smalltalk_resets_the_streak_but_not_the_question(engine: Engine) -> None:
    """A greeting is not a clarification: the streak goes to 0 and re-asks count from there."""
    r = talk(engine, "Liều paracetamol?", "không rõ", "không rõ", "không rõ", "xin chào", "sao cơ?")
    assert [x.clarify_streak for x in r] == [1, 2, 3, 4, 0, 1]
    assert (r[-1].outcome, r[-1].reason) == ("clarify", "missing_population")


def test_thanks_and_greetings_get_their_own_replies(engine: Engine) -> None:
    """With nothing open, thanks get the thanks reply and a greeting the greeting."""
    thanks, hello = talk(engine, "cảm ơn em nhé", "xin chào")
    assert thanks.message == THANKS_REPLY and hello.message == SMALLTALK_REPLY
    assert thanks.state == hello.state == "answering"


def test_a_question_asked_by_retrieval_is_re_asked_without_retrieving() -> None:
    """A route question comes back as a clarify with the question's own reason and slot."""
    retrieval = Decision(16, "single_drug", Effect.SINGLE_DRUG, "single_drug")
    question = OpenQuestion(reason="ambiguous_route", slot=ClarifySlot.ROUTE)
    decision = _reask(retrieval, question)
    assert (decision.effect, decision.reason, decision.slot) == (
        Effect.CLARIFY,
        "ambiguous_route",
        ClarifySlot.ROUTE,
    )


ITEMS = [
    *SAMPLE_EVIDENCE,
    evidence("amoxicillin", "lieu_luong_cach_dung", "Trẻ em: 25 mg/kg mỗi ngày, chia 2 lần."),
    evidence("amoxicillin", "thoi_ky_mang_thai", "Dùng được cho người mang thai."),
]


@pytest.fixture
def rules_engine(make_engine: Callable[..., Engine]) -> Engine:
    return make_engine(understander=RulesUnderstander(SAMPLE_CATALOG), items=ITEMS)


def test_drug_only_follow_up_keeps_the_child(rules_engine: Engine) -> None:
    """After a dose for an 8-month-old of 8 kg, "thế còn amoxicilin thì sao?" answers for them."""
    r = talk(
        rules_engine,
        "liều paracetamol uống cho bé 8 tháng nặng 8 kg",
        "thế còn amoxicilin thì sao?",
    )
    assert r[0].outcome == "answerable"
    assert (r[1].outcome, r[1].reason) == ("answerable", "single_drug")
    assert r[1].frame["drugs"] == ["amoxicillin"]
    assert (r[1].frame["age_months"], r[1].frame["weight_kg"]) == (8, 8)
    assert {c.drug_id for c in r[1].citations} == {"amoxicillin"}


def test_pregnancy_follow_up_is_asked_about_the_last_drug(rules_engine: Engine) -> None:
    """ "có dùng cho bà bầu được không?" after amoxicillin quotes its pregnancy section."""
    r = talk(rules_engine, "chỉ định của amoxicilin", "có dùng cho bà bầu được không?")
    assert (r[1].outcome, r[1].reason) == ("answerable", "single_drug")
    assert {(c.drug_id, c.section_key) for c in r[1].citations} == {
        ("amoxicillin", "thoi_ky_mang_thai")
    }


def test_non_answer_through_the_rules_re_asks(rules_engine: Engine) -> None:
    """Typed non-answers ("để xem đã", "ừ") re-ask the child's age and weight."""
    r = talk(rules_engine, "liều paracetamol cho trẻ", "để xem đã", "ừ")
    assert [x.reason for x in r] == ["missing_pediatric_age_or_weight"] * 3
    assert [x.clarify_streak for x in r] == [1, 2, 3]
    assert r[1].message == reask_question("missing_pediatric_age_or_weight", slot="age_weight")
