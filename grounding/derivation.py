"""Worked-out amounts: a dose the book prints per kg, times the weight the user gave, with
every cap the book prints applied, and the recomputation the numeric check trusts.

Pure arithmetic on the book's own words (`Decimal`, no rounding to a product strength, no
unit the book does not write except g ↔ mg ↔ mcg). A figure is read with its period (per
dose, per day, once a day, a single dose) and a cap with its period; a cap said without
one binds the figure it follows. `work_out` reads one row; `verify` and `check_claim`
recompute a `Derivation` from its quoted words, so a number that is not in the evidence
passes only through arithmetic that reproduces it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum

from core.evidence import Derivation
from core.quantities import extract_quantities
from core.text import fold_aligned, nfc


class Period(StrEnum):
    """What one amount covers."""

    DOSE = "dose"
    DAY = "day"
    ONCE_DAILY = "once_daily"
    SINGLE = "single"
    BARE = "bare"
    """A cap printed without a period: it binds the figure it follows."""


PERIOD_WORDS = {
    Period.DOSE: "mỗi lần",
    Period.DAY: "mỗi ngày",
    Period.ONCE_DAILY: "một lần mỗi ngày",
    Period.SINGLE: "liều duy nhất",
}
# How many mg one unit is: only the mass units the book writes.
_MG = {
    "mg": Decimal(1),
    "g": Decimal(1000),
    "mcg": Decimal("0.001"),
    "microgam": Decimal("0.001"),
    "µg": Decimal("0.001"),
    "μg": Decimal("0.001"),
}
_MASS = r"(?P<unit>mg|g|mcg|microgam|µg|μg)"
_NUM = r"\d+(?:[.,]\d+)?"
_BIG = rf"[1-9]\d{{0,2}}(?:[  ]\d{{3}})+(?![\d,])|{_NUM}"
_TO = r"\s*(?:-|–|—|den|toi)\s*"
_TAIL = r"(?P<tail>(?:\s*/\s*(?:ngay|lan|lieu|24\s*gio))*)"
FIGURE = re.compile(
    rf"(?<![\d.,/])(?P<lo>{_NUM})(?:{_TO}(?P<hi>{_NUM}))?\s*{_MASS}\s*/\s*(?P<per>kg|m2|m²)"
    rf"(?![a-z]){_TAIL}(?!\s*/\s*(?:gio|phut))"
)
_CAP = re.compile(
    r"(?P<lead>lieu toi da(?: hang ngay| moi ngay| 1 ngay| moi lan| 1 lan)?(?: la| =)?"
    r"|toi da(?: la)?|khong (?:[a-z]+ ){0,2}?(?:duoc )?(?:vuot )?qua"
    r"|(?:(?<=\()|^)(?:cho )?toi)\s*:?\s*"
    rf"(?P<lo>{_BIG})(?:{_TO}(?P<hi>{_NUM}))?\s*{_MASS}(?P<per>\s*/\s*kg)?(?![a-z])" + _TAIL
)
# A figure the book gives as a ceiling, a threshold or another drug's dose, not as a dose.
_NOT_A_DOSE_BEFORE = re.compile(
    r"(?:toi da|(?<![a-z])qua|(?<![a-z])(?:den|toi|len)|(?<![a-z])(?:khi|neu) (?:dung )?lieu"
    r"|hon)\W*(?:\w+\W+){0,3}$"
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
_NOT_FIXED = re.compile(r"toi da|khong qua|co the|neu can|(?:-|–|den)\s*$")
_DAY_CAP_AFTER = re.compile(r"^[\s,]*(?:moi ngay|mot ngay|hang ngay|trong 24 gio|/\s*ngay)")
_DOSE_CAP_AFTER = re.compile(r"^[\s,]*(?:moi lan|mot lan|moi lieu|/\s*lan)")
_SITE = re.compile(r"^[\s,]*(?:o |cho |tai )?(?:moi )?vi tri")
_CLAUSE = re.compile(r";|(?<=[.!?])\s+")


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

    def shown(self) -> str:
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
        return self.amount * _MG[self.unit] * (weight if self.per_kg else 1)


@dataclass(frozen=True, slots=True)
class Worked:
    """One figure times one weight, capped: everything the claim says and cites."""

    figure: Figure
    weight: Decimal
    product_lo: Decimal
    product_hi: Decimal
    result_lo: Decimal
    result_hi: Decimal
    result_unit: str
    cap: Cap | None

    def text(self) -> str:
        """ "18 kg × 10–15 mg/kg = 180–270 mg mỗi lần" (and the cap that bound it)."""
        f = self.figure
        product = f"{shown_range(self.product_lo, self.product_hi)} {f.unit}"
        head = f"{shown_number(self.weight)} kg × {f.shown()} = {product}"
        period = PERIOD_WORDS.get(f.period, "")
        if self.cap is None:
            return f"{head} {period}".rstrip()
        result = f"{shown_range(self.result_lo, self.result_hi)} {self.result_unit}"
        return f"{head}; {self.cap.quoted} → {result} {period}".rstrip()

    def derivation(self) -> Derivation:
        weight = int(self.weight) if self.weight == int(self.weight) else float(self.weight)
        return Derivation(
            quoted=self.figure.quoted,
            weight_kg=weight,
            result=f"{shown_range(self.result_lo, self.result_hi)} {self.result_unit}",
            cap=self.cap.quoted if self.cap else None,
        )


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
        quoted = text[start : m.end() + ahead].strip()
        found.append(
            Figure(quoted, lo, hi, m["unit"], per, period, m.start(), m.end(),
                   times[0] if times else None)
        )  # fmt: skip
    return found


def caps_in(text: str) -> list[Cap]:
    """Every amount ceiling of a text; a per-site limit ("ở mỗi vị trí tiêm") is not one."""
    text = nfc(text)
    folded = fold_aligned(text)
    caps: list[Cap] = []
    for m in _CAP.finditer(folded):
        after = folded[m.end() : m.end() + 40]
        if _SITE.search(after):
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


def _binds(cap: Cap, figure: Figure) -> bool:
    if cap.period is Period.DAY:
        # A day's ceiling binds a dose given once a day, or a fixed number of times a day.
        fixed = figure.period is Period.DOSE and figure.times is not None
        return fixed or figure.period in (Period.DAY, Period.ONCE_DAILY, Period.SINGLE)
    if cap.period is Period.DOSE:
        daily = figure.daily_of is not None
        return daily or figure.period in (Period.DOSE, Period.ONCE_DAILY, Period.SINGLE)
    return True


def clauses(text: str) -> list[tuple[int, int]]:
    """Spans of the row's clauses (split at ";" and at sentence ends)."""
    spans: list[tuple[int, int]] = []
    begin = 0
    for m in _CLAUSE.finditer(text):
        spans.append((begin, m.start()))
        begin = m.end()
    spans.append((begin, len(text)))
    return spans


