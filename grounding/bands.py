"""Read the patient bands a formulary phrase names: age, weight, creatinine clearance.

One parser for every phrasing the book uses ("Trẻ em 2 - 4 tuổi", "cân nặng > 50 kg",
"Clcr 10 - 50 ml/phút", "sơ sinh 28 - 32 tuần chỉnh theo tuổi thai", "17 tuổi trở lên")
and for its cross-reference "dùng liều như người lớn". Ages are in months, weights in kg,
clearance in ml/phút. Pure functions; nothing here chooses a dose.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from core.text import fold

MONTHS_PER_UNIT = {"tuoi": 12.0, "nam": 12.0, "thang": 1.0, "tuan": 12 / 52, "ngay": 12 / 365}
NEWBORN_MONTHS = 1.0
_WORDS = {"mot": "1", "hai": "2", "ba": "3", "bon": "4", "sau": "6", "bay": "7", "tam": "8"}
_NUM = r"(\d+(?:[.,]\d+)?)"
_AGE_UNIT = r"(ngay|tuan|thang|tuoi|nam)(?!\s*(?:dau|sau|tiep))"
_TO = r"\s*(?:-|–|—|den|toi)\s*"
# "³" and "£" are how the extracted text prints the book's ≥ and ≤ (a symbol font).
# "nhỏ hơn", "ít hơn", "kém hơn" are below: a bare "hơn" is above only without them.
_ABOVE = (
    r"(?:tren hoac bang|bang hoac tren|> hoac|>=|≥|³|tren|>|tu|lon hon"
    r"|(?<!nho )(?<!it )(?<!kem )hon)"
)
_BELOW = r"(?:duoi hoac bang|bang hoac duoi|<=|≤|£|duoi|<|nho hon|it hon|kem hon)"
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
    rf"{_ABOVE}\s*{_NUM}\s*{_AGE_UNIT}(?!\s*(?:tuoi\s*)?tro xuong)|{_NUM}\s*{_AGE_UNIT}{_OR_MORE}"
)
_AGE_DOWN = re.compile(
    rf"{_BELOW}\s*{_NUM}\s*{_AGE_UNIT}|{_NUM}\s*{_AGE_UNIT}{_OR_LESS}"
    # "trước 65 tuổi", "trước 12 tháng tuổi": before an age, never before a time ("trước 2 tuần").
    rf"|truoc\s*{_NUM}\s*{_AGE_UNIT}(?=\s*tuoi|(?<=tuoi))"
)
# "Trẻ em cho tới 2 tuổi", "từ sơ sinh đến 12 tuổi": an upper end without a lower one; only
# an age said in "tuổi" ("dùng đến 6 tháng" is a course length).
_AGE_UPTO = re.compile(rf"(?:den|toi)\s*{_NUM}\s*{_AGE_UNIT}(?=\s*tuoi|(?<=tuoi))")
_KG = r"\s*kg(?![/a-z])"
_KG_RANGE = re.compile(
    rf"(?<![\d/])(?P<lo>\d+(?:[.,]\d+)?)\s*(?:kg)?{_TO}{_OPEN_HI}(?P<hi>\d+(?:[.,]\d+)?){_KG}"
)
_KG_MORE = r"\s*(?:tro len|hoac (?:nang hon|lon hon|hon|tro len))"
_KG_LESS = r"\s*(?:tro xuong|hoac (?:nhe hon|nho hon|it hon|be hon|duoi))"
_KG_UP = re.compile(rf"{_ABOVE}\s*{_NUM}{_KG}(?!\s*tro xuong)|{_NUM}{_KG}{_KG_MORE}")
_KG_DOWN = re.compile(rf"{_BELOW}\s*{_NUM}{_KG}|{_NUM}{_KG}{_KG_LESS}")
# "Trẻ cân nặng đến 35 kg": up to a weight, said after a weight word.
_KG_UPTO = re.compile(
    rf"(?:can nang|nang|trong luong(?: co the)?|the trong)\s+(?:cho\s+)?(?:den|toi)\s*{_NUM}{_KG}"
)
_ML = r"\s*ml\s*/\s*phut"
_CL_RANGE = re.compile(
    rf"(?<![\d/])(?P<lo>\d+(?:[.,]\d+)?){_TO}{_OPEN_HI}(?P<hi>\d+(?:[.,]\d+)?){_ML}"
)
_CL_UP = re.compile(rf"{_ABOVE}\s*{_NUM}{_ML}")
_CL_DOWN = re.compile(rf"{_BELOW}\s*{_NUM}{_ML}")
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
    r"(?:trong|sau|keo dai|qua|cach)\s+(?:\d+(?:[.,]\d+)?\s*(?:-|–|den)\s*)?"
    r"\d+(?:[.,]\d+)?\s*(?:ngay|tuan|thang)"
)
_NEWBORN = re.compile(r"(?<![a-z])so sinh(?![a-z])")
# "dùng liều như (của / ở) người lớn", "liều tương tự người lớn", "điều trị như người lớn",
# "giống (như) liều người lớn"; not "½ liều người lớn" nor "liều cao hơn của người lớn".
_ADULT_LIKE = re.compile(
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


Found = tuple[Band, tuple[int, int]]
"""A band and where its phrase stands in the folded text."""


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
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
    return _num(groups[0]), groups[1] if len(groups) > 1 else ""


def _inclusive(bound: str) -> bool:
    """ "≤ 30", "dưới hoặc bằng 40", "10 tuổi trở xuống", "60 kg hoặc nhẹ hơn": the end counts."""
    return bool(re.search(r"bang|≤|£|<=|tro xuong|hoac (?:nho|it|be|nhe|duoi)", bound))


def _strict_above(bound: str) -> bool:
    """ "trên 12 tuổi", "> 50 kg": past the number; "từ", "≥", "trên hoặc bằng" include it."""
    return bound.startswith(("tren ", ">")) and "bang" not in bound and "hoac" not in bound


def _range(match: re.Match[str], lo: float, hi: float, step: float) -> Band:
    """A printed range; its upper end reaches through the whole last unit unless said as
    a strict bound ("2 - dưới 6 tuổi")."""
    groups = match.groupdict()
    lo += 1e-6 if groups.get("lead") else 0.0
    return Band(lo, hi, hi if groups.get("open") else hi + step)


def _ages(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = [m.span() for m in _DURATION.finditer(folded)]
    for m in _AGE_RANGE.finditer(folded):
        if not _is_age(folded, m) or _overlaps(m.span(), taken):
            continue
        hi_unit = MONTHS_PER_UNIT[m["hi_unit"]]
        lo_unit = MONTHS_PER_UNIT[m["lo_unit"]] if m["lo_unit"] else hi_unit
        band = _range(m, _num(m["lo"]) * lo_unit, _num(m["hi"]) * hi_unit, hi_unit)
        found.append((band, m.span()))
        taken.append(m.span())
    for m in _AGE_UP.finditer(folded):
        if not _overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = _value_unit(m)
            lo = value * MONTHS_PER_UNIT[unit]
            # "trên 12 tuổi" is past the 12th year: a child of exactly 12 is not in it.
            found.append(
                (Band(lo + (1e-6 if _strict_above(m[0]) else 0.0), math.inf, math.inf), m.span())
            )
            taken.append(m.span())
    for m in _AGE_DOWN.finditer(folded):
        if not _overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = _value_unit(m)
            hi = value * MONTHS_PER_UNIT[unit]
            found.append((Band(0.0, hi, hi + (1e-6 if _inclusive(m[0]) else 0.0)), m.span()))
            taken.append(m.span())
    for m in _AGE_UPTO.finditer(folded):
        if not _overlaps(m.span(), taken) and _is_age(folded, m):
            value, unit = _value_unit(m)
            step = MONTHS_PER_UNIT[unit]
            # "cho tới 2 tuổi" reads like the end of a range: the whole second year is in it.
            found.append((Band(0.0, value * step, value * step + step), m.span()))
    return sorted(found, key=lambda f: f[1])


def _kilos(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    for m in _KG_RANGE.finditer(folded):
        # Printed weight bands are whole kilograms ("15 - 25 kg", "26 - 35 kg").
        found.append((_range(m, _num(m["lo"]), _num(m["hi"]), 1.0), m.span()))
        taken.append(m.span())
    for m in _KG_UP.finditer(folded):
        if not _overlaps(m.span(), taken):
            value, _ = _value_unit(m)
            lo = value + (1e-6 if _strict_above(m[0]) else 0.0)
            found.append((Band(lo, math.inf, math.inf), m.span()))
            taken.append(m.span())
    for m in _KG_DOWN.finditer(folded):
        if not _overlaps(m.span(), taken):
            value, _ = _value_unit(m)
            found.append((Band(0.0, value, value + (1e-6 if _inclusive(m[0]) else 0.0)), m.span()))
            taken.append(m.span())
    for m in _KG_UPTO.finditer(folded):
        if not _overlaps(m.span(), taken):
            value, _ = _value_unit(m)
            found.append((Band(0.0, value, value + 1.0), m.span()))
    return sorted(found, key=lambda f: f[1])


def _is_rate(folded: str, start: int) -> bool:
    """An ml/phút figure said of an infusion ("tốc độ truyền 1 - 2 ml/phút") is no clearance."""
    before = re.split(r"[.;]", folded[max(0, start - _RATE_REACH) : start])[-1]
    return _RATE_BEFORE.search(before) is not None


def _clearances(folded: str) -> list[Found]:
    found: list[Found] = []
    taken: list[tuple[int, int]] = []
    for m in _CL_RANGE.finditer(folded):
        if _is_rate(folded, m.start()):
            taken.append(m.span())
            continue
        # Clearance bands are printed with shared ends ("10 - 30", "> 30"): both ends count;
        # some tables print them high first ("49 - 20 ml/phút").
        lo, hi = sorted((_num(m["lo"]), _num(m["hi"])))
        found.append((Band(lo, hi, hi if m["open"] else hi + 1e-6), m.span()))
        taken.append(m.span())
    for m in _CL_UP.finditer(folded):
        if not _overlaps(m.span(), taken) and not _is_rate(folded, m.start()):
            lo = _num(m[1]) + (1e-6 if _strict_above(m[0]) and "=" not in m[0] else 0.0)
            found.append((Band(lo, math.inf, math.inf), m.span()))
            taken.append(m.span())
    for m in _CL_DOWN.finditer(folded):
        if not _overlaps(m.span(), taken) and not _is_rate(folded, m.start()):
            hi = _num(m[1])
            found.append((Band(0.0, hi, hi + (1e-6 if _inclusive(m[0]) else 0.0)), m.span()))
    return sorted(found, key=lambda f: f[1])


def _folded(text: str) -> str:
    """The phrase folded, its TeX signs and number words read as the book means them."""
    for sign, plain in _TEX_SIGNS:
        text = sign.sub(plain, text)
    return _NUMBER_WORD.sub(lambda m: _WORDS[m[1]], fold(text))


def _bands_of(folded: str, ages: list[Band], weights: list[Band], clearances: list[Band]) -> Bands:
    """Bands from the found ones; a gestational-age phrase is a newborn's band."""
    gestation: Band | None = None
    weeks_of_gestation = _GESTATION.search(folded) or (
        _PRETERM.search(folded) and not _POSTNATAL_WEEKS.search(folded)
    )
    if ages and weeks_of_gestation and "tuan" in folded:
        week = MONTHS_PER_UNIT["tuan"]
        gestation = _union([Band(b.lo / week, b.hi / week, b.loose_hi / week) for b in ages])
        ages = [Band(0.0, NEWBORN_MONTHS, NEWBORN_MONTHS)]
    elif not ages and _NEWBORN.search(folded) and "tre em" not in folded:
        ages = [Band(0.0, NEWBORN_MONTHS, NEWBORN_MONTHS)]
    return Bands(
        age=_union(ages),
        weight=_union(weights),
        clearance=_union(clearances),
        gestation_weeks=gestation,
        adult_like=bool(_ADULT_LIKE.search(folded)),
        either=bool(ages and weights and _EITHER.search(folded)),
    )


