"""An amount told for a child, weighed against the book's own dose of the drug named.

"bé 2 tuổi uống 15ml siro zithromax (200mg/5ml)": 600 mg, about 50 mg/kg, where the book
doses 10 mg/kg a day. An amount said with no alarm word is the only sign of such an
overdose; an amount said with alarm ("trời ơi con uống 7,5ml ibuprofen 100mg/5ml, bé 17kg")
may be a dose as meant. So the arithmetic decides, on the book's figures:

- what was taken: a volume (ml, or spoons: a soup spoon 15 ml, a teaspoon 5 ml) times the
  syrup's strength ("120mg/5ml"), or a count of tablets or sachets times their strength
  ("2 gói paracetamol 250", "hapacol 150"); amounts told one after the other ("đặt 1 viên
  150 rồi … thêm 1 viên 300") add up; "x 4 lần", "4 lần từ sáng" multiply it for the day;
- whom: the weight told, or the child's age read as a weight (`weight_of_age`);
- against: the per-kg figures of the drug's Liều lượng lines in the loaded corpus, the
  largest per dose and the largest a day (no per-kg figure, no verdict).

`OVER`: one intake beyond 1.5 times the largest dose per kg the book prints for any use, or
a day beyond the largest day's figure; `WITHIN`: one amount, given once, at or below the
usual dose per kg (the median of the figures the book prints). Anything else, or anything
not read, says nothing: the event grammar reads the turn as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import StrEnum

from core.frame import QueryFrame, Route, TurnType
from core.sections import SectionKey
from safety.cue_matching import TurnText
from safety.evidence_lines import dose_mentions
from safety.safety_cues import AMOUNT_CUES, AMOUNT_TOO_MUCH_CUES

DOSE_SECTION = SectionKey.LIEU_LUONG_CACH_DUNG.value


class Book(StrEnum):
    OVER = "over"
    WITHIN = "within"


_NUM = r"(\d+(?:[.,]\d+)?)"
# "120mg/5ml", "250 mg / ml", and "125mg 5ml" said without the bar
_CONCENTRATION = re.compile(
    _NUM + r" ?(mg|g) ?(?:/ ?| (?=\d+(?:[.,]\d+)? ?ml\b))" + r"(\d+(?:[.,]\d+)?)? ?ml\b"
)
_VOLUME = re.compile(r"(?<![\w/.,])" + _NUM + r" ?ml\b(?! ?/)")
_SPOON = re.compile(
    r"(?<![\w.,])(\d+|mot|hai|ba|bon|nam|nua) (?:thia|muong) (?:(?:canh|an canh|to)|"
    r"(?:cafe|ca phe|cf|nho|ca fe))\b"
)
_SPOON_ML = {"canh": 15.0, "an canh": 15.0, "to": 15.0}
_COUNT = re.compile(
    r"(?<![\w.,])(\d+|mot|hai|ba|bon|nam|sau|bay|tam|chin|muoi|nua) (?:vien|goi|ong)\b"
)
# A strength: "250mg", "1g", or a bare number after a form or a name ("gói paracetamol 250",
# "hapacol 150", "viên 300"): not an age, a weight, a volume or a count.
_STRENGTH = re.compile(
    r"(?<![\w.,/])" + _NUM + r" ?(mg|g)\b(?! ?/)|"
    r"\b[a-z]+ (\d{2,4})\b"
    r"(?! ?(?:mg|g\b|ml|kg|ky|ki|can|tuoi|thang|t\b|tieng|gio|phut|lan|vien|goi|ngay))"
)
_TIMES = re.compile(r"(?:\bx|\bdung|\buong|\bcho uong|\bda cho uong) ?(\d+) lan\b")
_WEIGHT = re.compile(r"(?<![\w.,])" + _NUM + r" ?(?:kg|ky|ki|can|kilo|ki lo)\b")
_WORDS = {
    "mot": 1.0,
    "hai": 2.0,
    "ba": 3.0,
    "bon": 4.0,
    "nam": 5.0,
    "sau": 6.0,
    "bay": 7.0,
    "tam": 8.0,
    "chin": 9.0,
    "muoi": 10.0,
    "nua": 0.5,
}
_PER_KG = re.compile(_NUM + r"\s*mg/kg(\s*/\s*(?:ngay|24 gio))?")
TOO_MUCH = 1.5
"""One intake beyond this many times the book's largest dose per kg (for any use) is told
as an overdose: far beyond a dose, not an extra half dose."""

LIGHT_KG = 50.0
"""At or below this weight the book doses adults per kg too (paracetamol's 15 mg/kg)."""
BookLines = Callable[[str], Sequence[tuple[str, str]]]


def _number(text: str) -> float:
    return _WORDS.get(text) or float(text.replace(",", "."))


def weight_of_age(months: float) -> float:
    """A child's usual weight for an age (kg): (months + 9) / 2 in the first year, then
    2 × years + 8 (the paediatric rule of thumb), capped at an adult's 50 kg."""
    if months < 12:
        return (months + 9) / 2
    return min(2 * months / 12 + 8, 50.0)


def taken_mg(folded: str) -> tuple[float, int, int] | None:
    """Milligrams taken at one time (amounts told one after another add up), how many
    times it was given (1 when not said) and how many amounts were told, or None when the
    turn gives no amount and strength to multiply."""
    conc = _CONCENTRATION.search(folded)
    rest = folded if conc is None else folded[: conc.start()] + " " + folded[conc.end() :]
    rest, spooned = _spoonfuls(rest)
    volumes = [_number(m.group(1)) for m in _VOLUME.finditer(rest)] + spooned
    volumes += [_number(m.group(1)) * _spoon_ml(m.group(0)) for m in _SPOON.finditer(rest)]
    times = max((int(m.group(1)) for m in _TIMES.finditer(rest)), default=1)
    if conc is not None and volumes:
        per_ml = _number(conc.group(1)) * (1000 if conc.group(2) == "g" else 1)
        per_ml /= _number(conc.group(3)) if conc.group(3) else 1.0
        return sum(volumes) * per_ml, times, len(volumes)
    counted = list(_COUNT.finditer(rest))
    mass = _STRENGTH.search(rest)
    if not counted and times > 1 and mass is not None and mass.group(1) is not None:
        return _strength_mg(mass), times, 1  # "truyền paracetamol 1g x 4 lần từ hôm qua"
    if not counted:
        return None
    total = 0.0
    for count in counted:  # each count with the strength printed after it, or the turn's
        strength = _STRENGTH.search(rest, count.start()) or _STRENGTH.search(rest)
        if strength is None:
            return None
        total += _number(count.group(1)) * _strength_mg(strength)
    return total, times, len(counted)


# Spoons counted with no kind beside the count ("đổ liền 4 muỗng"), their size told: right
# after ("3 muỗng 5ml"), apart ("mỗi muỗng chắc 15ml"), or by the kind of spoon named
# elsewhere ("lấy muỗng canh đong").
_BARE_SPOONS = re.compile(
    r"(?<![\w.,])(\d+|hai|ba|bon|nam|sau) (?:thia|muong)\b"
    r"(?! (?:canh|an canh|to|cafe|ca phe|cf|nho|ca fe)\b)"
)
_PER_SPOON = re.compile(r"\bmoi (?:thia|muong) (?:\w+ ){0,2}?" + _NUM + r" ?ml\b")
_SIZE_AFTER = re.compile(r" " + _NUM + r" ?ml\b(?! ?/)")  # "3 muỗng 5ml": 5 ml each
_SPOON_KIND = re.compile(r"\b(?:thia|muong) (?:an )?(canh|to|cafe|ca phe|cf|nho)\b")


def _spoonfuls(folded: str) -> tuple[str, list[float]]:
    """The volumes of spoons counted bare whose size the turn tells apart, and the turn
    without the size told (so "15ml" each is not read as one more amount)."""
    counted = _BARE_SPOONS.search(folded)
    if counted is None:
        return folded, []
    each = _SIZE_AFTER.match(folded, counted.end()) or _PER_SPOON.search(folded)
    if each is not None:
        ml = _number(each.group(1))
        folded = folded[: each.start()] + " " * (each.end() - each.start()) + folded[each.end() :]
    elif (kind := _SPOON_KIND.search(folded)) is not None:
        ml = _spoon_ml(" " + kind.group(1))
    else:
        return folded, []
    return folded, [_number(counted.group(1)) * ml]


def strength_told_before(text: str, before: str | None) -> str | None:
    """The syrup's strength told in the turn `before` ("siro ibuprofen 100mg/5ml cho bé
    9kg"), when this turn tells a volume and no strength ("đổ liền 4 muỗng, mỗi muỗng
    15ml"): the amount is of that syrup."""
    if not before:
        return None
    folded = TurnText.of(text).folded
    if _CONCENTRATION.search(folded) is not None:
        return None
    _, spooned = _spoonfuls(folded)
    if not spooned and _VOLUME.search(folded) is None and _SPOON.search(folded) is None:
        return None
    told = _CONCENTRATION.search(TurnText.of(before).folded)
    return None if told is None else told.group(0)


def _spoon_ml(said: str) -> float:
    return next((ml for word, ml in _SPOON_ML.items() if f" {word}" in said), 5.0)


def _strength_mg(m: re.Match[str]) -> float:
    if m.group(1) is not None:
        return _number(m.group(1)) * (1000 if m.group(2) == "g" else 1)
    return _number(m.group(3))


def per_kg_figures(lines: Sequence[tuple[str, str]]) -> tuple[float, float, float] | None:
    """The usual per-kg figure per dose (the median of those the drug's dose lines print),
    the largest per dose and the largest a day (missing: four of the largest doses), or None
    when they print none; with only a day's figure, (0, day, day)."""
    doses: list[float] = []
    day = 0.0
    for section, sentence in lines:
        if section != DOSE_SECTION:
            continue
        for m in _PER_KG.finditer(TurnText.of(sentence).folded):
            value = _number(m.group(1))
            if m.group(2):
                day = max(day, value)
            else:
                doses.append(value)
    if not doses:
        # Only a day's figure ("20 mg/kg/ngày chia nhiều lần"): one intake beyond it is still
        # weighed; none is read as within a dose (its share of the day is not printed).
        return (0.0, day, day) if day else None
    doses.sort()
    return doses[(len(doses) - 1) // 2], doses[-1], day or 4 * doses[-1]


def against_book(
    t: TurnText, frame: QueryFrame | None, lines: BookLines | None, *, child: bool = True
) -> Book | None:
    """`OVER`, `WITHIN` or None (see the module docstring) for a child's amount of the one
    drug named, or (`child` False) an amount for a patient whose weight told is at most
    `LIGHT_KG` (the book doses them per kg: "bệnh nhân nặng 35kg")."""
    if frame is None or lines is None or len(frame.drugs) != 1:
        return None
    weight = frame.weight_kg
    if weight is None and (told := _WEIGHT.search(t.folded)) is not None:
        weight = _number(told.group(1))
    if weight is None and frame.age_months is not None and frame.age_months < 12 * 16:
        weight = weight_of_age(frame.age_months)
    if weight is None or weight <= 0 or (not child and weight > LIGHT_KG):
        return None
    taken = taken_mg(t.folded)
    figures = per_kg_figures(lines(frame.drugs[0])) if taken is not None else None
    if taken is None or figures is None:
        return None
    (mg, times, amounts), (usual, largest, day) = taken, figures
    once = mg / weight
    if once > TOO_MUCH * largest or once * times > day:
        return Book.OVER
    if times == 1 and amounts == 1 and once <= usual:
        return Book.WITHIN
    return None


_SWALLOWED = re.compile(r"\b(?:uong|vien|goi|siro)\b")


def as_amount_question(text: str, frame: QueryFrame) -> QueryFrame:
    """ "người lớn uống 2 viên paracetamol 500mg một lần có bị quá liều không": an amount asked
    whether it is too much is a dose question (the row and its maximum answer it), not the
    overdose section; any other frame is returned as it is."""
    if not frame.drugs or frame.attribute not in (SectionKey.QUA_LIEU_XU_TRI, None):
        return frame
    t = TurnText.of(text)
    if not dose_mentions(text) and AMOUNT_CUES.search(t) is None:
        return frame
    if AMOUNT_TOO_MUCH_CUES.search(t) is None:
        return frame
    oral = frame.route is None and _SWALLOWED.search(t.folded) is not None
    return frame.model_copy(
        update={
            "turn_type": TurnType.DOSING_CALC,
            "attribute": SectionKey.LIEU_LUONG_CACH_DUNG.value,
            "section_overview": False,
            # Tablets swallowed are taken by mouth: the oral rows, not "which route?".
            "route": Route.ORAL if oral else frame.route,
        }
    )


__all__ = [
    "Book",
    "BookLines",
    "against_book",
    "as_amount_question",
    "per_kg_figures",
    "taken_mg",
    "weight_of_age",
]
