"""How many doses a day the book says around a dose figure, beyond one fixed count
(`grounding.dose_figures` reads that): a day's figure split into a fixed number of doses
("100 mg/kg/ngày, chia làm 4 lần", "40 mg/kg/ngày cách 8 giờ/lần") and a range of doses a day
after a dose ("10 mg/kg x 3 - 4 lần/ngày"). Read on the accent-folded words after the figure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from grounding.book.vocabulary import NOT_FIXED

# Never a range ("chia 2 - 3 lần", "mỗi 6 - 8 giờ") nor a most.
_SPLIT = re.compile(
    r"^(?P<lead>[^;]{0,80}?)(?:chia (?:lam )?(?P<n>[2-6]) (?:lan|lieu)"
    r"|(?:moi|cach|cu)\s*(?P<h>4|6|8|12)\s*gio(?!\s*(?:-|–|den))(?:\s*(?:/\s*|(?:mot|1)\s*)lan)?"
    r"|(?P<h2>4|6|8|12)\s*gio\s*(?:/\s*lan|(?:mot|1)\s*lan)"
    r"|(?P<n2>[2-6])\s*lan\s*(?:/|moi|mot|trong)\s*ngay)"
)
# A second day's figure of the same row between ("90 mg/kg amoxicilin/ngày, 6,4 mg/kg acid
# clavulanic/ngày, chia 2 lần"): the split is said of both.
_DAY_FIGURE = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:mg|g|mcg|microgam|µg|μg)\s*/\s*kg(?:\s+[a-z]+){0,3}\s*/\s*ngay"
)
_BETWEEN = re.compile(
    r"^(?P<lead>[^;\d]{0,20}?)(?:[x×]\s*)?(?P<few>[1-6])\s*(?:-|–)\s*(?P<many>[2-6])\s*lan"
    r"\s*(?:/|moi|mot|trong)\s*ngay"
)
MAX_LEAD = 30


def _fixed(lead: str) -> bool:
    """No most, option or range in the words before the count."""
    return not NOT_FIXED.search(lead) and not lead.rstrip().endswith(("-", "–", "den"))


def split_of(after: str) -> tuple[Decimal, int] | None:
    """Doses a day's figure is split into, said right after it, and where those words end."""
    m = _SPLIT.search(after)
    if m is None:
        return None
    lead = _DAY_FIGURE.sub(" ", m["lead"])
    if len(lead) > MAX_LEAD or re.search(r"\d|hoac|hay", lead) or not _fixed(lead):
        return None
    if m["n"] or m["n2"]:
        return Decimal(m["n"] or m["n2"]), m.end()
    return Decimal(24) / Decimal(m["h"] or m["h2"]), m.end()


def times_between(after: str) -> tuple[tuple[Decimal, Decimal], int] | None:
    """The fewest and most doses a day said right after a dose ("x 3 - 4 lần/ngày"), and
    where those words end; not a most ("tối đa 3 - 4 lần/ngày")."""
    m = _BETWEEN.search(after)
    if m is None or not _fixed(m["lead"]) or int(m["few"]) >= int(m["many"]):
        return None
    return (Decimal(m["few"]), Decimal(m["many"])), m.end()


# The doses a day a user says a medicine is given in ("bác sĩ cho chia 3 lần", "ngày uống 2
# lần", "3 lần/ngày", "cứ 8 tiếng một lần"), on the folded question; never a range ("chia 2-3
# lần"), a count asked ("chia mấy lần") or doses already taken ("uống 3 lần rồi").
_SAID_SPLIT = re.compile(
    r"(?<![\w\-–])(?:chia (?:lam |ra )?(?P<n>[2-6]) (?:lan|lieu|cu|cu)"
    r"|ngay (?:uong |tiem |cho |dung |truyen )?(?P<n2>[2-6]) lan"
    r"|(?P<n3>[2-6]) lan\s*(?:/|moi|mot|trong)\s*ngay"
    r"|(?:moi|cach|cu) (?P<h>6|8|12) (?:gio|tieng)(?: (?:mot|1) lan)?)(?![\w\-–]|\s*(?:-|–|den))"
)


def said_doses_a_day(folded: str) -> int | None:
    """The one number of doses a day the question says (none when it says two)."""
    found = {
        int(m["n"] or m["n2"] or m["n3"] or 24 // int(m["h"])) for m in _SAID_SPLIT.finditer(folded)
    }
    return found.pop() if len(found) == 1 else None


def other_regimens(counts: Sequence[Decimal | None], told: int | None) -> set[int]:
    """The figures of one row given in another number of doses a day than the user was told
    ("20 mg/kg/ngày chia 3 lần …, hoặc 25 mg/kg/ngày chia 2 lần" with "ngày uống 2 lần":
    the first is another regimen); none when no figure has the count told."""
    if told is None or Decimal(told) not in counts:
        return set()
    return {k for k, n in enumerate(counts) if n is not None and n != told}


__all__ = ["other_regimens", "said_doses_a_day", "split_of", "times_between"]
