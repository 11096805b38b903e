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
from grounding.book.doses import FIXED_DOSE
from grounding.book.vocabulary import (
    DAY_BEFORE,
    NOT_FIXED,
    OR_MORE,
    OTHER_DRUG,
    PER_DAY_CAP,
    PER_DOSE,
    PER_SITE,
    SINGLE_DOSE,
    Words,
)
from grounding.dose_counts import split_of, times_between
from grounding.weekly import week_after


class Period(StrEnum):
    """What one amount covers."""

    DOSE = "dose"
    DAY = "day"
    ONCE_DAILY = "once_daily"
    SINGLE = "single"
    WEEK = "week"  # "1 lần mỗi tuần": a week's amount, never a dose's or a day's
    BARE = "bare"
    """A cap printed without a period: it binds the figure it follows."""


MG_PER_UNIT = {
    "mg": Decimal(1), "g": Decimal(1000), "mcg": Decimal("0.001"), "microgam": Decimal("0.001"),
    "microgram": Decimal("0.001"), "µg": Decimal("0.001"), "μg": Decimal("0.001"),
    "đơn vị": Decimal(1),  # heparin's units, never weighed against a mass
}  # fmt: skip
mass_pattern = r"(?P<unit>mg|g|mcg|microgram|microgam|µg|μg|don vi)"
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
    r"|toi da(?: (?:doi voi|cho) (?:[a-z]+ ){1,3}?la| la)?|khong (?:duoc )?vuot"
    r"|khong (?:[a-z]+ ){0,2}?(?:duoc )?(?:vuot )?qua|(?:(?<=\()|^)(?:cho )?toi"
    # "có thể tăng dần tới 45 mg/kg/ngày": the most a regimen goes up to (per kg a day only).
    r"|(?P<raised>(?<![a-z])tang (?:dan )?(?:len )?(?:den|toi)))\s*:?\s*"
    rf"(?P<lo>{NUMBER})(?:{RANGE_TO}(?P<hi>{_NUM}))?\s*{mass_pattern}(?P<per>\s*/\s*(?:kg|m2|m²))?"
    r"(?![a-z])" + _TAIL
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
# Words after a figure that say how often it is given; a parenthesis and a verb may come
# between ("50 - 75 mg/kg (tối đa 2 g), ngày 1 lần", "20 mg/kg (tối đa 1 g) uống 1 liều").
_SKIP = r"^[\s,]*(?:\([^()]*\)[\s,]*)?(?:(?:uong|tiem|dung|truyen)\s+)?"
_ONCE_AFTER = re.compile(
    _SKIP
    + r"(?:[x×]\s*(?:1|mot)\s*lan\s*/\s*ngay|ngay\s*(?:1|mot)\s*lan|(?:cho\s*)?(?:1|mot)\s*lan"
    r"\s*(?:/|moi|mot|trong)\s*ngay)"
)
_SINGLE_AFTER = re.compile(_SKIP + r"(?:(?:1|mot)\s*)?lieu duy nhat")
# "30 mg/kg amoxicilin/ngày": the book may name the drug between the figure and its period.
_DAY_AFTER = re.compile(
    _SKIP + r"(?:(?:[a-z]+\s+){0,2}?[a-z]*\s*/\s*ngay|moi ngay|mot ngay|hang ngay"
    # "100 microgam/kg, ngày 3 - 4 lần": each dose, given that many times a day.
    r"|ngay(?![a-z])(?!\s*\d+(?:\s*(?:-|–)\s*\d+)?\s*lan)"
    # "25 microgam/kg chia làm 3 lần trong 24 giờ": a total shared by the doses of a day.
    r"|chia (?:lam )?\d+(?:\s*(?:-|–)\s*\d+)? (?:lan|lieu)(?: nho)?(?: trong 24 gio)?)"
)
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


def _opening(text: str, skip: str) -> int:
    """Where the words of `text` start after its leading spaces (and the marks in `skip`)."""
    at = 0
    while at < len(text) and (text[at].isspace() or text[at] in skip):
        at += 1
    return at


def _said_after(after: str, words: Words, per: str) -> int | None:
    """Where the words right after a figure or cap that say its period end ("mỗi ngày",
    "/ ngày"), past spaces and commas; None when they do not follow."""
    at = _opening(after, ",")
    if m := words.match(after, at):
        return m.end()
    if after[at : at + 1] == "/":
        slash = _opening(after[at + 1 :], "")
        if after[at + 1 + slash :].startswith(per):
            return at + 1 + slash + len(per)
    return None


def _rate_after(after: str) -> bool:
    """A rate, not an amount: "1 - 3 mg/kg thể trọng/phút", "không vượt quá 50 mg/phút"."""
    rest = after[_opening(after, "") :]
    if rest.startswith("the trong"):
        rest = rest[len("the trong") :]
        rest = rest[_opening(rest, "") :]
    if not rest.startswith("/"):
        return False
    rest = rest[1 + _opening(rest[1:], "") :]
    return any(
        rest.startswith(unit) and not "a" <= rest[len(unit) : len(unit) + 1] <= "z"
        for unit in ("phut", "gio")
    )


