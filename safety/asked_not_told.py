"""Turns that ask, though they hold words of an event: a dose brought back up and whether to
give it again ("bé nhổ ra gần hết liều, có cho uống lại không"), and a sign said as the
strength of the complaint the medicine is for ("đau bụng kinh muốn xỉu, uống thêm … được
không"). Read by `safety.triage` before it calls either an emergency."""

from __future__ import annotations

import re

from core.text import fold_aligned
from safety.ingestion_signs import asks_outright
from safety.safety_cues import EMERGENCY_SIGNS, TAKE_CUES, TurnText
from safety.self_harm_cues import FEELING_IDIOM

# A dose brought back up ("nhổ ra gần hết", "nôn ra", "trớ ra") and whether to give it again
# asked yes or no: a how-to question the book answers, nothing taken beyond a dose.
_BROUGHT_UP = re.compile(r"\b(?:nho|non|oi|tro|khac|mua|phun) (?:\w+ )?ra\b")
_YES_NO_ASKED = re.compile(r"\bco\b[^.!?]{0,40}?\b(?:khong|ko|k|hong|hok)\b|\?")
_GIVE_AGAIN = re.compile(r"\b(?:uong|cho|dung|cho uong) (?:\w+ )?(?:lai|bu|them)\b")


def redose_asked(t: TurnText) -> bool:
    """A dose came back out, then whether to give it again is asked yes or no, with no
    danger sign: whether to repeat a dose, not an ingestion."""
    out = _BROUGHT_UP.search(t.folded)
    return bool(
        out is not None
        and _GIVE_AGAIN.search(t.folded, out.end())
        and _YES_NO_ASKED.search(t.folded)
        and EMERGENCY_SIGNS.search(t) is None  # brought up, the dose itself is past
    )


def complaint_idiom(t: TurnText, sign: str) -> bool:
    """A sign said as the strength of the complaint, before the taking, in a turn that asks
    ("đau bụng kinh muốn xỉu, uống thêm 400 được không"): what it is taken for."""
    idiom = FEELING_IDIOM.search(t.folded)
    take = TAKE_CUES.search(t)
    if idiom is None or take is None or not asks_outright(t):
        return False
    at = t.folded.find(fold_aligned(sign), idiom.start())
    return idiom.start() <= at < idiom.end() <= t.folded.find(fold_aligned(take), idiom.end())


__all__ = ["complaint_idiom", "redose_asked"]
