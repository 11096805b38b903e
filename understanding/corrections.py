"""A fact said again, corrected (issue 22): "bố tôi 67 chứ không phải 72, gõ nhầm", "không
phải 14 ký mà là 17 ký". The new figure takes the unit of the one it replaces, said in the
turn or, when neither has one, known from what was said before (72 was the age, in years).
A pure function of the folded turn and the previous patient."""

from __future__ import annotations

import re
from dataclasses import dataclass

_FIGURE = r"(\d{1,3}(?:[.,]\d)?)"
_UNIT = r"(?:\s*(tuoi|t|thang|kg|ky|ki|kilo|can)(?![a-z]))?"
# What a figure counts when it is no age or weight ("2 viên chứ không phải 3 viên").
_OTHER_UNIT = r"(?!\s*(?:mg|ml|g|mcg|ui|vien|lan|goi|ong|ngay|tuan|gio|phut|do|lit|%)(?![a-z]))"
_NOT = r"(?:khong|ko|k|hong|hok|kh)"
# "67 chứ k phải 72", "3 tuổi, không phải 5": the right figure first.
_INSTEAD = re.compile(
    rf"(?<![\w.,]){_FIGURE}{_UNIT}{_OTHER_UNIT}\s*,?\s*(?:chu\s+)?{_NOT} phai (?:la\s+)?"
    rf"{_FIGURE}{_UNIT}{_OTHER_UNIT}(?!\w|[.,]\d)"
)
# "không phải 72 mà là 67": the wrong figure first.
_NOT_BUT = re.compile(
    rf"(?<![a-z]){_NOT} phai (?:la\s+)?{_FIGURE}{_UNIT}{_OTHER_UNIT}\s*,?\s*ma (?:la\s+)?"
    rf"{_FIGURE}{_UNIT}{_OTHER_UNIT}(?!\w|[.,]\d)"
)
# "15kg, à không, 16kg mới đúng", "3 tuổi à nhầm 4 tuổi": the wrong figure, a self-repair
# said at once, then the right one (a word of repair, not "không" alone between figures).
_REPAIR = (
    r"(?:(?:a|a ma|ua|oi|ay|o|ui)\s*,?\s*(?:khong|ko|k|hong|nham|lon)|nham|lon|xin loi|y la|"
    r"y em la)"
)
_SAID_AGAIN = re.compile(
    rf"(?<![\w.,]){_FIGURE}{_UNIT}{_OTHER_UNIT}\s*,?\s*{_REPAIR}\s*,?\s*(?:phai\s+|la\s+)*"
    rf"{_FIGURE}{_UNIT}{_OTHER_UNIT}(?!\w|[.,]\d)"
)
_YEARS = frozenset(("tuoi", "t"))
_KILOS = frozenset(("kg", "ky", "ki", "kilo", "can"))
_SAME = 0.05


@dataclass(frozen=True)
class Corrected:
    """The corrected fact: an age in months or a weight in kg, and where it is said."""

    age_months: float | None
    weight_kg: float | None
    span: tuple[int, int]


def corrected_fact(
    folded: str, age_before: float | None, weight_before: float | None
) -> Corrected | None:
    """The age or weight the turn puts in place of one said before; None when it corrects
    none (or a figure of something else)."""
    found = _INSTEAD.search(folded)
    if found is not None:
        said, unit, wrong, wrong_unit = found.group(1, 2, 3, 4)
        span = found.span(1)
    else:
        found = _NOT_BUT.search(folded) or _SAID_AGAIN.search(folded)
        if found is None:
            return None
        wrong, wrong_unit, said, unit = found.group(1, 2, 3, 4)
        span = found.span(3)
        if unit and wrong_unit and _kind(unit) != _kind(wrong_unit):
            return None  # "3 tuổi, à không, 15 kg": two facts, nothing corrected
    value, replaced = _value(said), _value(wrong)
    unit = unit or wrong_unit
    if unit is None:
        unit = _unit_of(replaced, age_before, weight_before)
    if unit in _YEARS:
        return Corrected(value * 12, None, span)
    if unit == "thang":
        return Corrected(value, None, span)
    if unit in _KILOS:
        return Corrected(None, value, span)
    return None


def _kind(unit: str) -> str:
    return "age" if unit in _YEARS or unit == "thang" else "weight"


def _value(figure: str) -> float:
    return float(figure.replace(",", "."))


def _unit_of(replaced: float, age_before: float | None, weight_before: float | None) -> str | None:
    """The unit of a bare figure that was said before: in years or months of the age, or the
    weight in kilos."""
    if age_before is not None and abs(age_before - replaced * 12) < _SAME:
        return "tuoi"
    if age_before is not None and abs(age_before - replaced) < _SAME:
        return "thang"
    if weight_before is not None and abs(weight_before - replaced) < _SAME:
        return "kg"
    return None


__all__ = ["Corrected", "corrected_fact"]
