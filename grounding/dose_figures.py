"""Read the dose figures and caps of one dose row: a figure per kg or per m² with its period
(per dose, per day, once a day, a single dose) and the doses a day the book fixes; a cap
("tối đa", "không quá", "cho tới") with its period. Pure functions on the book's words; the
arithmetic is `grounding.derivation`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum

from core.text import fold_aligned, nfc


class Period(StrEnum):
    """What one amount covers."""

    DOSE = "dose"
    DAY = "day"
    ONCE_DAILY = "once_daily"
    SINGLE = "single"
    BARE = "bare"
    """A cap printed without a period: it binds the figure it follows."""


MG_PER_UNIT = {
    "mg": Decimal(1),
    "g": Decimal(1000),
    "mcg": Decimal("0.001"),
    "microgam": Decimal("0.001"),
    "µg": Decimal("0.001"),
    "μg": Decimal("0.001"),
}
mass_pattern = r"(?P<unit>mg|g|mcg|microgam|µg|μg)"
_NUM = r"\d+(?:[.,]\d+)?"
NUMBER = rf"[1-9]\d{{0,2}}(?:[  ]\d{{3}})+(?![\d,])|{_NUM}"
RANGE_TO = r"\s*(?:-|–|—|den|toi)\s*"
_TAIL = r"(?P<tail>(?:\s*/\s*(?:ngay|lan|lieu|24\s*gio))*)"
FIGURE = re.compile(
    rf"(?<![\d.,/])(?P<lo>{_NUM})(?:{RANGE_TO}(?P<hi>{_NUM}))?\s*{mass_pattern}\s*/\s*(?P<per>kg|m2|m²)"
    rf"(?![a-z]){_TAIL}(?!\s*/\s*(?:gio|phut))"
)
_CAP = re.compile(
    r"(?P<lead>lieu toi da(?: hang ngay| moi ngay| 1 ngay| moi lan| 1 lan)?(?: la| =)?"
    r"|toi da(?: la)?|khong (?:[a-z]+ ){0,2}?(?:duoc )?(?:vuot )?qua"
    r"|(?:(?<=\()|^)(?:cho )?toi)\s*:?\s*"
    rf"(?P<lo>{NUMBER})(?:{RANGE_TO}(?P<hi>{_NUM}))?\s*{mass_pattern}(?P<per>\s*/\s*kg)?(?![a-z])"
    + _TAIL
)
# A figure the book gives as a ceiling, a threshold or another drug's dose, not as a dose;
# "có thể cần tới 12 mg/kg" is the dose a graver case needs, not a threshold.
_NOT_A_DOSE_BEFORE = re.compile(
    r"(?:toi da|(?<![a-z])qua|(?<![a-z])(?:den|(?<!can )toi|len)"
    r"|(?<![a-z])(?:khi|neu) (?:dung )?lieu|(?<![a-z])hon(?![a-z])|toc do)\W*(?:\w+\W+){0,3}$"
    # "Liều tiêm tối đa đối với trẻ em là 6 mg/kg/ngày": a ceiling said a few words before.
    r"|(?<![a-z])lieu (?:\w+ )?toi da(?:\W+\w+){0,6}\W*$"
    # A step up in a titration ("sau mỗi tuần có thể tăng thêm 5 - 10 mg/kg").
    r"|(?<![a-z])tang(?![a-z])\W*(?:\w+\W+){0,7}$"
)
# Another drug's dose in the same clause ("phối hợp với ethambutol (15 mg/kg/ngày)").
_OTHER_DRUG_BEFORE = re.compile(r"phoi hop|ket hop|cung voi|kem theo")
_NOT_A_DOSE_AFTER = re.compile(r"^\s*(?:hoac (?:lon|cao) hon|tro len)")
# Words after a figure that say how often it is given; a parenthesis and a verb may come
# between ("50 - 75 mg/kg (tối đa 2 g), ngày 1 lần", "20 mg/kg (tối đa 1 g) uống 1 liều").
_SKIP = r"^[\s,]*(?:\([^()]*\)[\s,]*)?(?:(?:uong|tiem|dung|truyen)\s+)?"
_ONCE_AFTER = re.compile(
    _SKIP
    + r"(?:[x×]\s*(?:1|mot)\s*lan\s*/\s*ngay|ngay\s*(?:1|mot)\s*lan|(?:cho\s*)?(?:1|mot)\s*lan"
    r"\s*(?:/|moi|mot|trong)\s*ngay)"
)
_SINGLE_AFTER = re.compile(_SKIP + r"(?:(?:1|mot)\s*)?lieu duy nhat")
_SINGLE_BEFORE = re.compile(r"lieu duy nhat\s*$")
# "30 mg/kg amoxicilin/ngày": the book may name the drug between the figure and its period.
_DAY_AFTER = re.compile(
    _SKIP + r"(?:(?:[a-z]+\s+){0,2}?[a-z]*\s*/\s*ngay|moi ngay|mot ngay|hang ngay|ngay(?![a-z])"
    # "25 microgam/kg chia làm 3 lần trong 24 giờ": a total shared by the doses of a day.
    r"|chia (?:lam )?\d+(?:\s*(?:-|–)\s*\d+)? (?:lan|lieu)(?: nho)?(?: trong 24 gio)?)"
)
_DOSE_AFTER = re.compile(r"^\s*(?:moi lan|mot lan|moi lieu)")
# "Mỗi ngày uống 10 - 20 mg/kg": the day's amount said before the figure.
_DAY_BEFORE = re.compile(r"(?:moi ngay|mot ngay|hang ngay)\s*(?:(?:uong|tiem|dung|truyen)\s*)?$")
# A rate, not an amount: "1 - 3 mg/kg thể trọng/phút", "không vượt quá 50 mg/phút".
_RATE_AFTER = re.compile(r"^\s*(?:the trong\s*)?/\s*(?:phut|gio)(?![a-z])")
# How many doses a day the book fixes: "× 2 lần/ngày", ", 3 lần/ngày", "mỗi 8 giờ"; never a
# range ("3 - 4 lần/ngày", "mỗi 4 - 6 giờ") nor a most ("tối đa 3 lần/ngày").
_TIMES = re.compile(
    r"^(?P<lead>[^;]*?)(?:[x×]\s*)?(?<![\d\-–]\s)(?<![\d,.\-–])(?P<n>[1-6])\s*lan"
    r"\s*(?:/|moi|mot|trong)\s*ngay"
    r"|^(?P<lead2>[^;]*?)ngay\s*(?P<n2>[2-6])\s*lan"
    r"|^(?P<lead3>[^;]*?)(?:moi|cach|cu)\s*(?P<h>4|6|8|12|24)\s*gio(?!\s*(?:-|–|den))"
    r"|^(?P<lead4>[^;]*?)(?<![\d\-–]\s)(?<![\d,.\-–])(?P<h2>4|6|8|12|24)\s*gio"
    r"\s*(?:/\s*lan|(?:mot|1)\s*lan)"
)
# How many doses a day's figure is split into: "chia làm 4 lần", "cách 8 giờ/lần", "2 lần/ngày";
# never a range ("chia 2 - 3 lần", "mỗi 6 - 8 giờ") nor a most.
_SPLIT = re.compile(
    r"^(?P<lead>[^;]{0,80}?)(?:chia (?:lam )?(?P<n>[2-6]) (?:lan|lieu)"
    r"|(?:moi|cach|cu)\s*(?P<h>4|6|8|12)\s*gio(?!\s*(?:-|–|den))(?:\s*(?:/\s*|(?:mot|1)\s*)lan)?"
    r"|(?P<h2>4|6|8|12)\s*gio\s*(?:/\s*lan|(?:mot|1)\s*lan)"
    r"|(?P<n2>[2-6])\s*lan\s*(?:/|moi|mot|trong)\s*ngay)"
)
# "× 3 - 4 lần/ngày": how many doses a day, at least and at most.
_TIMES_BETWEEN = re.compile(
    r"^(?P<lead>[^;\d]{0,20}?)(?:[x×]\s*)?(?P<few>[1-6])\s*(?:-|–)\s*(?P<many>[2-6])\s*lan"
    r"\s*(?:/|moi|mot|trong)\s*ngay"
)
_NOT_FIXED = re.compile(r"toi da|khong qua|co the|neu can|(?:-|–|den)\s*$")
_DAY_CAP_AFTER = re.compile(r"^[\s,]*(?:moi ngay|mot ngay|hang ngay|trong 24 gio|/\s*ngay)")
_DOSE_CAP_AFTER = re.compile(r"^[\s,]*(?:moi lan|mot lan|moi lieu|/\s*lan)")
# A dose a row prints itself: per dose or per day ("0,6 mg/ngày"), not per kg or m² of
# body, nor a concentration ("mg/ml").
FIXED_DOSE = re.compile(
    r"\d\s*(?:mg|g|mcg|microgam|ml|viên)(?![a-zà-ỹ])(?!\s*/\s*(?:kg|m2|m²|ml|m)(?![a-zà-ỹ]))",
    re.IGNORECASE,
)
_SITE = re.compile(r"^[\s,]*(?:o |cho |tai )?(?:moi )?vi tri")


def decimal(text: str) -> Decimal:
    return Decimal(re.sub(r"[  ]", "", text).replace(",", "."))


def shown_number(value: Decimal) -> str:
    """A number as the book prints it: decimal comma, thousands spaced when whole."""
    value = value.normalize()
    if value == value.to_integral_value():
        return f"{int(value):,}".replace(",", " ")
    text = format(value, "f").rstrip("0").rstrip(".")
    return text.replace(".", ",")


def shown_range(lo: Decimal, hi: Decimal) -> str:
    return shown_number(lo) if lo == hi else f"{shown_number(lo)}–{shown_number(hi)}"


@dataclass(frozen=True, slots=True)
class Figure:
    """A dose printed per kg (or per m²): the book's words and what they mean."""

    quoted: str
    lo: Decimal
    hi: Decimal
    unit: str
    per: str
    period: Period
    start: int
    end: int
    times: Decimal | None = None
    """Doses a day the book fixes for a per-dose figure ("× 2 lần/ngày", "mỗi 8 giờ")."""
    daily_of: Decimal | None = None
    """Set on the day's amount made from a per-dose figure: the doses a day it was made with."""
    split: Decimal | None = None
    """Doses a day the book splits a day's figure into ("chia làm 4 lần", "cách 8 giờ/lần")."""
    dose_of: Decimal | None = None
    """Set on one dose made from a split day's figure (`lo`, `hi` stay the day's figures)."""
    times_between: tuple[Decimal, Decimal] | None = None
    """A range of doses a day for a per-dose figure ("× 3 - 4 lần/ngày"); on the day's amount
    made from it, the range it was made with."""

    def times_weight(self, weight: Decimal) -> tuple[Decimal, Decimal]:
        """The figure times a weight: one dose of a split day's figure is the day's share."""
        if self.dose_of is not None:
            return self.lo * weight / self.dose_of, self.hi * weight / self.dose_of
        return self.lo * weight, self.hi * weight

    def shown(self) -> str:
        if self.dose_of is not None:
            count = shown_number(self.dose_of)
            return f"{shown_range(self.lo, self.hi)} {self.unit}/{self.per}/ngày ÷ {count} lần"
        if self.times_between is not None and self.period is Period.DAY:
            few, many = self.times_between
            counts = f"{shown_number(few)}–{shown_number(many)}"
            lo, hi = self.lo / few, self.hi / many
            return f"{shown_range(lo, hi)} {self.unit}/{self.per} × {counts} lần/ngày"
        if self.daily_of is not None:
            lo, hi = self.lo / self.daily_of, self.hi / self.daily_of
            count = shown_number(self.daily_of)
            return f"{shown_range(lo, hi)} {self.unit}/{self.per} × {count} lần/ngày"
        suffix = "/ngày" if self.period is Period.DAY else ""
        return f"{shown_range(self.lo, self.hi)} {self.unit}/{self.per}{suffix}"

    def daily(self) -> Figure | None:
        """The day's amount of a per-dose figure given a fixed number of times a day."""
        if self.times is None or self.period is not Period.DOSE:
            return None
        return replace(
            self, lo=self.lo * self.times, hi=self.hi * self.times, period=Period.DAY,
            times=None, daily_of=self.times,
        )  # fmt: skip

    def daily_between(self) -> Figure | None:
        """The day's amount of a per-dose figure given a range of times a day: the fewest
        doses of the lowest to the most doses of the highest."""
        if self.times_between is None or self.period is not Period.DOSE:
            return None
        few, many = self.times_between
        return replace(self, lo=self.lo * few, hi=self.hi * many, period=Period.DAY, times=None)

    def each_dose(self) -> Figure | None:
        """One dose of a day's figure the book splits into a fixed number of doses."""
        if self.split is None or self.period is not Period.DAY:
            return None
        return replace(self, period=Period.DOSE, times=self.split, split=None,
                       dose_of=self.split)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Cap:
    """A ceiling the book prints ("tối đa 1 g", "không quá 60 mg/kg/ngày")."""

    quoted: str
    amount: Decimal
    unit: str
    per_kg: bool
    period: Period
    start: int

    def mg(self, weight: Decimal) -> Decimal:
        return self.amount * MG_PER_UNIT[self.unit] * (weight if self.per_kg else 1)


