"""How far a worked-out amount is rounded when it cannot be shown exactly: as a pharmacist
says it to a parent.

A share of a day's amount that does not come out even (35 mg/kg × 14 kg ÷ 3 = 163,333… mg)
is said in whole mg from 10 mg up and to one decimal below (163 mg, 4,7 mg); no one measures
a third of a milligram. Millilitres of a liquid are said to one decimal from 1 ml up, what a
5 or 10 ml oral syringe is read to (2,7 ml), and to two below, where a 1 ml syringe is marked
in hundredths (0,72 ml). An amount held at a cap is rounded down, never above it. The same
functions serve the engine and the recheck, so a rounded figure recomputes to itself.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

_WHOLE = Decimal(1)
_TENTH = Decimal("0.1")
_HUNDREDTH = Decimal("0.01")


def share_step(value: Decimal, unit: str = "mg") -> Decimal:
    """The step an uneven share is said to, in its unit: 1 from 10 up, 0,1 below (mg, mcg,
    units); a share in g is said to the mg it weighs (0,333 g, 0,0333 g)."""
    if unit == "g":
        return share_step(value * 1000) / 1000
    return _WHOLE if abs(value) >= 10 else _TENTH


def ml_step(value: Decimal) -> Decimal:
    """The step millilitres are said to: 0,1 from 1 ml up, 0,01 below."""
    return _TENTH if abs(value) >= 1 else _HUNDREDTH


def rounded(value: Decimal, step: Decimal, *, capped: bool = False) -> Decimal:
    """`value` to `step`, half up; down when it is held at a cap."""
    return value.quantize(step, rounding=ROUND_DOWN if capped else ROUND_HALF_UP).normalize()


def round_share(value: Decimal, unit: str = "mg", *, capped: bool = False) -> Decimal:
    return rounded(value, share_step(value, unit), capped=capped)


def round_ml(value: Decimal) -> Decimal:
    return rounded(value, ml_step(value))


__all__ = ["ml_step", "round_ml", "round_share", "rounded", "share_step"]
