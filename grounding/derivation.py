"""Worked-out amounts: a dose the book prints per kg, times the weight the user gave, with
every cap the book prints applied, and the recomputation the numeric check trusts.

Pure arithmetic on the book's own words (`Decimal`, no rounding to a product strength, no
unit the book does not write except g ↔ mg ↔ mcg), read by `grounding.dose_figures`: a cap
said with a period binds figures of that period, one said without binds the figure it
follows. `work` works one figure out; `verify` and `check_claim` recompute a `Derivation`
from its quoted words, so a number that is not in the evidence passes only through
arithmetic that reproduces it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from core.evidence import Derivation
from core.text import fold_aligned, nfc, sentence_spans
from grounding.book.doses import per_body_amounts
from grounding.dose_figures import (
    MG_PER_UNIT,
    NUMBER,
    RANGE_TO,
    Cap,
    Figure,
    Period,
    caps_in,
    decimal,
    figures_in,
    mass_pattern,
    shown_number,
    shown_range,
)
from grounding.liquid import Strength, read_ml, read_strength
from grounding.rounding import round_share

PERIOD_WORDS = {
    Period.DOSE: "mỗi lần", Period.DAY: "mỗi ngày", Period.ONCE_DAILY: "một lần mỗi ngày",
    Period.SINGLE: "liều duy nhất", Period.WEEK: "mỗi tuần",
}  # fmt: skip


def ceiling_figure(cap: Cap) -> Figure | None:
    """A per-kg ceiling of a day ("không quá 60 mg/kg/ngày") as the day's figure it caps at,
    for a day's maximum asked; any other cap is no figure."""
    if not cap.per_kg or cap.period is not Period.DAY:
        return None
    end = cap.start + len(cap.quoted)
    return Figure(cap.quoted, cap.amount, cap.amount, cap.unit, "kg", Period.DAY,
                  cap.start, end)  # fmt: skip


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
    approx: bool = False
    """A day's share that does not end within two decimals, shown rounded (≈ 163 mg)."""
    said_split: int | None = None
    """The doses a day the user said the book's unsplit day's figure is given in."""
    liquid: Strength | None = None
    """The liquid's strength the user said: the result is also in ml of it."""

    def text(self) -> str:
        """ "18 kg × 10–15 mg/kg = 180–270 mg mỗi lần" (and the cap that bound it); a share
        rounded is "≈" ("14 kg × 35 mg/kg/ngày ÷ 3 lần ≈ 163 mg")."""
        f = self.figure
        product = f"{shown_range(self.product_lo, self.product_hi)} {f.unit}"
        equals = "≈" if self.approx else "="
        body = "m²" if f.per == "m2" else "kg"
        head = f"{shown_number(self.weight)} {body} × {f.shown()} {equals} {product}"
        period = PERIOD_WORDS.get(f.period, "")
        if self.cap is not None:
            result = f"{shown_range(self.result_lo, self.result_hi)} {self.result_unit}"
            head = f"{head}; {self.cap.quoted} → {result}"
        if self.liquid is not None:
            head += f"; {self.liquid.shown(self.result_lo, self.result_hi, self.result_unit)}"
        return f"{head} {period}".rstrip()

    def exact(self) -> bool:
        """Every number shown ends within two decimals (a day's share may not: 35 × 34 ÷ 3)."""
        shown = (self.product_lo, self.product_hi, self.result_lo, self.result_hi)
        return all(v == v.quantize(Decimal("0.01")) for v in shown)

    def derivation(self) -> Derivation:
        weight = int(self.weight) if self.weight == int(self.weight) else float(self.weight)
        result = f"{shown_range(self.result_lo, self.result_hi)} {self.result_unit}"
        if self.liquid is not None:
            result = self.liquid.result(self.result_lo, self.result_hi, self.result_unit)
        per_m2 = self.figure.per == "m2"  # a body surface, not a weight
        return Derivation(
            quoted=self.figure.quoted,
            weight_kg=None if per_m2 else weight,
            body_surface_m2=weight if per_m2 else None,
            result=result,
            strength=self.liquid.quoted if self.liquid else None,
            cap=self.cap.quoted if self.cap else None,
            doses_a_day=self.said_split,
        )


def _binds(cap: Cap, figure: Figure) -> bool:
    if not cap.binds_per(figure.per):
        return False
    if cap.period is Period.DAY:
        # A day's ceiling binds a dose given once a day, or a fixed number of times a day.
        fixed = figure.period is Period.DOSE and figure.times is not None
        return fixed or figure.period in (Period.DAY, Period.ONCE_DAILY, Period.SINGLE)
    if cap.period is Period.DOSE:
        daily = figure.daily_of is not None
        return daily or figure.period in (Period.DOSE, Period.ONCE_DAILY, Period.SINGLE)
    return True


