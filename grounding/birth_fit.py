"""Whether a newborn's dose row is for a baby born early or at term, and for which
gestational age ("Sơ sinh thiếu tháng: …" / "Sơ sinh đủ tháng: …", "Sơ sinh 28 - 32 tuần
chỉnh theo tuổi thai: …"), against what the question says of the baby's birth ("bé đủ
tháng 5 ngày tuổi", "sinh non 29 tuần, giờ 10 ngày tuổi"). Said of neither, every row fits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.frame import QueryFrame
from core.text import fold
from grounding.blocks import Block
from grounding.book.vocabulary import BORN_AT_TERM, BORN_EARLY
from grounding.heads import DOSE

DAYS_PER_MONTH = 365 / 12
TERM_WEEKS = 37.0
"""A baby born at term was born at this many weeks or later."""
# The weeks of gestation a baby was born at: "sinh non 29 tuần", "đẻ lúc 32 tuần",
# "sinh ở tuần 30", "tuổi thai 31 tuần" (accent-folded).
_BIRTH_WEEKS = re.compile(
    r"(?:(?:sinh|de)(?: non| som| thieu thang)?|thieu thang|tuoi thai|non thang)"
    r"(?: (?:luc|o|khi|duoc|vao|tuan|co))*\s*(\d{2})\s*(?:tuan|w\b)"
    r"|(\d{2})\s*tuan (?:tuoi )?thai"
)


@dataclass(frozen=True, slots=True)
class Birth:
    """What the question says of the baby's birth: early (True), at term (False) or unsaid
    (None), and the weeks of gestation it was born at when said."""

    early: bool | None = None
    weeks: float | None = None

    @classmethod
    def of(cls, frame: QueryFrame) -> Birth:
        said = fold(f"{frame.standalone_query} {frame.condition_words}")
        m = _BIRTH_WEEKS.search(said)
        weeks = float(m[1] or m[2]) if m else None
        if weeks is not None and not 22 <= weeks <= 44:
            weeks = None  # not a gestation ("sinh được 10 tuần" is the baby's age)
        if BORN_EARLY.search(said) or (weeks is not None and weeks < TERM_WEEKS):
            return cls(early=True, weeks=weeks)
        if BORN_AT_TERM.search(said):
            return cls(early=False, weeks=weeks)
        return cls(weeks=weeks)


def row_birth(block: Block) -> bool | None:
    """The row names babies born early (True) or at term (False) before its dose, or the
    head it is shown under does ("Sơ sinh đủ tháng — (7 - 30 ngày): …")."""
    dose = DOSE.search(block.text)
    lead = block.reading.folded_span(0, dose.start()) if dose else block.folded[:60]
    lead = f"{fold(block.context.head or '')} {lead}"
    if BORN_EARLY.search(lead):
        return True
    return False if BORN_AT_TERM.search(lead) else None


def birth_fits(block: Block, birth: Birth, age_months: float | None) -> bool:
    """A row for babies born early is not a term baby's, nor the reverse; a row for a
    gestational age ("28 - 32 tuần chỉnh theo tuổi thai") is for a baby whose weeks at birth
    plus its days of life fall in it, and never for a baby born at term below term weeks."""
    said = row_birth(block) if birth.early is not None else None
    if said is not None and birth.early is not None and said is not birth.early:
        return False
    band = block.bands.gestation_weeks
    if band is None:
        return True
    if birth.weeks is not None:
        weeks_now = birth.weeks + (age_months or 0.0) * DAYS_PER_MONTH / 7
        return band.contains(weeks_now)
    return not (birth.early is False and band.loose_hi <= TERM_WEEKS)


def born_fitting(rows: list[Block], frame: QueryFrame) -> list[Block]:
    """The rows that fit what the question says of the baby's birth (`birth_fits`)."""
    birth = Birth.of(frame)
    return [b for b in rows if birth_fits(b, birth, frame.age_months)]


__all__ = ["Birth", "birth_fits", "born_fitting", "row_birth"]
