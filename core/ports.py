"""The ports the engine drives: understanding, retrieval and answering, as protocols.

Each adapter satisfies one of these; `runners.testing` holds small honest fakes.
All are synchronous: the engine runs a turn on a worker thread and does its
I/O outside the state machine's callbacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.evidence import Answer, Answerability, DrugCandidate, Evidence
from core.frame import ClarifySlot, QueryFrame
from core.result import TraceEntry, TurnResult


class UnderstandingContext(BaseModel):
    """What understanding may know besides the text: the open question and recent lines."""

    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

    open_slot: ClarifySlot | None = None
    """The slot an open clarification waits for, if any."""
    open_reason: str | None = None
    prior_frame: QueryFrame | None = None
    history: tuple[str, ...] = ()
    budget: RequestBudget | None = None


@runtime_checkable
class Understander(Protocol):
    """Turns one user turn into a `QueryFrame`.

    Contract: never raises for odd input (emoji, other languages, 2,000
    characters); returns only catalog drug ids in `drugs`, putting drug-like
    names it cannot place in `unknown_drugs`. A provider failure raises
    `UnderstandingFailed` (or `RequestBudgetExhausted`), never returns a guess.
    """

    def understand(self, text: str, context: UnderstandingContext) -> QueryFrame: ...


@runtime_checkable
class Retriever(Protocol):
    """The retrieval operations the engine needs (implemented by `retrieval.service`).

    Contract: results carry full provenance; `find_by_section` returns the
    whole section in `part_index` order; `find_by_indication` searches only
    `chi_dinh`, returns each drug at most once, ranked, with every matching part
    as its evidence. Failures raise `IndexUnavailable`.
    """

    def catalog(self) -> DrugCatalog: ...

    def find_by_section(self, drug_id: str, section_key: str) -> list[Evidence]: ...

    def find_by_drug(self, drug_id: str) -> list[Evidence]: ...

    def search(
        self,
        query: str,
        *,
        drug_id: str | None = None,
        sections: Sequence[str] | None = None,
        limit: int = 8,
    ) -> list[Evidence]: ...

    def find_by_indication(
        self, condition: str, *, limit: int | None = None
    ) -> list[DrugCandidate]: ...

    def decide(self, evidence: Sequence[Evidence]) -> Answerability: ...


class AnswerMode(StrEnum):
    SINGLE = "single"
    INTERACTION = "interaction"
    LIST = "list"


class AnswerRequest(BaseModel):
    """Everything generation may see: a self-contained question and the evidence pool."""

    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

    mode: AnswerMode
    question: str
    frame: QueryFrame
    evidence: tuple[Evidence, ...]
    candidates: tuple[DrugCandidate, ...] = ()
    budget: RequestBudget | None = None


class AnswerClarify(BaseModel):
    """Generation found the question materially ambiguous in the evidence (e.g. routes)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reason: str
    question: str
    slot: ClarifySlot
    quick_replies: tuple[str, ...] = Field(default=())


@runtime_checkable
class AnswerGenerator(Protocol):
    """Builds claims that cite `request.evidence` by index.

    Contract: returns an `Answer` (no claims means "insufficient evidence") or
    an `AnswerClarify`; never computes a dose; a provider failure raises
    `GenerationUnavailable` / `RequestBudgetExhausted`.
    """

    def generate(self, request: AnswerRequest) -> Answer | AnswerClarify: ...


class TurnObserver(Protocol):
    """Told about every finished or failed turn (metrics, logs); must not raise or block."""

    def turn_completed(self, result: TurnResult, entry: TraceEntry) -> None: ...

    def turn_failed(self, conversation_id: str, error: BaseException) -> None: ...


__all__ = [
    "AnswerClarify",
    "AnswerGenerator",
    "AnswerMode",
    "AnswerRequest",
    "Retriever",
    "TurnObserver",
    "Understander",
    "UnderstandingContext",
]
