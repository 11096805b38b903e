"""The generated OpenAPI document: every route in it, the models' fields, the safety details."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonschema_rs
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from core.result import ConversationView, TraceEntry, TurnResult
from server import TurnRequest, create_app
from tests.support.dialogue import ScriptedService
from web import openapi
from web.http_errors import MESSAGES as _MESSAGES
from web.http_requests import visible_text_pattern

MakeClient = Callable[..., tuple[TestClient, ScriptedService]]


def _doc(**overrides: int) -> dict[str, object]:
    return openapi.document(TurnRequest, list(_MESSAGES), max_turn_chars=overrides.get("n", 2000))


def test_every_route_and_method_of_the_app_is_documented() -> None:
    """Each (path, method) the app serves, the static mount aside, is an operation in the doc."""
    app = create_app()
    routes = [(r.path, r.methods or set()) for r in app.routes if isinstance(r, Route)]
    assert {type(r) for r in app.routes} <= {Route, Mount}
    assert len(routes) >= 10
    assert openapi.undocumented(routes, _doc()) == []


def test_an_undocumented_route_is_reported() -> None:
    """`undocumented` names a path or a method the document lacks."""
    routes = [("/v1/conversations", {"POST", "GET"}), ("/v1/new", {"GET", "HEAD"})]
    assert openapi.undocumented(routes, _doc()) == ["GET /v1/conversations", "GET /v1/new"]


def test_schemas_list_exactly_the_models_fields_all_required_in_responses() -> None:
    """Response schemas carry every field of their model, each required (defaults are sent)."""
    schemas = _doc()["components"]["schemas"]  # type: ignore[index]
    for model in (TurnResult, ConversationView, TraceEntry):
        schema = schemas[model.__name__]
        assert set(schema["properties"]) == set(model.model_fields)
        assert set(schema["required"]) == set(model.model_fields)
        assert schema["additionalProperties"] is False


def test_turn_text_keeps_its_limit_pattern_and_the_error_codes() -> None:
    """The turn text's maxLength follows MAX_TURN_CHARS, both strings need a visible character,
    and error.code lists every code the server answers."""
    schemas = _doc(n=321)["components"]["schemas"]  # type: ignore[index]
    text = schemas["TurnRequest"]["properties"]["text"]
    pattern = visible_text_pattern()
    assert (text["minLength"], text["maxLength"], text["pattern"]) == (1, 321, pattern)
    key = schemas["TurnRequest"]["properties"]["idempotency_key"]
    assert any(b.get("pattern") == openapi.VISIBLE for b in key["anyOf"])
    assert schemas["ErrorDetail"]["properties"]["code"]["enum"] == list(_MESSAGES)
    assert "retrieving" not in schemas["State"]["enum"]


def test_not_found_and_retry_after_are_documented() -> None:
    """Bearer routes answer a documented 404; 409 and 429 carry a Retry-After header."""
    doc = _doc()
    responses = doc["components"]["responses"]  # type: ignore[index]
    turn = doc["paths"]["/v1/conversations/{conversation_id}/turns"]["post"]  # type: ignore[index]
    assert turn["security"] == [{"bearer": []}]
    assert turn["responses"]["404"] == {"$ref": "#/components/responses/NotFound"}
    for name in ("TurnInProgress", "RateLimited"):
        assert "Retry-After" in responses[name]["headers"]


def test_openapi_json_is_served_from_the_settings(make_client: MakeClient) -> None:
    """/openapi.json is the generated document, with this deployment's turn length limit."""
    http, _ = make_client(max_turn_chars=700)
    response = http.get("/openapi.json")
    assert response.headers["content-type"] == "application/json"
    doc = response.json()
    assert doc["openapi"] == "3.1.0"
    assert doc["components"]["schemas"]["TurnRequest"]["properties"]["text"]["maxLength"] == 700


def test_docs_page_is_our_own_page_over_the_document(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """/docs is HTML that loads only our own script, which reads /openapi.json."""
    http = client[0]
    page = http.get("/docs")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/docs.js" defer></script>' in page.text
    assert "http" not in page.text.split("<script")[1].split(">")[0]
    script = http.get("/static/docs.js")
    assert script.status_code == 200
    assert 'fetch("/openapi.json")' in script.text


def _operations(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [op for item in doc["paths"].values() for op in item.values() if "operationId" in op]


def test_every_operation_has_a_curl_line_and_a_response_example_that_fits_its_schema() -> None:
    """Each operation carries the curl line that calls it and an example response (and request
    body, where it takes one); each JSON example validates against its documented schema."""
    doc = _doc()
    for op in _operations(doc):
        samples = op.get("x-codeSamples", [])
        assert samples and samples[0]["source"].startswith("curl "), op["operationId"]
        pairs = [
            (c["schema"], c["example"])
            for c in op.get("requestBody", {}).get("content", {}).values()
        ]
        assert op.get("requestBody") is None or pairs, op["operationId"]
        ok = next(r for code, r in op["responses"].items() if code.startswith("2"))
        examples = [
            (c["schema"], c["example"]) for c in ok.get("content", {}).values() if "example" in c
        ]
        assert examples or "content" not in ok, op["operationId"]
        for schema, example in [*pairs, *examples]:
            validator = jsonschema_rs.validator_for({**schema, "components": doc["components"]})
            errors = [e.message for e in validator.iter_errors(example)]
            assert errors == [], (op["operationId"], errors)


def test_the_favicon_is_our_svg(client: tuple[TestClient, ScriptedService]) -> None:
    """/favicon.ico answers our own SVG icon, and both pages link to it."""
    http = client[0]
    icon = http.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg") and "<script" not in icon.text
    for page in ("/", "/docs"):
        assert '<link rel="icon" href="/favicon.ico"' in http.get(page).text
