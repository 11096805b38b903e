"""Lines a triaged reply may show: no dose figure in them, and the warning lines that bar a
child of a given age (`grounding.book.bars`, the one reader the dose answer and the
condition list share)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from core.sections import SectionKey
from grounding.book.bars import bars

_DOSE = re.compile(
    r"\d+(?:[.,]\d+)?(?:\s*[–-]\s*\d+(?:[.,]\d+)?)?\s*"
    r"(?:mg|g|gam|mcg|µg|microgam|ml|mililit|kg|ui|iu|đơn vị|mmol|mg/kg|mg/m²)(?![\w])",
    re.IGNORECASE,
)


def dose_mentions(text: str) -> list[str]:
    """Dose-like quantities (a number with a mass, volume or unit) in `text`."""
    return [m.group(0) for m in _DOSE.finditer(unicodedata.normalize("NFC", text))]


def limits_age(sentence: str, age_months: float, *, barred: bool) -> bool:
    """Does `sentence` bar a child of `age_months` (`grounding.book.bars`, the reader the
    dose answer and the condition list share)?

    `barred` says the line is already a prohibition (a Chống chỉ định line); a caution
    line must say it bars the use ("không dùng cho trẻ dưới 2 tuổi").
    """
    section = SectionKey.CHONG_CHI_DINH if barred else SectionKey.THAN_TRONG
    return bars(sentence, section.value, age_months)


def age_limit_lines(lines: Sequence[tuple[str, str]], age_months: float) -> list[tuple[str, str]]:
    """The (section, sentence) pairs of a drug's warning text that bar a child of this age."""
    return [
        (section, sentence) for section, sentence in lines if bars(sentence, section, age_months)
    ]


__all__ = ["age_limit_lines", "dose_mentions", "limits_age"]
