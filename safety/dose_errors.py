"""A medication error told, as a ward or a family tells it: the same dose given twice, or an
amount many times the one meant.

- Given twice: two people or two shifts who each gave it ("bố với mẹ đều cho uống", "ca đêm
  với ca sáng đều tiêm", "bàn giao ca sót"), a doubt that it was ("không nhớ … có khi uống 2
  lần"), or two doses of someone else's within hours or
  this morning with a sign now ("sáng nay uống 2 lần lasix, giờ mệt lả"). Twice a day as a
  schedule ("ngày 2 lần", "2 lần mỗi ngày") is no error.
- More than meant: two amounts of one kind, the one meant beside a word of prescription or
  of what should have been (kê, dặn, đơn, đáng lẽ, lẽ ra, thường), the one given at least
  twice it ("bs kê 2,5ml mà e cho uống 25ml", "5ml, đáng lẽ chỉ 0.5ml"); or a multiple said
  outright beside a slip ("cài nhầm gấp 10").

Predicates of one turn's folded text; `safety.triage` reads the result as an emergency
unless the turn is a hypothetical or asks whether it may be done.
"""

from __future__ import annotations

import re
from itertools import pairwise

from safety.asked_not_told import complaint_idiom
from safety.cue_matching import TurnText
from safety.safety_cues import COMPLETED_CUES, HYPOTHETICAL_CUES, SYMPTOM_CUES

_TWICE = re.compile(r"\b(?:2|hai|3|ba) (?:lan|lieu|cu)\b")
# "ngày 2 lần", "2 lần mỗi ngày", "2 lần/ngày": a schedule.
_SCHEDULE = re.compile(
    r"\b(?:ngay|moi ngay|1 ngay|mot ngay|tuan) (?:uong |dung |tiem )?(?:2|hai|3|ba) lan\b|"
    r"\b(?:2|hai|3|ba) lan (?:(?:moi|mot|1|trong|\w+ trong) ngay|/ ?ngay|mot tuan|moi tuan)\b"
)
# Two who each gave it, or a handover that missed it.
_TWO_GIVERS = re.compile(
    r"\bdeu (?:cho|dua|tiem|chich|truyen|bom|uong|phat|pha)\b|\bban giao\b|\bgiao ca\b|"
    r"\bca (?:dem|ngay|sang|chieu|toi|truc|truoc) (?:voi|va) ca\b|\bhai ca\b|"
    r"\b(?:do|vi) (?:\w+ ){0,3}?(?:quen|sot|nham)\b|"  # "do điều dưỡng quên ghi"
    r"\b(?:roi|xong) (?:ma )?quen\b|\b(?:ba|ong|bo|me|chong|vo|anh|chi) lai\b"  # "bà lại đặt thêm"
)
# A second dose told as such: "lại uống thêm lượt nữa", "bà lại đặt thêm 1 viên", "1 tiếng
# sau cho uống thêm 1 gói": with a doubt, a second giver or within hours, given twice.
_AGAIN_DOSE = re.compile(
    r"\blai (?:\w+ ){0,2}?(?:them|nua)\b|\bthem (?:1 |mot )?(?:luot|lan|cu|lieu) nua\b|"
    r"\b(?:uong|dat|tiem|cho uong|pha) them (?:1|mot) (?:vien|goi|lan|lieu|cu|luot|ong)\b"
)
# Not sure a dose was not taken again ("không nhớ sáng nay uống chưa, có khi uống 2 lần").
_DOUBT = re.compile(
    r"\b(?:khong|ko|chang|cha) nho\b|\bco khi\b|\bhinh nhu\b|\btuong (?:la )?chua\b|\blu lan\b|"
    # "mẹ hay quên, sáng nay chắc uống 2 lần": probably taken twice, by one who forgets
    r"\bhay quen\b|\bchac (?:la )?(?:da |lai )?(?:uong|dung|tiem|xit|cho uong)\b"
)
_NOW = re.compile(r"\b(?:gio|bay gio|dang|hien gio|luc nay)\b")
_WITHIN_HOURS = re.compile(
    r"\btrong (?:vong )?(?:1|mot|2|hai|3|ba|4|bon|nua) (?:tieng|gio|buoi)\b|"
    r"\b(?:\d+|mot|hai|nua) (?:tieng|gio|phut|p) (?:sau|sau do)\b|"
    r"\bcach (?:nhau )?\d+ ?(?:p|phut)\b|"
    r"\b(?:sang|trua|chieu|toi) nay\b|\btu sang\b|\bnay gio\b"
)
# Given to them, not their own schedule: "bị/được cho uống", "bé nhận 2 liều".
_GIVEN = re.compile(r"\b(?:bi|duoc) (?:cho |tiem|chich|truyen)|\bnhan\b|\bcho (?:uong|tiem)\b")

