"""The HTTP shell over the real runtime and engine (scripted understanding, in-memory corpus):
every endpoint, status, error shape, limit and header."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
import redis
from starlette.testclient import TestClient

from core import cpu
from core.errors import ConfigError, IndexUnavailable, StateStoreUnavailable, TurnInProgress
from core.result import ComponentStatus, TurnResult
from core.settings import Settings
from engine.bootstrap import ProviderProbe
from engine.store import RedisStateStore
from server import create_app, serve
from tests.support.dialogue import ScriptedService, scripted_service, start
from web.http_errors import as_api_error
from web.http_requests import ReadyCache

T = TypeVar("T")

MakeClient = Callable[..., tuple[TestClient, ScriptedService]]
TURN_KEYS = set(TurnResult.model_fields)


def turn(client: TestClient, cid: str, auth: dict[str, str], text: str, **extra: Any) -> Any:
    return client.post(f"/v1/conversations/{cid}/turns", json={"text": text, **extra}, headers=auth)


def assert_error(response: Any, status: int, code: str) -> None:
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code
    assert "Traceback" not in response.text


def test_create_returns_201_with_id_token_and_idle(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """Creating a conversation answers 201 with exactly id, token and state idle."""
    response = client[0].post("/v1/conversations")
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"conversation_id", "token", "state"}
    assert body["state"] == "idle"


def test_turn_returns_the_contract_shape(client: tuple[TestClient, ScriptedService]) -> None:
    """A turn answers 200 with every field of the contract's turn result and nothing else."""
    http, _ = client
    cid, auth = start(http)
    response = turn(http, cid, auth, "Liều paracetamol?")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == TURN_KEYS
    assert body["outcome"] == "clarify"
    assert body["reason"] == "missing_population"
    assert body["quick_replies"] == ["Người lớn", "Trẻ em"]


