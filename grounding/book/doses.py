"""What a line of the dose text says besides whom it is for: an amount given, or a change
to the usual dose. Matched on folded text with the words of `grounding.book.vocabulary`."""

from __future__ import annotations

import re

from grounding.book.vocabulary import ADJUSTS, DOSE_UNITS

_UNITS = "|".join(re.escape(u) for u in DOSE_UNITS.folded)
AMOUNT = re.compile(rf"\d\s*(?:{_UNITS})(?![0-9a-z])")
"""A number with the unit of an amount given ("50 mg/ngày", "2 ml", "5 000 đơn vị")."""
# "dùng 75% liều", "giảm 50%": a change said as a figure rather than in words.
_ADJUSTS_BY_FIGURE = re.compile(r"\d\s*%|giam \d")


def prints_amount(folded: str) -> bool:
    """The line prints an amount given: a dose row, not a limit."""
    return AMOUNT.search(folded) is not None


def adjusts(folded: str) -> bool:
    """The line says how to change the dose ("dùng 75% liều", "giảm một nửa", "giảm liều")."""
    return ADJUSTS.search(folded) is not None or _ADJUSTS_BY_FIGURE.search(folded) is not None


__all__ = ["AMOUNT", "adjusts", "prints_amount"]
