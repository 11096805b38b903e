"""Engine.handle end to end over a real Redis with scripted frames and in-memory evidence."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from core.errors import ConversationNotFound
from core.evidence import Answer, Claim
from core.frame import ClarifySlot, ConditionQuery, QueryFrame
from core.ports import AnswerRequest
from engine.turn import Engine, TextRejected, storable_result, stored_result
from grounding.extractive import ExtractiveAnswerer
from runners.testing import (
    SAMPLE_CATALOG,
    MemoryRetriever,
    QuotingAnswerer,
    evidence,
    sample_engine,
)

F = QueryFrame.model_validate

DOSING = F({"turn_type": "dosing_calc", "drugs": ["paracetamol"]})
CHILD = F({"turn_type": "dosing_calc", "population": "child", "fills_slot": "population"})
WEIGHT = F({"turn_type": "dosing_calc", "weight_kg": 18, "fills_slot": "weight"})
AGE = F({"turn_type": "dosing_calc", "age_months": 60, "fills_slot": "age"})
VAGUE = F({"turn_type": "drug_attribute", "needs_clarify": True})

FRAMES = {
    "Liều paracetamol?": DOSING,
    "Trẻ em": CHILD,
    "bé nặng 18 ký": WEIGHT,
    "5 tuổi": AGE,
    "hmm": VAGUE,
    "chào": F({"turn_type": "smalltalk"}),
    "liều cho chó": F({"turn_type": "out_of_scope", "non_human": True, "drugs": ["paracetamol"]}),
    "warfarin và aspirin": F({"turn_type": "interaction", "drugs": ["warfarin", "aspirin"]}),
    "amoxicilin và paracetamol": F(
        {"turn_type": "interaction", "drugs": ["amoxicillin", "paracetamol"]}
    ),
    "thuốc trị viêm tai giữa": F(
        {
            "turn_type": "condition_to_drug",
            "condition": "viêm tai giữa",
            "condition_relation": "indication",
        }
    ),
    "thuốc trị nhiễm trùng": F(
        {
            "turn_type": "condition_to_drug",
            "condition": ConditionQuery(
                text="nhiễm trùng", ambiguous=True, options=("Viêm tai giữa", "Viêm họng")
            ),
        }
    ),
    "chống chỉ định paracetamol": F(
        {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chong_chi_dinh"}
    ),
    "thuốc xyz": F({"turn_type": "drug_attribute", "unknown_drugs": ["xyz"]}),
}


@pytest.fixture
def engine(make_engine: Callable[..., Engine]) -> Engine:
    return make_engine(FRAMES)


def talk(engine: Engine, *texts: str) -> list:
    cid = engine.create_conversation().conversation_id
    return [engine.handle(cid, t) for t in texts]


def test_paediatric_dialogue_asks_population_then_age_then_answers(engine: Engine) -> None:
    """Population, then the missing age (echoing the weight), then an answer with citations."""
    r = talk(engine, "Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "5 tuổi")
    assert [x.state for x in r] == [
        "clarifying_population",
        "clarifying_age_weight",
        "clarifying_age_weight",
        "answering",
    ]
    assert r[0].quick_replies == ["Người lớn", "Trẻ em"]
    assert r[2].message == "Bé nặng 18 kg, vậy bé bao nhiêu tuổi?"
    assert r[3].outcome == "answerable" and r[3].citations
    assert r[3].frame["age_months"] == 60 and r[3].frame["weight_kg"] == 18
    assert [s.trigger for s in r[3].path] == ["start_retrieval", "answer_from_evidence"]
    assert r[3].clarify_streak == 0


def test_generation_sees_a_self_contained_question(make_engine: Callable[..., Engine]) -> None:
    """The folded query carries the population, age and weight, never a bare '5 tuổi'."""
    answerer = QuotingAnswerer()
    eng = make_engine(FRAMES, answerer=answerer)
    talk(eng, "Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "5 tuổi")
    q = answerer.requests[-1].question
    assert "Đối tượng: trẻ em." in q and "Tuổi: 5 tuổi." in q and "Cân nặng: 18 kg." in q


def test_breaker_trips_on_the_fifth_clarification(engine: Engine) -> None:
    """Four clarifications in a row are allowed; the fifth abstains clarify_loop_exhausted."""
    r = talk(engine, *["hmm"] * 6)
    assert [x.outcome for x in r[:4]] == ["clarify"] * 4
    assert [x.clarify_streak for x in r[:4]] == [1, 2, 3, 4]
    assert (r[4].outcome, r[4].reason, r[4].state) == (
        "abstain",
        "clarify_loop_exhausted",
        "abstained",
    )
    assert r[4].path[0].trigger == "trip_breaker" and r[4].clarify_streak == 0
    assert r[5].outcome == "clarify" and r[5].clarify_streak == 1


def test_breaker_trip_drops_the_open_question(engine: Engine) -> None:
    """After a trip, a bare slot answer is not merged into the old question."""
    cid = engine.create_conversation().conversation_id
    for t in ["Liều paracetamol?", "hmm", "hmm", "hmm", "hmm"]:
        last = engine.handle(cid, t)
    assert last.reason == "clarify_loop_exhausted"
    assert engine.conversation(cid).frame is None
    after = engine.handle(cid, "Trẻ em")
    assert after.frame["drugs"] == []


def test_non_clarify_outcome_resets_streak(engine: Engine) -> None:
    """Smalltalk between clarifications resets the streak to zero."""
    r = talk(engine, "hmm", "hmm", "chào", "hmm")
    assert [x.clarify_streak for x in r] == [1, 2, 0, 1]


def test_new_question_drops_stale_slots(engine: Engine) -> None:
    """A full new question during a clarification starts fresh instead of merging."""
    r = talk(engine, "Liều paracetamol?", "chống chỉ định paracetamol")
    assert r[1].reason == "single_drug" and r[1].frame["population"] is None


def test_scope_guard_abstains_out_of_scope(engine: Engine) -> None:
    """Rule 1 through the engine: a veterinary dose is refused, not clarified."""
    (r,) = talk(engine, "liều cho chó")
    assert (r.outcome, r.reason, r.route_rule, r.state) == (
        "abstain",
        "out_of_scope",
        1,
        "abstained",
    )


def test_smalltalk_answers_without_retrieval(engine: Engine) -> None:
    """Rule 11: a greeting gets the fixed reply and no citations."""
    (r,) = talk(engine, "chào")
    assert (r.outcome, r.reason, r.state, r.citations) == (
        "answerable",
        "smalltalk",
        "answering",
        [],
    )


def test_interaction_answers_from_both_sections(engine: Engine) -> None:
    """Rule 15: warfarin + aspirin cites both interaction sections."""
    (r,) = talk(engine, "warfarin và aspirin")
    assert r.reason == "interaction" and {c.drug_id for c in r.citations} == {"warfarin", "aspirin"}


def test_interaction_without_mention_is_not_called_safe(engine: Engine) -> None:
    """No section mentions the other drug → abstain, saying it does NOT mean safe."""
    (r,) = talk(engine, "amoxicilin và paracetamol")
    assert r.reason == "no_interaction_evidence"
    assert "KHÔNG có nghĩa là an toàn khi phối hợp" in r.message


def test_condition_path_lists_drugs_from_indications(engine: Engine) -> None:
    """Rule 7: the reverse lookup answers from chi_dinh evidence only."""
    (r,) = talk(engine, "thuốc trị viêm tai giữa")
    assert r.reason == "condition_to_drug"
    assert {(c.drug_id, c.section_key) for c in r.citations} == {("amoxicillin", "chi_dinh")}


def test_ambiguous_condition_offers_narrower_choices(engine: Engine) -> None:
    """Rule 5: a broad condition clarifies with the frame's options as quick replies."""
    (r,) = talk(engine, "thuốc trị nhiễm trùng")
    assert (r.reason, r.state) == ("ambiguous_condition", "clarifying_query")
    assert r.quick_replies == ["Viêm tai giữa", "Viêm họng"]