def test_paracetamol_dialogue_reaches_a_cited_answer(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """The issue's dialogue ends in an answer whose claims cite listed citations."""
    http, _ = client
    cid, auth = start(http)
    for text in ("Liều paracetamol?", "Trẻ em", "bé nặng 18 ký"):
        assert turn(http, cid, auth, text).json()["outcome"] == "clarify"
    body = turn(http, cid, auth, "5 tuổi").json()
    assert body["outcome"] == "answerable"
    assert body["citations"]
    assert all(0 <= i < len(body["citations"]) for c in body["claims"] for i in c["citations"])


@pytest.mark.parametrize("header", [None, "Bearer wrong-token", "Basic abc", "Bearer "])
def test_bad_or_missing_token_is_404(
    client: tuple[TestClient, ScriptedService], header: str | None
) -> None:
    """A wrong, malformed or missing token answers the same 404 as an unknown id, and no
    turn runs: understanding is never asked and the conversation is untouched."""
    http, svc = client
    cid, auth = start(http)
    headers = {"Authorization": header} if header is not None else {}
    for method, path in (("POST", "/turns"), ("GET", ""), ("GET", "/trace"), ("DELETE", "")):
        response = http.request(
            method, f"/v1/conversations/{cid}{path}", headers=headers, json={"text": "xin chào"}
        )
        assert_error(response, 404, "not_found")
    assert svc.understander.calls == []
    assert http.get(f"/v1/conversations/{cid}", headers=auth).json()["version"] == 0


def test_unknown_id_and_wrong_token_look_identical(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """Unknown id and wrong token give byte-identical bodies (no existence oracle)."""
    http, _ = client
    cid, auth = start(http)
    wrong = http.get(f"/v1/conversations/{cid}", headers={"Authorization": "Bearer nope"})
    unknown = http.get("/v1/conversations/does-not-exist", headers=auth)
    assert wrong.status_code == unknown.status_code == 404
    assert wrong.content == unknown.content


def test_conversation_view_and_trace(client: tuple[TestClient, ScriptedService]) -> None:
    """GET conversation shows state, streak, frame, history, version; trace lists each turn."""
    http, _ = client
    cid, auth = start(http)
    turn(http, cid, auth, "Liều paracetamol?")
    view = http.get(f"/v1/conversations/{cid}", headers=auth).json()
    assert view["state"] == "clarifying_population"
    assert view["clarify_streak"] == 1
    assert {"frame", "history", "version", "expires_at"} <= set(view)
    trace = http.get(f"/v1/conversations/{cid}/trace", headers=auth).json()
    assert trace["conversation_id"] == cid
    assert [t["reason"] for t in trace["turns"]] == ["missing_population"]
    assert trace["turns"][0]["path"][0]["dest"] == "clarifying_population"


def test_delete_answers_204_then_404(client: tuple[TestClient, ScriptedService]) -> None:
    """DELETE answers 204 with no body, and the conversation is gone afterwards."""
    http, _ = client
    cid, auth = start(http)
    response = http.delete(f"/v1/conversations/{cid}", headers=auth)
    assert response.status_code == 204
    assert response.content == b""
    assert_error(http.get(f"/v1/conversations/{cid}", headers=auth), 404, "not_found")


def test_declared_oversize_body_is_413_json_without_engine_call(make_client: MakeClient) -> None:
    """A body over max_body_bytes is refused 413 in JSON before the engine sees it."""
    http, svc = make_client(max_body_bytes=1024)
    cid, auth = start(http)
    response = turn(http, cid, auth, "x" * 1500)
    assert_error(response, 413, "payload_too_large")
    assert svc.calls == []


def test_streamed_oversize_body_is_413_json(make_client: MakeClient) -> None:
    """A chunked body without Content-Length is cut at the limit with the same JSON 413."""
    http, svc = make_client(max_body_bytes=1024)
    cid, auth = start(http)

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(20):
            yield b"a" * 100
        yield b'"}'

    response = http.post(
        f"/v1/conversations/{cid}/turns",
        content=chunks(),
        headers={**auth, "Content-Type": "application/json"},
    )
    assert_error(response, 413, "payload_too_large")
    assert svc.calls == []


def test_text_limit_is_2000_characters(client: tuple[TestClient, ScriptedService]) -> None:
    """2,000 characters pass; 2,001 answer 422 before any engine call."""
    http, svc = client
    cid, auth = start(http)
    assert_error(turn(http, cid, auth, "ệ" * 2001), 422, "validation_error")
    assert svc.calls == []
    assert turn(http, cid, auth, "ệ" * 2000).status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "bad_request"),
        (b"\xff\xfe", 400, "bad_request"),
        (b"[]", 422, "validation_error"),
        (b"{}", 422, "validation_error"),
        (b'{"text": "   "}', 422, "validation_error"),
        (b'{"text": 5}', 422, "validation_error"),
        (b'{"text": "hi", "extra": 1}', 422, "validation_error"),
        (b'{"text": "hi", "idempotency_key": ""}', 422, "validation_error"),
    ],
)
def test_malformed_turn_bodies(
    client: tuple[TestClient, ScriptedService], body: bytes, status: int, code: str
) -> None:
    """Malformed JSON is 400, a body that breaks the schema is 422; the engine is not called."""
    http, svc = client
    cid, auth = start(http)
    response = http.post(
        f"/v1/conversations/{cid}/turns",
        content=body,
        headers={**auth, "Content-Type": "application/json"},
    )
    assert_error(response, status, code)
    assert svc.calls == []


def test_rate_limit_answers_429_with_retry_after(make_client: MakeClient) -> None:
    """Past the burst, a client gets 429 rate_limited with a Retry-After of whole seconds."""
    http, _ = make_client(rate_limit_burst=2, rate_limit_per_minute=1)
    http.post("/v1/conversations")
    http.post("/v1/conversations")
    response = http.post("/v1/conversations")
    assert_error(response, 429, "rate_limited")
    assert int(response.headers["retry-after"]) >= 1
    assert b"duocthu_rate_limited_total 1.0" in http.get("/metrics").content


