"""Who took it and how much, against the book: a turn's taker and amount weighed before the
event grammar calls it an ingestion.

- An infant given a whole adult-strength tablet ("bé 5 tháng được cho uống nguyên viên
  paracetamol 500"): many times any infant's dose, an emergency.
- An adult who took one or two tablets of a wide-margin medicine, no more than the book's
  own adult dose, once ("lỡ uống 2 viên loperamid 2mg lần đầu", 4 mg where the book starts
  adults at 4 mg): a question the dose row answers, not an emergency, unless a sign follows.
- An adult who took one tablet of a wide-margin medicine by mistake ("chồng em uống nhầm 1
  viên cetirizin của em"): one ordinary dose, a question.
- An adult named as the one who takes it ("bố uống amlodipin mỗi sáng"): the conversation's
  child, if any, is not who took it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.frame import QueryFrame
from safety.cue_matching import TurnText
from safety.dose_amounts import DOSE_SECTION, BookLines, taken_mg
from safety.dose_errors import WIDE_MARGIN
from safety.ingestion_signs import _count, asks_outright
from safety.safety_cues import (
    ALLERGY_SIGNS,
    EMERGENCY_SIGNS,
    SYMPTOM_CUES,
    TAKE_CUES,
)

INFANT_MONTHS = 24.0
"""Below this age a whole adult-strength tablet is many times any dose."""


ADULT_STRENGTH_MG = 250
"""A tablet of at least this strength is an adult's (paracetamol 500, ibuprofen 400…)."""


_WHOLE_TABLET = re.compile(r"\b(?:nguyen|ca|1|mot|tron) (?:vien|goi)\b")


_STRENGTH = re.compile(r"\b(\d{3,4}) ?(?:mg\b)?")


def adult_tablet_for_an_infant(t: TurnText, frame: QueryFrame | None) -> str | None:
    """An infant given or taking a whole adult-strength tablet ("bé 5 tháng được cho uống
    nguyên viên paracetamol 500"), told, not asked: many times any infant's dose."""
    age = frame.age_months if frame is not None else None
    if age is None or age >= INFANT_MONTHS or asks_outright(t):
        return None
    whole = _WHOLE_TABLET.search(t.folded)
    if whole is None or TAKE_CUES.search(t) is None:
        return None
    strengths = [int(n) for n in _STRENGTH.findall(t.folded)]
    return whole.group(0) if any(n >= ADULT_STRENGTH_MG for n in strengths) else None


# A grown-up named right before the taking ("bố uống", "chồng em lỡ uống", "ông ngoại dùng").
_ADULT_TAKER = re.compile(
    r"\b(?:bo|me|ong|chong|vo|ong xa|ba xa|nguoi lon)(?: (?:em|toi|minh|tui|noi|ngoai|e|t))?"
    r"(?: (?:lo|da|vua|moi|hay|van|dang|cu))? (?:uong|dung|tiem|nuot)\b"
)
# A child named anywhere in the turn (a bare month count may be a trip's length, not an age).
_CHILD_NOUN = re.compile(
    r"\b(?:be|chau|tre|nhoc|con (?:toi|em|minh|nha|gai|trai|tui|e)|thang (?:be|cu|nhoc)|"
    r"dua (?:nho|be|tre|con)|\d+ tuoi|\d+ ?t)\b"
)


def names_a_child(t: TurnText) -> bool:
    """A child is named in the turn ("bé", "con em", "3 tuổi")."""
    return _CHILD_NOUN.search(t.folded) is not None


def adult_takes(t: TurnText) -> bool:
    """The turn names a grown-up as the one who takes it and no child at all: "sắp đi biển 1
    tháng, bố uống amlodipin mỗi sáng" is the father's supply, whatever age was read."""
    return _ADULT_TAKER.search(t.folded) is not None and _CHILD_NOUN.search(t.folded) is None


# What was meant, said beside what was taken ("2 viên thay vì 1 viên"): not taken.
_MEANT = re.compile(
    r"\b(?:thay vi|dang le|le ra|chu khong phai)(?: (?:la|chi|uong|co))* "
    r"(?:\d+(?:[.,]\d+)?|mot|hai|nua) ?(?:vien|goi|ong|mg|ml)\b"
)
_ADULT_LINE = re.compile(r"^\W*nguoi lon\b")
# A single amount on an adult line: not per kg, not a day's or a week's total.
_ADULT_MG = re.compile(
    r"(?<![\d.,])(?:(\d+(?:[.,]\d+)?) ?[–-] ?)?(\d+(?:[.,]\d+)?) ?(mg|g)\b"
    r"(?! ?/ ?(?:kg|ngay|24|tuan|m))"
)
_PREGNANT = re.compile(r"\b(?:bau|mang thai|co thai|thai \d+|cho (?:con )?bu)\b")