# ---- reading the book's words ----


def _period_of_tail(tail: str) -> Period | None:
    words = re.sub(r"\s+", " ", tail)
    if "ngay" in words or "24 gio" in words:
        return Period.ONCE_DAILY if "lan" in words or "lieu" in words else Period.DAY
    if "lan" in words or "lieu" in words:
        return Period.DOSE
    return None


def _after(folded: str, end: int) -> str:
    """The words after a figure up to its clause end."""
    rest = folded[end : end + 80]
    return re.split(r"[;.](?:\s|$)", rest, maxsplit=1)[0]


def _times(after: str) -> tuple[Decimal, int] | None:
    """Doses a day fixed right after a figure, and where the words saying so end."""
    m = _TIMES.search(after[:40])
    if m is None:
        return None
    lead = next(m[g] for g in ("lead", "lead2", "lead3", "lead4") if m[g] is not None)
    lead = re.sub(r"\([^()]*\)", "", lead)  # "(tối đa 125 mg/lần), 12 giờ một lần"
    if _NOT_FIXED.search(lead) or len(lead) > 20:
        return None
    if m["n"] or m["n2"]:
        count = Decimal(m["n"] or m["n2"])
    else:
        count = Decimal(24) / Decimal(m["h"] or m["h2"])
    return count, m.end()


