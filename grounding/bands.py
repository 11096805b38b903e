"""Read the patient bands a formulary phrase names: age, weight, creatinine clearance.

One parser for every phrasing the book uses ("Trẻ em 2 - 4 tuổi", "cân nặng > 50 kg",
"Clcr 10 - 50 ml/phút", "sơ sinh 28 - 32 tuần chỉnh theo tuổi thai", "17 tuổi trở lên")
and for its cross-reference "dùng liều như người lớn". Ages are in months, weights in kg,
clearance in ml/phút. Pure functions; nothing here chooses a dose.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from core.text import fold

MONTHS_PER_UNIT = {"tuoi": 12.0, "nam": 12.0, "thang": 1.0, "tuan": 12 / 52, "ngay": 12 / 365}
NEWBORN_MONTHS = 1.0
_WORDS = {"mot": "1", "hai": "2", "ba": "3", "bon": "4", "sau": "6", "bay": "7", "tam": "8"}
_NUM = r"(\d+(?:[.,]\d+)?)"
_AGE_UNIT = r"(ngay|tuan|thang|tuoi|nam)(?!\s*(?:dau|sau|tiep))"
_TO = r"\s*(?:-|–|—|den|toi)\s*"
# "³" and "£" are how the extracted text prints the book's ≥ and ≤ (a symbol font).
_ABOVE = r"(?:tren hoac bang|> hoac|>=|≥|³|tren|>|tu|lon hon|hon)"
_BELOW = r"(?:duoi hoac bang|<=|≤|£|duoi|<|nho hon)"
_AGE_RANGE = re.compile(rf"(?<![\d/]){_NUM}\s*(?:{_AGE_UNIT})?{_TO}{_NUM}\s*{_AGE_UNIT}")
_AGE_UP = re.compile(
    rf"{_ABOVE}\s*{_NUM}\s*{_AGE_UNIT}(?!\s*(?:tuoi\s*)?tro xuong)"
    rf"|{_NUM}\s*{_AGE_UNIT}(?:\s*tuoi)?\s*tro len"
)
_AGE_DOWN = re.compile(rf"{_BELOW}\s*{_NUM}\s*{_AGE_UNIT}|{_NUM}\s*{_AGE_UNIT}\s*tro xuong")
_KG = r"\s*kg(?![/a-z])"
_KG_RANGE = re.compile(rf"(?<![\d/]){_NUM}\s*(?:kg)?{_TO}{_NUM}{_KG}")
_KG_UP = re.compile(rf"{_ABOVE}\s*{_NUM}{_KG}(?!\s*tro xuong)|{_NUM}{_KG}\s*tro len")
_KG_DOWN = re.compile(rf"{_BELOW}\s*{_NUM}{_KG}|{_NUM}{_KG}\s*tro xuong")
_ML = r"\s*ml\s*/\s*phut"
_CL_RANGE = re.compile(rf"(?<![\d/]){_NUM}{_TO}{_NUM}{_ML}")
_CL_UP = re.compile(rf"{_ABOVE}\s*{_NUM}{_ML}")
_CL_DOWN = re.compile(rf"{_BELOW}\s*{_NUM}{_ML}")
_GESTATION = re.compile(r"tuoi thai|chinh theo|thieu thang|de non")
_NEWBORN_WORDS = re.compile(r"so sinh|tuoi thai|thieu thang|de non")
_DURATION = re.compile(
    r"(?:trong|sau|keo dai|qua|cach)\s+(?:\d+(?:[.,]\d+)?\s*(?:-|–|den)\s*)?"
    r"\d+(?:[.,]\d+)?\s*(?:ngay|tuan|thang)"
)
_NEWBORN = re.compile(r"(?<![a-z])so sinh(?![a-z])")
_ADULT_LIKE = re.compile(r"lieu (?:nhu|cua|bang) (?:o )?nguoi lon")
# "dưới 3 tháng tuổi hoặc cân nặng dưới 5 kg": an age band, "hoặc", then a weight band.
_EITHER = re.compile(r"(?:tuoi|thang|tuan|ngay|nam),?\s+hoac\s+(?:co\s+)?(?:can nang|nang)")
_NUMBER_WORD = re.compile(r"(?<![a-z])(" + "|".join(_WORDS) + r")(?= (?:ngay|tuan|thang|tuoi|nam))")


@dataclass(frozen=True, slots=True)
class Band:
    """A closed-open interval [lo, hi) as printed, and the looser end a whole unit allows.

    "2 - 4 tuổi" prints hi = 48 months, but a child of 4 years 6 months is still "4
    tuổi", so `loose_hi` = 60; the strict end breaks ties between touching bands.
    """

    lo: float
    hi: float
    loose_hi: float

    def contains(self, value: float) -> bool:
        return self.lo <= value < self.loose_hi or (self.loose_hi == math.inf and value >= self.lo)

    def contains_strictly(self, value: float) -> bool:
        return self.lo <= value < self.hi or (self.hi == self.lo == value)

    @property
    def width(self) -> float:
        return self.loose_hi - self.lo


@dataclass(frozen=True, slots=True)
class Bands:
    """Every band one phrase names; None where it names none."""

    age: Band | None = None
    weight: Band | None = None
    clearance: Band | None = None
    gestation_weeks: Band | None = None
    adult_like: bool = False
    either: bool = False
    """The phrase joins its age and weight bands with "hoặc": either one admits a patient."""

    @property
    def is_empty(self) -> bool:
        return not (self.age or self.weight or self.clearance or self.gestation_weeks)

    def merged(self, outer: Bands) -> Bands:
        """These bands, falling back to `outer`'s (a heading's) where this phrase names none."""
        return Bands(
            age=self.age or outer.age,
            weight=self.weight or outer.weight,
            clearance=self.clearance or outer.clearance,
            gestation_weeks=self.gestation_weeks or outer.gestation_weeks,
            adult_like=self.adult_like,
            either=self.either,
        )


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def _union(bands: list[Band]) -> Band | None:
    """One band covering all found ("dưới 6 tuổi … trên 6 tuổi" → no limit).

    One lower and one upper bound that overlap are one band ("trên 8 ngày tuổi và
    dưới 3 tháng tuổi"), not the union of both open ends.
    """
    if not bands:
        return None
    ups = [b for b in bands if b.hi == math.inf and b.lo > 0]
    downs = [b for b in bands if b.lo == 0 and b.hi != math.inf]
    if len(ups) == 1 and len(downs) == 1 and len(bands) == 2 and ups[0].lo < downs[0].hi:
        return Band(ups[0].lo, downs[0].hi, downs[0].loose_hi)
    return Band(min(b.lo for b in bands), max(b.hi for b in bands), max(b.loose_hi for b in bands))


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < end and span[1] > start for start, end in taken)


def _is_age(folded: str, match: re.Match[str]) -> bool:
    """Days and weeks are durations ("trong 5 - 7 ngày") unless said of age or a newborn."""
    units = {u for u in match.groups()[1::2] if u} if match.re is _AGE_RANGE else set()
    units |= {u for u in match.groups() if u in MONTHS_PER_UNIT}
    if not units & {"ngay", "tuan"}:
        return True
    return folded.startswith(" tuoi", match.end()) or bool(_NEWBORN_WORDS.search(folded))


def _ages(folded: str) -> list[Band]:
    found: list[Band] = []
    taken: list[tuple[int, int]] = [m.span() for m in _DURATION.finditer(folded)]
    for m in _AGE_RANGE.finditer(folded):
        if not _is_age(folded, m):
            continue
        hi_unit = MONTHS_PER_UNIT[m[4]]
        lo_unit = MONTHS_PER_UNIT[m[2]] if m[2] else hi_unit
        hi = _num(m[3]) * hi_unit
        found.append(Band(_num(m[1]) * lo_unit, hi, hi + hi_unit))
        taken.append(m.span())
    for m in _AGE_UP.finditer(folded):
        if not _overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = (m[1], m[2]) if m[1] else (m[3], m[4])
            lo = _num(value) * MONTHS_PER_UNIT[unit]
            # "trên 12 tuổi" is past the 12th year: a child of exactly 12 is not in it.
            strict = m[0].startswith(("tren ", ">")) and "bang" not in m[0] and "hoac" not in m[0]
            found.append(Band(lo + (1e-6 if strict else 0.0), math.inf, math.inf))
            taken.append(m.span())
    for m in _AGE_DOWN.finditer(folded):
        if not _overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = (m[1], m[2]) if m[1] else (m[3], m[4])
            hi = _num(value) * MONTHS_PER_UNIT[unit]
            inclusive = "bang" in m[0] or "≤" in m[0] or "<=" in m[0] or "tro xuong" in m[0]
            found.append(Band(0.0, hi, hi + (1e-6 if inclusive else 0.0)))
    return found


def _kilos(folded: str) -> list[Band]:
    found: list[Band] = []
    taken: list[tuple[int, int]] = []
    for m in _KG_RANGE.finditer(folded):
        # Printed weight bands are whole kilograms ("15 - 25 kg", "26 - 35 kg").
        found.append(Band(_num(m[1]), _num(m[2]), _num(m[2]) + 1))
        taken.append(m.span())
    for m in _KG_UP.finditer(folded):
        if not _overlaps(m.span(), taken):
            value = m[1] or m[2]
            strict = m[0].startswith(("tren ", ">")) and "bang" not in m[0]
            found.append(Band(_num(value) + (1e-6 if strict else 0.0), math.inf, math.inf))
            taken.append(m.span())
    for m in _KG_DOWN.finditer(folded):
        if not _overlaps(m.span(), taken):
            value = m[1] or m[2]
            inclusive = "bang" in m[0] or "≤" in m[0] or "<=" in m[0] or "tro xuong" in m[0]
            found.append(Band(0.0, _num(value), _num(value) + (1e-6 if inclusive else 0.0)))
    return found


def _clearances(folded: str) -> list[Band]:
    found: list[Band] = []
    taken: list[tuple[int, int]] = []
    for m in _CL_RANGE.finditer(folded):
        # Clearance bands are printed with shared ends ("10 - 30", "> 30"): both ends count;
        # some tables print them high first ("49 - 20 ml/phút").
        lo, hi = sorted((_num(m[1]), _num(m[2])))
        found.append(Band(lo, hi, hi + 1e-6))
        taken.append(m.span())
    for m in _CL_UP.finditer(folded):
        if not _overlaps(m.span(), taken):
            strict = m[0].startswith(("tren ", ">")) and "=" not in m[0]
            found.append(Band(_num(m[1]) + (1e-6 if strict else 0.0), math.inf, math.inf))
            taken.append(m.span())
    for m in _CL_DOWN.finditer(folded):
        if not _overlaps(m.span(), taken):
            inclusive = "≤" in m[0] or "£" in m[0] or "<=" in m[0] or "bang" in m[0]
            hi = _num(m[1])
            found.append(Band(0.0, hi, hi + (1e-6 if inclusive else 0.0)))
    return found


@lru_cache(maxsize=8192)
def parse_bands(text: str) -> Bands:
    """The bands a phrase names; a gestational-age phrase is a newborn's band."""
    folded = _NUMBER_WORD.sub(lambda m: _WORDS[m[1]], fold(text))
    clearance = _union(_clearances(folded))
    scrubbed = _CL_RANGE.sub(" ", folded) if clearance else folded
    ages = _ages(scrubbed)
    gestation: Band | None = None
    if ages and _GESTATION.search(scrubbed) and "tuan" in scrubbed:
        week = MONTHS_PER_UNIT["tuan"]
        gestation = _union([Band(b.lo / week, b.hi / week, b.loose_hi / week) for b in ages])
        ages = [Band(0.0, NEWBORN_MONTHS, NEWBORN_MONTHS)]
    elif not ages and _NEWBORN.search(scrubbed) and "tre em" not in scrubbed:
        ages = [Band(0.0, NEWBORN_MONTHS, NEWBORN_MONTHS)]
    weight = _union(_kilos(scrubbed))
    return Bands(
        age=_union(ages),
        weight=weight,
        clearance=clearance,
        gestation_weeks=gestation,
        adult_like=bool(_ADULT_LIKE.search(folded)),
        either=bool(ages and weight and _EITHER.search(scrubbed)),
    )


_INR_BOUND = re.compile(rf"({_ABOVE}|{_BELOW})\s*{_NUM}(?!\s*(?:mg|ml|gio|ngay|%))")
_INR_ASKED = re.compile(rf"(?<![a-z])inr\s*(?:=|:|la|bang|khoang|tang len|len)?\s*{_NUM}")
_INR_HEAD = re.compile(r"(?<![a-z])inr(?![a-z])[^:.;]*")
# A paragraph is banded by INR when it opens with it ("Nếu INR > 9, …"), not when a
# later clause names a target ("… giữ INR trong khoảng 2 - 3").
_INR_HEAD_CHARS = 100


def inr_band(text: str) -> Band | None:
    """The INR band a paragraph opens with ("INR > 5 nhưng < 9: …"), or None.

    Only the paragraph's head (to its first colon or full stop) is read: the doses after it
    are not bounds. "Trên vùng điều trị nhưng dưới 5" is the band below 5.
    """
    head = _INR_HEAD.search(fold(text)[:_INR_HEAD_CHARS])
    if head is None:
        return None
    lo, hi = 0.0, math.inf
    for m in _INR_BOUND.finditer(head[0]):
        value = _num(m[2])
        if re.fullmatch(_BELOW, m[1]):
            hi = min(hi, value)
        else:
            lo = max(lo, value)
    if lo == 0.0 and hi == math.inf:
        return None
    return Band(lo, hi, hi)


def inr_asked(question: str) -> float | None:
    """The INR value a question gives ("INR 7", "INR = 7,5"), or None."""
    m = _INR_ASKED.search(fold(question))
    return _num(m[1]) if m else None


def describe(bands: Bands) -> str:
    """A short Vietnamese name for a band, for the "other bands" line ("2–4 tuổi")."""
    parts: list[str] = []
    if bands.gestation_weeks is not None or (bands.age and bands.age.hi <= NEWBORN_MONTHS):
        parts.append("sơ sinh")
    elif bands.age is not None:
        parts.append(_describe_age(bands.age))
    if bands.weight is not None:
        parts.append(_describe(bands.weight, "kg"))
    if bands.clearance is not None:
        parts.append("ClCr " + _describe(bands.clearance, "ml/phút"))
    return ", ".join(p for p in parts if p)


def _fmt(value: float) -> str:
    return f"{value:g}".replace(".", ",")


def _describe(band: Band, unit: str) -> str:
    if band.hi == math.inf:
        return f"từ {_fmt(round(band.lo))} {unit}"
    if band.lo == 0:
        return f"dưới {_fmt(band.hi)} {unit}"
    return f"{_fmt(band.lo)}–{_fmt(band.hi)} {unit}"


def _describe_age(band: Band) -> str:
    def age(months: float) -> str:
        if months >= 24 and months % 12 < 1e-3:
            return f"{_fmt(months / 12)} tuổi"
        return f"{_fmt(round(months, 1))} tháng"

    if band.hi == math.inf:
        return f"từ {age(round(band.lo, 3))}"
    if band.lo == 0:
        return f"dưới {age(band.hi)}"
    return f"{age(band.lo)}–{age(band.hi)}"


__all__ = [
    "MONTHS_PER_UNIT",
    "NEWBORN_MONTHS",
    "Band",
    "Bands",
    "describe",
    "inr_asked",
    "inr_band",
    "parse_bands",
]
