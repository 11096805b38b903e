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
from grounding.book.grammar import (
    AGE_DOWN,
    AGE_RANGE,
    AGE_UP,
    AGE_UPTO,
    CL_DOWN,
    CL_RANGE,
    CL_UP,
    KG_DOWN,
    KG_RANGE,
    KG_UP,
    KG_UPTO,
    Match,
    find,
    inclusive_below,
    strict_above,
    tokenize,
)
from grounding.book.vocabulary import (
    ABOVE_INCLUSIVE,
    ABOVE_STRICT,
    AFTER_BIRTH,
    AGE_OR_WEIGHT,
    AGE_UNITS,
    AS_ADULTS,
    BELOW_INCLUSIVE,
    BELOW_STRICT,
    GESTATION,
    NEWBORN_WORD,
    PRETERM,
    Words,
)
from grounding.book.words import folded_each

MONTHS_PER_UNIT = dict(zip(folded_each(AGE_UNITS), AGE_UNITS.values(), strict=True))
_WORDS = {"mot": "1", "hai": "2", "ba": "3", "bon": "4", "sau": "6", "bay": "7", "tam": "8"}
NUMBER = r"(\d+(?:[.,]\d+)?)"


def _alternation(*lists: Words) -> str:
    """The bound words of `lists` as one regex alternation, longest first; a bare "hơn" is
    above only when not after "nhỏ", "ít", "kém" (those are below)."""
    phrases = sorted({p for words in lists for p in words.folded}, key=len, reverse=True)
    bare_hon = r"(?<!nho )(?<!it )(?<!kem )hon"
    return "(?:" + "|".join(bare_hon if p == "hon" else re.escape(p) for p in phrases) + ")"


# The bound words as one pattern each, for the INR reader (grounding/inr.py).
ABOVE = _alternation(ABOVE_STRICT, ABOVE_INCLUSIVE)
BELOW = _alternation(BELOW_STRICT, BELOW_INCLUSIVE)
# An infusion rate is printed in ml/phút too ("tốc độ truyền 1 - 2 ml/phút", "0,24 g/phút
# (4 ml/phút)"); said after these words, the figure is a rate, not a clearance.
_RATE_BEFORE = re.compile(r"toc do(?! loc)|(?<![a-z])m?g\s*/\s*phut")
_RATE_REACH = 40
# The book's ≥ and ≤ typeset as TeX in some extracts ("$\\geq$ 6 tuổi").
_TEX_SIGN = re.compile(r"\$?\s*\\(?P<side>g|l)eq?(?![a-z])\s*\$?")
_TEX_PLAIN = {"g": " ≥ ", "l": " ≤ "}
# A gestational age is named as such; "thiếu tháng" or "đẻ non" alone also mark weeks of
# gestation, unless the weeks are said as the baby's age ("dưới 2 tuần tuổi").
_NEWBORN_WORDS = Words((*NEWBORN_WORD.phrases, "tuổi thai", *PRETERM.phrases, *AFTER_BIRTH.phrases))
_DURATION = re.compile(
    # "quá 6 tháng" is a time past; "không quá 6 tháng tuổi" an age bound.
    r"(?:trong|sau|keo dai|(?<!khong )qua|cach)\s+(?:\d+(?:[.,]\d+)?\s*(?:-|–|den)\s*)?"
    r"\d+(?:[.,]\d+)?\s*(?:ngay|tuan|thang)"
)
NEWBORN = NEWBORN_WORD
# "dùng liều như (của / ở) người lớn", "liều tương tự người lớn", "điều trị như người lớn",
# "giống (như) liều người lớn"; not "½ liều người lớn" nor "liều cao hơn của người lớn".
ADULT_LIKE = AS_ADULTS
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


# "Trẻ nhỏ 1 - 4 tuần …", "trẻ em 2 - 8 tuần": weeks said right after the child they age.
_CHILD_BEFORE = re.compile(r"(?<![a-z])tre(?: nho| em| tu)?\s*$")


def _is_age(folded: str, m: Match, end: int, start: int = 0) -> bool:
    """Days and weeks are durations ("trong 5 - 7 ngày") unless said of age or a newborn;
    a range that ends in years ("29 ngày đến 2 tuổi") is an age, and so are weeks or days
    said right after the child ("Trẻ nhỏ 1 - 4 tuần: …")."""
    units = m.units
    if not units & {"ngay", "tuan"} or "tuoi" in units:
        return True
    if _CHILD_BEFORE.search(folded[:start]):
        return True
    return folded.startswith(" tuoi", end) or bool(_NEWBORN_WORDS.search(folded))


def _value(m: Match) -> float:
    return decimal(m.slots["value"])


def _above(m: Match, value: float) -> Band:
    """ "trên 12 tuổi" is past the 12th year: a child of exactly 12 is not in it."""
    strict = strict_above(m.slots["bound"])
    return Band(value + (1e-6 if strict else 0.0), math.inf, math.inf)


def _below(m: Match, value: float) -> Band:
    """ "dưới 2 tuổi" stops before 2; "≤ 2 tuổi", "2 tuổi trở xuống" keep it."""
    inclusive = inclusive_below(m.slots["bound"])
    return Band(0.0, value, value + (1e-6 if inclusive else 0.0))