def clauses(text: str) -> list[tuple[int, int]]:
    """Spans of the row's clauses (split at ";" and at sentence ends), tiling the text."""
    return sentence_spans(text, clauses=True)


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
            if (
                figure.end <= cap.start < stop
                and where == own
                and not _dose_between(text, figure, cap)
            ):
                out.append(cap)
        elif _dose_between(text, figure, cap):
            continue
        elif (where == own or where not in taken) and _binds(cap, figure):
            out.append(cap)
    return out


def _dose_between(text: str, figure: Figure, cap: Cap) -> bool:
    """Another per-kg dose is printed between the figure and a cap after it: "50 mg/kg (tối
    đa 1,5 g) …, tiếp 30 mg/kg/lần (tối đa 750 mg)" - the second cap is the second dose's,
    whether or not that dose is one the amounts are worked out for. A dose that is only the
    figure's alternative ("2 mg/kg/ngày hoặc 60 mg/m2/ngày (tối đa 80 mg/ngày)") shares its
    cap."""
    if cap.start <= figure.end:
        return False
    for at in per_body_amounts(text, figure.end, cap.start):
        gap = fold_aligned(text[figure.end : at])
        if re.sub(r"[\W\d_]+", " ", gap).strip() not in ("hoac", "hay"):
            return True
    return False


def _ceiling(cap: Cap, figure: Figure, weight: Decimal) -> Decimal:
    """The cap in mg for one amount of this figure (a day's cap shared by the doses; a cap
    said without a period after a split day's figure is read as the day's, the lower)."""
    if cap.period is Period.BARE and figure.dose_of:
        return cap.mg(weight) / figure.dose_of
    if cap.period is Period.DAY and figure.period is Period.DOSE and figure.times:
        return cap.mg(weight) / figure.times
    if cap.period in (Period.DOSE, Period.BARE) and figure.daily_of:
        return cap.mg(weight) * figure.daily_of  # a dose's cap, for each dose of the day
    return cap.mg(weight)


def _shared_out(worked: Worked) -> Worked:
    """One dose of a day's figure split into a count that does not divide it (35 × 14 ÷ 3)
    is shown rounded as a pharmacist says it (`grounding.rounding`: 163 mg), marked
    approximate; any other amount is shown as it is."""
    if worked.figure.dose_of is None or worked.exact():
        return worked
    capped, unit, out = worked.cap is not None, worked.figure.unit, worked.result_unit
    return replace(
        worked,
        product_lo=round_share(worked.product_lo, unit),
        product_hi=round_share(worked.product_hi, unit),
        result_lo=round_share(
            worked.result_lo, out, capped=capped and worked.result_lo != worked.product_lo
        ),
        result_hi=round_share(worked.result_hi, out, capped=capped),
        approx=True,
    )


def work(figure: Figure, weight: Decimal, caps: Sequence[Cap]) -> Worked:
    """The figure times the weight, lowered to the lowest binding cap (a share of a split
    day that does not end within two decimals rounded to them)."""
    return _shared_out(_worked(figure, weight, caps))


def _worked(figure: Figure, weight: Decimal, caps: Sequence[Cap]) -> Worked:
    product_lo, product_hi = figure.times_weight(weight)
    unit_mg = MG_PER_UNIT[figure.unit]
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


def split_by(figure: Figure, doses: int) -> Figure | None:
    """One dose of a day's figure the book does not split, in the doses the user said."""
    if figure.period is not Period.DAY or figure.split or figure.times_between or doses < 2:
        return None
    return replace(figure, split=Decimal(doses)).each_dose()


# ---- recomputing what a claim says ----


@dataclass(frozen=True, slots=True)
class Amount:
    lo: Decimal
    hi: Decimal
    unit: str

    def mg(self) -> tuple[Decimal, Decimal]:
        return self.lo * MG_PER_UNIT[self.unit], self.hi * MG_PER_UNIT[self.unit]


_AMOUNT = re.compile(rf"^\s*(?P<lo>{NUMBER})(?:{RANGE_TO}(?P<hi>{NUMBER}))?\s*{mass_pattern}\s*$")


def read_amount(text: str) -> Amount | None:
    """ "180–270 mg", "1 g", "1 250 mg" → an `Amount`; anything else → None."""
    m = _AMOUNT.match(fold_aligned(text := nfc(text)))
    if m is None:
        return None
    try:
        lo = decimal(m["lo"])
        hi = decimal(m["hi"]) if m["hi"] else lo
    except InvalidOperation:
        return None
    return Amount(lo, hi, text[m.start("unit") : m.end("unit")].lower()) if lo <= hi else None