_QUANTITY = re.compile(
    r"(?<![\w.,])(\d+(?:[.,]\d+)?) ?(ml|mg|mcg|vien|goi|giot|nhat|ong|thia|muong)\b"
)
# What was meant: the quantity right after one of these words.
_MEANT = re.compile(
    r"\b(?:ke|dan|don|dang le|dang ra|le ra|chi|thuong|binh thuong|huong dan|ghi|bao|thay vi|"
    r"(?:bac si|bs) cho)\b"
    r"(?: \S+){0,4}? (\d+(?:[.,]\d+)?) ?(ml|mg|mcg|vien|goi|giot|nhat|ong|thia|muong)\b"
)
_MEANT_WORD = re.compile(
    r"\b(?:ke|dan|don|dang le|dang ra|le ra|chi|thuong|binh thuong|huong dan|ghi|bao|thay vi|"
    r"(?:bac si|bs) cho)\b"
)
_CONTRAST = re.compile(r"\b(?:ma|nhung|thanh|thay vi|dang le|le ra|chu khong)\b")
_MULTIPLE = re.compile(
    r"\b(?:nham|lon|sai|thanh|bi) (?:\S+ ){0,2}?gap (?:doi|ba|\d+|muoi|chuc)\b|"
    r"\bgap (?:\d{2}|muoi|chuc) lan\b"
)
# The larger amount is one given ("cho uống 25ml", "đọc thành 15ml"), not a pack's size
# ("nhà thuốc bán chai 60ml").
_GIVEN_AMOUNT = re.compile(
    r"\b(?:uong|tiem|chich|bom|rot|dong|thanh|nhan|xit|nho|cho (?:be |con |chau )?(?:uong|dung))"
    r"(?: \S+){0,3}? ?$"
)
_PER_DAY = re.compile(r"\bngay (?:uong )?(\d|mot|hai|ba|bon) (?:vien|lan)\b")
_NUMBER = {"mot": 1, "hai": 2, "ba": 3, "bon": 4, **{str(n): n for n in range(1, 10)}}
TOO_MUCH = 2.0
"""Given at least this many times the meant amount is an error to act on."""


def _value(number: str) -> float:
    return float(number.replace(",", "."))


def given_twice(t: TurnText) -> str | None:
    """The same dose given twice (see the module docstring): the words, or None."""
    folded = t.folded
    twice = _TWICE.search(folded) or _AGAIN_DOSE.search(folded)
    if twice is None or _SCHEDULE.search(folded) is not None:
        return None
    if _TWO_GIVERS.search(folded) is not None or _DOUBT.search(folded) is not None:
        return twice.group(0)
    soon = _WITHIN_HOURS.search(folded) is not None
    said = SYMPTOM_CUES.search(t)
    # "nhức đầu muốn ngất, … 3 tiếng sau uống thêm 1 viên được không": the complaint, asked
    sign = said is not None and not complaint_idiom(t, said)
    if soon and (sign or _GIVEN.search(folded) is not None):
        return twice.group(0)
    if sign and _NOW.search(folded) is not None:
        return twice.group(0)  # "ông uống 2 lần diamicron …, giờ ông đang vã mồ hôi"
    return None