def test_unknown_drug_is_named(engine: Engine) -> None:
    """Rule 13: the refusal names the drug that is not in the formulary."""
    (r,) = talk(engine, "thuốc xyz")
    assert r.reason == "drug_not_in_formulary" and "xyz" in r.message


def test_missing_evidence_abstains(make_engine: Callable[..., Engine]) -> None:
    """With no evidence for the section, the single-drug path abstains no_evidence."""
    eng = make_engine(FRAMES, items=[])
    (r,) = talk(eng, "chống chỉ định paracetamol")
    assert (r.reason, r.state) == ("no_evidence", "abstained")
    assert [s.dest for s in r.path] == ["retrieving", "abstained"]


def test_ambiguous_route_clarifies_and_counts_toward_breaker(
    make_engine: Callable[..., Engine],
) -> None:
    """An ambiguous_route clarification from generation is a clarify turn like any other;
    asked right after the age was given (progress), it counts 1."""
    ask: Callable[[AnswerRequest], bool] = lambda req: req.frame.route is None  # noqa: E731
    eng = make_engine(FRAMES, answerer=QuotingAnswerer(ask_route_when=ask))
    r = talk(eng, "Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "5 tuổi")
    assert [x.clarify_streak for x in r] == [1, 1, 1, 1]
    assert (r[3].reason, r[3].state) == ("ambiguous_route", "clarifying_query")
    assert [s.trigger for s in r[3].path] == ["start_retrieval", "ask_route"]


def test_a_user_who_answers_every_question_never_meets_the_breaker(
    make_engine: Callable[..., Engine],
) -> None:
    """Seven clarifications in a row, but each answer brings a missing fact: no trip, and
    the non-answers between them still count."""
    ask: Callable[[AnswerRequest], bool] = lambda req: req.frame.route is None  # noqa: E731
    eng = make_engine(FRAMES, answerer=QuotingAnswerer(ask_route_when=ask))
    r = talk(eng, "Liều paracetamol?", "hmm", "hmm", "Trẻ em", "hmm", "bé nặng 18 ký", "5 tuổi")
    assert [x.outcome for x in r] == ["clarify"] * 7
    assert [x.clarify_streak for x in r] == [1, 2, 3, 1, 2, 1, 1]


def test_route_clarification_past_the_limit_trips(make_engine: Callable[..., Engine]) -> None:
    """The fifth clarification without progress, even one raised after retrieval, trips."""
    ask: Callable[[AnswerRequest], bool] = lambda req: req.frame.route is None  # noqa: E731
    whole = F(
        {
            "turn_type": "dosing_calc",
            "drugs": ["paracetamol"],
            "population": "child",
            "age_months": 60,
            "weight_kg": 18,
        }
    )
    frames = {**FRAMES, "liều paracetamol cho bé 5 tuổi 18 kg": whole}
    eng = make_engine(frames, answerer=QuotingAnswerer(ask_route_when=ask))
    r = talk(eng, "hmm", "hmm", "hmm", "hmm", "liều paracetamol cho bé 5 tuổi 18 kg")
    assert [x.clarify_streak for x in r[:4]] == [1, 2, 3, 4]
    assert (r[4].reason, r[4].state) == ("clarify_loop_exhausted", "abstained")
    assert [s.trigger for s in r[4].path] == ["start_retrieval", "trip_breaker"]


def test_state_survives_a_new_engine(make_engine: Callable[..., Engine]) -> None:
    """A new engine on the same Redis continues the dialogue: state, streak, prior frame."""
    first = make_engine(FRAMES)
    cid = first.create_conversation().conversation_id
    first.handle(cid, "Liều paracetamol?")
    first.handle(cid, "Trẻ em")
    second = make_engine(FRAMES)
    view = second.conversation(cid)
    # "Trẻ em" answered the population question: progress, so the count is 1 again.
    assert (view.state, view.clarify_streak) == ("clarifying_age_weight", 1)
    assert view.frame is not None and view.frame["population"] == "child"
    assert second.handle(cid, "bé nặng 18 ký").message.startswith("Bé nặng 18 kg")


def test_idempotent_retry_returns_stored_result(engine: Engine) -> None:
    """The same idempotency key returns the stored result and changes nothing."""
    cid = engine.create_conversation().conversation_id
    a = engine.handle(cid, "hmm", idempotency_key="k-1")
    b = engine.handle(cid, "hmm", idempotency_key="k-1")
    assert a == b and engine.conversation(cid).version == 1
    assert len(engine.trace(cid)) == 1


def test_a_stored_result_is_kept_deflated_and_replays_whole(
    engine: Engine,
    redis_client,  # type: ignore[no-untyped-def]
) -> None:
    """The idempotent record holds the result deflated (smaller than its JSON) and a retry
    gets the same result back."""
    cid = engine.create_conversation().conversation_id
    first = engine.handle(cid, "Liều paracetamol?", idempotency_key="k-z")
    idem = engine.store.keys_for(cid)["idem"]  # type: ignore[attr-defined]
    record = redis_client.hget(idem, "k-z").decode()
    stored = record.split("|", 1)[1]
    assert stored.startswith("z:") and len(stored) < len(first.model_dump_json())
    assert engine.handle(cid, "Liều paracetamol?", idempotency_key="k-z") == first


def test_a_result_stored_as_bare_json_still_replays(
    engine: Engine,
    redis_client,  # type: ignore[no-untyped-def]
) -> None:
    """A record written before results were deflated (bare JSON) is replayed as it is."""
    cid = engine.create_conversation().conversation_id
    first = engine.handle(cid, "hmm", idempotency_key="k-old")
    idem = engine.store.keys_for(cid)["idem"]  # type: ignore[attr-defined]
    text_hash = redis_client.hget(idem, "k-old").decode().split("|", 1)[0]
    redis_client.hset(idem, "k-old", f"{text_hash}|{first.model_dump_json()}")
    assert stored_result(first.model_dump_json()) == first.model_dump_json()
    assert engine.handle(cid, "hmm", idempotency_key="k-old") == first
    assert stored_result(storable_result(first)) == first.model_dump_json()


def test_expired_conversation_starts_fresh(make_engine: Callable[..., Engine]) -> None:
    """After the idle expiry, no slot carries over into the next turn."""
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    eng = make_engine(FRAMES, clock=lambda: now[0], idle_ttl_s=3600)
    cid = eng.create_conversation().conversation_id
    eng.handle(cid, "Liều paracetamol?")
    now[0] += timedelta(hours=2)
    r = eng.handle(cid, "Trẻ em")
    assert r.frame["drugs"] == [] and r.clarify_streak == 1


def test_text_limits_are_checked_before_loading(engine: Engine) -> None:
    """Empty and over-long texts are rejected with a clear error before any work."""
    cid = engine.create_conversation().conversation_id
    with pytest.raises(TextRejected):
        engine.handle(cid, "   ")
    with pytest.raises(TextRejected, match="limit is 2000"):
        engine.handle(cid, "x" * 2001)
    assert engine.conversation(cid).version == 0


def test_unknown_conversation_and_wrong_token_look_the_same(engine: Engine) -> None:
    """Unknown id and wrong token both raise ConversationNotFound."""
    created = engine.create_conversation()
    with pytest.raises(ConversationNotFound):
        engine.authorize(created.conversation_id, "wrong")
    with pytest.raises(ConversationNotFound):
        engine.authorize("A" * 32, created.token)
    engine.authorize(created.conversation_id, created.token)


def test_delete_removes_every_key(engine: Engine, redis_client) -> None:  # type: ignore[no-untyped-def]
    """DELETE leaves no key of the conversation behind."""
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, "hmm", idempotency_key="x")
    engine.delete(cid)
    assert redis_client.keys(f"*{cid}*") == []


