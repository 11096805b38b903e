"""Worked-out amounts through a whole turn: in the turn result, the fallback to the quote
when an amount does not recompute, and follow-ups that keep what the user said."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from core.evidence import Answer, Claim
from core.ports import AnswerClarify, AnswerRequest
from engine.effects import Effects
from engine.store import RedisStateStore
from engine.turn import Engine
from grounding.extractive import ExtractiveAnswerer
from grounding.quote_only import QUOTE_ONLY_NOTE
from grounding.render import render_answer
from grounding.verify import default_checks
from runners.testing import MemoryRetriever, evidence
from understanding import RulesUnderstander

CATALOG = DrugCatalog([DrugEntry(drug_id="prednisolone", name="Prednisolon", inn="Prednisolone")])
# Our own words, in the book's shape.
EVIDENCE = [
    evidence(
        "prednisolone",
        "lieu_luong_cach_dung",
        "*Uống:*\n"
        "- Trẻ em dưới 12 tuổi, đợt cấp hen phế quản: 1–2 mg/kg, 1 lần/ngày (tối đa 40 mg/ngày).\n"
        "- Người lớn, đợt cấp hen phế quản: 40–50 mg, 1 lần/ngày.",
    ),
]


class _WrongSum:
    """The extractive answerer, with every worked-out amount's result changed."""

    def __init__(self) -> None:
        self.inner = ExtractiveAnswerer(CATALOG)

    def generate(self, request: AnswerRequest) -> Answer | AnswerClarify:
        answer = self.inner.generate(request)
        if isinstance(answer, AnswerClarify):
            return answer
        claims = tuple(
            c.model_copy(
                update={"derivation": c.derivation.model_copy(update={"result": "999 mg"})}
            )
            if c.derivation
            else c
            for c in answer.claims
        )
        return answer.model_copy(update={"claims": claims})


def build(redis_client: redis.Redis, generator: object) -> Engine:
    effects = Effects(
        MemoryRetriever(EVIDENCE, CATALOG),
        generator,  # type: ignore[arg-type]
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


@pytest.fixture
def engine(redis_client: redis.Redis) -> Engine:
    return build(redis_client, ExtractiveAnswerer(CATALOG))


def talk(engine: Engine, *texts: str) -> list:
    cid = engine.create_conversation().conversation_id
    return [engine.handle(cid, t) for t in texts]


def test_amount_is_in_the_turn_result_with_its_derivation(engine: Engine) -> None:
    """30 kg × 1–2 mg/kg = 30–60 mg, capped at the printed 40 mg/ngày, with its derivation."""
    [r] = talk(engine, "Liều prednisolon uống cho trẻ 10 tuổi nặng 30 kg bị đợt cấp hen phế quản")
    derived = [c for c in r.claims if c.derivation is not None]
    assert [c.derivation.model_dump() for c in derived if c.derivation] == [
        {"quoted": "1–2 mg/kg, 1 lần/ngày", "weight_kg": 30, "result": "30–40 mg",
         "cap": "tối đa 40 mg/ngày"}
    ]  # fmt: skip
    assert "30 kg × 1–2 mg/kg = 30–60 mg; tối đa 40 mg/ngày → 30–40 mg" in r.message
    assert "derivation" not in r.model_dump()["claims"][0]  # a quoted row carries none


def test_an_amount_that_does_not_recompute_falls_back_to_the_quote(
    redis_client: redis.Redis,
) -> None:
    """A wrong result fails the numeric recheck: the reply quotes the rows, says nothing
    was worked out, and is still an answer (not grounding_failed)."""
    engine = build(redis_client, _WrongSum())
    [r] = talk(engine, "Liều prednisolon uống cho trẻ 10 tuổi nặng 30 kg bị đợt cấp hen phế quản")
    assert (r.outcome, r.reason) == ("answerable", "single_drug")
    assert all(c.derivation is None for c in r.claims)
    assert "999" not in r.message
    assert QUOTE_ONLY_NOTE.strip(" ()") in r.message


def test_weighing_the_child_in_a_follow_up_keeps_the_age(engine: Engine) -> None:
    """Age in turn 1, weight in a 'vậy tính ra …' follow-up: answered, never asked again."""
    first, second = talk(
        engine,
        "Prednisolon uống cho trẻ 10 tuổi bị đợt cấp hen phế quản liều thế nào?",
        "vậy tính ra bé 30 kg thì uống bao nhiêu mg một ngày?",
    )
    assert first.reason == "missing_pediatric_age_or_weight"
    assert second.outcome == "answerable"
    assert any(c.derivation is not None for c in second.claims)


def test_claim_model_keeps_a_derivation_optional() -> None:
    """A quoted claim has no derivation; the model stays additive."""
    assert Claim(text="x").derivation is None
