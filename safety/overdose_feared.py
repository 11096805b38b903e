"""An overdose only feared or asked as the other answer of a question, not told as done.

- A fear of taking too much ("sợ uống quá liều", "e sợ bị ngộ độc", "ngại quá liều"): what
  the speaker wants to avoid, so the turn asks the dose or its maximum; nothing was taken
  beyond it.
- The other answer of a yes/no question ("uống thêm 2 viên được không hay bị quá liều",
  "được ko hay là ngộ độc"): the overdose is what the question fears, not what happened.

Only the words of the fear or the alternative are set aside (`without_feared_overdose`); an
overdose told elsewhere in the turn ("đã quá liều rồi, sợ ngộ độc") is still read as told.
Typed bare, "lo" is also "lỡ" (a slip, an event): it is a worry only as typed with accents.
"""

from __future__ import annotations

import re

from safety.cue_matching import TurnText
from safety.safety_cues import OVERDOSE_EVENT_CUES

_OVERDOSE = r"(?:qua lieu|ngo doc|trung doc|uong qua nhieu|dung qua nhieu|uong nhieu qua)"
_FEAR_BARE = r"(?:so|ngai|e ngai|lo so)"
# The fear, a few words (who, "bị", the verb), then the overdose.
_FEARED_BARE = re.compile(r"\b" + _FEAR_BARE + r" (?:\w+ ){0,2}?" + _OVERDOSE + r"\b")
_FEARED_TYPED = re.compile(r"\b(?:sợ|ngại|lo|lo lắng) (?:\w+ ){0,2}?")
# "… được không hay (là) (sẽ) bị quá liều": the overdose as the other answer asked.
_ALTERNATIVE = re.compile(
    r"\b(?:duoc|dc|on|sao) (?:khong|ko|k|hong|hok|hem|kg) (?:hay|hay la|hoac|hoac la)"
    r"(?: se| co| la)?(?: bi| gay)? " + _OVERDOSE + r"\b"
)


def _spans(t: TurnText) -> list[tuple[int, int]]:
    spans = [m.span() for m in _ALTERNATIVE.finditer(t.folded)]
    for m in _FEARED_BARE.finditer(t.folded):
        word = t.lowered[m.start() : m.start() + 2]
        if t.accented and not _FEARED_TYPED.match(t.lowered, m.start()) and word != "e ":
            continue  # typed with accents, "số quá liều" is no fear
        spans.append(m.span())
    if t.accented:  # "lo bị quá liều", as typed
        spans += [
            (m.start(), m.end())
            for m in re.finditer(r"\blo (?:\w+ ){0,2}?" + _OVERDOSE + r"\b", t.folded)
            if t.lowered[m.start() : m.start() + 3] == "lo "
        ]
    return spans


def without_feared_overdose(t: TurnText) -> TurnText | None:
    """The turn with an overdose feared or asked as the alternative blanked out, or None when
    the turn holds no such words."""
    spans = _spans(t)
    if not spans:
        return None
    lowered = list(t.lowered)
    for start, end in spans:
        lowered[start:end] = " " * (end - start)
    return TurnText.of("".join(lowered))


def overdose_told(t: TurnText) -> str | None:
    """The overdose the turn tells (`OVERDOSE_EVENT_CUES`), once an overdose only feared or
    asked as the other answer is set aside."""
    hit = OVERDOSE_EVENT_CUES.search(t)
    if hit is None or (rest := without_feared_overdose(t)) is None:
        return hit
    return OVERDOSE_EVENT_CUES.search(rest)


__all__ = ["overdose_told", "without_feared_overdose"]
