"""The paracetamol dialogue as scripted frames, and helpers to drive it over HTTP.

The understanding port is the only fake: `ScriptedUnderstander` returns these frames for
these exact texts and reads anything else as a reply that answers nothing (needs more
detail), which is what keeps the bot asking until the breaker trips. Everything behind
it is the real engine, store and runtime (`runners.testing.sample_runtime`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis
from starlette.testclient import TestClient

from core.frame import QueryFrame
from core.ports import Understander, UnderstandingContext
from core.settings import Settings
from engine.bootstrap import Runtime
from runners.testing import (
    SAMPLE_CATALOG,
    SAMPLE_EVIDENCE,
    MemoryRetriever,
    ScriptedUnderstander,
    sample_runtime,
)

_DOSE = {"turn_type": "dosing_calc", "drugs": ["paracetamol"]}

SCRIPTED_FRAMES: dict[str, dict[str, Any]] = {
    "Liều paracetamol?": _DOSE,
    "Người lớn": {"turn_type": "dosing_calc", "population": "adult", "fills_slot": "population"},
    "Trẻ em": {"turn_type": "dosing_calc", "population": "child", "fills_slot": "population"},
    "bé nặng 18 ký": {"turn_type": "dosing_calc", "weight_kg": 18, "fills_slot": "weight"},
    "5 tuổi": {"turn_type": "dosing_calc", "age_months": 60, "fills_slot": "age"},
    "Xin chào": {"turn_type": "smalltalk"},
    "Thời tiết hôm nay thế nào?": {"turn_type": "out_of_scope"},
    "chống chỉ định paracetamol": {
        "turn_type": "drug_attribute",
        "drugs": ["paracetamol"],
        "attribute": "chong_chi_dinh",
    },
}


def _answers_nothing(text: str, _context: UnderstandingContext) -> QueryFrame:
    return QueryFrame(needs_clarify=True, standalone_query=text)


def scripted_understander() -> ScriptedUnderstander:
    """Frames for the dialogue's texts; any other text needs more detail."""
    frames = {text: QueryFrame.model_validate(f) for text, f in SCRIPTED_FRAMES.items()}
    return ScriptedUnderstander(frames, default=_answers_nothing)


def scripted_runtime(
    client: redis.Redis,
    data_dir: Path,
    settings: Settings | None = None,
    *,
    retriever: MemoryRetriever | None = None,
    understander: Understander | None = None,
) -> Runtime:
    """A real `Runtime` and `Engine` over real Redis, with scripted understanding."""
    settings = settings or Settings(duocthu_data_dir=data_dir, embedding_provider="disabled")
    runtime: Runtime = sample_runtime(
        client,
        settings,
        understander=understander or scripted_understander(),
        retriever=retriever,
    )
    return runtime


def start(client: TestClient) -> tuple[str, dict[str, str]]:
    """Create a conversation over HTTP; return its id and the auth header."""
    body = client.post("/v1/conversations").json()
    return body["conversation_id"], {"Authorization": f"Bearer {body['token']}"}


HandleCall = tuple[str, str, str | None]


def record_handle_calls(runtime: Runtime) -> list[HandleCall]:
    """Record every (conversation id, text, idempotency key) the shell hands the real engine."""
    calls: list[HandleCall] = []
    handle: Callable[..., Any] = runtime.engine.handle

    def recording(
        conversation_id: str, text: str, *, idempotency_key: str | None = None, **kw: Any
    ) -> Any:
        calls.append((conversation_id, text, idempotency_key))
        return handle(conversation_id, text, idempotency_key=idempotency_key, **kw)

    runtime.engine.handle = recording  # type: ignore[method-assign]  # a spy, not a fake
    return calls


@dataclass
class ScriptedService:
    """What an HTTP test holds besides its client: the real runtime, the calls its engine
    received, and the port fakes (the retriever's `fail_with` plays a broken index; the
    understander's `calls` show whether a turn got past authorisation)."""

    runtime: Runtime
    calls: list[HandleCall]
    retriever: MemoryRetriever
    understander: ScriptedUnderstander


def scripted_service(
    client: redis.Redis, data_dir: Path, settings: Settings | None = None
) -> ScriptedService:
    """A scripted runtime whose engine's `handle` calls are recorded."""
    retriever = MemoryRetriever(SAMPLE_EVIDENCE, SAMPLE_CATALOG)
    understander = scripted_understander()
    runtime = scripted_runtime(
        client, data_dir, settings, retriever=retriever, understander=understander
    )
    return ScriptedService(runtime, record_handle_calls(runtime), retriever, understander)