def test_every_key_has_a_ttl(engine: Engine, redis_client) -> None:  # type: ignore[no-untyped-def]
    """Every key a turn writes expires."""
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, "Liều paracetamol?", idempotency_key="x")
    keys = redis_client.keys(f"*{cid}*")
    assert keys and all(redis_client.pttl(k) > 0 for k in keys)


def test_trace_records_path_rule_and_timings(engine: Engine) -> None:
    """The trace shows each turn's path, rule, reason and stage timings."""
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, "chống chỉ định paracetamol")
    (entry,) = engine.trace(cid)
    assert entry.route_rule == 16 and entry.reason == "single_drug"
    assert [s.dest for s in entry.path] == ["retrieving", "answering"]
    assert {"load", "understand", "retrieve_answer"} <= set(entry.timings_ms)


def test_slot_fill_without_flag_is_recognised(make_engine: Callable[..., Engine]) -> None:
    """A bare population answer merges even if understanding did not flag fills_slot."""
    frames = dict(FRAMES)
    frames["Trẻ em"] = F({"turn_type": "dosing_calc", "population": "child"})
    eng = make_engine(frames)
    r = talk(eng, "Liều paracetamol?", "Trẻ em")
    assert r[1].reason == "missing_pediatric_age_or_weight"
    assert r[1].frame["drugs"] == ["paracetamol"]
    assert ClarifySlot.AGE_WEIGHT.value == "age_weight"