def _fixed_lead(lead: str) -> bool:
    """Words before a count of doses a day leave it fixed: no most, no option, no range."""
    return not NOT_FIXED.search(lead) and not lead.rstrip().endswith(("-", "–", "den"))


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
        per = "m²" if self.per == "m2" else self.per
        if self.dose_of is not None:
            count = shown_number(self.dose_of)
            return f"{shown_range(self.lo, self.hi)} {self.unit}/{per}/ngày ÷ {count} lần"
        if self.times_between is not None and self.period is Period.DAY:
            few, many = self.times_between
            counts = f"{shown_number(few)}–{shown_number(many)}"
            lo, hi = self.lo / few, self.hi / many
            return f"{shown_range(lo, hi)} {self.unit}/{per} × {counts} lần/ngày"
        if self.daily_of is not None:
            lo, hi = self.lo / self.daily_of, self.hi / self.daily_of
            count = shown_number(self.daily_of)
            return f"{shown_range(lo, hi)} {self.unit}/{per} × {count} lần/ngày"
        suffix = "/ngày" if self.period is Period.DAY else ""
        return f"{shown_range(self.lo, self.hi)} {self.unit}/{per}{suffix}"

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
    per_m2: bool = False  # "tối đa 2 mg/m²": binds per-m² figures only

    def mg(self, weight: Decimal) -> Decimal:  # for one kg or m² of the figure it binds
        per_body = self.per_kg or self.per_m2
        return self.amount * MG_PER_UNIT[self.unit] * (weight if per_body else 1)

    def binds_per(self, figure_per: str) -> bool:
        """A ceiling per kg binds figures per kg, one per m² those per m²; a plain one both."""
        return not (self.per_kg and figure_per != "kg") and not (self.per_m2 and figure_per != "m2")


def _period_of_tail(tail: str) -> Period | None:
    words = re.sub(r"\s+", " ", tail)
    if "ngay" in words or re.search(r"24 ?gio", words):  # "/24 giờ", "/24giờ"
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
    if not _fixed_lead(lead) or len(lead) > 20:
        return None
    if m["n"] or m["n2"]:
        count = Decimal(m["n"] or m["n2"])
    else:
        count = Decimal(24) / Decimal(m["h"] or m["h2"])
    return count, m.end()


def _period(tail: str, before: str, after: str) -> tuple[Period, int, int]:
    """The figure's period and how far its quoted words reach before and after it (a day's
    amount given as one dose is a single dose: a cap per dose binds it)."""
    period = _period_of_tail(tail)
    if period is Period.DAY and (single := SINGLE_DOSE.closing(before)) is not None:
        return Period.SINGLE, len(before) - single, 0  # "một liều duy nhất 0,45 mg/kg/ngày"
    if period is not None:
        return period, 0, 0
    if (week := week_after(after)) is not None:
        return Period.WEEK, 0, week
    if m := _ONCE_AFTER.search(after):
        return Period.ONCE_DAILY, 0, m.end()
    if m := _SINGLE_AFTER.search(after[:40]):
        return Period.SINGLE, 0, m.end()
    if (single := SINGLE_DOSE.closing(before)) is not None:
        return Period.SINGLE, len(before) - single, 0
    if m := _DAY_AFTER.search(after):
        return Period.DAY, 0, m.end()
    if m := PER_DOSE.match(after, _opening(after, "")):
        return Period.DOSE, 0, m.end()
    if (day := DAY_BEFORE.closing(before)) is not None:
        return Period.DAY, len(before) - day, 0
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
        if _NOT_A_DOSE_BEFORE.search(before) or OR_MORE.match(after, _opening(after, "")):
            continue
        if _rate_after(after):
            continue
        if OTHER_DRUG.search(window):
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
        between = times_between(after) if period is Period.DOSE and not times else None
        if between is not None:
            ahead = max(ahead, between[1])
        split = split_of(after) if period is Period.DAY else None
        if split is not None:
            ahead = max(ahead, split[1])
        quoted = text[start : m.end() + ahead].strip()
        unit = text[m.start("unit") : m.end("unit")].lower()  # as printed: "đơn vị"
        found.append(
            Figure(quoted, lo, hi, unit, per, period, m.start(), m.end(),
                   times[0] if times else None, split=split[0] if split else None,
                   times_between=between[0] if between else None)
        )  # fmt: skip
    return found


def caps_in(text: str) -> list[Cap]:
    """Every amount ceiling of a text; a per-site limit ("ở mỗi vị trí tiêm") is not one."""
    text = nfc(text)
    folded = fold_aligned(text)
    caps: list[Cap] = []
    for m in _CAP.finditer(folded):
        after = folded[m.end() : m.end() + 40]
        if PER_SITE.match(after, _opening(after, ",")) or _rate_after(after):
            continue
        period = _period_of_tail(m["tail"])
        lead = m["lead"]
        end = m.end()
        if period is None:
            day = _said_after(after, PER_DAY_CAP, "ngay")
            dose = _said_after(after, PER_DOSE, "lan")
            # The words saying the period are quoted with the cap, so the quote reads alone.
            if "ngay" in lead or day is not None:
                period, end = Period.DAY, end + (day or 0)
            elif "lan" in lead or dose is not None:
                period, end = Period.DOSE, end + (dose or 0)
            else:
                period = Period.BARE
        try:
            amount = decimal(m["lo"])
        except InvalidOperation:
            continue
        if amount <= 0:
            continue
        if m["raised"] and not (m["per"] and period is Period.DAY):
            continue  # "tăng lên 400 mg": the next step of a titration, not a ceiling
        unit = text[m.start("unit") : m.end("unit")].lower()
        per = m["per"] or ""
        caps.append(
            Cap(text[m.start() : end].strip(), amount, unit, "kg" in per, period, m.start(),
                per_m2=bool(per) and "kg" not in per)
        )  # fmt: skip
    return caps


__all__ = ["FIGURE", "FIXED_DOSE", "MG_PER_UNIT", "NUMBER", "RANGE_TO", "Cap", "Figure",
           "Period", "caps_in", "decimal", "figures_in", "mass_pattern", "shown_number",
           "shown_range"]  # fmt: skip
