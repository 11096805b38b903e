"""Open questions and follow-ups over HTTP: the Starlette app, the real Engine and Redis,
the rules understander and the sample evidence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import redis
from starlette.testclient import TestClient

from core.settings import Settings
from runners.testing import SAMPLE_CATALOG, SAMPLE_EVIDENCE, MemoryRetriever, evidence
from server import create_app
from tests.support.dialogue import scripted_runtime, start
from understanding import RulesUnderstander

ITEMS = [
    *SAMPLE_EVIDENCE,
    evidence("amoxicillin", "lieu_luong_cach_dung", "Trẻ em: 25 mg/kg mỗi ngày, chia 2 lần."),
]


def _client(redis_client: redis.Redis, tmp_path: Path) -> TestClient:
    runtime = scripted_runtime(
        redis_client,
        tmp_path,
        understander=RulesUnderstander(SAMPLE_CATALOG),
        retriever=MemoryRetriever(ITEMS, SAMPLE_CATALOG),
    )
    return TestClient(create_app(Settings(duocthu_data_dir=tmp_path), lambda _s: runtime))


def _talk(http: TestClient, *texts: str) -> tuple[list[dict[str, Any]], str, dict[str, str]]:
    cid, auth = start(http)
    url = f"/v1/conversations/{cid}"
    bodies = [http.post(f"{url}/turns", json={"text": t}, headers=auth).json() for t in texts]
    return bodies, url, auth


def test_non_answers_re_ask_until_the_breaker_over_http(
    redis_client: redis.Redis, tmp_path: Path
) -> None:
    """ "không rõ", "để xem đã", "sao cơ?", "ừ" re-ask; the 5th clarification abstains."""
    with _client(redis_client, tmp_path) as http:
        texts = ("Liều paracetamol?", "không rõ", "để xem đã", "sao cơ?", "ừ")
        bodies, url, auth = _talk(http, *texts)
        assert [b["outcome"] for b in bodies] == ["clarify"] * 4 + ["abstain"]
        assert [b["reason"] for b in bodies[:4]] == ["missing_population"] * 4
        assert [b["clarify_streak"] for b in bodies] == [1, 2, 3, 4, 0]
        assert all(b["quick_replies"] == ["Người lớn", "Trẻ em"] for b in bodies[:4])
        assert bodies[-1]["reason"] == "clarify_loop_exhausted"
        view = http.get(url, headers=auth).json()
        assert (view["state"], view["clarify_streak"], view["frame"]) == ("abstained", 0, None)


def test_drug_only_follow_up_keeps_the_childs_age_and_weight_over_http(
    redis_client: redis.Redis, tmp_path: Path
) -> None:
    """After a child's dose, "thế còn amoxicilin thì sao?" answers for the same child."""
    with _client(redis_client, tmp_path) as http:
        bodies, _, _ = _talk(
            http,
            "liều paracetamol uống cho trẻ",
            "bé 8 tháng nặng 8 kg",
            "thế còn amoxicilin thì sao?",
        )
        assert [b["outcome"] for b in bodies] == ["clarify", "answerable", "answerable"]
        last = bodies[-1]
        assert last["frame"]["drugs"] == ["amoxicillin"]
        assert (last["frame"]["age_months"], last["frame"]["weight_kg"]) == (8, 8)
        assert {c["drug_id"] for c in last["citations"]} == {"amoxicillin"}