def _scrubbed(folded: str, clearances: list[Found]) -> str:
    """The text with its clearance figures blanked, so "10 - 50 ml/phút" is never an age."""
    for _, (start, end) in clearances:
        folded = folded[:start] + " " * (end - start) + folded[end:]
    return folded


@lru_cache(maxsize=8192)
def parse_bands(text: str) -> Bands:
    """The bands a phrase names; a gestational-age phrase is a newborn's band."""
    folded = _folded(text)
    clearances = _clearances(folded)
    scrubbed = _scrubbed(folded, clearances)
    return _bands_of(
        scrubbed,
        [b for b, _ in _ages(scrubbed)],
        [b for b, _ in _kilos(scrubbed)],
        [b for b, _ in clearances],
    )


# Words that say a phrase is about a patient: a band shortly after one names who a
# sentence is for ("ở người > 50 tuổi", "đối với trẻ < 12 tháng tuổi", "cân nặng dưới 45 kg").
_PATIENT = re.compile(
    r"(?<![a-z])(?:tre|nguoi|benh nhan|benh nhi|so sinh|can nang|thieu nien|nhu nhi)(?![a-z])"
)
# "Trẻ sơ sinh: …" names a newborn without a figure; "trẻ em và trẻ sơ sinh" names more.
_PATIENT_PHRASE = re.compile(_PATIENT.pattern + r"[^.;:]{0,45}")
_ANCHOR_REACH = 45
# Bands listed one after another ("< 12 tháng tuổi, 12 tháng tuổi - 10 tuổi và 11 - 18 tuổi")
# are one list when only a few words, and no figure, stand between them.
_LIST_GAP = 20
_CLAUSE_END = re.compile(r"[.;:]")


