"""The values the engine hands to the outside: turn results, conversation views, traces."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from core.evidence import Citation, Derivation


class Outcome(StrEnum):
    ANSWERABLE = "answerable"
    CLARIFY = "clarify"
    ABSTAIN = "abstain"


class PathStep(BaseModel):
    """One fired transition of the state machine."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    trigger: str
    dest: str


class ClaimView(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    citations: list[int] = Field(default_factory=list)
    derivation: Derivation | None = None
    """Set only on an amount worked out by code (docs/api.md); omitted from JSON otherwise."""

    @model_serializer(mode="wrap")
    def _omit_empty_derivation(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("derivation", 0) is None:
            data.pop("derivation")
        return data


class TurnResult(BaseModel):
    """The turn result of `POST /v1/conversations/{id}/turns` (docs/api.md)."""

    model_config = ConfigDict(extra="forbid")

    conversation_id: str
    turn: int
    state: str
    outcome: Outcome
    reason: str
    message: str
    quick_replies: list[str] = Field(default_factory=list)
    claims: list[ClaimView] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    path: list[PathStep] = Field(default_factory=list)
    route_rule: int | None = None
    frame: dict[str, Any] = Field(default_factory=dict)
    clarify_streak: int = 0


class CreatedConversation(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    conversation_id: str
    token: str
    state: str = "idle"


class ConversationView(BaseModel):
    """`GET /v1/conversations/{id}`."""

    model_config = ConfigDict(extra="forbid")

    conversation_id: str
    state: str
    clarify_streak: int
    frame: dict[str, Any] | None
    history: list[dict[str, Any]]
    version: int
    expires_at: datetime


class CheckFailure(BaseModel):
    """One problem a grounding check found in a generated answer (why it was withheld)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    check: str
    problem: str


class TraceEntry(BaseModel):
    """One turn as the trace shows it: path, rule, reason, stage timings (ms) and, for a
    `grounding_failed` turn, which checks failed and why."""

    model_config = ConfigDict(extra="forbid")

    turn: int
    at: datetime
    outcome: Outcome
    reason: str
    route_rule: int | None
    path: list[PathStep]
    timings_ms: dict[str, float] = Field(default_factory=dict)
    model_calls: int = 0
    idempotency_key: str | None = None
    grounding_failures: list[CheckFailure] = Field(default_factory=list)


class ComponentStatus(BaseModel):
    """One dependency as `/ready` reports it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    enabled: bool
    ok: bool
    detail: str = ""


__all__ = [
    "CheckFailure",
    "ClaimView",
    "ComponentStatus",
    "ConversationView",
    "CreatedConversation",
    "Outcome",
    "PathStep",
    "TraceEntry",
    "TurnResult",
]