# The one amount an adult row prints ("Người lớn: Một liều duy nhất 2 g"), at its end.
_ADULT_DOSE = re.compile(rf"(?<![\d.,/])(?P<lo>{NUMBER})\s*{mass_pattern}\s*$")


def adult_dose_cap(words: str) -> list[Cap]:
    """The adult dose quoted as the ceiling of a child's per-kg dose the book holds at "liều
    người lớn" (or the starting dose, "liều khởi đầu"): the quote ends with its one amount,
    and prints no other after its label."""
    text = nfc(words).strip()
    folded = fold_aligned(text)
    m = _ADULT_DOSE.search(folded)
    label_end = folded.rfind(":", 0, m.start()) + 1 if m else 0
    # Digits of the row's label ("Trẻ từ 2 - dưới 6 tuổi (13 - 20 kg): 1 mg") are its band.
    if m is None or re.search(r"\d", folded[label_end : m.start()]):
        return []
    return [Cap(text, decimal(m["lo"]), text[m.start("unit") : m.end("unit")].lower(), False,
                Period.BARE, 0)]  # fmt: skip


def recompute(derivation: Derivation) -> Worked | None:
    """The arithmetic again, from the quoted words, the weight and the quoted cap alone."""
    found = recomputed(derivation)
    return found[0] if found else None


def recomputed(derivation: Derivation) -> list[Worked]:
    """Every reading of the derivation that reproduces its result (the dose and the day's
    amount of a figure given a fixed number of times a day may both do), best first; the
    plain reading when none does; [] when it cannot be read."""
    figures = figures_in(derivation.quoted)
    if not figures:  # a day's maximum asked: the per-kg ceiling is the figure
        ceilings = [ceiling_figure(c) for c in caps_in(derivation.quoted)]
        figures = [f for f in ceilings if f is not None][:1]
    if len(figures) > 1 and figures[0].quoted == nfc(derivation.quoted).strip():
        figures = figures[:1]  # a split said after a second figure: the quote is the first's
    measure = (
        derivation.body_surface_m2 if figures and figures[0].per == "m2" else (derivation.weight_kg)
    )
    if len(figures) != 1 or measure is None or measure <= 0:
        return []
    caps: list[Cap] = []
    if derivation.cap is not None:
        caps = caps_in(derivation.cap) or adult_dose_cap(derivation.cap)
        if len(caps) != 1:
            return []
        # A cap the claim names applied; its quote carries its own period words.
    weight = decimal(format(Decimal(str(measure)).normalize(), "f"))
    # A per-dose figure with its doses a day may stand for the dose or for the day's amount.
    f, said = figures[0], derivation.doses_a_day
    each = (
        (f, f.daily(), f.each_dose(), f.daily_between()) if said is None else (split_by(f, said),)
    )
    liquid = read_strength(derivation.strength) if derivation.strength else None
    candidates = [replace(work(f, weight, caps), said_split=said, liquid=liquid) for f in each if f]
    matching = [w for w in candidates if _same_result(derivation.result, w)]
    return matching or candidates[:1]


def _same_result(result: str, worked: Worked) -> bool:
    if worked.liquid is not None:
        return read_ml(result) == read_ml(worked.derivation().result)
    stated, got = (
        read_amount(result),
        Amount(worked.result_lo, worked.result_hi, worked.result_unit),
    )
    return stated is not None and stated.mg() == got.mg()


def verify(derivation: Derivation) -> list[str]:
    """Problems with a derivation (empty when its result is the quoted figure times the
    weight, after its cap)."""
    worked = recompute(derivation)
    if worked is None:
        return [f"derivation {derivation.quoted!r} cannot be recomputed"]
    if read_amount(derivation.result) is None and read_ml(derivation.result) is None:
        return [f"derivation result {derivation.result!r} is not an amount"]
    if derivation.cap is not None and worked.cap is None:
        return [f"derivation cap {derivation.cap!r} does not bind"]
    if not _same_result(derivation.result, worked):
        return [f"derivation result {derivation.result!r} is not {worked.derivation().result!r}"]
    return []


__all__ = [
    "PERIOD_WORDS", "Amount", "Cap", "Figure", "Period", "Worked", "adult_dose_cap", "caps_in",
    "ceiling_figure", "clauses", "figures_in",
    "read_amount", "recompute", "recomputed", "row_caps", "shown_number", "shown_range",
    "split_by", "verify", "work",
]  # fmt: skip
