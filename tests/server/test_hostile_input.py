"""Hostile request bodies and keys at the HTTP edge (issue 16): parsed before any work,
every error with the security headers, every refused turn counted."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from core.errors import StateStoreUnavailable
from tests.support.dialogue import ScriptedService, start
from web.jsonbody import BodyRejected, parse_json_body, shape_problem

MakeClient = Callable[..., tuple[TestClient, ScriptedService]]
SECURITY = ["content-security-policy", "x-content-type-options", "x-frame-options"]


def _error(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
    assert "Traceback" not in response.text
    for header in SECURITY:
        assert header in response.headers


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 8000 + b"]" * 8000,
        b'{"text": ' + b"[" * 2000 + b"]" * 2000 + b"}",
        b"[" + b"0," * 5000 + b"0]",
        b"not json",
        b"\xff\xfe",
    ],
    ids=["deep", "deep-in-object", "wide", "not-json", "not-utf8"],
)
def test_a_bad_body_is_400_before_the_token_is_checked(
    make_client: MakeClient, body: bytes
) -> None:
    """Too deep, too wide or not JSON: 400 bad_request with no token, and no turn is run."""
    http, svc = make_client(raise_server_exceptions=False)
    response = http.post(
        "/v1/conversations/AAAAAAAAAAAAAAAAAAAAAAAA/turns",
        content=body,
        headers={"content-type": "application/json"},
    )
    _error(response, 400, "bad_request")
    assert svc.calls == []


def test_a_bad_body_is_400_even_when_rate_limited(make_client: MakeClient) -> None:
    """The body is parsed before the rate limit is spent or checked."""
    http, _ = make_client(rate_limit_burst=1, rate_limit_per_minute=1)
    cid, auth = start(http)  # spends the one token
    deep = b"[" * 5000 + b"]" * 5000
    response = http.post(f"/v1/conversations/{cid}/turns", content=deep, headers=auth)
    _error(response, 400, "bad_request")


def test_shape_scan_ignores_brackets_inside_strings() -> None:
    """Brackets and commas inside a JSON string are text, not nesting."""
    text = '{"text": "' + "[{," * 3000 + '"}'
    assert shape_problem(text.encode(), max_depth=32, max_members=1000) is None
    assert parse_json_body(text.encode())["text"].startswith("[{,")
    with pytest.raises(BodyRejected):
        parse_json_body(b'{"a": ' * 40 + b"1" + b"}" * 40)


def test_a_500_carries_the_security_headers(make_client: MakeClient) -> None:
    """An unexpected error is the JSON 500 with the same headers as every response."""
    http, svc = make_client(raise_server_exceptions=False)
    cid, auth = start(http)

    def broken(*_a: object, **_k: object) -> Any:
        raise RuntimeError("secret internals")

    svc.runtime.engine.handle = broken  # type: ignore[method-assign]  # simulate a bug
    response = http.post(f"/v1/conversations/{cid}/turns", json={"text": "x"}, headers=auth)
    _error(response, 500, "internal_error")
    assert "secret internals" not in response.text
    assert response.headers["cache-control"] == "no-store"


def test_a_key_reused_with_another_text_is_422(client: tuple[TestClient, ScriptedService]) -> None:
    """The same idempotency key with another text answers 422 idempotency_key_reused."""
    http, _ = client
    cid, auth = start(http)
    url = f"/v1/conversations/{cid}/turns"
    first = http.post(url, json={"text": "xin chào", "idempotency_key": "k"}, headers=auth)
    assert first.status_code == 200
    again = http.post(url, json={"text": "xin chào", "idempotency_key": "k"}, headers=auth)
    assert again.json() == first.json()
    other = http.post(url, json={"text": "liều ibuprofen", "idempotency_key": "k"}, headers=auth)
    _error(other, 422, "idempotency_key_reused")


def _turn_errors(http: TestClient) -> int:
    found = re.findall(
        r"^duocthu_turn_errors_total\{[^}]*\} (\S+)$", http.get("/metrics").text, re.M
    )
    return int(sum(float(v) for v in found))


def test_every_error_response_of_the_turn_route_is_counted(make_client: MakeClient) -> None:
    """duocthu_turn_errors_total equals the error responses served, whatever refused them."""
    http, svc = make_client(rate_limit_burst=6, rate_limit_per_minute=1)
    cid, auth = start(http)
    url = f"/v1/conversations/{cid}/turns"
    statuses = [
        http.post(url, content=b"[[[", headers=auth).status_code,  # 400
        http.post(url, json={"text": "x"}).status_code,  # 404 no token
        http.post(url, json={"text": ""}, headers=auth).status_code,  # 422
        http.post(url, json={"text": "xin chào", "idempotency_key": "a"}, headers=auth).status_code,
        http.post(url, json={"text": "khác", "idempotency_key": "a"}, headers=auth).status_code,
    ]
    store = svc.runtime.engine.store

    def down(*_a: object, **_k: object) -> Any:
        raise StateStoreUnavailable("redis failed")

    store.begin = down  # type: ignore[method-assign]  # Redis gone for the next turns
    statuses += [http.post(url, json={"text": "x"}, headers=auth).status_code for _ in range(2)]
    statuses += [http.post(url, json={"text": "x"}, headers=auth).status_code for _ in range(2)]
    errors = [s for s in statuses if s >= 400]
    assert 429 in errors and 503 in errors and 422 in errors
    assert _turn_errors(http) == len(errors)


def test_ready_hides_the_redis_address(client: tuple[TestClient, ScriptedService]) -> None:
    """With Redis down, /ready says so without the socket path or host Redis named."""
    http, svc = client

    def down() -> bool:
        raise StateStoreUnavailable("Error 2 connecting to unix socket: /srv/secret/redis.sock")

    svc.runtime.engine.store.ping = down  # type: ignore[method-assign]  # Redis gone
    response = http.get("/ready")
    assert response.status_code == 503
    assert "/srv/secret" not in response.text
    assert "state_store_unavailable" in response.text


@pytest.mark.parametrize(
    "body",
    [
        b'{"text": ' + b"1" * 4301 + b"}",
        b'{"text": "x", "n": ' + b"9" * 70 + b"}",
        b'{"text": 1e999}',
        b'{"text": "x", "n": NaN}',
        b'{"text": -Infinity}',
        b'{"text": "\\ud800"}',
        b'{"\\udfff": "x"}',
    ],
    ids=["int-4301", "int-70", "float-inf", "nan", "infinity", "lone-surrogate", "key-surrogate"],
)
def test_a_number_or_string_too_strange_to_read_is_400(
    make_client: MakeClient, body: bytes
) -> None:
    """An integer of thousands of digits, an overflowing float, NaN or half a surrogate pair
    is a 400 bad_request before the token is checked, not a 500 (issue 24)."""
    http, svc = make_client(raise_server_exceptions=False)
    response = http.post(
        "/v1/conversations/AAAAAAAAAAAAAAAAAAAAAAAA/turns",
        content=body,
        headers={"content-type": "application/json"},
    )
    _error(response, 400, "bad_request")
    assert svc.calls == []
    assert _turn_errors(http) == 1


@pytest.mark.parametrize("text", ["\u200b\u200b", "\u200b \ufeff\u2060", "\x00\x01 \u00ad"])
def test_a_turn_blank_after_hygiene_is_422_and_not_saved(
    client: tuple[TestClient, ScriptedService], text: str
) -> None:
    """Text made only of invisible or control characters is refused and no turn is saved."""
    http, svc = client
    cid, auth = start(http)
    response = http.post(f"/v1/conversations/{cid}/turns", json={"text": text}, headers=auth)
    _error(response, 422, "validation_error")
    assert svc.calls == []
    view = http.get(f"/v1/conversations/{cid}", headers=auth).json()
    assert view["history"] == [] and view["version"] == 0