# A second day's figure of the same row between ("90 mg/kg amoxicilin/ngày, 6,4 mg/kg acid
# clavulanic/ngày, chia 2 lần"): the split is said of both.
_DAY_FIGURE = re.compile(rf"{_NUM}\s*{mass_pattern}\s*/\s*kg(?:\s+[a-z]+){{0,3}}\s*/\s*ngay")


def _split(after: str) -> tuple[Decimal, int] | None:
    """Doses a day's figure is split into, said right after it, and where those words end."""
    m = _SPLIT.search(after)
    if m is None:
        return None
    lead = _DAY_FIGURE.sub(" ", m["lead"])
    if len(lead) > 30 or re.search(r"\d|hoac|hay", lead) or _NOT_FIXED.search(lead):
        return None
    if m["n"] or m["n2"]:
        return Decimal(m["n"] or m["n2"]), m.end()
    return Decimal(24) / Decimal(m["h"] or m["h2"]), m.end()


def _period(tail: str, before: str, after: str) -> tuple[Period, int, int]:
    """The figure's period and how far its quoted words reach before and after it."""
    period = _period_of_tail(tail)
    if period is not None:
        return period, 0, 0
    if m := _ONCE_AFTER.search(after):
        return Period.ONCE_DAILY, 0, m.end()
    if m := _SINGLE_AFTER.search(after[:40]):
        return Period.SINGLE, 0, m.end()
    if m := _SINGLE_BEFORE.search(before):
        return Period.SINGLE, len(before) - m.start(), 0
    if m := _DAY_AFTER.search(after):
        return Period.DAY, 0, m.end()
    if m := _DOSE_AFTER.search(after):
        return Period.DOSE, 0, m.end()
    if m := _DAY_BEFORE.search(before):
        return Period.DAY, len(before) - m.start(), 0
    return Period.DOSE, 0, 0