class _MiscitingAnswerer:
    """An honest fake generator whose one claim cites evidence that is not in the pool."""

    def generate(self, request: AnswerRequest) -> Answer:
        return Answer(lead="Theo Dược thư:", claims=(Claim(text="Uống 5 viên.", citations=(99,)),))


def test_trace_keeps_which_check_failed_and_why(make_engine: Callable[..., Engine]) -> None:
    """A grounding_failed turn's trace names the failed check and its problem; others are empty."""
    engine = make_engine(FRAMES, answerer=_MiscitingAnswerer())
    cid = engine.create_conversation().conversation_id
    assert engine.handle(cid, "chống chỉ định paracetamol").reason == "grounding_failed"
    engine.handle(cid, "chào")
    failed, smalltalk = engine.trace(cid)
    assert [(f.check, f.problem) for f in failed.grounding_failures] == [
        ("citation", "Uống 5 viên.")
    ]
    assert smalltalk.grounding_failures == []


def test_no_row_for_the_patient_abstains_plainly_with_the_section_cited(
    redis_client: Any,
) -> None:
    """A dose asked for a patient the book's dose section does not cover: `no_evidence`,
    the message says so, and the section read is cited (the section itself is not shown)."""
    section = "### *Liều lượng:*\n\n*Trẻ em:*\n\n*Uống:* Trẻ em 1 - 5 tuổi: 150 mg/lần."
    items = [evidence("paracetamol", "lieu_luong_cach_dung", section)]
    engine = sample_engine(
        redis_client,
        retriever=MemoryRetriever(items, SAMPLE_CATALOG),
        answerer=ExtractiveAnswerer(SAMPLE_CATALOG),
    )
    cid = engine.create_conversation().conversation_id
    frame = {
        "turn_type": "dosing_calc",
        "drugs": ["paracetamol"],
        "population": "child",
        "age_months": 3,
        "weight_kg": 6,
        "route": "oral",
    }
    result = engine.handle(cid, json.dumps(frame))
    assert (result.outcome.value, result.reason) == ("abstain", "no_evidence")
    assert "không ghi liều" in result.message and "150 mg" not in result.message
    assert [(c.drug_id, c.section_key) for c in result.citations] == [
        ("paracetamol", "lieu_luong_cach_dung")
    ]