# A heading: a short line that is all label ("*Người lớn:*", "Đau, sốt:", "### Liều
# lượng:"); "Trẻ em: 10 mg/kg" is a row. A population's heading opens its rows until the next
# population's or section's heading; an indication's ("Đau, sốt:") stays under it.
_HEADING = re.compile(r"^\W*[^\d:]{1,40}:\W*$")
_OTHER_PEOPLE = re.compile(
    r"^\W*(?:#|tre|so sinh|nguoi (?:cao tuoi|gia|benh suy|suy)|suy (?:than|gan)|phu nu|"
    r"thieu nien|nguoi mang thai)"
)


def adult_single_mg(lines: Sequence[tuple[str, str]]) -> float:
    """The largest single amount the book's adult dose lines print, in mg (0 when none):
    a line that opens with "Người lớn", or any row under a "Người lớn:" heading (a book that
    prints the population once, then its indications and routes below it)."""
    best = 0.0
    under_adult = False
    for section, sentence in lines:
        folded = TurnText.of(sentence).folded
        if section != DOSE_SECTION:
            continue
        if _HEADING.match(folded) and _ADULT_LINE.search(folded) is not None:
            under_adult = True
            continue
        if _HEADING.match(folded) and _OTHER_PEOPLE.match(folded) is not None:
            under_adult = False
            continue
        if not under_adult and _ADULT_LINE.search(folded) is None:
            continue
        for m in _ADULT_MG.finditer(folded):
            value = float(m.group(2).replace(",", ".")) * (1000 if m.group(3) == "g" else 1)
            best = max(best, value)
    return best


# The complaint it was taken for ("cho lần đầu bị tiêu chảy", "vì bị đau đầu"): no sign after.
_FOR_COMPLAINT = re.compile(r"\b(?:cho|vi|de tri|tri|chua)\b(?: \S+){0,3}? bi \w+(?: \w+)?")


def _sign(t: TurnText) -> bool:
    folded = _FOR_COMPLAINT.sub(" ", t.folded)
    left = TurnText(folded, folded, accented=False) if folded != t.folded else t
    return bool(
        SYMPTOM_CUES.search(left) or EMERGENCY_SIGNS.search(left) or ALLERGY_SIGNS.search(left)
    )


def within_adult_dose(t: TurnText, frame: QueryFrame | None, lines: BookLines | None) -> bool:
    """An adult's one intake of one or two tablets of a wide-margin medicine, at or below the
    book's largest adult single dose, no sign, not pregnant or nursing (see the module
    docstring): a question, not an ingestion."""
    if frame is None or lines is None or len(frame.drugs) != 1 or _sign(t):
        return False
    if _PREGNANT.search(t.folded) is not None:
        return False
    drug = frame.drugs[0]
    # One or two tablets of a wide-margin medicine only: two warfarin 5 mg "thay vì 1" sit
    # inside the book's starting range, yet a doubled narrow-margin dose is acted on.
    if drug not in WIDE_MARGIN or _count(t) > 2:
        return False
    taken = taken_mg(_MEANT.sub(" ", t.folded))
    if taken is None or taken[1] != 1:
        return False
    book = adult_single_mg(lines(drug))
    return 0 < taken[0] <= book


_ONE_TABLET = re.compile(r"\b(?:1|mot) (?:vien|goi)\b")
_MORE = re.compile(r"\b(?:[2-9]|\d{2,}|hai|ba|bon|nam|may|vai|nhieu) (?:vien|goi|lan|lieu)\b")


def one_wide_margin_tablet(t: TurnText, drugs: list[str]) -> bool:
    """An adult's one tablet of a wide-margin medicine, taken by mistake, no sign: "e uống
    nhầm 1 viên cetirizin của chị, người lớn 1 viên là bình thường hả" asks about a dose."""
    if not drugs or any(d not in WIDE_MARGIN for d in drugs) or _sign(t):
        return False
    folded = t.folded
    if _PREGNANT.search(folded) is not None or _MORE.search(folded) is not None:
        return False
    return _ONE_TABLET.search(folded) is not None and _count(t) <= 1


__all__ = [
    "ADULT_STRENGTH_MG",
    "INFANT_MONTHS",
    "adult_single_mg",
    "adult_tablet_for_an_infant",
    "adult_takes",
    "one_wide_margin_tablet",
    "within_adult_dose",
]
