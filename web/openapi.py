"""The OpenAPI 3.1 document of the HTTP API, generated from the models the server speaks.

Schemas come from pydantic (`models_json_schema`) over the request model and the result
models in core/result.py, so a field added to a model is in the document on the next
start. The paths, statuses and error responses are the table below; a test fails when
the app has a route or method the table lacks. A few details the models cannot say are
added by `_refine`: the turn text's length limit (the `MAX_TURN_CHARS` setting), the
"some visible character" pattern, the error codes, and the conversation states.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import metadata
from typing import Any, Literal

import pydantic_core
from pydantic import BaseModel, ConfigDict
from pydantic.json_schema import models_json_schema

from core.result import (
    ComponentStatus,
    ConversationView,
    CreatedConversation,
    TraceEntry,
    TurnResult,
)
from states import TURN_END_STATES, State
from web.http_requests import visible_text_pattern
from web.openapi_examples import attach

REF = "#/components/schemas/{model}"
# A character that is whitespace neither to Python (str.strip) nor to ECMA regexes: a text
# of only \x1c-\x1f or U+0085 is blank to the server though JSON Schema would allow it.
VISIBLE = r"[^\s\x1c-\x1f\x85]"


class ErrorDetail(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str
    message: str


class Error(BaseModel):
    """Every error answer: `{"error": {"code", "message"}}`; the message is Vietnamese."""

    model_config = ConfigDict(extra="forbid")

    error: ErrorDetail


class Trace(BaseModel):
    model_config = ConfigDict(extra="forbid")

    conversation_id: str
    turns: list[TraceEntry]


class Corpus(BaseModel):
    """The corpus a process serves: the index generation it read, and its drug count."""

    model_config = ConfigDict(extra="forbid")

    version: str | None
    drugs: int


class Readiness(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ready: bool
    corpus: Corpus
    components: list[ComponentStatus]


class Health(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["ok", "failing"]


_RESPONSE_MODELS: tuple[type[BaseModel], ...] = (
    Error,
    Trace,
    Readiness,
    Health,
    TurnResult,
    ConversationView,
    CreatedConversation,
)

# Shared error answers: name -> (description, carries Retry-After).
_ERRORS = {
    "BadRequest": (
        "bad_request: not JSON, JSON nested deeper than 32 levels or holding more than 1,000 "
        "values (checked before the token, the rate limit or any other work), or an option "
        "this deployment cannot serve.",
        False,
    ),
    "NotFound": ("not_found: unknown id, or a wrong, malformed or missing token.", False),
    "TurnInProgress": ("turn_in_progress: another turn holds the conversation.", True),
    "PayloadTooLarge": ("payload_too_large: the body is over the size limit.", False),
    "ValidationError": ("validation_error: the body or a parameter breaks the schema.", False),
    "TurnRejected": (
        "validation_error: the body breaks the schema; idempotency_key_reused: the "
        "idempotency_key was already used in this conversation with a different text.",
        False,
    ),
    "RequestTimeout": ("request_timeout: the body did not arrive in time.", False),
    "RateLimited": ("rate_limited: too many requests from this client.", True),
    "Unavailable": (
        "state_store_unavailable or index_unavailable: the request was not processed.",
        False,
    ),
}
_STATUS_RESPONSE = {
    400: "BadRequest",
    404: "NotFound",
    409: "TurnInProgress",
    413: "PayloadTooLarge",
    422: "ValidationError",
    429: "RateLimited",
    503: "Unavailable",
}


def _json_body(schema: str | dict[str, Any]) -> dict[str, Any]:
    ref = {"$ref": REF.format(model=schema)} if isinstance(schema, str) else schema
    return {"application/json": {"schema": ref}}


def _operation(
    op_id: str,
    summary: str,
    ok: tuple[int, str, dict[str, Any] | None],
    errors: Sequence[int] = (),
    *,
    bearer: bool = False,
    body: str | None = None,
    parameters: list[dict[str, Any]] | None = None,
    answers: dict[int, str] | None = None,
) -> dict[str, Any]:
    status, description, content = ok
    success: dict[str, Any] = {"description": description}
    if content is not None:
        success["content"] = content
    responses: dict[str, Any] = {str(status): success}
    named = {**_STATUS_RESPONSE, **(answers or {})}
    for code in errors:
        responses[str(code)] = {"$ref": f"#/components/responses/{named[code]}"}
    op: dict[str, Any] = {"operationId": op_id, "summary": summary, "responses": responses}
    if bearer:
        op["security"] = [{"bearer": []}]
    if body is not None:
        op["requestBody"] = {"required": True, "content": _json_body(body)}
    if parameters:
        op["parameters"] = parameters
    return op


def _text(media: str) -> dict[str, Any]:
    return {media: {"schema": {"type": "string"}}}


def _paths() -> dict[str, Any]:
    conv = {"$ref": "#/components/parameters/ConversationId"}
    by_id = (404, 429, 503)
    states = [s.value for s in State]
    diagram_params = [
        {
            "name": "format",
            "in": "query",
            "required": False,
            "schema": {"type": "string", "enum": ["mermaid", "json", "svg"], "default": "mermaid"},
        },
        {
            "name": "current",
            "in": "query",
            "required": False,
            "description": "A state to mark.",
            "schema": {"type": "string", "enum": states},
        },
    ]
    diagram_ok = {**_text("text/plain"), **_text("image/svg+xml")}
    diagram_ok["application/json"] = {"schema": {"type": "object"}}
    diagram = _operation(
        "getStateDiagram",
        "The state machine as it runs, generated from its definition",
        (200, "Mermaid text, the JSON graph, or SVG.", diagram_ok),
        (422,),
        parameters=diagram_params,
    )
    unready = {
        "description": "An enabled component is not usable.",
        "content": _json_body("Readiness"),
    }
    ready = _operation(
        "ready",
        "200 only when Redis, the index and every enabled provider are usable",
        (200, "Ready.", _json_body("Readiness")),
    )
    ready["responses"]["503"] = unready
    health = _operation("health", "Process alive", (200, "Alive.", _json_body("Health")))
    health["responses"]["503"] = {
        "description": "The process cannot serve any more (its embedded Redis is gone for good).",
        "content": _json_body("Health"),
    }
    return {
        "/v1/conversations": {
            "post": _operation(
                "createConversation",
                "Create a conversation",
                (
                    201,
                    "Created; keep the token, it is shown once.",
                    _json_body("CreatedConversation"),
                ),
                (413, 429, 503),
            )
        },
        "/v1/conversations/{conversation_id}/turns": {
            "parameters": [conv],
            "post": _operation(
                "postTurn",
                "One user turn",
                (200, "The turn result.", _json_body("TurnResult")),
                (400, 404, 408, 409, 413, 422, 429, 503),
                bearer=True,
                body="TurnRequest",
                answers={408: "RequestTimeout", 422: "TurnRejected"},
            ),
        },
        "/v1/conversations/{conversation_id}": {
            "parameters": [conv],
            "get": _operation(
                "getConversation",
                "Current state of a conversation",
                (200, "The conversation.", _json_body("ConversationView")),
                by_id,
                bearer=True,
            ),
            "delete": _operation(
                "deleteConversation",
                "Delete every key of a conversation",
                (204, "Deleted.", None),
                (404, 409, 429, 503),
                bearer=True,
            ),
        },
        "/v1/conversations/{conversation_id}/trace": {
            "parameters": [conv],
            "get": _operation(
                "getTrace",
                "Every turn's transition path, route rule, reason and timings",
                (200, "The trace, oldest turn first.", _json_body("Trace")),
                by_id,
                bearer=True,
            ),
        },
        "/v1/state-diagram": {"get": diagram},
        "/health": {"get": health},
        "/ready": {"get": ready},
        "/metrics": {
            "get": _operation(
                "metrics", "Prometheus text format", (200, "Metrics.", _text("text/plain"))
            )
        },
        "/openapi.json": {
            "get": _operation(
                "openapi",
                "This document",
                (200, "OpenAPI 3.1.", {"application/json": {"schema": {"type": "object"}}}),
            )
        },
        "/docs": {
            "get": _operation("docs", "This document as a page", (200, "HTML.", _text("text/html")))
        },
        "/": {"get": _operation("chatPage", "The chat page", (200, "HTML.", _text("text/html")))},
        "/favicon.ico": {
            "get": _operation(
                "favicon", "The site icon (SVG)", (200, "SVG.", _text("image/svg+xml"))
            )
        },
    }


def _components(error_codes: Sequence[str]) -> dict[str, Any]:
    responses: dict[str, Any] = {}
    for name, (description, retry_after) in _ERRORS.items():
        response: dict[str, Any] = {"description": description, "content": _json_body("Error")}
        if retry_after:
            response["headers"] = {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}}
        responses[name] = response
    return {
        "securitySchemes": {
            "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "The token returned when the conversation was created.",
            }
        },
        "parameters": {
            "ConversationId": {
                "name": "conversation_id",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "minLength": 1},
            }
        },
        "headers": {
            "RetryAfter": {
                "description": "Whole seconds to wait.",
                "schema": {"type": "string", "pattern": "^[0-9]+$"},
            }
        },
        "responses": responses,
        "schemas": {},
    }


def _refine(
    schemas: dict[str, Any], request_name: str, error_codes: Sequence[str], max_turn_chars: int
) -> None:
    """What the models cannot say: limits from settings, patterns, enums, required output."""
    for name, schema in schemas.items():
        # Every field of a response is always sent, defaults included.
        if name != request_name and "properties" in schema:
            schema["required"] = list(schema["properties"])
    text = schemas[request_name]["properties"]["text"]
    text.update(maxLength=max_turn_chars, pattern=visible_text_pattern())
    key = schemas[request_name]["properties"].get("idempotency_key")
    if key is not None:
        for branch in key.get("anyOf", [key]):
            if branch.get("type") == "string":
                branch["pattern"] = VISIBLE
    schemas["ErrorDetail"]["properties"]["code"]["enum"] = list(error_codes)
    schemas["State"] = {"type": "string", "enum": sorted(s.value for s in TURN_END_STATES)}
    for name in ("TurnResult", "ConversationView"):
        schemas[name]["properties"]["state"] = {"$ref": REF.format(model="State")}
    schemas["CreatedConversation"]["properties"]["state"] = {"const": "idle"}


def document(
    request_model: type[BaseModel], error_codes: Sequence[str], *, max_turn_chars: int
) -> dict[str, Any]:
    """The whole OpenAPI 3.1 document; `request_model` is the turn body, `error_codes`
    every `error.code` the server can answer."""
    models: list[tuple[type[BaseModel], Literal["validation", "serialization"]]] = [
        (request_model, "validation"),
        *((model, "serialization") for model in _RESPONSE_MODELS),
    ]
    _, top = models_json_schema(models, ref_template=REF)
    schemas: dict[str, Any] = top["$defs"]
    _refine(schemas, request_model.__name__, error_codes, max_turn_chars)
    components = _components(error_codes)
    components["schemas"] = dict(sorted(schemas.items()))
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "duocthu",
            "version": metadata.version("duocthu"),
            "description": (
                "Answers questions about medicines from the Vietnamese National Drug "
                "Formulary, only from retrieved evidence, with citations. Errors are always "
                '{"error": {"code", "message"}}; a wrong or missing token and an unknown id '
                "both answer 404."
            ),
        },
        "paths": _with_examples(_paths()),
        "components": components,
    }


def _with_examples(paths: dict[str, Any]) -> dict[str, Any]:
    attach(paths)
    return paths


def render(doc: dict[str, Any]) -> bytes:
    return pydantic_core.to_json(doc)


def undocumented(routes: Iterable[tuple[str, Iterable[str]]], doc: dict[str, Any]) -> list[str]:
    """`METHOD path` for every (path, methods) the app serves that the document lacks."""
    missing = []
    for path, methods in routes:
        item = doc["paths"].get(path, {})
        for method in sorted(set(methods) - {"HEAD"}):
            if method.lower() not in item:
                missing.append(f"{method} {path}")
    return missing


__all__ = ["VISIBLE", "document", "render", "undocumented"]
