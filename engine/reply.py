"""`Reply`: what an effect decided and what the turn sends, the one value from a retrieval
effect (or a triaged reply) to the turn's result."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.evidence import Citation
from core.frame import ClarifySlot
from core.result import CheckFailure, ClaimView, Outcome
from states.messages import abstain_text


@dataclass
class Reply:
    """What an effect decided and what the turn sends: answer, clarify or abstain, with its
    words; the one value from a retrieval effect to the turn's result."""

    outcome: Outcome
    reason: str
    message: str
    quick_replies: list[str] = field(default_factory=list)
    claims: list[ClaimView] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    slot: ClarifySlot | None = None
    keeps_question: bool = False
    """Smalltalk while a question was open: the question, its slots and the state stay."""
    problems: list[CheckFailure] = field(default_factory=list)


def abstain(reason: str, message: str | None = None, **values: str) -> Reply:
    """An abstention with its reason and the reason's fixed text (or the message given)."""
    return Reply(Outcome.ABSTAIN, reason, message or abstain_text(reason, **values))


__all__ = ["Reply", "abstain"]