# A strength picked up by mistake for the one meant ("lấy nhầm lọ heparin 5000 UI/ml thay vì
# lọ 50 UI/ml"): every ml given holds the ratio of the two.
_STRENGTH_SAID = r"(\d+(?:[.,]\d+)?) ?(ui|iu|mg|mcg|g|don vi)(?: ?/ ?(?:\d+ ?)?ml)?\b"
_MIXUP = re.compile(
    r"\bnham\b(?: \S+){0,4}? " + _STRENGTH_SAID + r"(?: \S+){0,3}? "
    r"(?:thay vi|chu khong phai|dang le|le ra|thay cho)(?: \S+){0,3}? " + _STRENGTH_SAID
)


def _strength_mixup(t: TurnText) -> str | None:
    mix = _MIXUP.search(t.folded)
    if mix is None or mix.group(2) != mix.group(4) or HYPOTHETICAL_CUES.search(t):
        return None
    given, meant = _value(mix.group(1)), _value(mix.group(3))
    return mix.group(0) if meant > 0 and given >= TOO_MUCH * meant else None


def more_than_meant(t: TurnText) -> str | None:
    """An amount given many times the one meant, a strength mixed up for a weaker one, or a
    multiple said beside a slip: the words."""
    folded = t.folded
    if (multiple := _MULTIPLE.search(folded)) is not None:
        return multiple.group(0)
    if (mixup := _strength_mixup(t)) is not None:
        return mixup
    # "bs cho tối 1 viên, mẹ uống luôn 3 viên, giờ gọi mãi mới mở mắt": a sign stands for "mà"
    contrast = _CONTRAST.search(folded) is not None or SYMPTOM_CUES.search(t) is not None
    word = _MEANT_WORD.search(folded)
    if word is None or not contrast:
        return _more_per_day(folded)
    # every amount in the few words after the word of what was meant ("5mg tối 1 viên")
    window = folded[word.end() : word.end() + 40]
    meant = {
        _in_ml(q, folded)[1]: (_in_ml(q, folded)[0], word.end() + q.start(1))
        for q in reversed(list(_QUANTITY.finditer(window)))
    }
    for other in _QUANTITY.finditer(folded):
        amount, unit = _in_ml(other, folded)
        value, at = meant.get(unit, (0.0, -1))
        if value <= 0 or other.start(1) == at:
            continue
        given = _GIVEN_AMOUNT.search(folded[max(0, other.start() - 30) : other.start()])
        if given is not None and amount >= TOO_MUCH * value:
            return other.group(0)
    return _more_per_day(folded)


_SOUP_SPOON = re.compile(r"\b(?:thia|muong) (?:an )?canh\b")


def _in_ml(q: re.Match[str], folded: str) -> tuple[float, str]:
    """A quantity, spoons read as ml (a soup spoon 15 ml, any other 5 ml): "bs dặn 2,5ml mà
    lấy thìa canh đong, cho uống 2 thìa" is 30 ml against 2,5 ml."""
    value, unit = _value(q.group(1)), q.group(2)
    if unit not in ("thia", "muong"):
        return value, unit
    return value * (15.0 if _SOUP_SPOON.search(folded) else 5.0), "ml"


def _more_per_day(folded: str) -> str | None:
    """ "ngày 1 viên nhưng … cho uống ngày 2 lần": the usual day's amount, then more given."""
    days = list(_PER_DAY.finditer(folded))
    for first, later in pairwise(days):
        between = folded[first.end() : later.start()]
        usual, given = _NUMBER.get(first.group(1)), _NUMBER.get(later.group(1))
        if usual is None or given is None or _CONTRAST.search(between) is None:
            continue
        if given >= TOO_MUCH * usual:
            return later.group(0)
    return None


