"""A condition no drug names in its Chỉ định, though the words found some drug's text ("ho"
inside "cho"): the abstention says that no drug lists it, and where to turn, not a bare
"nothing found". Our own words."""

from __future__ import annotations

import redis

from core.catalog import DrugCatalog, DrugEntry
from runners.testing import evidence
from tests.support.book_engine import book_engine, talk

CATALOG = DrugCatalog([DrugEntry(drug_id="lipistat", name="Lipistat", inn="Lipistat")])
EVIDENCE = [
    evidence("lipistat", "chi_dinh", "Tăng mỡ máu, dùng cho người lớn khi ăn kiêng chưa đủ.")
]


def test_a_condition_no_drug_lists_is_said_so_with_a_next_step(redis_client: redis.Redis) -> None:
    [r] = talk(book_engine(redis_client, EVIDENCE, CATALOG), "bé 3 tuổi bị ho, uống thuốc gì")
    assert r.outcome == "abstain" and r.reason == "no_evidence"
    assert "“ho” trong mục Chỉ định" in r.message
    assert "hỏi bác sĩ hoặc dược sĩ" in r.message
    assert "Lipistat" not in r.message