def figures_in(text: str) -> list[Figure]:
    """The dose figures per kg or m² of one row, in order; ceilings and thresholds skipped.

    A figure's quoted words run from its number to the words that say its period ("10–15
    mg/kg mỗi lần", "50 mg/kg 1 liều duy nhất"), so the quote alone reads the same again.
    """
    text = nfc(text)
    folded = fold_aligned(text)
    found: list[Figure] = []
    for m in FIGURE.finditer(folded):
        window = re.split(r";|[.!?]\s", folded[max(0, m.start() - 60) : m.start()])[-1]
        before = re.split(r"[;(:]", window)[-1]
        after = _after(folded, m.end())
        if _NOT_A_DOSE_BEFORE.search(before) or _NOT_A_DOSE_AFTER.search(after):
            continue
        if _RATE_AFTER.search(after):
            continue
        if _OTHER_DRUG_BEFORE.search(window):
            continue
        period, back, ahead = _period(m["tail"], before.rstrip(), after)
        lo = decimal(m["lo"])
        hi = decimal(m["hi"]) if m["hi"] else lo
        if hi < lo or lo <= 0:
            continue
        per = "m2" if m["per"] in ("m2", "m²") else "kg"
        start = m.start() - back - (len(before) - len(before.rstrip())) if back else m.start()
        times = _times(after) if period is Period.DOSE else None
        if times is not None:
            ahead = max(ahead, times[1])
            if times[0] == 1:  # "1 lần/ngày": the dose is the day's amount
                period, times = Period.ONCE_DAILY, None
        between = _TIMES_BETWEEN.search(after) if period is Period.DOSE and not times else None
        if between is not None and (
            _NOT_FIXED.search(between["lead"]) or int(between["few"]) >= int(between["many"])
        ):
            between = None
        if between is not None:
            ahead = max(ahead, between.end())
        split = _split(after) if period is Period.DAY else None
        if split is not None:
            ahead = max(ahead, split[1])
        quoted = text[start : m.end() + ahead].strip()
        found.append(
            Figure(quoted, lo, hi, m["unit"], per, period, m.start(), m.end(),
                   times[0] if times else None, split=split[0] if split else None,
                   times_between=(Decimal(between["few"]), Decimal(between["many"]))
                   if between else None)
        )  # fmt: skip
    return found


