"""Which lines of a pregnancy section speak of this pregnancy's term (its weeks or trimester).

"Tránh dùng trong các tuần 6 - 12 thai kỳ" is the line a woman 10 weeks pregnant needs; the
frame carries her term (`pregnancy_weeks`, `pregnancy_trimester`), the book's line its band.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.frame import PatientContext
from grounding.book.filter_words import NEAR_TERM, TRIMESTERS

_WEEK_BAND = re.compile(r"tuan (?:thu )?(\d{1,2}) ?(?:-|–|den) ?(?:tuan )?(\d{1,2})")
_FIRST_WEEKS = re.compile(r"(\d{1,2}) tuan dau")
NEAR_TERM_WEEKS = 36


def _trimester_of(weeks: int) -> int:
    return 1 if weeks < 14 else (2 if weeks < 28 else 3)


def speaks_of_term(folded: str, weeks: int | None, trimester: int | None) -> bool:
    """The (folded) sentence names a band of weeks or a trimester that holds this pregnancy."""
    text = folded
    if weeks is not None:
        trimester = trimester or _trimester_of(weeks)
        if any(int(a) <= weeks <= int(b) for a, b in _WEEK_BAND.findall(text)):
            return True
        if any(weeks <= int(n) for n in _FIRST_WEEKS.findall(text)):
            return True
        if weeks >= NEAR_TERM_WEEKS and NEAR_TERM.search(text):
            return True
    if trimester is None:
        return False
    named = TRIMESTERS.get(trimester)
    return named is not None and named.search(text) is not None


def term_first(sentences: Sequence[str], patient: PatientContext | None, keep: int) -> list[int]:
    """Indexes of the `keep` sentences (folded, `core.text.fold`) to quote, in the book's
    order: the ones that speak of this pregnancy's term first, then the section's opening
    ones."""
    if patient is None or not patient.pregnant:
        return list(range(min(keep, len(sentences))))
    weeks, trimester = patient.pregnancy_weeks, patient.pregnancy_trimester
    matching = [i for i, s in enumerate(sentences) if speaks_of_term(s, weeks, trimester)][:keep]
    opening = [i for i in range(len(sentences)) if i not in matching][: keep - len(matching)]
    return sorted(matching + opening)


__all__ = ["speaks_of_term", "term_first"]
