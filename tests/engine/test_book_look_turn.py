"""The book looked at before a dose question asks who the patient is (round 14): a drug the
book doses only for adults gets no "người lớn hay trẻ em?", and a child whose told age is in
the book's own age rows is not asked the weight. Our own words, in the book's shapes."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from core.frame import ClarifySlot, QueryFrame, TurnType
from engine.conversation import Conversation, OpenQuestion
from engine.responder import Responder
from engine.turn import Engine
from runners.testing import evidence
from tests.support.book_engine import book_effects, book_engine, talk

CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="statinol", name="Statinol", inn="Statinol"),
        DrugEntry(drug_id="tussolin", name="Tussolin", inn="Tussolin"),
    ]
)
EVIDENCE = [
    evidence(
        "statinol",
        "lieu_luong_cach_dung",
        "Uống mỗi tối 10 mg; sau 4 tuần có thể tăng tới 20 mg mỗi ngày.\n\n"
        "Trẻ em: chưa xác định được độ an toàn, không khuyến cáo dùng.",
    ),
    evidence(
        "tussolin",
        "lieu_luong_cach_dung",
        "*Uống:*\n\n"
        "Người lớn: 30 mg/lần, ngày 3 lần.\n\n"
        "Trẻ em theo cân nặng: 0,5 mg/kg/lần, ngày 3 lần.\n\n"
        "Trẻ 2 - 5 tuổi: 7,5 mg/lần, ngày 3 lần; trẻ 6 - 11 tuổi: 15 mg/lần, ngày 3 lần.",
    ),
]


@pytest.fixture
def engine(redis_client: redis.Redis) -> Engine:
    return book_engine(redis_client, EVIDENCE, CATALOG)


def test_a_drug_the_book_doses_for_adults_only_is_answered_without_the_population(
    engine: Engine,
) -> None:
    [r] = talk(engine, "statinol uống liều bao nhiêu")
    assert (r.outcome, r.reason) == ("answerable", "single_drug")
    assert r.frame["population"] is None  # what the user said; the book's rows are adults'
    assert "cho người lớn" in r.message and "10 mg" in r.message


def test_a_drug_with_children_s_rows_still_asks_the_population(engine: Engine) -> None:
    [r] = talk(engine, "tussolin uống liều bao nhiêu")
    assert r.reason == "missing_population"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("bé nhà em 4 tuổi uống tussolin mỗi lần bao nhiêu", "nặng bao nhiêu kg"),
        ("bé 15kg uống tussolin ngày bao nhiêu", "bao nhiêu tuổi"),
    ],
)
def test_a_child_with_one_fact_told_is_asked_the_other_whatever_rows_the_book_has(
    engine: Engine, text: str, asked: str
) -> None:
    """The book has a row for a 4-year-old, and per-kg rows for any weight; still, no child's
    dose is answered before both age and weight are known (the paediatric invariant, rule 3)."""
    [r] = talk(engine, text)
    assert (r.outcome, r.reason) == ("clarify", "missing_pediatric_age_or_weight")
    assert asked in r.message and "mg" not in r.message


def test_the_weight_is_still_asked_when_no_age_row_fits(engine: Engine) -> None:
    [r] = talk(engine, "bé 14 tháng uống tussolin mỗi lần bao nhiêu")
    assert r.reason == "missing_pediatric_age_or_weight"


def test_the_weight_told_brings_the_per_kg_row(engine: Engine) -> None:
    [r] = talk(engine, "bé 4 tuổi nặng 16 kg uống tussolin mỗi lần bao nhiêu")
    assert r.outcome == "answerable"
    assert "0,5 mg/kg" in r.message


@pytest.mark.parametrize("thread", ["asked", "thread"])
def test_after_a_safety_question_or_in_a_thread_the_book_answers_no_one_early(thread: str) -> None:
    """Asked "Bé đã uống thuốc này rồi phải không?", or with an ingestion thread open, the book's
    adult-only rows do not stand in for "người lớn hay trẻ em?": who took it is not presumed."""
    effects = book_effects(EVIDENCE, CATALOG)
    responder = Responder(effects=effects, catalog=CATALOG, emergency_contacts=("115",))
    frame = QueryFrame(
        turn_type=TurnType.DOSING_CALC,
        drugs=["statinol"],
        standalone_query="statinol uống mỗi lần bao nhiêu",
    )
    calm = Conversation(conversation_id="c1", token_hash="h")
    assert responder.book_look(frame, calm).book_adults  # adult rows only: no population asked
    if thread == "asked":
        slot = ClarifySlot.DETAIL
        tense = calm.model_copy(
            update={"open_question": OpenQuestion(reason="safety_check", slot=slot)}
        )
    else:
        tense = calm.model_copy(update={"safety_thread": "emergency"})
    assert not responder.book_look(frame, tense).book_adults
