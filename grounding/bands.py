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

from core.population import NEWBORN_MONTHS
from core.text import fold

MONTHS_PER_UNIT = {"tuoi": 12.0, "nam": 12.0, "thang": 1.0, "tuan": 12 / 52, "ngay": 12 / 365}
_WORDS = {"mot": "1", "hai": "2", "ba": "3", "bon": "4", "sau": "6", "bay": "7", "tam": "8"}
NUMBER = r"(\d+(?:[.,]\d+)?)"
_AGE_UNIT = r"(ngay|tuan|thang|tuoi|nam)(?!\s*(?:dau|sau|tiep))"
_TO = r"\s*(?:-|–|—|den|toi)\s*"
# "³" and "£" are how the extracted text prints the book's ≥ and ≤ (a symbol font).
# "nhỏ hơn", "ít hơn", "kém hơn" are below: a bare "hơn" is above only without them.
ABOVE = (
    r"(?:tren hoac bang|bang hoac tren|> hoac|>=|≥|³|tren|>|tu|lon hon"
    r"|(?<!nho )(?<!it )(?<!kem )hon)"
)
BELOW = r"(?:duoi hoac bang|bang hoac duoi|<=|≤|£|duoi|<|nho hon|it hon|kem hon|khong qua)"
# "… - dưới 6 tuổi", "5 đến < 10 kg": the upper end of a range said as a strict bound.
_OPEN_HI = r"(?:(?P<open>duoi|<)\s*)?"
# "trên 3 tháng tuổi đến 12 tuổi": a range whose lower end is itself strict.
_STRICT_LO = r"(?:(?P<lead>tren|>)\s*)?"
_AGE_RANGE = re.compile(
    rf"{_STRICT_LO}(?<![\d/])(?P<lo>\d+(?:[.,]\d+)?)\s*(?:(?P<lo_unit>ngay|tuan|thang|tuoi|nam)"
    rf"(?:\s*tuoi)?)?{_TO}{_OPEN_HI}(?P<hi>\d+(?:[.,]\d+)?)\s*(?P<hi_unit>ngay|tuan|thang|tuoi|nam)"
    r"(?!\s*(?:dau|sau|tiep))"
)
# "10 tuổi hoặc lớn hơn", "1 tuổi và lớn hơn": an open upper end said after the number.
_OR_MORE = r"(?:\s*tuoi)?\s*(?:tro len|(?:va|hoac) (?:lon hon|nhieu hon|hon|tro len))"
_OR_LESS = r"(?:\s*tuoi)?\s*(?:tro xuong|(?:va|hoac) (?:nho hon|it hon|be hon|nhe hon|tro xuong))"
_AGE_UP = re.compile(
    rf"{ABOVE}\s*{NUMBER}\s*{_AGE_UNIT}(?!\s*(?:tuoi\s*)?tro xuong)"
    rf"|{NUMBER}\s*{_AGE_UNIT}{_OR_MORE}"
)
_AGE_DOWN = re.compile(
    rf"{BELOW}\s*{NUMBER}\s*{_AGE_UNIT}|{NUMBER}\s*{_AGE_UNIT}{_OR_LESS}"
    # "trước 65 tuổi", "trước 12 tháng tuổi": before an age, never before a time ("trước 2 tuần").
    rf"|truoc\s*{NUMBER}\s*{_AGE_UNIT}(?=\s*tuoi|(?<=tuoi))"
)
# "Trẻ em cho tới 2 tuổi", "từ sơ sinh đến 12 tuổi": an upper end without a lower one; only
# an age said in "tuổi" ("dùng đến 6 tháng" is a course length).
_AGE_UPTO = re.compile(rf"(?:den|toi)\s*{NUMBER}\s*{_AGE_UNIT}(?=\s*tuoi|(?<=tuoi))")
_KG = r"\s*kg(?![/a-z])"
_KG_RANGE = re.compile(
    rf"(?<![\d/])(?P<lo>\d+(?:[.,]\d+)?)\s*(?:kg)?{_TO}{_OPEN_HI}(?P<hi>\d+(?:[.,]\d+)?){_KG}"
)
_KG_MORE = r"\s*(?:tro len|hoac (?:nang hon|lon hon|hon|tro len))"
_KG_LESS = r"\s*(?:tro xuong|hoac (?:nhe hon|nho hon|it hon|be hon|duoi))"
_KG_UP = re.compile(rf"{ABOVE}\s*{NUMBER}{_KG}(?!\s*tro xuong)|{NUMBER}{_KG}{_KG_MORE}")
_KG_DOWN = re.compile(rf"{BELOW}\s*{NUMBER}{_KG}|{NUMBER}{_KG}{_KG_LESS}")
# "Trẻ cân nặng đến 35 kg": up to a weight, said after a weight word.
_KG_UPTO = re.compile(
    rf"(?:can nang|nang|trong luong(?: co the)?|the trong)\s+(?:cho\s+)?(?:den|toi)\s*{NUMBER}{_KG}"
)
_ML = r"\s*ml\s*/\s*phut"
_CL_RANGE = re.compile(
    rf"(?<![\d/])(?P<lo>\d+(?:[.,]\d+)?){_TO}{_OPEN_HI}(?P<hi>\d+(?:[.,]\d+)?){_ML}"
)
_CL_UP = re.compile(rf"{ABOVE}\s*{NUMBER}{_ML}")
_CL_DOWN = re.compile(rf"{BELOW}\s*{NUMBER}{_ML}")
# An infusion rate is printed in ml/phút too ("tốc độ truyền 1 - 2 ml/phút", "0,24 g/phút
# (4 ml/phút)"); said after these words, the figure is a rate, not a clearance.
_RATE_BEFORE = re.compile(r"toc do(?! loc)|(?<![a-z])m?g\s*/\s*phut")
_RATE_REACH = 40
# The book's ≥ and ≤ typeset as TeX in some extracts ("$\\geq$ 6 tuổi").
_TEX_SIGNS = (
    (re.compile(r"\$?\s*\\geq?(?![a-z])\s*\$?"), " ≥ "),
    (re.compile(r"\$?\s*\\leq?(?![a-z])\s*\$?"), " ≤ "),
)
# A gestational age is named as such; "thiếu tháng" or "đẻ non" alone also mark weeks of
# gestation, unless the weeks are said as the baby's age ("dưới 2 tuần tuổi").
_GESTATION = re.compile(r"tuoi thai|chinh theo|tuan thai")
_PRETERM = re.compile(r"thieu thang|de non")
_POSTNATAL_WEEKS = re.compile(r"tuan tuoi(?! thai)")
_NEWBORN_WORDS = re.compile(r"so sinh|tuoi thai|thieu thang|de non")
_DURATION = re.compile(
    # "quá 6 tháng" is a time past; "không quá 6 tháng tuổi" an age bound.
    r"(?:trong|sau|keo dai|(?<!khong )qua|cach)\s+(?:\d+(?:[.,]\d+)?\s*(?:-|–|den)\s*)?"
    r"\d+(?:[.,]\d+)?\s*(?:ngay|tuan|thang)"
)
NEWBORN = re.compile(r"(?<![a-z])so sinh(?![a-z])")
# "dùng liều như (của / ở) người lớn", "liều tương tự người lớn", "điều trị như người lớn",
# "giống (như) liều người lớn"; not "½ liều người lớn" nor "liều cao hơn của người lớn".
ADULT_LIKE = re.compile(
    r"(?:lieu|dieu tri) (?:(?:giong|tuong tu) )?(?:nhu|cua|bang) (?:cua |o )?nguoi lon"
    r"|(?:lieu|dieu tri) (?:giong|tuong tu) nguoi lon"
    r"|(?<![a-z])giong (?:nhu )?(?:lieu )?(?:cua )?nguoi lon"
)
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


