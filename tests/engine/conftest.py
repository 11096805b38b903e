"""Builders for engines over a real Redis with the honest fakes of engine.testing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import redis

from engine.catalog import DrugCatalog, DrugEntry
from engine.frame import QueryFrame
from engine.paths import Paths
from engine.store import RedisStateStore
from engine.testing import (
    MemoryRetriever,
    QuotingAnswerer,
    ScriptedUnderstander,
    evidence,
    simple_checks,
    simple_render,
)
from engine.turn import Engine

CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="paracetamol", name="Paracetamol"),
        DrugEntry(drug_id="warfarin", name="Warfarin"),
        DrugEntry(drug_id="aspirin", name="Aspirin"),
        DrugEntry(drug_id="amoxicillin", name="Amoxicilin"),
    ]
)

EVIDENCE = [
    evidence("paracetamol", "lieu_luong_cach_dung",
             "Trẻ em 4–6 tuổi: 240 mg mỗi lần.\nTrẻ em theo cân nặng: 10–15 mg/kg mỗi lần."),
    evidence("paracetamol", "chong_chi_dinh", "Suy gan nặng."),
    evidence("paracetamol", "chi_dinh", "Đau nhẹ và vừa; sốt."),
    evidence("paracetamol", "dang_thuoc_ham_luong", "Viên nén 500 mg."),
    evidence("warfarin", "tuong_tac_thuoc", "Aspirin làm tăng nguy cơ chảy máu."),
    evidence("aspirin", "tuong_tac_thuoc", "Warfarin: tăng nguy cơ chảy máu."),
    evidence("amoxicillin", "tuong_tac_thuoc", "Probenecid làm tăng nồng độ."),
    evidence("amoxicillin", "chi_dinh", "Viêm tai giữa cấp."),
]


@pytest.fixture
def make_engine(redis_client: redis.Redis) -> Callable[..., Engine]:
    """Engine factory: scripted frames, in-memory evidence, quoting answerer, real Redis."""

    def build(
        frames: dict[str, QueryFrame] | None = None,
        *,
        default: Callable[..., QueryFrame] | None = None,
        items: list[Any] | None = None,
        answerer: Any = None,
        understander: Any = None,
        **engine_kwargs: Any,
    ) -> Engine:
        retriever = MemoryRetriever(EVIDENCE if items is None else items, CATALOG)
        paths = Paths(retriever, answerer or QuotingAnswerer(), checks=simple_checks,
                      renderer=simple_render, catalog=CATALOG)
        return Engine(
            store=RedisStateStore(redis_client, lock_wait_ms=2000),
            understander=understander or ScriptedUnderstander(frames or {}, default=default),
            paths=paths,
            catalog=CATALOG,
            **engine_kwargs,
        )

    return build