def _clause_of(spans: Sequence[tuple[int, int]], pos: int) -> int:
    return next((i for i, (s, e) in enumerate(spans) if s <= pos <= e), len(spans) - 1)


def row_caps(text: str, figure: Figure, figures: Sequence[Figure]) -> list[Cap]:
    """The caps of a row that bind `figure`: in its own clause (a cap with no period only
    after it and before the next figure), or in a clause that names no figure of its own."""
    text = nfc(text)
    spans = clauses(text)
    own = _clause_of(spans, figure.start)
    taken = {_clause_of(spans, f.start) for f in figures}
    later = [f.start for f in figures if f.start > figure.start]
    stop = min(later) if later else len(text)
    out: list[Cap] = []
    for cap in caps_in(text):
        where = _clause_of(spans, cap.start)
        if cap.period is Period.BARE:
            if figure.end <= cap.start < stop and where == own:
                out.append(cap)
        elif (where == own or where not in taken) and _binds(cap, figure):
            out.append(cap)
    return out


def _ceiling(cap: Cap, figure: Figure, weight: Decimal) -> Decimal:
    """The cap in mg for one amount of this figure (a day's cap shared by the doses)."""
    if cap.period is Period.DAY and figure.period is Period.DOSE and figure.times:
        return cap.mg(weight) / figure.times
    if cap.period in (Period.DOSE, Period.BARE) and figure.daily_of:
        return cap.mg(weight) * figure.daily_of  # a dose's cap, for each dose of the day
    return cap.mg(weight)


def work(figure: Figure, weight: Decimal, caps: Sequence[Cap]) -> Worked:
    """The figure times the weight, lowered to the lowest binding cap."""
    product_lo, product_hi = figure.lo * weight, figure.hi * weight
    unit_mg = _MG[figure.unit]
    binding = [
        c for c in caps if _binds(c, figure) and _ceiling(c, figure, weight) < product_hi * unit_mg
    ]
    if not binding:
        return Worked(figure, weight, product_lo, product_hi, product_lo, product_hi,
                      figure.unit, None)  # fmt: skip
    cap = min(binding, key=lambda c: _ceiling(c, figure, weight))
    ceiling = _ceiling(cap, figure, weight)
    if product_lo * unit_mg >= ceiling:
        if cap.per_kg or ceiling != cap.mg(weight):
            value = ceiling / unit_mg
            return Worked(figure, weight, product_lo, product_hi, value, value, figure.unit, cap)
        return Worked(figure, weight, product_lo, product_hi, cap.amount, cap.amount, cap.unit,
                      cap)  # fmt: skip
    return Worked(figure, weight, product_lo, product_hi, product_lo, ceiling / unit_mg,
                  figure.unit, cap)  # fmt: skip


# ---- recomputing what a claim says ----


@dataclass(frozen=True, slots=True)
class Amount:
    lo: Decimal
    hi: Decimal
    unit: str

    def mg(self) -> tuple[Decimal, Decimal]:
        return self.lo * _MG[self.unit], self.hi * _MG[self.unit]


