"""The HTTP shell over the real Engine and Redis store, with scripted understanding."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
import redis
from starlette.testclient import TestClient

from core.evidence import Answer, Claim
from core.ports import AnswerRequest
from core.settings import Settings
from runners.testing import sample_runtime
from server import TurnRequest, create_app
from tests.support.dialogue import scripted_runtime, scripted_understander, start
from web import openapi
from web.http_errors import MESSAGES as _MESSAGES

SCHEMAS = openapi.document(TurnRequest, list(_MESSAGES), max_turn_chars=2000)["components"][
    "schemas"
]


def _client(redis_client: redis.Redis, tmp_path: Path) -> TestClient:
    runtime = scripted_runtime(redis_client, tmp_path)
    return TestClient(create_app(Settings(duocthu_data_dir=tmp_path), lambda _s: runtime))


def _fields(name: str) -> set[str]:
    return set(SCHEMAS[name]["required"])


def test_dialogue_over_http_matches_the_documented_shapes(
    redis_client: redis.Redis, tmp_path: Path
) -> None:
    """Real turn results, conversation views and traces carry exactly the documented fields."""
    with _client(redis_client, tmp_path) as http:
        cid, auth = start(http)
        url = f"/v1/conversations/{cid}"
        bodies = [
            http.post(f"{url}/turns", json={"text": t}, headers=auth).json()
            for t in ("Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "5 tuổi")
        ]
        assert [b["state"] for b in bodies][:3] == [
            "clarifying_population",
            "clarifying_age_weight",
            "clarifying_age_weight",
        ]
        assert bodies[-1]["outcome"] == "answerable"
        assert bodies[-1]["citations"]
        assert all(set(b) == _fields("TurnResult") for b in bodies)
        view = http.get(url, headers=auth).json()
        assert set(view) == _fields("ConversationView")
        trace = http.get(f"{url}/trace", headers=auth).json()
        assert [t["turn"] for t in trace["turns"]] == [1, 2, 3, 4]
        assert all(set(t) == _fields("TraceEntry") for t in trace["turns"])


def test_idempotent_retry_changes_nothing(redis_client: redis.Redis, tmp_path: Path) -> None:
    """A retried turn with the same idempotency_key returns the stored result; version unchanged."""
    with _client(redis_client, tmp_path) as http:
        cid, auth = start(http)
        turn: dict[str, Any] = {"text": "Liều paracetamol?", "idempotency_key": "abc-1"}
        first = http.post(f"/v1/conversations/{cid}/turns", json=turn, headers=auth).json()
        version = http.get(f"/v1/conversations/{cid}", headers=auth).json()["version"]
        again = http.post(f"/v1/conversations/{cid}/turns", json=turn, headers=auth).json()
        assert again == first
        assert http.get(f"/v1/conversations/{cid}", headers=auth).json()["version"] == version


def test_real_engine_feeds_metrics_and_one_log_line_per_turn(
    redis_client: redis.Redis, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The observers the lifespan adds see every real turn: metrics count it, one log line each."""
    with (
        caplog.at_level(logging.INFO, logger="duocthu.turn"),
        _client(redis_client, tmp_path) as http,
    ):
        cid, auth = start(http)
        for text in ("Liều paracetamol?", "Trẻ em"):
            http.post(f"/v1/conversations/{cid}/turns", json={"text": text}, headers=auth)
        metrics = http.get("/metrics").text
    assert 'duocthu_turns_total{outcome="clarify",reason="missing_population"} 1.0' in metrics
    turn_lines = [r for r in caplog.records if r.name == "duocthu.turn"]
    assert len(turn_lines) == 2
    assert "Trẻ em" not in caplog.text


def test_wrong_token_is_404_on_the_real_store(redis_client: redis.Redis, tmp_path: Path) -> None:
    """The real engine's authorize gives the same 404 for a wrong token and an unknown id."""
    with _client(redis_client, tmp_path) as http:
        cid, _ = start(http)
        wrong = http.get(f"/v1/conversations/{cid}", headers={"Authorization": "Bearer x"})
        unknown = http.get("/v1/conversations/nope", headers={"Authorization": "Bearer x"})
        assert wrong.status_code == unknown.status_code == 404
        assert wrong.content == unknown.content


def test_turn_with_a_wrong_token_is_404_and_changes_nothing(
    redis_client: redis.Redis, tmp_path: Path
) -> None:
    """POST /turns checks the token inside the store's begin: a wrong token (even with a
    stored idempotency key) is the unknown-id 404, and the conversation is untouched."""
    with _client(redis_client, tmp_path) as http:
        cid, auth = start(http)
        url = f"/v1/conversations/{cid}/turns"
        turn = {"text": "Liều paracetamol?", "idempotency_key": "k-1"}
        first = http.post(url, json=turn, headers=auth)
        assert first.status_code == 200
        wrong = {"Authorization": "Bearer not-the-token"}
        replay = http.post(url, json=turn, headers=wrong)
        fresh = http.post(url, json={"text": "Trẻ em"}, headers=wrong)
        unknown = http.post("/v1/conversations/nope/turns", json={"text": "x"}, headers=wrong)
        assert replay.status_code == fresh.status_code == unknown.status_code == 404
        assert replay.content == fresh.content == unknown.content
        view = http.get(f"/v1/conversations/{cid}", headers=auth).json()
        assert view["version"] == 1
        assert http.post(url, json=turn, headers=auth).json() == first.json()


def test_ready_with_a_disabled_provider_is_200(redis_client: redis.Redis, tmp_path: Path) -> None:
    """The real Runtime's readiness: a disabled embedder is listed but does not fail /ready."""
    with _client(redis_client, tmp_path) as http:
        response = http.get("/ready")
    assert response.status_code == 200
    embedding = next(c for c in response.json()["components"] if c["name"].startswith("embedding"))
    assert embedding["enabled"] is False


class _MiscitingAnswerer:
    """An honest fake generator whose one claim cites evidence that is not in the pool."""

    def generate(self, request: AnswerRequest) -> Answer:
        return Answer(lead="Theo Dược thư:", claims=(Claim(text="Uống 5 viên.", citations=(9,)),))


def test_trace_shows_why_grounding_failed(redis_client: redis.Redis, tmp_path: Path) -> None:
    """GET /trace shows, for a grounding_failed turn, the failed check and its problem."""
    settings = Settings(duocthu_data_dir=tmp_path, embedding_provider="disabled")
    runtime = sample_runtime(
        redis_client, settings, understander=scripted_understander(), answerer=_MiscitingAnswerer()
    )
    with TestClient(create_app(settings, lambda _s: runtime)) as http:
        cid, auth = start(http)
        url = f"/v1/conversations/{cid}"
        reply = http.post(f"{url}/turns", json={"text": "chống chỉ định paracetamol"}, headers=auth)
        assert reply.json()["reason"] == "grounding_failed"
        assert "Uống 5 viên" not in reply.text
        (entry,) = http.get(f"{url}/trace", headers=auth).json()["turns"]
    assert entry["grounding_failures"] == [{"check": "citation", "problem": "Uống 5 viên."}]
