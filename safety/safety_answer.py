"""The answer to the safety question ("Bé đã uống thuốc này rồi phải không?"): taken, not
taken, or a dose asked instead, read from the reply and the turn the question was asked of."""

from __future__ import annotations

import re
from enum import StrEnum

from safety.ingestion_signs import _CONTAINERS, _count, access_sign
from safety.safety_cues import (
    AMOUNT_CUES,
    COMPLETED_CUES,
    CONFIRM_CUES,
    DENY_CUES,
    DOSE_QUESTION_CUES,
    HOLD_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    UNSANCTIONED_CUES,
    UNSURE_CUES,
    WORRY_CUES,
    TurnText,
)


class SafetyAnswer(StrEnum):
    """A reply to the safety question ("Bé đã uống thuốc này rồi phải không?")."""

    TAKEN = "taken"
    NOT_TAKEN = "not_taken"
    ASKED = "asked"
    """A question of its own ("Liều đầu tiên uống bao nhiêu mg?"), telling nothing taken:
    neither yes nor no, the turn goes on as asked."""


_ONLY_ASKING = re.compile(r"\b(?:chi|hoi) (?:hoi|muon hoi|thoi|de biet|thong tin)\b")


_POISON = re.compile(r"\b(?:qua lieu|ngo doc|doc|nguy hiem|chet|cap cuu)\b")


def _asks_a_dose(t: TurnText, asked_of: str | None) -> bool:
    """A reply that asks how much or how to give ("liều đầu tiên bao nhiêu mg?") and tells
    nothing done, no doubt, no worry and nothing of poisoning: a dose question, not a yes,
    when the turn the safety question was asked of (`asked_of`) told no amount, no way of
    getting at it and no sign. Where it told one ("bé ngậm nửa viên diazepam"), a dose
    asked next is read the safe way."""
    if asked_of is None or _tells_a_taking(TurnText.of(asked_of)):
        return False
    if DOSE_QUESTION_CUES.search(t) is None or COMPLETED_CUES.search(t) is not None:
        return False
    if WORRY_CUES.search(t) is not None or SYMPTOM_CUES.search(t) is not None:
        return False
    return _POISON.search(t.folded) is None and _count(t) == 0


def _tells_a_taking(t: TurnText) -> bool:
    """A taking told and not asked as a dose, an amount, a container, a way of getting at it
    or a sign: more than a bare mention."""
    told = TAKE_CUES.search(t) is not None and DOSE_QUESTION_CUES.search(t) is None
    return (
        told
        or AMOUNT_CUES.search(t) is not None
        or _count(t) > 0
        or _CONTAINERS.search(t.folded) is not None
        or UNSANCTIONED_CUES.search(t) is not None
        or HOLD_CUES.search(t) is not None
        or SYMPTOM_CUES.search(t) is not None
        or access_sign(t)
    )


def safety_answer(text: str | TurnText, asked_of: str | None = None) -> SafetyAnswer | None:
    """Taken (yes, or not sure: the safe reading), not taken, a dose asked instead (`ASKED`,
    see `_asks_a_dose`; `asked_of` is the turn the safety question was asked of), or neither.

    A denial opens the reply ("chưa", "không, …") or says it was only a question; a "không"
    further on is a question back ("có phải gọi 115 không"), which is read as taken."""
    t = text if isinstance(text, TurnText) else TurnText.of(text)
    if UNSURE_CUES.search(t) is not None:
        return SafetyAnswer.TAKEN
    opening = TurnText.of(" ".join(t.lowered.replace(",", " , ").split()[:3]))
    if DENY_CUES.search(opening) is not None or _ONLY_ASKING.search(t.folded):
        return SafetyAnswer.NOT_TAKEN
    if _asks_a_dose(t, asked_of):
        return SafetyAnswer.ASKED
    if CONFIRM_CUES.search(t) is not None:
        return SafetyAnswer.TAKEN
    return None


__all__ = ["SafetyAnswer", "safety_answer"]