def test_a_tapped_indication_chip_answers_the_indication_question() -> None:
    """Whatever words a chip holds, sending it answers "which indication?" with that text;
    other text, or another open question, is left as understanding read it."""
    from engine.conversation import OpenQuestion
    from engine.turn import _chosen_indication

    asked = OpenQuestion(
        reason="needs_more_info",
        slot=ClarifySlot.CONDITION,
        quick_replies=("Viêm tai giữa cấp", "Liều theo cân nặng cho phác đồ 3 ngày"),
    )
    frame = _chosen_indication(QueryFrame(), "liều theo cân nặng cho phác đồ 3 ngày ", asked)
    assert frame.fills_slot is ClarifySlot.CONDITION
    assert frame.condition is not None and frame.condition.text.startswith("liều theo cân nặng")
    assert _chosen_indication(QueryFrame(), "không rõ", asked) == QueryFrame()
    route = OpenQuestion(
        reason="ambiguous_route", slot=ClarifySlot.ROUTE, quick_replies=("Đường uống",)
    )
    assert _chosen_indication(QueryFrame(), "Đường uống", route) == QueryFrame()


def test_history_keeps_an_answers_claims_and_citations(engine: Engine) -> None:
    """The stored assistant line carries the answer's claims and citations (a reloaded page
    shows them as the live turn did); a clarification stores none."""
    r = talk(engine, "Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "5 tuổi")
    view = engine.conversation(r[-1].conversation_id)
    bot = [h for h in view.history if h["role"] == "assistant"]
    assert bot[0]["citations"] == [] and bot[0]["claims"] == []
    answered = [h for h in bot if h["outcome"] == "answerable"]
    for line, result in zip(answered, [x for x in r if x.outcome == "answerable"], strict=True):
        assert line["citations"] == [c.model_dump(mode="json") for c in result.citations]
        assert line["claims"] == [c.model_dump(mode="json") for c in result.claims]