def _range(m: Match, lo: float, hi: float, step: float) -> Band:
    """A printed range; its upper end reaches through the whole last unit unless said as
    a strict bound ("2 - dưới 6 tuổi")."""
    lo += 1e-6 if "lead" in m.slots else 0.0
    return Band(lo, hi, hi if "open" in m.slots else hi + step)


def ages_in(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = [m.span() for m in _DURATION.finditer(folded)]
    tokens = tokenize(folded)
    for m, span in find(folded, AGE_RANGE, tokens):
        if not _is_age(folded, m, span[1], span[0]) or overlaps(span, taken):
            continue
        hi_unit = MONTHS_PER_UNIT[m.slots["hi_unit"]]
        lo_unit = MONTHS_PER_UNIT[m.slots["lo_unit"]] if "lo_unit" in m.slots else hi_unit
        lo, hi = decimal(m.slots["lo"]) * lo_unit, decimal(m.slots["hi"]) * hi_unit
        found.append((_range(m, lo, hi, hi_unit), span))
        taken.append(span)
    for rules, read in ((AGE_UP, _above), (AGE_DOWN, _below)):
        for m, span in find(folded, rules, tokens):
            if not overlaps(span, taken) and _is_age(folded, m, span[1]):
                found.append((read(m, _value(m) * MONTHS_PER_UNIT[m.slots["unit"]]), span))
                taken.append(span)
    for m, span in find(folded, AGE_UPTO, tokens):
        if not overlaps(span, taken) and _is_age(folded, m, span[1]):
            step = MONTHS_PER_UNIT[m.slots["unit"]]
            # "cho tới 2 tuổi" reads like the end of a range: the whole second year is in it.
            found.append((Band(0.0, _value(m) * step, _value(m) * step + step), span))
    return sorted(found, key=lambda f: f[1])


def weights_in(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    tokens = tokenize(folded)
    for m, span in find(folded, KG_RANGE, tokens):
        # Printed weight bands are whole kilograms ("15 - 25 kg", "26 - 35 kg").
        found.append((_range(m, decimal(m.slots["lo"]), decimal(m.slots["hi"]), 1.0), span))
        taken.append(span)
    for rules, read in ((KG_UP, _above), (KG_DOWN, _below)):
        for m, span in find(folded, rules, tokens):
            if not overlaps(span, taken):
                found.append((read(m, _value(m)), span))
                taken.append(span)
    for m, span in find(folded, KG_UPTO, tokens):
        if not overlaps(span, taken):
            found.append((Band(0.0, _value(m), _value(m) + 1.0), span))
    return sorted(found, key=lambda f: f[1])


def _is_rate(folded: str, start: int) -> bool:
    """An ml/phút figure said of an infusion ("tốc độ truyền 1 - 2 ml/phút") is no clearance."""
    before = re.split(r"[.;]", folded[max(0, start - _RATE_REACH) : start])[-1]
    return _RATE_BEFORE.search(before) is not None


def clearances_in(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    tokens = tokenize(folded)
    for m, span in find(folded, CL_RANGE, tokens):
        if _is_rate(folded, span[0]):
            taken.append(span)
            continue
        # Clearance bands are printed with shared ends ("10 - 30", "> 30"): both ends count;
        # some tables print them high first ("49 - 20 ml/phút").
        lo, hi = sorted((decimal(m.slots["lo"]), decimal(m.slots["hi"])))
        found.append((Band(lo, hi, hi if "open" in m.slots else hi + 1e-6), span))
        taken.append(span)
    for rules, read in ((CL_UP, _above), (CL_DOWN, _below)):
        for m, span in find(folded, rules, tokens):
            if not overlaps(span, taken) and not _is_rate(folded, span[0]):
                found.append((read(m, _value(m)), span))
                taken.append(span)
    return sorted(found, key=lambda f: f[1])


def folded_phrase(text: str) -> str:
    """The phrase folded, its TeX signs and number words read as the book means them."""
    text = _TEX_SIGN.sub(lambda m: _TEX_PLAIN[m["side"]], text)
    return _NUMBER_WORD.sub(lambda m: _WORDS[m[1]], fold(text))


def _postnatal_weeks(folded: str) -> bool:
    """Weeks said as the baby's age ("dưới 2 tuần tuổi"), not as "tuần tuổi thai"."""
    at = folded.find("tuan tuoi")
    while at >= 0:
        if not folded.startswith(" thai", at + len("tuan tuoi")):
            return True
        at = folded.find("tuan tuoi", at + 1)
    return False


def bands_of(folded: str, ages: list[Band], weights: list[Band], clearances: list[Band]) -> Bands:
    """Bands from the found ones; a gestational-age phrase is a newborn's band."""
    gestation: Band | None = None
    weeks_of_gestation = GESTATION.search(folded) or (
        PRETERM.search(folded) and not _postnatal_weeks(folded)
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
        either=bool(ages and weights and AGE_OR_WEIGHT.search(folded)),
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
