"""No request body yields a 5xx (issue 24): a corpus of hostile bodies and Hypothesis-made
ones, sent to every route that reads a body, each answered with a 2xx or a 4xx."""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.support.dialogue import ScriptedService, start

MakeClient = Callable[..., tuple[TestClient, ScriptedService]]

CORPUS: list[bytes] = [
    b"",
    b"null",
    b"[]",
    b"{}",
    b'"text"',
    b"1" * 5000,
    b'{"text": ' + b"1" * 4301 + b"}",
    b'{"text": ' + b"-" + b"7" * 4400 + b"}",
    b'{"text": 1' + b"0" * 400 + b".5e99999}",
    b'{"text": 1e-99999}',
    b'{"text": NaN}',
    b'{"text": Infinity, "idempotency_key": -Infinity}',
    b'{"text": "\\ud800"}',
    b'{"text": "\\udc00\\ud800"}',
    b'{"text": "ok", "idempotency_key": "\\udfff"}',
    b'{"text": "\\u0000"}',
    b'{"text": "\xed\xa0\x80"}',  # a surrogate encoded as UTF-8 bytes
    b'{"text": "\xc0\xaf"}',  # an overlong encoding
    b'{"text": "x", "text": 1}',
    b'{"text": {"text": "x"}}',
    b'{"text": ["x"]}',
    b'{"text": true}',
    b'{"text": "x", "idempotency_key": ""}',
    b'{"text": "x", "idempotency_key": ' + json.dumps("k" * 500).encode() + b"}",
    b'{"text": ' + json.dumps("a" * 3000).encode() + b"}",
    b'{"text": "\\u200b\\u200b\\u200b"}',
    b'{"text": "\xef\xbb\xbf"}',
    b"\xef\xbb\xbf" + b'{"text": "x"}',
    b'{"text": "x"} trailing',
    b'{"text": "x",}',
    b"{" * 40 + b"}" * 40,
    b"[" * 100_000,
    b'{"a":' * 33 + b"1" + b"}" * 33,
    b"[" + b"0," * 2000 + b"0]",
    b'{"text": "' + b"\\\\" * 4000 + b'"}',
    b'{"text": "\\x41"}',
    b"\x00" * 64,
]


def _statuses(http: TestClient, cid: str, auth: dict[str, str], body: bytes) -> list[int]:
    headers = {**auth, "content-type": "application/json"}
    return [
        http.post(f"/v1/conversations/{cid}/turns", content=body, headers=headers).status_code,
        http.post("/v1/conversations", content=body, headers=headers).status_code,
    ]


def test_no_body_in_the_corpus_yields_a_5xx(make_client: MakeClient) -> None:
    """Every body in the hostile corpus is answered below 500, turns and creates alike."""
    http, _ = make_client(raise_server_exceptions=False, rate_limit_burst=10_000)
    cid, auth = start(http)
    answered = {body[:40]: _statuses(http, cid, auth, body) for body in CORPUS}
    failures = {body: codes for body, codes in answered.items() if max(codes) >= 500}
    assert failures == {}


json_values = st.recursive(
    st.none()
    | st.booleans()
    # json.dumps itself stops at 4,300 digits; the corpus sends longer ones.
    | st.integers(min_value=-(10**4200), max_value=10**4200)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
bodies = (
    st.binary(max_size=512)
    | json_values.map(lambda v: json.dumps(v).encode())
    | st.fixed_dictionaries({"text": json_values}, optional={"idempotency_key": json_values}).map(
        lambda v: json.dumps(v).encode()
    )
    | st.text(max_size=200).map(lambda t: json.dumps({"text": t}).encode("utf-8", "surrogatepass"))
    | st.sampled_from(CORPUS)
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=bodies)
def test_no_generated_body_yields_a_5xx(make_client: MakeClient, body: bytes) -> None:
    """Bytes, JSON of any shape and big numbers, and turn texts of any Unicode: never a 5xx."""
    http, _ = _client(make_client)
    cid, auth = _conversation(http)
    assert all(code < 500 for code in _statuses(http, cid, auth, body)), body[:80]


# One client and one conversation for every generated example: the fixture is built once
# per test, and Hypothesis runs its examples inside that one call.
_built: dict[int, tuple[TestClient, ScriptedService]] = {}
_conversations: dict[int, tuple[str, dict[str, str]]] = {}


def _client(make_client: MakeClient) -> tuple[TestClient, ScriptedService]:
    key = id(make_client)
    if key not in _built:
        _built.clear()
        _conversations.clear()
        _built[key] = make_client(raise_server_exceptions=False, rate_limit_burst=100_000)
    return _built[key]


def _conversation(http: TestClient) -> tuple[str, dict[str, str]]:
    key = id(http)
    if key not in _conversations:
        _conversations[key] = start(http)
    return _conversations[key]
