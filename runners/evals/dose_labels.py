"""A doses line's labelled amount and an answer's worked-out result, in mg (or ml of a
liquid, or heparin's units), and whether the result as the engine shows it is the label's:
within half the step `grounding.rounding` says it to."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from core.evidence import Derivation
from grounding.derivation import read_amount
from grounding.liquid import read_ml
from grounding.rounding import ml_step, share_step

_MG = {
    "mg": Decimal(1),
    "g": Decimal(1000),
    "mcg": Decimal("0.001"),
    "µg": Decimal("0.001"),
    "microgam": Decimal("0.001"),
}


def labelled_mg(amount: dict[str, Any] | None) -> tuple[Any, ...] | None:
    """A labelled amount in mg, or ("ml", low, high) for millilitres of a liquid."""
    if not amount:
        return None
    try:
        named = str(amount.get("unit", "mg")).lower()
        low = Decimal(str(amount["low"]))
        high = Decimal(str(amount.get("high", amount["low"])))
        if named in ("ml", "đơn vị", "units"):  # a volume, or heparin's units: no mass
            return ("ml" if named == "ml" else "đơn vị", low, high)
        unit = _MG[named]
    except (KeyError, InvalidOperation):
        return None
    return low * unit, high * unit


def result_mg(derivation: Derivation) -> tuple[Any, ...] | None:
    """A derivation's result in mg, or ("ml", low, high) when it is measured in a liquid."""
    amount = read_amount(derivation.result)
    if amount is not None:
        return ("đơn vị", amount.lo, amount.hi) if amount.unit == "đơn vị" else amount.mg()
    ml = read_ml(derivation.result)
    return ("ml", *ml) if ml else None


def shown_as(derivation: Derivation, wanted: tuple[Any, ...]) -> bool:
    """The derivation's result is the labelled amount as the engine shows it rounded: within
    half the step `grounding.rounding` says it to ("163 mg" is 163,33 mg, "2,7 ml" is
    2,67 ml, "4,7 mg" is 4,67 mg; "5 ml" is not 5,4 ml)."""
    got = result_mg(derivation)
    if got is None or len(got) != len(wanted) or got[:-2] != wanted[:-2]:
        return False
    amount = read_amount(derivation.result)
    if amount is not None:
        raw, unit = (amount.lo, amount.hi), amount.unit
        steps = [share_step(v, unit) * _MG.get(unit, Decimal(1)) for v in raw]
    elif (ml := read_ml(derivation.result)) is not None:
        steps = [ml_step(v) for v in ml]
    else:
        return False
    return all(
        abs(g - w) <= step / 2 for g, w, step in zip(got[-2:], wanted[-2:], steps, strict=True)
    )


__all__ = ["labelled_mg", "result_mg", "shown_as"]