def caps_in(text: str) -> list[Cap]:
    """Every amount ceiling of a text; a per-site limit ("ở mỗi vị trí tiêm") is not one."""
    text = nfc(text)
    folded = fold_aligned(text)
    caps: list[Cap] = []
    for m in _CAP.finditer(folded):
        after = folded[m.end() : m.end() + 40]
        if _SITE.search(after) or _RATE_AFTER.search(after):
            continue
        period = _period_of_tail(m["tail"])
        lead = m["lead"]
        end = m.end()
        if period is None:
            day, dose = _DAY_CAP_AFTER.search(after), _DOSE_CAP_AFTER.search(after)
            # The words saying the period are quoted with the cap, so the quote reads alone.
            if "ngay" in lead or day:
                period, end = Period.DAY, end + (day.end() if day else 0)
            elif "lan" in lead or dose:
                period, end = Period.DOSE, end + (dose.end() if dose else 0)
            else:
                period = Period.BARE
        try:
            amount = decimal(m["lo"])
        except InvalidOperation:
            continue
        if amount <= 0:
            continue
        caps.append(
            Cap(text[m.start() : end].strip(), amount, m["unit"], bool(m["per"]), period,
                m.start())
        )  # fmt: skip
    return caps


__all__ = [
    "FIGURE",
    "FIXED_DOSE",
    "MG_PER_UNIT",
    "NUMBER",
    "RANGE_TO",
    "Cap",
    "Figure",
    "Period",
    "caps_in",
    "decimal",
    "figures_in",
    "mass_pattern",
    "shown_number",
    "shown_range",
]
