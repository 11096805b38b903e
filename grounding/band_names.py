"""Short Vietnamese names for bands, for display ("2–4 tuổi", "ClCr dưới 30 ml/phút")."""

from __future__ import annotations

import math

from grounding.bands import NEWBORN_MONTHS, Band, Bands


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


__all__ = ["describe"]