# Asked whether it may be done ("cho uống 2 lần được không"), with nothing told done.
_MAY_I = re.compile(r"\b(?:duoc|dc|đc) (?:khong|ko|k|hong|hok|chua|chu)\b|\bco (?:nen|duoc)\b")


def within_twice_meant(t: TurnText) -> bool:
    """An amount given beside the one meant, less than twice it ("đơn kê 5ml mà lỡ cho uống
    7,5ml"): a small excess the dose row answers, not an ingestion."""
    folded = t.folded
    meant = _MEANT.search(folded)
    if meant is None or _MULTIPLE.search(folded) is not None:
        return False
    value, unit = _value(meant.group(1)), meant.group(2)
    others = [
        _value(q.group(1))
        for q in _QUANTITY.finditer(folded)
        if q.start(1) != meant.start(1) and q.group(2) == unit
    ]
    return bool(others) and value > 0 and max(others) < TOO_MUCH * value


WIDE_MARGIN: frozenset[str] = frozenset(
    {
        "amoxicillin",
        "amoxicillin_clavulanate",
        "azithromycin",
        "cefuroxime",
        "clarithromycin",
        "ciprofloxacin",
        "cetirizine",
        "loratadine",
        "omeprazole",
        "atorvastatin",
        "simvastatin",
        "paracetamol",
        "ibuprofen",
        "prednisolone",
        "allopurinol",
        # two 2 mg capsules are the book's first adult dose for acute diarrhoea
        "loperamide",
    }
)
"""Formulary ids whose one dose taken twice by an adult is far below any harm: the pharmacist
says what to do about the next dose, nobody calls 115."""

# One dose taken again: twice within the day, double, one more dose, two tablets for one.
_DOUBLED = re.compile(
    r"\b(?:2|hai) (?:lan|lieu|cu)\b(?! ?/ ?ngay| (?:moi|mot|1|trong) ngay)|\bgap doi\b|"
    r"\b(?:them|trung|lai) (?:1 |mot )?(?:lieu|cu|lan)\b|\bthem (?:1|mot) vien\b|"
    r"\b(?:2|hai) vien (?:\S+ ){0,3}?(?:1 luc|mot luc|cung luc|thay vi)|"
    # taken again because one forgot it was taken ("tưởng chưa uống", "quên là uống rồi")
    r"\b(?:tuong|nho nham|quen) (?:la )?(?:\w+ )?(?:chua uong|uong roi)\b"
)
# More than twice: three doses, several tablets, a pack.
_MORE = re.compile(
    r"\b(?:[3-9]|\d{2,}|ba|bon|nam|sau|may|vai|nhieu) (?:lan|lieu|vien|cu|goi)\b|"
    r"\bgap (?:ba|\d)|\b(?:ca|nguyen|het|nua|\d+|mot|hai) (?:vi|lo|hop|chai)\b"
)


_PREGNANT = re.compile(r"\b(?:bau|mang thai|co thai|thai \d+|cho (?:con )?bu)\b")


def _without_because(t: TurnText) -> str:
    """The folded text with each "vì" (because) typed with its mark blanked: "loratadin 10 vì
    tưởng chưa uống" holds no "10 vỉ" (ten blisters)."""
    folded = t.folded
    for m in re.finditer(r"\bvì\b", t.lowered):
        folded = folded[: m.start()] + "  " + folded[m.end() :]
    return folded


def doubled_wide_margin(t: TurnText, drugs: list[str], *, child: bool) -> bool:
    """An adult who took one dose of a wide-margin drug (`WIDE_MARGIN`) twice ("uống
    amoxicillin 2 lần trong 1 tiếng vì tưởng chưa uống", "2 viên thay vì 1"), no sign now: a
    question the book answers, not an emergency."""
    if child or not drugs or any(d not in WIDE_MARGIN for d in drugs):
        return False
    folded = t.folded
    if _PREGNANT.search(folded) is not None:
        return False  # "đang bầu 3 tháng, lỡ uống 2 viên liền nhau": the baby is the question
    if _DOUBLED.search(folded) is None or _MORE.search(_without_because(t)) is not None:
        return False
    return SYMPTOM_CUES.search(t) is None