def _anchor_before(folded: str, start: int) -> int | None:
    """Where the patient word a band is said of begins, or None when it names nobody."""
    if folded.startswith("tren", start):
        return start  # "trên 12 tuổi" says an age on its own, as it always has been read
    reach = folded[max(0, start - _ANCHOR_REACH) : start]
    reach = _CLAUSE_END.split(reach)[-1]
    words = list(_PATIENT.finditer(reach))
    return start - len(reach) + words[0].start() if words else None


def _lists(folded: str, found: list[tuple[tuple[int, int], str, Band]]) -> list[list[int]]:
    """Indexes of `found` grouped into the lists they are printed in."""
    lists: list[list[int]] = []
    for n, ((start, _), _, _) in enumerate(found):
        if lists:
            gap = folded[found[lists[-1][-1]][0][1] : start]
            if len(gap) <= _LIST_GAP and not re.search(r"[\d.;:]", gap):
                lists[-1].append(n)
                continue
        lists.append([n])
    return lists


Listed = tuple[int, int, list[tuple[str, Band]]]
"""A list of bands said of a patient: where its patient word starts, where it ends, its bands."""


def _said_of_patient(scrubbed: str) -> list[Listed]:
    """The lists of age and weight bands a patient word introduces, in order."""
    found = sorted(
        [(span, "age", band) for band, span in _ages(scrubbed)]
        + [(span, "weight", band) for band, span in _kilos(scrubbed)],
        key=lambda f: f[0],
    )
    said: list[Listed] = []
    for listed in _lists(scrubbed, found):
        lead = _anchor_before(scrubbed, found[listed[0]][0][0])
        if lead is not None:
            said.append(
                (lead, found[listed[-1]][0][1], [(found[n][1], found[n][2]) for n in listed])
            )
    return said


