"""The conversation document kept in Redis: one versioned pydantic value per conversation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.evidence import Citation
from core.frame import ClarifySlot, PatientContext, QueryFrame
from core.result import ClaimView
from states import INITIAL_STATE, State

SCHEMA_VERSION = 1
# Only the last few answers keep their claims and citations in history (a reloaded page
# shows those in full, older ones as their message); they are most of a line's size.
HISTORY_CLAIM_TURNS = 3


def utcnow() -> datetime:
    return datetime.now(UTC)


class OpenQuestion(BaseModel):
    """The clarification the conversation is waiting on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reason: str
    slot: ClarifySlot
    quick_replies: tuple[str, ...] = ()


class HistoryLine(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Literal["user", "assistant"]
    text: str
    turn: int
    at: datetime
    outcome: str | None = None
    reason: str | None = None
    # An answer's claims and citations, so a page reloaded from history shows them as the
    # live turn did (documents saved before these fields existed read as empty).
    claims: list[ClaimView] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)


class Conversation(BaseModel):
    """Everything a conversation needs between turns; nothing lives in process memory."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    schema_version: int = SCHEMA_VERSION
    # The first four fields are the document's header, in this order: the store's Lua
    # scripts read the token hash and the version from it without decoding the rest.
    conversation_id: str
    token_hash: str
    version: int = 0
    state: State = INITIAL_STATE
    clarify_streak: int = Field(default=0, ge=0)
    # The facts (`engine.merge.PROGRESS_FIELDS`) the frames of the current run of
    # clarifications have held: a fact counts as progress once per run, so a run that keeps
    # swapping facts (an adult, then a child's age, then an adult) still reaches the breaker.
    streak_facts: list[str] = Field(default_factory=list)
    prior_frame: QueryFrame | None = None
    open_question: OpenQuestion | None = None
    patient: PatientContext | None = None
    case: int = 0
    # Once an ingestion (`emergency`) or self-harm was reported, the conversation stays in that
    # thread: later turns get the same reply again, never a dose (safety.triage.thread_triage).
    safety_thread: str | None = None
    safety_drugs: list[str] = Field(default_factory=list)
    # The drugs the conversation last named: a turn about an illness or a symptom in between
    # ("mấy hôm nay sốt") does not make a reaction told after it any less about them.
    named_drugs: list[str] = Field(default_factory=list)
    named_query: str | None = None  # the turn that named them ("uống X được 3 tuần")
    turn: int = 0
    history: list[HistoryLine] = Field(default_factory=list)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)

    def expires_at(self, idle_ttl_s: int) -> datetime:
        return self.updated_at + timedelta(seconds=idle_ttl_s)

    def is_expired(self, now: datetime, idle_ttl_s: int) -> bool:
        return now >= self.expires_at(idle_ttl_s)

    def start_fresh(self) -> None:
        """Forget the dialogue (state, streak, open question, slots, case), keep identity."""
        self.state = INITIAL_STATE
        self.clarify_streak = 0
        self.streak_facts = []
        self.prior_frame = None
        self.open_question = None
        self.patient = None
        self.case += 1

    def append_history(self, line: HistoryLine, keep: int) -> None:
        lines = [*self.history, line][-keep:] if keep else []
        oldest = line.turn - HISTORY_CLAIM_TURNS
        self.history = [
            h.model_copy(update={"claims": [], "citations": []})
            if h.turn <= oldest and (h.claims or h.citations)
            else h
            for h in lines
        ]

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, raw: str | bytes) -> Conversation:
        return cls.model_validate_json(raw)

    def public_history(self) -> list[dict[str, Any]]:
        return [h.model_dump(mode="json") for h in self.history]


__all__ = [
    "HISTORY_CLAIM_TURNS",
    "SCHEMA_VERSION",
    "Conversation",
    "HistoryLine",
    "OpenQuestion",
    "utcnow",
]
