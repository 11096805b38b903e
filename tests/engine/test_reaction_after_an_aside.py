"""A reaction told a turn or two after the drug was named, with a turn on something else in
between (issue 22 item 5): it quotes the ADR management of the drug named before."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from engine.effects import Effects
from engine.store import RedisStateStore
from engine.turn import Engine
from grounding.extractive import ExtractiveAnswerer
from grounding.render import render_answer
from grounding.verify import default_checks
from runners.testing import MemoryRetriever, evidence
from understanding import RulesUnderstander

CATALOG = DrugCatalog([DrugEntry(drug_id="allopurinol", name="Alopurinol")])
EVIDENCE = [
    evidence("allopurinol", "lieu_luong_cach_dung", "- Người lớn: 100–300 mg mỗi ngày."),
    evidence(
        "allopurinol",
        "huong_dan_xu_tri_adr",
        "Ngừng thuốc ngay khi có ban da hoặc dấu hiệu dị ứng đầu tiên.",
    ),
    evidence("allopurinol", "qua_lieu_xu_tri", "Xử trí: điều trị hỗ trợ, bù dịch."),
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
        emergency_contacts=("115",),
    )


@pytest.mark.parametrize(
    "sign",
    [
        "da bà bị rộp lên rồi bong tróc từng mảng",  # skin coming off, nothing placing it after
        "tay chân nổi ban đỏ, mắt ngứa, môi sưng",
    ],
)
def test_a_sign_after_a_turn_on_something_else_is_the_named_drugs_reaction(
    engine: Engine, sign: str
) -> None:
    """The drug, then a turn on a complaint (no drug), then a serious sign: the emergency
    reply quoting the drug's ADR management, not an out-of-scope refusal."""
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, "bà tôi uống alopurinol được hai tuần nay")
    engine.handle(cid, "bà còn hay mất ngủ")
    r = engine.handle(cid, sign)
    assert r.reason == "emergency"
    assert ("allopurinol", "huong_dan_xu_tri_adr") in {
        (c.drug_id, c.section_key) for c in r.citations
    }