def _tail(scrubbed: str, end: int) -> str:
    """The words after a list up to its clause's end ("… 28 - 32 tuần chỉnh theo tuổi thai")."""
    return _CLAUSE_END.split(scrubbed[end : end + _ANCHOR_REACH])[0]


# A dose figure ("0,2 mg/kg", "500 mg", "2 viên"): a band list after the first one is
# printed after the dose.
_DOSE_FIGURE = re.compile(
    r"\d\s*(?:mg|g|mcg|microgam|µg|ml(?!\s*/\s*phut)|don vi|dvqt|ui|iu|vien|giot|goi|ong)(?![a-z])"
)


def _leading(scrubbed: str, said: list[Listed]) -> Bands:
    """The first list of each kind names the patient ("Trẻ dưới 2 tuổi uống …, trẻ 2 - 6
    tuổi uống …" opens the under-2 row); a newborn may be named without a figure."""
    chosen: dict[str, list[Band]] = {"age": [], "weight": []}
    words: list[str] = []
    for lead, end, bands in said:
        fresh = {kind for kind, _ in bands} - {kind for kind, got in chosen.items() if got}
        for kind, band in bands:
            if kind in fresh:
                chosen[kind].append(band)
        if fresh:
            words.append(scrubbed[lead:end] + _tail(scrubbed, end))
    if not chosen["age"]:
        # "Trẻ sơ sinh: …" is a newborn's row; "trẻ em và trẻ sơ sinh" names more than one.
        newborn = (
            m[0]
            for m in _PATIENT_PHRASE.finditer(scrubbed)
            if _NEWBORN.search(m[0]) and "tre em" not in m[0]
        )
        words.append(next(newborn, ""))
    return _bands_of(" | ".join(words), chosen["age"], chosen["weight"], [])


