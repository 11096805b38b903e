"""The INR bands a warfarin-style paragraph opens with (the INR value a question gives is
`QueryFrame.inr`, read by understanding).

Over-anticoagulation rows are banded by INR ("INR > 5 nhưng < 9: …"), not by the patient's
age or weight; the same bound words as `grounding.bands` read them. Pure functions.
"""

from __future__ import annotations

import math
import re

from core.text import fold
from grounding.bands import ABOVE, BELOW, NUMBER, Band, decimal
from grounding.book.filter_words import INR

_INR_BOUND = re.compile(rf"({ABOVE}|{BELOW})\s*{NUMBER}(?!\s*(?:mg|ml|gio|ngay|%))")
# A paragraph is banded by INR when it opens with it ("Nếu INR > 9, …"), not when a
# later clause names a target ("… giữ INR trong khoảng 2 - 3").
_INR_HEAD_CHARS = 100


def inr_band(text: str) -> Band | None:
    """The INR band a paragraph opens with ("INR > 5 nhưng < 9: …"), or None.

    Only the paragraph's head (to its first colon or full stop) is read: the doses after it
    are not bounds. "Trên vùng điều trị nhưng dưới 5" is the band below 5.
    """
    folded = fold(text)[:_INR_HEAD_CHARS]
    word = INR.search(folded)
    if word is None:
        return None
    lo, hi = 0.0, math.inf
    for m in _INR_BOUND.finditer(_to_clause_end(folded[word.start() :])):
        value = decimal(m[2])
        if re.fullmatch(BELOW, m[1]):
            hi = min(hi, value)
        else:
            lo = max(lo, value)
    if lo == 0.0 and hi == math.inf:
        return None
    return Band(lo, hi, hi)


def _to_clause_end(text: str) -> str:
    """The text up to its first colon, full stop or semicolon."""
    ends = [i for i in (text.find(mark) for mark in ":.;") if i >= 0]
    return text[: min(ends, default=len(text))]


__all__ = ["inr_band"]
