"""The book looked at before a dose question asks who the patient is (round 14): a drug the
book doses only for adults gets no "người lớn hay trẻ em?", and a child whose told age is in
the book's own age rows is not asked the weight. Our own words, in the book's shapes."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from core.frame import ClarifySlot, Population, QueryFrame, TurnType
from engine.conversation import Conversation, OpenQuestion
from engine.effects import Effects
from engine.responder import Responder
from engine.store import RedisStateStore
from engine.turn import Engine
from grounding.extractive import ExtractiveAnswerer
from grounding.render import render_answer
from grounding.verify import default_checks
from runners.testing import MemoryRetriever, evidence
from understanding import RulesUnderstander

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
    effects = Effects(
        MemoryRetriever(EVIDENCE, CATALOG),
        ExtractiveAnswerer(CATALOG),
        checks=lambda request: default_checks(request, CATALOG),
        renderer=render_answer,
        catalog=CATALOG,
    )
    return Engine(
        store=RedisStateStore(redis_client, lock_wait_ms=2000),
        understander=RulesUnderstander(CATALOG),
        effects=effects,
        catalog=CATALOG,
    )


def talk(engine: Engine, *texts: str) -> list:
    cid = engine.create_conversation().conversation_id
    return [engine.handle(cid, t) for t in texts]


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


def test_a_child_s_told_age_in_the_age_rows_is_answered_without_the_weight(
    engine: Engine,
) -> None:
    [r] = talk(engine, "bé nhà em 4 tuổi uống tussolin mỗi lần bao nhiêu")
    assert (r.outcome, r.reason) == ("answerable", "single_drug")
    assert "7,5 mg" in r.message and "mg/kg" not in r.message
    assert "book_rows_fit" not in r.frame


def test_the_weight_is_still_asked_when_no_age_row_fits(engine: Engine) -> None:
    [r] = talk(engine, "bé 14 tháng uống tussolin mỗi lần bao nhiêu")
    assert r.reason == "missing_pediatric_age_or_weight"


def test_the_weight_told_brings_the_per_kg_row(engine: Engine) -> None:
    [r] = talk(engine, "bé 4 tuổi nặng 16 kg uống tussolin mỗi lần bao nhiêu")
    assert r.outcome == "answerable"
    assert "0,5 mg/kg" in r.message


def test_a_weighed_child_whose_rows_are_all_per_kg_is_not_asked_the_age(
    redis_client: redis.Redis,
) -> None:
    catalog = DrugCatalog([DrugEntry(drug_id="cefalor", name="Cefalor", inn="Cefalor")])
    rows = evidence(
        "cefalor",
        "lieu_luong_cach_dung",
        "*Uống:*\n\nNgười lớn: 500 mg/lần, ngày 2 lần.\n\n"
        "Trẻ em: 25 - 50 mg/kg/ngày, chia 2 lần (không quá 1 g/ngày).",
    )
    effects = Effects(
        MemoryRetriever([rows], catalog),
        ExtractiveAnswerer(catalog),
        checks=lambda request: default_checks(request, catalog),
        renderer=render_answer,
        catalog=catalog,
    )
    engine = Engine(
        store=RedisStateStore(redis_client, lock_wait_ms=2000),
        understander=RulesUnderstander(catalog),
        effects=effects,
        catalog=catalog,
    )
    [r] = talk(engine, "bé 15kg uống cefalor ngày bao nhiêu")
    assert (r.outcome, r.reason) == ("answerable", "single_drug")
    assert "25 - 50 mg/kg" in r.message


@pytest.mark.parametrize("thread", ["asked", "thread"])
def test_after_a_safety_question_or_in_a_thread_the_book_answers_no_one_early(thread: str) -> None:
    """Asked "Bé đã uống thuốc này rồi phải không?", or with an ingestion thread open, a
    child's dose waits for every fact as before: the book's age row settles nothing."""
    effects = Effects(
        MemoryRetriever(EVIDENCE, CATALOG),
        ExtractiveAnswerer(CATALOG),
        checks=lambda request: default_checks(request, CATALOG),
        renderer=render_answer,
        catalog=CATALOG,
    )
    responder = Responder(effects=effects, catalog=CATALOG, emergency_contacts=("115",))
    frame = QueryFrame(
        turn_type=TurnType.DOSING_CALC,
        drugs=["tussolin"],
        population=Population.CHILD,
        age_months=48,
        standalone_query="bé 4 tuổi uống tussolin mỗi lần bao nhiêu",
    )
    calm = Conversation(conversation_id="c1", token_hash="h")
    assert responder.book_look(frame, calm).book_rows_fit  # the age row fits: no weight asked
    if thread == "asked":
        slot = ClarifySlot.DETAIL
        tense = calm.model_copy(
            update={"open_question": OpenQuestion(reason="safety_check", slot=slot)}
        )
    else:
        tense = calm.model_copy(update={"safety_thread": "emergency"})
    assert not responder.book_look(frame, tense).book_rows_fit