# A fever or pain medicine given every three hours or less, over a day or more ("siro hạ sốt
# 3 tiếng 1 lần từ hôm qua tới giờ"): doses closer than the book's 4 to 6 hours, told.
_OFTEN = re.compile(
    r"\b(?:[1-3]|mot|hai|ba) ?(?:tieng|gio|h) (?:\w+ ){0,2}?(?:1|mot) (?:lan|cu)\b|"
    r"\b(?:moi|cu|cach) (?:[1-3]|mot|hai|ba) ?(?:tieng|gio|h) (?:\w+ ){0,3}?(?:uong|dat)\b"
)
_OVER_A_DAY = re.compile(
    r"\btu (?:hom qua|sang|toi qua|dem qua|trua|chieu)\b|\btoi gio\b|\bca (?:ngay|dem)\b|"
    r"\bsuot\b|\blien tuc\b|\b(?:may|[2-9]|hai|ba) ngay (?:nay|roi|lien)\b"
)
_FEVER_OR_PAIN = re.compile(
    r"\b(?:ha sot|giam dau|paracetamol|para|hapacol|panadol|efferalgan|tylenol|ibuprofen|ibu)\b"
)


def too_often(t: TurnText) -> str | None:
    """A fever or pain medicine told as given every three hours or less over a day: the
    words of the interval."""
    folded = t.folded
    often = _OFTEN.search(folded)
    if often is None or _OVER_A_DAY.search(folded) is None:
        return None
    return often.group(0) if _FEVER_OR_PAIN.search(folded) is not None else None


# Millilitres given where drops were meant, about twenty times the amount: "đã nhỏ 20ml
# rồi, không phải 20 giọt"; "đổ cốc đong tới vạch 10, tưởng là 10 giọt".
_ML_FOR_DROPS = re.compile(
    r"\b\d+(?:[.,]\d+)? ?ml\b[^.!?]{0,40}?\b(?:khong phai|ko phai|k phai|chu khong phai|"
    r"thay vi|thay cho) (?:la )?\d+ giot\b|"
    r"\b(?:ml|vach|coc dong|coc chia|ong dong|xi ?lanh)\b[^.!?]{0,60}?\btuong (?:la )?\d+ giot\b"
)


def drops_as_ml(t: TurnText) -> str | None:
    """Millilitres given for drops (`_ML_FOR_DROPS`), told: the words."""
    found = _ML_FOR_DROPS.search(t.folded)
    return None if found is None else found.group(0)


def dose_error(t: TurnText) -> str | None:
    """A dose given twice or many times the meant amount, told in this turn (not supposed,
    not asked whether it may be done): the words."""
    if HYPOTHETICAL_CUES.search(t) is not None:
        return None
    asked = _MAY_I.search(t.folded) is not None
    if asked and SYMPTOM_CUES.search(t) is None and COMPLETED_CUES.search(t) is None:
        return None
    return given_twice(t) or more_than_meant(t) or too_often(t) or drops_as_ml(t)


def error_then_sign(before: str | None, text: str) -> str | None:
    """A dose given twice told in the turn before, not asked ("ông uống 2 lần diamicron mà
    không ăn gì"), and a sign now in this one ("giờ ông đang vã mồ hôi"): the words."""
    if not before:
        return None
    told = TurnText.of(before)
    if _MAY_I.search(told.folded) is not None or "?" in before:
        return None
    now = TurnText.of(text)
    if SYMPTOM_CUES.search(now) is None or _NOW.search(now.folded) is None:
        return None
    return given_twice(TurnText.of(f"{before} . {text}"))


__all__ = [
    "TOO_MUCH",
    "WIDE_MARGIN",
    "dose_error",
    "doubled_wide_margin",
    "drops_as_ml",
    "error_then_sign",
    "given_twice",
    "more_than_meant",
    "too_often",
    "within_twice_meant",
]