def decimal(text: str) -> float:
    return float(text.replace(",", "."))


def union(bands: list[Band]) -> Band | None:
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


Found = tuple[Band, tuple[int, int]]
"""A band and where its phrase stands in the folded text."""


def overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < end and span[1] > start for start, end in taken)


def _is_age(folded: str, match: re.Match[str]) -> bool:
    """Days and weeks are durations ("trong 5 - 7 ngày") unless said of age or a newborn;
    a range that ends in years ("29 ngày đến 2 tuổi") is an age."""
    units = {u for u in match.groups() if u in MONTHS_PER_UNIT}
    if not units & {"ngay", "tuan"} or "tuoi" in units:
        return True
    return folded.startswith(" tuoi", match.end()) or bool(_NEWBORN_WORDS.search(folded))


def _value_unit(match: re.Match[str]) -> tuple[float, str]:
    """The number and unit of whichever alternative of a bound pattern matched."""
    groups = [g for g in match.groups() if g is not None]
    return decimal(groups[0]), groups[1] if len(groups) > 1 else ""


def _inclusive(bound: str) -> bool:
    """ "≤ 30", "dưới hoặc bằng 40", "10 tuổi trở xuống", "không quá 6 tuổi", "60 kg hoặc nhẹ
    hơn": the end counts."""
    return bool(re.search(r"bang|≤|£|<=|tro xuong|khong qua|hoac (?:nho|it|be|nhe|duoi)", bound))