def test_idempotency_key_reaches_the_engine_and_replays(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """The idempotency key is passed through; a retry returns the stored result unchanged."""
    http, svc = client
    cid, auth = start(http)
    first = turn(http, cid, auth, "Liều paracetamol?", idempotency_key="k-1").json()
    again = turn(http, cid, auth, "Liều paracetamol?", idempotency_key="k-1").json()
    assert svc.calls[-1] == (cid, "Liều paracetamol?", "k-1")
    assert again == first
    assert http.get(f"/v1/conversations/{cid}", headers=auth).json()["version"] == 1


def test_text_is_nfc_normalised_before_the_engine(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """Decomposed Vietnamese reaches the engine NFC-composed."""
    http, svc = client
    cid, auth = start(http)
    turn(http, cid, auth, "Lie\u0302\u0300u paracetamol?")
    assert svc.calls[-1][1] == "Liều paracetamol?"


def test_a_held_conversation_answers_409_with_retry_after(make_client: MakeClient) -> None:
    """While another turn holds the conversation's lock, a turn is refused 409 turn_in_progress
    with a whole-second Retry-After, and nothing is stored."""
    http, svc = make_client(lock_wait_ms=50)
    cid, auth = start(http)
    lease = svc.runtime.engine.store.begin(cid).lease
    assert lease is not None
    try:
        response = turn(http, cid, auth, "Liều paracetamol?")
    finally:
        svc.runtime.engine.store.abort(lease)
    assert_error(response, 409, "turn_in_progress")
    assert int(response.headers["retry-after"]) >= 1
    assert http.get(f"/v1/conversations/{cid}", headers=auth).json()["version"] == 0


def test_retry_after_rounds_the_engines_wait_up() -> None:
    """TurnInProgress(retry_after=2.3) becomes 409 with Retry-After 3 (never 0 or a fraction)."""
    error = as_api_error(TurnInProgress("busy", retry_after=2.3))
    assert (error.status, error.code, error.headers["Retry-After"]) == (
        409,
        "turn_in_progress",
        "3",
    )


def test_unreachable_redis_is_503_state_store_unavailable(
    client: tuple[TestClient, ScriptedService], tmp_path: Any
) -> None:
    """When the store's Redis cannot be reached, the turn is 503 state_store_unavailable and
    the Redis error's text does not leak."""
    http, svc = client
    cid, auth = start(http)
    gone = redis.Redis(unix_socket_path=str(tmp_path / "no-redis.sock"), socket_timeout=0.5)
    svc.runtime.engine.store = RedisStateStore(gone)
    response = turn(http, cid, auth, "Liều paracetamol?")
    assert_error(response, 503, "state_store_unavailable")
    assert "no-redis.sock" not in response.text


def test_broken_index_is_503_and_the_turn_is_not_stored(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """A retrieval failure answers 503 index_unavailable; the conversation is unchanged."""
    http, svc = client
    cid, auth = start(http)
    svc.retriever.fail_with = IndexUnavailable("qdrant down at 10.0.0.7")
    response = turn(http, cid, auth, "chống chỉ định paracetamol")
    assert_error(response, 503, "index_unavailable")
    assert "10.0.0.7" not in response.text
    assert http.get(f"/v1/conversations/{cid}", headers=auth).json()["version"] == 0


def test_unexpected_error_is_500_json_without_traceback(make_client: MakeClient) -> None:
    """A bug in the engine answers 500 internal_error in JSON, never a stack trace."""
    http, svc = make_client(raise_server_exceptions=False)
    cid, auth = start(http)

    def broken(*_a: object, **_k: object) -> TurnResult:
        raise RuntimeError("secret internals")

    svc.runtime.engine.handle = broken  # type: ignore[method-assign]  # simulate a bug
    response = turn(http, cid, auth, "x")
    assert_error(response, 500, "internal_error")
    assert "secret internals" not in response.text


def test_security_headers_on_the_page(client: tuple[TestClient, ScriptedService]) -> None:
    """The page carries a CSP without inline script, nosniff, no-referrer and no framing."""
    response = client[0].get("/")
    assert response.status_code == 200
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_page_has_no_inline_script_or_style(client: tuple[TestClient, ScriptedService]) -> None:
    """Every script on the page is an external file and no element has inline handlers."""
    html = client[0].get("/").text
    assert '<html lang="vi"' in html
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert re.search(r"\son[a-z]+=", html) is None
    assert "style=" not in html
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
        assert client[0].get(asset).status_code == 200


def test_cors_is_closed_by_default(client: tuple[TestClient, ScriptedService]) -> None:
    """With no allow-list, a cross-origin request gets no CORS grant."""
    response = client[0].get("/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in response.headers


def test_cors_allow_list(make_client: MakeClient) -> None:
    """An allow-listed origin is granted (including preflight); any other is not."""
    http, _ = make_client(cors_allow_origins=["https://app.example"])
    ok = http.options(
        "/v1/conversations",
        headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST"},
    )
    assert ok.headers["access-control-allow-origin"] == "https://app.example"
    other = http.get("/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in other.headers


def test_health(client: tuple[TestClient, ScriptedService]) -> None:
    """/health answers 200 while the process lives."""
    assert client[0].get("/health").json() == {"status": "ok"}


def test_ready_ignores_disabled_components(make_client: MakeClient) -> None:
    """A disabled provider does not make /ready fail; the body lists every component."""
    response = make_client(embedding_provider="disabled")[0].get("/ready")
    assert response.status_code == 200
    body = response.json()
    assert body["ready"] is True
    assert [c["name"] for c in body["components"]] == [
        "redis",
        "index",
        "embedding:disabled",
        "understanding:rules",
        "answer:extractive",
    ]
    assert [c["enabled"] for c in body["components"]] == [True, True, False, True, True]


def test_ready_is_503_when_an_enabled_component_is_broken(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """A broken enabled component makes /ready answer 503 and name it."""
    http, svc = client
    svc.runtime.index.fail_with = IndexUnavailable("down")
    response = http.get("/ready")
    assert response.status_code == 503
    assert response.json()["ready"] is False
    broken = [c for c in response.json()["components"] if not c["ok"]]
    # The detail is the error's code: the message may name paths (issue 24).
    assert [(c["name"], c["detail"]) for c in broken] == [("index", "index_unavailable")]


@pytest.mark.parametrize(
    "error",
    [
        IndexUnavailable("qdrant edge failed under /srv/secret/qdrant: does not exist"),
        FileNotFoundError("/srv/secret/qdrant/segments"),
    ],
    ids=["ours", "foreign"],
)
def test_ready_names_no_path_or_message_and_logs_them(
    client: tuple[TestClient, ScriptedService],
    error: Exception,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A failing check's message (paths, hosts) goes to the log; /ready, which needs no
    token, shows only the error's code or type."""
    http, svc = client
    svc.runtime.index.fail_with = error
    with caplog.at_level(logging.WARNING, logger="duocthu.bootstrap"):
        response = http.get("/ready")
    assert response.status_code == 503
    assert "/srv/secret" not in response.text
    assert "/srv/secret" in caplog.text


def test_ready_checks_run_once_a_second_however_many_poll() -> None:
    """Calls within the interval, concurrent ones included, share one check; the next one
    after it checks again."""
    now = [100.0]
    cache = ReadyCache(1.0, clock=lambda: now[0])
    checks: list[int] = []

    async def check() -> tuple[int, dict[str, Any]]:
        checks.append(1)
        await asyncio.sleep(0)
        return 200, {"ready": True, "n": len(checks)}

    async def poll() -> list[tuple[int, dict[str, Any]]]:
        first = await asyncio.gather(*(cache.get(check) for _ in range(8)))
        now[0] += 0.5
        within = await cache.get(check)
        now[0] += 0.6
        after = await cache.get(check)
        return [*first, within, after]

    # Its own thread: a session-wide browser fixture may hold this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        answers = pool.submit(asyncio.run, poll()).result()
    assert len(checks) == 2
    assert [body["n"] for _, body in answers] == [1] * 9 + [2]


@pytest.mark.parametrize("kind", ["understanding", "answer"])
def test_ready_checks_the_model_providers(make_client: MakeClient, kind: str) -> None:
    """An enabled understanding or answer provider whose check fails makes /ready 503 and
    names it; the providers are not reported ok unconditionally."""
    http, svc = make_client(ready_check_interval_s=0)
    assert http.get("/ready").status_code == 200
    svc.runtime.provider_probes[kind] = ProviderProbe(lambda: False, "no AWS credentials")
    response = http.get("/ready")
    assert response.status_code == 503
    broken = [c for c in response.json()["components"] if not c["ok"]]
    assert [c["name"].split(":")[0] for c in broken] == [kind]
    assert broken[0]["detail"] == "no AWS credentials"


def test_metrics_count_turns_and_breaker_trips(client: tuple[TestClient, ScriptedService]) -> None:
    """/metrics counts turns by outcome and reason, and a breaker trip after four vague replies."""
    http, _ = client
    cid, auth = start(http)
    for text in ("Liều paracetamol?", "hả", "không biết", "gì cơ", "ừ"):
        last = turn(http, cid, auth, text).json()
    assert last["reason"] == "clarify_loop_exhausted"
    response = http.get("/metrics")
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert 'duocthu_turns_total{outcome="clarify",reason="missing_population"} 1.0' in text
    assert "duocthu_breaker_trips_total 1.0" in text
    assert 'duocthu_stage_seconds_count{stage="understand"} 5.0' in text


@pytest.mark.parametrize(
    ("fmt", "media"), [("mermaid", "text/plain"), ("json", "application/json")]
)
def test_state_diagram_formats(
    client: tuple[TestClient, ScriptedService], fmt: str, media: str
) -> None:
    """The diagram is served as Mermaid text or JSON."""
    response = client[0].get(f"/v1/state-diagram?format={fmt}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(media)


def test_state_diagram_svg_is_always_served(client: tuple[TestClient, ScriptedService]) -> None:
    """svg needs no Graphviz: it is served as image/svg+xml with the current state marked."""
    response = client[0].get("/v1/state-diagram?format=svg&current=answering")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert '<g id="state-answering" class="state current">' in response.text


@pytest.mark.parametrize("query", ["format=png", "current=nowhere", "format=json&current=x"])
def test_state_diagram_bad_query_is_422(
    client: tuple[TestClient, ScriptedService], query: str
) -> None:
    """An unknown format or state answers 422 validation_error."""
    assert_error(client[0].get(f"/v1/state-diagram?{query}"), 422, "validation_error")


def test_state_diagram_passes_the_current_state(client: tuple[TestClient, ScriptedService]) -> None:
    """?current= reaches the engine so the diagram marks that state as where the machine is."""
    text = client[0].get("/v1/state-diagram?format=mermaid&current=clarifying_population").text
    assert "class clarifying_population current" in text
    assert " current\n" not in client[0].get("/v1/state-diagram?format=mermaid").text


def test_unknown_route_and_method_are_json(client: tuple[TestClient, ScriptedService]) -> None:
    """Routing misses are JSON errors too (404 not_found, 405 method_not_allowed)."""
    assert_error(client[0].get("/nope"), 404, "not_found")
    assert_error(client[0].put("/v1/conversations"), 405, "method_not_allowed")


def test_openapi_document_matches_routes_and_models(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """/openapi.json is OpenAPI 3.1 with every route; its TurnResult lists the model's fields."""
    doc = client[0].get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    assert set(doc["paths"]) == {
        "/v1/conversations",
        "/v1/conversations/{conversation_id}/turns",
        "/v1/conversations/{conversation_id}",
        "/v1/conversations/{conversation_id}/trace",
        "/v1/state-diagram",
        "/health",
        "/ready",
        "/metrics",
        "/openapi.json",
        "/docs",
        "/",
        "/favicon.ico",
    }
    schemas = doc["components"]["schemas"]
    assert set(schemas["TurnResult"]["properties"]) == TURN_KEYS


def test_lifespan_closes_the_runtime(redis_client: Any, tmp_path: Any) -> None:
    """Leaving the app's lifespan closes the runtime it built, once."""
    settings = Settings(duocthu_data_dir=tmp_path)
    runtime = scripted_service(redis_client, tmp_path, settings).runtime
    closes: list[None] = []
    close = runtime.close

    def counting() -> None:
        closes.append(None)
        close()

    runtime.close = counting  # type: ignore[method-assign]  # a spy on the real close
    with TestClient(create_app(settings, lambda _s: runtime)) as http:
        assert http.get("/health").status_code == 200
        assert closes == []
    assert closes == [None]


def test_ready_is_503_when_the_probe_itself_fails(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """If readiness cannot even be asked, /ready says not ready instead of erroring."""
    http, svc = client

    def broken() -> list[ComponentStatus]:
        raise StateStoreUnavailable("redis down")

    svc.runtime.ready = broken  # type: ignore[method-assign]  # simulate a failing probe
    response = http.get("/ready")
    assert response.status_code == 503
    assert response.json()["ready"] is False


def test_startup_log_names_backends_and_providers(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    """Start-up logs which backends and providers are live, with every component's status."""
    with caplog.at_level("INFO", logger="duocthu.server"):
        make_client()
    record = next(r for r in caplog.records if r.getMessage() == "startup")
    fields = record.fields  # type: ignore[attr-defined]  # set through extra=
    assert fields["redis"] == "embedded"
    assert fields["embedding_provider"] == "local"
    assert [c["name"] for c in fields["components"]] == [
        "redis",
        "index",
        "embedding:local",
        "understanding:rules",
        "answer:extractive",
    ]
    assert fields["turn_threads"] == 32


@pytest.mark.parametrize(
    ("env", "threads"),
    [
        ({}, 32),
        ({"answer_provider": "bedrock"}, 128),
        ({"understanding_provider": "bedrock"}, 128),
        ({"embedding_provider": "bedrock"}, 128),
        ({"answer_provider": "bedrock", "turn_threads": "7"}, 7),
    ],
)
def test_turn_threads_default_follows_the_providers(env: dict[str, str], threads: int) -> None:
    """Turns waiting on Bedrock hold a thread each, so those deployments get more of them."""
    assert Settings(**env).effective_turn_threads() == threads


def _observe_creates(svc: ScriptedService, probe: Callable[[], T], pause: float = 0) -> list[T]:
    """Record `probe()` on the thread that runs each POST /v1/conversations."""
    seen: list[T] = []
    runtime = svc.runtime
    original = runtime.engine.create_conversation

    def recording() -> Any:
        seen.append(probe())
        time.sleep(pause)
        return original()

    runtime.engine.create_conversation = recording  # type: ignore[method-assign]
    return seen


def test_turns_run_on_the_configured_number_of_threads(make_client: MakeClient) -> None:
    """Concurrent requests never use more turn threads than TURN_THREADS."""
    http, svc = make_client(turn_threads=2)
    # Each call sleeps long enough for the requests to overlap.
    names = _observe_creates(svc, lambda: threading.current_thread().name, pause=0.01)
    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda _: http.post("/v1/conversations").status_code, range(24)))
    assert codes == [201] * 24
    assert len(set(names)) == 2
    assert all(name.startswith("turn") for name in names)


@pytest.mark.skipif(not cpu.supported(), reason="needs Linux CPU affinity")
def test_pinned_app_runs_turns_on_the_loop_threads_core(
    redis_client: Any, tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """With pin_threads (serve's single worker), turn threads share the event loop's core."""
    settings = Settings(duocthu_data_dir=tmp_path, pin_cpu="auto")
    svc = scripted_service(redis_client, tmp_path, settings)
    seen = _observe_creates(svc, lambda: os.sched_getaffinity(0))
    app = create_app(settings, lambda _s: svc.runtime, pin_threads=True)
    with caplog.at_level("INFO", logger="duocthu.server"), TestClient(app) as http:
        for _ in range(4):
            assert http.post("/v1/conversations").status_code == 201
    record = next(r for r in caplog.records if r.getMessage() == "startup")
    pinned = record.fields["pinned_cpu"]  # type: ignore[attr-defined]  # set through extra=
    assert isinstance(pinned, int)
    assert seen == [{pinned}] * 4
    assert os.sched_getaffinity(0) != {pinned} or len(os.sched_getaffinity(0)) == 1


def test_unpinned_app_leaves_threads_alone(make_client: MakeClient) -> None:
    """create_app without pin_threads (tests, --workers N) does not touch affinity."""
    http, svc = make_client()
    seen = _observe_creates(svc, lambda: os.sched_getaffinity(0))
    http.post("/v1/conversations")
    assert seen == [os.sched_getaffinity(0)]


def test_serve_refuses_one_core_for_several_workers(tmp_path: Any) -> None:
    settings = Settings(
        duocthu_data_dir=tmp_path, redis_url="redis://x:6379/0", qdrant_url="http://q:6333"
    )
    with pytest.raises(ConfigError, match="every worker on one core"):
        serve(settings.model_copy(update={"pin_cpu": "0"}), workers=2)


@pytest.mark.parametrize("env", [{}, {"redis_url": "redis://x:6379/0"}])
def test_serve_refuses_workers_with_embedded_backends(env: dict[str, str], tmp_path: Any) -> None:
    """--workers > 1 is refused with a clear message while Redis or Qdrant is embedded."""
    settings = Settings(duocthu_data_dir=tmp_path, **env)
    with pytest.raises(ConfigError, match="needs external backends"):
        serve(settings, workers=2)
    with pytest.raises(ConfigError, match="workers must be >= 1"):
        serve(settings, workers=0)


def test_the_served_diagram_names_the_configured_breaker_limit(
    make_client: Callable[..., tuple[TestClient, ScriptedService]],
) -> None:
    """With MAX_CONSECUTIVE_CLARIFY=2 every format the service draws reads 2, not the 4 built in."""
    http = make_client(max_consecutive_clarify=2)[0]
    data = http.get("/v1/state-diagram?format=json").json()
    assert data["max_consecutive_clarify"] == 2
    assert "streak &lt; 2" in http.get("/v1/state-diagram?format=svg").text
    mermaid_text = http.get("/v1/state-diagram?format=mermaid").text
    assert "streak < 2" in mermaid_text and "streak < 4" not in mermaid_text