def _after_dose(scrubbed: str, said: list[Listed], doses: list[int]) -> Bands | None:
    """The lists printed between the first dose and the next, as one band per kind.

    Lists that together take in every age ("… 10 ngày với trẻ dưới 6 tuổi, 5 ngày với trẻ
    trên 6 tuổi") split the course, not the patients: they are no band. A list after a
    second dose is that dose's ("100 mg; 1,5 mg/kg cho người dưới 65 kg"): the sentence
    holds several rows, and None says so. What stands in parentheses after the dose ("(tối
    đa 400 mg)", "(200 mg cho người dưới 50 kg)") remarks on it: neither a second dose nor
    the row's patient.
    """
    ages: list[Band] = []
    weights: list[Band] = []
    words: list[str] = []
    # A parenthesis after the dose remarks on it; one that holds the dose is the row itself.
    remarks = [span for span in _parenthesised(scrubbed) if span[0] > doses[0]]
    said = [listed for listed in said if not _overlaps((listed[0], listed[1]), remarks)]
    doses = [d for d in doses if not _overlaps((d, d + 1), remarks)]
    if len(doses) > 1 and any(lead > doses[1] for lead, _, _ in said):
        # "600 000 đơn vị cho trẻ dưới 10 tuổi hoặc 1 200 000 đơn vị cho trẻ từ 10 tuổi":
        # several rows in one sentence; none of its lists is the whole sentence's.
        return None
    for lead, end, bands in said:
        ages += [band for kind, band in bands if kind == "age"]
        weights += [band for kind, band in bands if kind == "weight"]
        words.append(scrubbed[lead:end] + _tail(scrubbed, end))
    found = _bands_of(" | ".join(words), ages, weights, [])
    return replace(
        found,
        age=None if _everyone(found.age) else found.age,
        weight=None if _everyone(found.weight) else found.weight,
    )


def _parenthesised(folded: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"\([^()]*\)?", folded)]


def _patient_lists(text: str) -> tuple[str, list[Found], list[Listed], list[int]]:
    """A sentence folded with its clearances blanked, those clearances, the band lists said
    of a patient and where its dose figures start."""
    folded = _folded(text)
    clearances = _clearances(folded)
    scrubbed = _scrubbed(folded, clearances)
    doses = [m.start() for m in _DOSE_FIGURE.finditer(scrubbed)]
    return scrubbed, clearances, _said_of_patient(scrubbed), doses


@lru_cache(maxsize=8192)
def patient_bands(text: str) -> Bands:
    """The bands a whole sentence says of its patient, before or after its dose.

    A band counts when a patient word stands shortly before it in the same clause ("Ở người
    > 50 tuổi, … liều thấp: …"), and so does every band listed with it ("trẻ < 12 tháng
    tuổi, 12 tháng tuổi - 10 tuổi và 11 - 18 tuổi" is read whole). A sentence that opens
    with its patient is that patient's row; one that prints its dose first is for the
    patients listed after that dose (see `trailing_bands`). Clearance is read anywhere,
    "dùng liều như người lớn" too.
    """
    scrubbed, clearances, said, doses = _patient_lists(text)
    found = None
    if doses and said and said[0][0] > doses[0]:
        found = _after_dose(scrubbed, said, doses)
    if found is None:
        # Opened by its patient, or several rows in one sentence: the first list speaks.
        found = _leading(scrubbed, said)
    return replace(
        found,
        clearance=_union([b for b, _ in clearances]),
        adult_like=bool(_ADULT_LIKE.search(scrubbed)),
    )


@lru_cache(maxsize=8192)
def trailing_bands(text: str) -> Bands:
    """The age and weight bands a row prints after its dose, for a row whose label names no
    patient: "Liều ban đầu: 0,2 mg/kg/ngày, đối với trẻ < 12 tháng tuổi, 12 tháng tuổi - 10
    tuổi và 11 - 18 tuổi" is a row for children up to 18.

    A row that names a patient before its dose ("Hoặc dùng: Trẻ 1 tháng - 1 năm uống 62,5
    mg; trẻ 1 - 5 tuổi uống 125 mg") has no trailing band: the later lists are other rows'.
    """
    scrubbed, _, said, doses = _patient_lists(text)
    if not doses or not said or said[0][0] < doses[0]:
        return Bands()
    return _after_dose(scrubbed, said, doses) or Bands()


def _everyone(band: Band | None) -> bool:
    return band is not None and band.lo == 0 and band.loose_hi == math.inf


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
    "patient_bands",
    "trailing_bands",
]