def _strict_above(bound: str) -> bool:
    """ "trên 12 tuổi", "> 50 kg": past the number; "từ", "≥", "trên hoặc bằng" include it."""
    return bound.startswith(("tren ", ">")) and "bang" not in bound and "hoac" not in bound


def _range(match: re.Match[str], lo: float, hi: float, step: float) -> Band:
    """A printed range; its upper end reaches through the whole last unit unless said as
    a strict bound ("2 - dưới 6 tuổi")."""
    groups = match.groupdict()
    lo += 1e-6 if groups.get("lead") else 0.0
    return Band(lo, hi, hi if groups.get("open") else hi + step)


def ages_in(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = [m.span() for m in _DURATION.finditer(folded)]
    for m in _AGE_RANGE.finditer(folded):
        if not _is_age(folded, m) or overlaps(m.span(), taken):
            continue
        hi_unit = MONTHS_PER_UNIT[m["hi_unit"]]
        lo_unit = MONTHS_PER_UNIT[m["lo_unit"]] if m["lo_unit"] else hi_unit
        band = _range(m, decimal(m["lo"]) * lo_unit, decimal(m["hi"]) * hi_unit, hi_unit)
        found.append((band, m.span()))
        taken.append(m.span())
    for m in _AGE_UP.finditer(folded):
        if not overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = _value_unit(m)
            lo = value * MONTHS_PER_UNIT[unit]
            # "trên 12 tuổi" is past the 12th year: a child of exactly 12 is not in it.
            found.append(
                (Band(lo + (1e-6 if _strict_above(m[0]) else 0.0), math.inf, math.inf), m.span())
            )
            taken.append(m.span())
    for m in _AGE_DOWN.finditer(folded):
        if not overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = _value_unit(m)
            hi = value * MONTHS_PER_UNIT[unit]
            found.append((Band(0.0, hi, hi + (1e-6 if _inclusive(m[0]) else 0.0)), m.span()))
            taken.append(m.span())
    for m in _AGE_UPTO.finditer(folded):
        if not overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = _value_unit(m)
            step = MONTHS_PER_UNIT[unit]
            # "cho tới 2 tuổi" reads like the end of a range: the whole second year is in it.
            found.append((Band(0.0, value * step, value * step + step), m.span()))
    return sorted(found, key=lambda f: f[1])


def weights_in(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    for m in _KG_RANGE.finditer(folded):
        # Printed weight bands are whole kilograms ("15 - 25 kg", "26 - 35 kg").
        found.append((_range(m, decimal(m["lo"]), decimal(m["hi"]), 1.0), m.span()))
        taken.append(m.span())
    for m in _KG_UP.finditer(folded):
        if not overlaps(m.span(), taken):
            value, _ = _value_unit(m)
            lo = value + (1e-6 if _strict_above(m[0]) else 0.0)
            found.append((Band(lo, math.inf, math.inf), m.span()))
            taken.append(m.span())
    for m in _KG_DOWN.finditer(folded):
        if not overlaps(m.span(), taken):
            value, _ = _value_unit(m)
            found.append((Band(0.0, value, value + (1e-6 if _inclusive(m[0]) else 0.0)), m.span()))
            taken.append(m.span())
    for m in _KG_UPTO.finditer(folded):
        if not overlaps(m.span(), taken):
            value, _ = _value_unit(m)
            found.append((Band(0.0, value, value + 1.0), m.span()))
    return sorted(found, key=lambda f: f[1])


def _is_rate(folded: str, start: int) -> bool:
    """An ml/phút figure said of an infusion ("tốc độ truyền 1 - 2 ml/phút") is no clearance."""
    before = re.split(r"[.;]", folded[max(0, start - _RATE_REACH) : start])[-1]
    return _RATE_BEFORE.search(before) is not None


def clearances_in(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    for m in _CL_RANGE.finditer(folded):
        if _is_rate(folded, m.start()):
            taken.append(m.span())
            continue
        # Clearance bands are printed with shared ends ("10 - 30", "> 30"): both ends count;
        # some tables print them high first ("49 - 20 ml/phút").
        lo, hi = sorted((decimal(m["lo"]), decimal(m["hi"])))
        found.append((Band(lo, hi, hi if m["open"] else hi + 1e-6), m.span()))
        taken.append(m.span())
    for m in _CL_UP.finditer(folded):
        if not overlaps(m.span(), taken) and not _is_rate(folded, m.start()):
            lo = decimal(m[1]) + (1e-6 if _strict_above(m[0]) and "=" not in m[0] else 0.0)
            found.append((Band(lo, math.inf, math.inf), m.span()))
            taken.append(m.span())
    for m in _CL_DOWN.finditer(folded):
        if not overlaps(m.span(), taken) and not _is_rate(folded, m.start()):
            hi = decimal(m[1])
            found.append((Band(0.0, hi, hi + (1e-6 if _inclusive(m[0]) else 0.0)), m.span()))
    return sorted(found, key=lambda f: f[1])


def folded_phrase(text: str) -> str:
    """The phrase folded, its TeX signs and number words read as the book means them."""
    for sign, plain in _TEX_SIGNS:
        text = sign.sub(plain, text)
    return _NUMBER_WORD.sub(lambda m: _WORDS[m[1]], fold(text))


def bands_of(folded: str, ages: list[Band], weights: list[Band], clearances: list[Band]) -> Bands:
    """Bands from the found ones; a gestational-age phrase is a newborn's band."""
    gestation: Band | None = None
    weeks_of_gestation = _GESTATION.search(folded) or (
        _PRETERM.search(folded) and not _POSTNATAL_WEEKS.search(folded)
    )
    if ages and weeks_of_gestation and "tuan" in folded:
        week = MONTHS_PER_UNIT["tuan"]
        gestation = union([Band(b.lo / week, b.hi / week, b.loose_hi / week) for b in ages])
        ages = [Band(0.0, NEWBORN_MONTHS, NEWBORN_MONTHS)]
    elif not ages and NEWBORN.search(folded) and "tre em" not in folded:
        ages = [Band(0.0, NEWBORN_MONTHS, NEWBORN_MONTHS)]
    return Bands(
        age=union(ages),
        weight=union(weights),
        clearance=union(clearances),
        gestation_weeks=gestation,
        adult_like=bool(ADULT_LIKE.search(folded)),
        either=bool(ages and weights and _EITHER.search(folded)),
    )


def without_clearances(folded: str, clearances: list[Found]) -> str:
    """The text with its clearance figures blanked, so "10 - 50 ml/phút" is never an age."""
    for _, (start, end) in clearances:
        folded = folded[:start] + " " * (end - start) + folded[end:]
    return folded


@lru_cache(maxsize=8192)
def age_bands(text: str) -> tuple[Band, ...]:
    """Each age band a phrase prints, one by one (`parse_bands` joins them into one).

    Two bounds that overlap are one band ("trên 8 ngày tuổi và dưới 3 tháng tuổi"); a
    gestational-age phrase, or a newborn named without a number, is a newborn's band.
    """
    folded = folded_phrase(text)
    scrubbed = without_clearances(folded, clearances_in(folded))
    found = [b for b, _ in ages_in(scrubbed)]
    opens = sorted(b.hi == math.inf for b in found)
    joined = union(found)
    if opens == [False, True] and joined is not None and joined.lo > 0 and joined.hi < math.inf:
        found = [joined]  # one lower and one upper bound that overlap
    read = bands_of(scrubbed, found, [], [])
    if read.gestation_weeks is not None or not found:
        return (read.age,) if read.age is not None else ()
    return tuple(found)


@lru_cache(maxsize=8192)
def parse_bands(text: str) -> Bands:
    """The bands a phrase names; a gestational-age phrase is a newborn's band."""
    folded = folded_phrase(text)
    clearances = clearances_in(folded)
    scrubbed = without_clearances(folded, clearances)
    return bands_of(
        scrubbed,
        [b for b, _ in ages_in(scrubbed)],
        [b for b, _ in weights_in(scrubbed)],
        [b for b, _ in clearances],
    )


__all__ = [
    "ABOVE",
    "ADULT_LIKE",
    "BELOW",
    "MONTHS_PER_UNIT",
    "NEWBORN",
    "NEWBORN_MONTHS",
    "NUMBER",
    "Band",
    "Bands",
    "Found",
    "age_bands",
    "ages_in",
    "bands_of",
    "clearances_in",
    "decimal",
    "folded_phrase",
    "overlaps",
    "parse_bands",
    "union",
    "weights_in",
    "without_clearances",
]