_AMOUNT = re.compile(rf"^\s*(?P<lo>{_BIG})(?:{_TO}(?P<hi>{_BIG}))?\s*{_MASS}\s*$")


def read_amount(text: str) -> Amount | None:
    """ "180–270 mg", "1 g", "1 250 mg" → an `Amount`; anything else → None."""
    m = _AMOUNT.match(fold_aligned(nfc(text)))
    if m is None:
        return None
    try:
        lo = decimal(m["lo"])
        hi = decimal(m["hi"]) if m["hi"] else lo
    except InvalidOperation:
        return None
    return Amount(lo, hi, m["unit"]) if lo <= hi else None


def recompute(derivation: Derivation) -> Worked | None:
    """The arithmetic again, from the quoted words, the weight and the quoted cap alone."""
    found = recomputed(derivation)
    return found[0] if found else None


def recomputed(derivation: Derivation) -> list[Worked]:
    """Every reading of the derivation that reproduces its result (the dose and the day's
    amount of a figure given a fixed number of times a day may both do), best first; the
    plain reading when none does; [] when it cannot be read."""
    figures = figures_in(derivation.quoted)
    if len(figures) != 1 or derivation.weight_kg <= 0:
        return []
    caps: list[Cap] = []
    if derivation.cap is not None:
        caps = caps_in(derivation.cap)
        if len(caps) != 1:
            return []
        # A cap the claim names applied; its quote carries its own period words.
    weight = decimal(format(Decimal(str(derivation.weight_kg)).normalize(), "f"))
    # A per-dose figure with its doses a day may stand for the dose or for the day's amount.
    candidates = [work(f, weight, caps) for f in (figures[0], figures[0].daily()) if f]
    stated = read_amount(derivation.result)
    matching = [
        w
        for w in candidates
        if stated is not None
        and stated.mg() == Amount(w.result_lo, w.result_hi, w.result_unit).mg()
    ]
    return matching or candidates[:1]


def verify(derivation: Derivation) -> list[str]:
    """Problems with a derivation (empty when its result is the quoted figure times the
    weight, after its cap)."""
    worked = recompute(derivation)
    if worked is None:
        return [f"derivation {derivation.quoted!r} cannot be recomputed"]
    stated = read_amount(derivation.result)
    if stated is None:
        return [f"derivation result {derivation.result!r} is not an amount"]
    if derivation.cap is not None and worked.cap is None:
        return [f"derivation cap {derivation.cap!r} does not bind"]
    got = Amount(worked.result_lo, worked.result_hi, worked.result_unit)
    if stated.mg() != got.mg():
        return [f"derivation result {derivation.result!r} is not {worked.derivation().result!r}"]
    return []


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", " ", nfc(text).replace("*", "").replace("_", " ")).strip()


def _quantities(text: str) -> set[tuple[str, str | None]]:
    return {(q.value, q.unit) for q in extract_quantities(text)}


def derived_quantities(derivation: Derivation) -> set[tuple[str, str | None]]:
    """The numbers a derivation's claim may say beyond the evidence: the weight, the figure
    as shown, the product, the cap and the result."""
    found: set[tuple[str, str | None]] = set()
    for worked in recomputed(derivation):
        found |= _quantities(worked.text())
    return found | _quantities(derivation.result) if found else set()


def check_claim(
    text: str,
    derivation: Derivation,
    evidence_texts: Sequence[str],
    *,
    weight_kg: float | None = None,
) -> list[str]:
    """Problems with a claim that carries a derivation: the arithmetic must reproduce the
    result, the quoted figure and cap must be the cited evidence's words, the weight the
    user's, and the claim text must say exactly that arithmetic."""
    problems = verify(derivation)
    if problems:
        return problems
    cited = [_squeezed(t) for t in evidence_texts]
    for words in (derivation.quoted, derivation.cap):
        if words is not None and not any(_squeezed(words) in t for t in cited):
            problems.append(f"derivation words {words!r} are not in the cited evidence")
    if weight_kg is not None and Decimal(str(derivation.weight_kg)) != Decimal(str(weight_kg)):
        problems.append(
            f"derivation weight {derivation.weight_kg} kg is not the stated {weight_kg} kg"
        )
    readings = recomputed(derivation)
    if readings and not any(_squeezed(w.text()) in _squeezed(text) for w in readings):
        problems.append(f"claim does not state the derivation {readings[0].text()!r}")
    return problems


__all__ = [
    "PERIOD_WORDS",
    "Amount",
    "Cap",
    "Figure",
    "Period",
    "Worked",
    "caps_in",
    "check_claim",
    "clauses",
    "derived_quantities",
    "figures_in",
    "read_amount",
    "recompute",
    "recomputed",
    "row_caps",
    "shown_number",
    "shown_range",
    "verify",
    "work",
]
