"""A patient's body surface the user states, in m² ("diện tích da 0,9 m²", "BSA 0,8 m2",
"da 1,2m²", "dien tich co the 0.75 m2"): the book doses some drugs per m² of it, and the
amount is worked out from it (`grounding.amounts`). Read only when said, never computed
from a weight and a height (the book gives no formula). Pure functions on folded words.
"""

from __future__ import annotations

import re

MIN_BODY_SURFACE_M2 = 0.1
MAX_BODY_SURFACE_M2 = 3.0

_NUMBER = r"(?P<n>\d+(?:[.,]\d+)?|[.,]\d+)"
# m², m2, m^2, "mét vuông", "m vuông"; never "mg/m2" (a figure per m², not the patient's).
_UNIT = r"(?:m\s?(?:²|\^?2)|m(?:et)? vuong)(?![a-z0-9])"
# The words that name a body surface before its number.
_LEAD = (
    r"(?:dien tich (?:be mat )?(?:da|co the|than the|be mat)(?: (?:cua )?(?:be|chau|con|tre))?"
    r"|dt ?(?:da|cd|ct|bm)|bsa|s ?da|da)"
)
_SAID = re.compile(
    rf"(?<![a-z])(?P<lead>{_LEAD})(?:\s*(?:la|=|:|khoang|tam|chung|~|≈))*\s*{_NUMBER}\s*"
    rf"(?P<unit>{_UNIT})?"
    # A number with its unit and no lead word: "bé 0,8 m²", not "5 mg/m2".
    rf"|(?<![\d.,/])(?<![a-z])(?<!/ )(?P<bare>\d+(?:[.,]\d+)?)\s*{_UNIT}"
)


def body_surface_of(folded: str) -> float | None:
    """The body surface a folded turn states, in m² (0,1-3); None when it states none or
    one out of those bounds. A lead word ("diện tích da", "BSA") reads a number without
    its unit too ("BSA 0,8"); "da" alone needs the unit ("da 1,2m²")."""
    for m in _SAID.finditer(folded):
        if m["bare"] is not None:
            text = m["bare"]
        elif m["unit"] is None and m["lead"] == "da":
            continue  # "da 2 lần" is skin, not a surface
        else:
            text = m["n"]
        value = float(text.replace(",", "."))
        if MIN_BODY_SURFACE_M2 <= value <= MAX_BODY_SURFACE_M2:
            return round(value, 3)
    return None


__all__ = ["MAX_BODY_SURFACE_M2", "MIN_BODY_SURFACE_M2", "body_surface_of"]
