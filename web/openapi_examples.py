"""An example request and response for each operation of /openapi.json, with the curl line
that sends it: what /docs shows. Taken from a run on the demo corpus (ids shortened,
the passage cut to its first rows); tests/server/test_openapi.py validates each example
against the schema the document gives for it."""

from __future__ import annotations

from typing import Any

BASE = "http://127.0.0.1:8000"
_CID = "EXAMPLE-conversation-id"
_TOKEN = "EXAMPLE-token-shown-once-keep-it"  # noqa: S105 - a documentation example
_AUTH = "-H 'Authorization: Bearer $TOKEN'"
_QUESTION = "Liều ibuprofen cho người lớn đau răng?"
_ROW = (
    "Giảm đau, hạ sốt: 200–400 mg mỗi lần, cách nhau 4–6 giờ khi cần; khi tự điều trị "
    "không quá 1 200 mg/ngày."
)
_PATH = [
    {"source": "idle", "trigger": "start_retrieval", "dest": "retrieving"},
    {"source": "retrieving", "trigger": "answer_from_evidence", "dest": "answering"},
]
_FRAME = {
    "turn_type": "dosing_calc",
    "drugs": ["ibuprofen"],
    "attribute": "lieu_luong_cach_dung",
    "population": "adult",
    "age_months": None,
    "weight_kg": None,
    "route": None,
}
_CITATION = {
    "drug_id": "ibuprofen",
    "drug_name": "Ibuprofen",
    "section_key": "lieu_luong_cach_dung",
    "section_title": "Liều lượng và cách dùng",
    "chunk_id": "9f4bec86-e1d6-5514-b349-6acc7bb8fe29",
    "page_start": 112,
    "page_end": 114,
    "source": "duocthu-demo: dữ liệu minh họa, không dùng cho lâm sàng",
    "verify_pdf": False,
    "passage": f"### *Liều lượng:*\n*Người lớn:*\n\n*Giảm đau, hạ sốt:* {_ROW[18:]}",
}
_MESSAGE = (
    f"Liều dùng Ibuprofen cho người lớn theo Dược thư:\n- {_ROW} [1]\nNguồn:\n"
    "[1] Ibuprofen — Liều lượng và cách dùng, tr. 112–114"
)
_AT = "2026-12-01T22:21:17.360187Z"

# operationId → (curl line, request body or None, response status, response body or None)
EXAMPLES: dict[str, tuple[str, Any, int, Any]] = {
    "createConversation": (
        f"curl -s -X POST {BASE}/v1/conversations",
        None,
        201,
        {"conversation_id": _CID, "token": _TOKEN, "state": "idle"},
    ),
    "postTurn": (
        f"curl -s -X POST {BASE}/v1/conversations/$CID/turns {_AUTH} "
        "-H 'Content-Type: application/json' "
        f'-d \'{{"text": "{_QUESTION}", "idempotency_key": "q1"}}\'',
        {"text": _QUESTION, "idempotency_key": "q1"},
        200,
        {
            "conversation_id": _CID,
            "turn": 1,
            "state": "answering",
            "outcome": "answerable",
            "reason": "single_drug",
            "message": _MESSAGE,
            "quick_replies": [],
            "claims": [{"text": _ROW, "citations": [0]}],
            "citations": [_CITATION],
            "path": _PATH,
            "route_rule": 16,
            "frame": _FRAME,
            "clarify_streak": 0,
        },
    ),
    "getConversation": (
        f"curl -s {BASE}/v1/conversations/$CID {_AUTH}",
        None,
        200,
        {
            "conversation_id": _CID,
            "state": "answering",
            "clarify_streak": 0,
            "frame": _FRAME,
            "history": [
                {"role": "user", "text": _QUESTION, "turn": 1, "at": _AT},
                {
                    "role": "assistant",
                    "text": _MESSAGE,
                    "turn": 1,
                    "at": _AT,
                    "outcome": "answerable",
                    "reason": "single_drug",
                },
            ],
            "version": 2,
            "expires_at": "2026-12-02T22:21:17Z",
        },
    ),
    "deleteConversation": (
        f"curl -s -X DELETE {BASE}/v1/conversations/$CID {_AUTH}",
        None,
        204,
        None,
    ),
    "getTrace": (
        f"curl -s {BASE}/v1/conversations/$CID/trace {_AUTH}",
        None,
        200,
        {
            "conversation_id": _CID,
            "turns": [
                {
                    "turn": 1,
                    "at": _AT,
                    "outcome": "answerable",
                    "reason": "single_drug",
                    "route_rule": 16,
                    "path": _PATH,
                    "timings_ms": {"load": 2.4, "understand": 3.7, "retrieve_answer": 50.1},
                    "model_calls": 0,
                    "idempotency_key": "q1",
                    "grounding_failures": [],
                }
            ],
        },
    ),
    "getStateDiagram": (
        f"curl -s '{BASE}/v1/state-diagram?format=mermaid&current=answering'",
        None,
        200,
        "stateDiagram-v2\n  [*] --> idle\n  any_turn_end --> retrieving: start_retrieval …\n"
        "  class answering current\n",
    ),
    "health": (f"curl -s {BASE}/health", None, 200, {"status": "ok"}),
    "ready": (
        f"curl -s {BASE}/ready",
        None,
        200,
        {
            "ready": True,
            "corpus": {"version": "0f3c9a2d", "drugs": 44},
            "components": [
                {"name": "redis", "enabled": True, "ok": True, "detail": ""},
                {"name": "index", "enabled": True, "ok": True, "detail": ""},
                {"name": "embedding:local", "enabled": True, "ok": True, "detail": ""},
                {
                    "name": "understanding:rules",
                    "enabled": True,
                    "ok": True,
                    "detail": "offline Vietnamese rules",
                },
                {
                    "name": "answer:extractive",
                    "enabled": True,
                    "ok": True,
                    "detail": "offline extractive",
                },
            ],
        },
    ),
    "metrics": (
        f"curl -s {BASE}/metrics",
        None,
        200,
        '# TYPE duocthu_build_info gauge\nduocthu_build_info{commit="a1c5966…",python="3.11.7",'
        'version="0.1.0"} 1.0\n'
        '# TYPE duocthu_turns_total counter\nduocthu_turns_total{outcome="answerable",'
        'reason="single_drug"} 1.0\n',
    ),
    "openapi": (f"curl -s {BASE}/openapi.json", None, 200, {"openapi": "3.1.0", "…": "…"}),
    "docs": (f"curl -s {BASE}/docs", None, 200, "<!doctype html>…"),
    "chatPage": (f"curl -s {BASE}/", None, 200, "<!doctype html>…"),
    "favicon": (f"curl -s {BASE}/favicon.ico", None, 200, "<svg xmlns=…>…</svg>"),
}


def attach(paths: dict[str, Any]) -> None:
    """Put each operation's example into `paths`: the request body's `example`, the success
    response's `example` (for each of its media types), and `x-codeSamples` (the curl line,
    the extension Redoc and others read)."""
    for item in paths.values():
        for op in item.values():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            curl, request, status, response = EXAMPLES[op["operationId"]]
            op["x-codeSamples"] = [{"lang": "Shell", "label": "curl", "source": curl}]
            if request is not None:
                op["requestBody"]["content"]["application/json"]["example"] = request
            ok = op["responses"].get(str(status), {})
            # The first media type the example is written in (JSON, or text for the rest).
            for media, content in ok.get("content", {}).items():
                if isinstance(response, str) != (media == "application/json"):
                    content["example"] = response
                    break


__all__ = ["BASE", "EXAMPLES", "attach"]
