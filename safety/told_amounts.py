"""Amounts told in a turn that decide what was taken: more tablets in a day than any day's
dose, less the supply that is only left or bought ("lọ còn 28 viên"); the amount said as the
right one ("uống đúng 5ml"); a dose perhaps taken twice, told with doubt ("không nhớ đã uống
chưa nên uống thêm"); an amount as typed with diacritics, not another word folded into one
("mấy năm" is not "mấy nắm"). Read by `safety.ingestion` and `safety.reactions`."""

from __future__ import annotations

import re

from core.text import fold_aligned
from safety.cue_matching import cues
from safety.danger_signs import PRESCRIBED_CUES
from safety.ingestion_signs import (
    _CONTAINERS,
    _PAST,
    _STRONG,
    _count,
    _daily,
    _yes_no,
    access_sign,
    day_total,
    is_finish,
)
from safety.safety_cues import (
    ALLERGY_SIGNS,
    AMOUNT_CUES,
    AT_ONCE_CUES,
    CHILD_CUES,
    COMPLETED_CUES,
    DOSE_QUESTION_CUES,
    EMERGENCY_SIGNS,
    EXCESS_CUES,
    HABIT_CUES,
    HOLD_CUES,
    INGESTION_CUES,
    OTHERS_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    TREATMENT_CUES,
    UNSANCTIONED_CUES,
    UNSURE_CUES,
    WORRY_CUES,
    TurnText,
)

DAY_LARGE_COUNT = 12
"""Tablets told as taken within a day beyond the day's dose of the common tablets (paracetamol
500: 8 a day): an overdose even when the turn also tells the pain it was taken for."""


_SO_FAR = re.compile(r"\b(?:den gio|toi gio|den nay|toi nay|tong cong|dem (?:lai|vo|vi))\b")


def many_in_a_day(text: TurnText) -> str | None:
    """More tablets told as taken within a day (or at once) than any day's dose ("trong 1
    ngày uống hết 16 viên … rồi, vẫn đau"): a report, even beside the pain it was for."""
    amount = AMOUNT_CUES.search(text)
    # "trong ngày hôm nay"; a count reached so far ("đến giờ hết 14 viên", "đếm vỏ ra 15")
    done = COMPLETED_CUES.search(text) or _PAST.search(text.folded) or _SO_FAR.search(text.folded)
    if amount is None or TAKE_CUES.search(text) is None or not done or _yes_no(text):
        return None
    if day_total(text) < DAY_LARGE_COUNT or not (AT_ONCE_CUES.search(text) or _daily(text)):
        return None
    left = _SUPPLY.sub(" ", text.folded)
    if left != text.folded and day_total(TurnText.of(left)) < DAY_LARGE_COUNT:
        return None  # "mỗi sáng 1 viên, lọ còn 28 viên": what is left, not what was taken
    return amount


# The amount said as the one meant ("uống đúng 5ml siro", "đúng liều"): given, not too much.
RIGHT_AMOUNT = cues((r"(?:uống|cho|dùng) đúng (?:\d+(?:[.,]\d+)? ?(?:ml|viên|gói)|liều)",))


# A count of what is left or was supplied ("hộp còn 30 viên", "được kê 60 viên", "2 lọ 100
# viên"), not taken.
_SUPPLY = re.compile(
    r"\b(?:(?:hop|lo|vi|chai|tui|tu|nha) con(?: lai)?|con lai|ke|mua|phat) "
    r"(?:khoang |tam |duoc |them )?\d+ ?(?:vien|vi|v)\b|"
    # a pack's size, counted as packs ("mua 1 hộp 30 viên có đủ không")
    r"\b(?:\d+|mot|hai|ba) (?:hop|lo|chai) \d+ ?(?:vien|v)\b"
)


# Not sure a dose was taken ("không nhớ đã uống chưa"), then one taken or given anyway ("nên
# uống thêm 1 viên", "ca chiều cho uống rồi"): it may have been taken twice.
_WHETHER_TAKEN = re.compile(r"\b(?:uong|dung)(?: [^\s,]+){0,4}? (?:hay )?chua\b")
# (or again first: "bà lại cho uống 1 gói", "vẫn cho uống")
_GIVEN_ANYWAY = re.compile(
    r"\b(?:cho uong|uong|cho dung) (?:\w+ )?(?:roi|them|lai|tiep)\b|"
    r"\b(?:lai|van|cu) (?:cho (?:\w+ )?)?(?:uong|dung)\b"
)


def maybe_twice(text: TurnText) -> str | None:
    """A dose that may have been taken twice, told with doubt: ask before anything else."""
    if UNSURE_CUES.search(text) is None or (whether := _WHETHER_TAKEN.search(text.folded)) is None:
        return None
    again = _GIVEN_ANYWAY.search(text.folded, whether.end())
    return again.group(0) if again is not None else None


# The same dose given by carers who did not tell each other ("bị 3 người cho uống trong 2
# tiếng, k ai nói ai", "mỗi người cho con uống 1 lần", "em ko biết bà cho rồi", "xong mới
# thấy ca chiều ghi là cho uống rồi"): given twice or more.
_GIVEN = re.compile(r"\bcho (?:\w+ )?(?:uong|dung|an|ngam)\b")
_SEVERAL_GAVE = re.compile(
    r"\b(?:[2-9]|hai|ba|bon|ca hai|ca ba) (?:nguoi|dua) (?:\w+ ){0,2}?cho (?:\w+ )?(?:uong|dung)\b|"
    # each of them gave the one patient a dose ("hai vợ chồng mỗi người cho con uống 1 lần")
    r"\bmoi nguoi (?:deu |da |lai )?cho (?:con|be|chau|ong|ba|bo|me|no|em) (?:uong|dung)\b"
)
_NOBODY_TOLD = re.compile(r"\b(?:khong|ko|k|chang|cha) ai (?:noi|bao|biet|hoi) (?:cho |voi )?ai\b")
_NOT_KNOWING_GIVEN = re.compile(
    r"\b(?:khong|ko|k|chua|chang) (?:he )?biet (?:la )?(?:\w+ ){1,3}?(?:da )?cho "
    r"(?:\w+ )?(?:uong |dung )?roi\b"
)
_FOUND_GIVEN = re.compile(
    r"\bmoi (?:thay|biet|phat hien|nho ra)\b[^.!?]{0,60}?\b(?:da )?cho (?:\w+ )?(?:uong|dung) roi\b"
)


def given_unaware(text: TurnText) -> str | None:
    """A dose given again by someone who did not know it was given (see above)."""
    folded = text.folded
    if _GIVEN.search(folded) is None:
        return None
    for told in (_SEVERAL_GAVE, _NOBODY_TOLD, _NOT_KNOWING_GIVEN, _FOUND_GIVEN):
        if (m := told.search(folded)) is not None:
            return m.group(0)
    return None


def _several_gave(text: TurnText) -> bool:
    return (
        _SEVERAL_GAVE.search(text.folded) is not None
        or _NOBODY_TOLD.search(text.folded) is not None
    )


def not_meant(t: TurnText) -> bool:
    """Taken by whom it was not meant for, with a sign now, or perhaps twice (another carer
    may have given it already): whatever its amount, not a dose as meant."""
    sign = SYMPTOM_CUES.search(t) or EMERGENCY_SIGNS.search(t) or ALLERGY_SIGNS.search(t)
    return bool(
        sign
        or INGESTION_CUES.search(t)
        or UNSANCTIONED_CUES.search(t)
        or OTHERS_CUES.search(t)
        or maybe_twice(t)
    )


def twice_told(text: TurnText, *, child_known: bool) -> tuple[str, bool] | None:
    """A dose perhaps taken twice, told with doubt (`maybe_twice`: ask), or given again by a
    second carer (`given_unaware`: a report for a child, or when several gave it without a
    word to each other, whoever took it): the cue, and whether it is sure."""
    if (twice := maybe_twice(text)) is not None:
        return twice, False
    if (again := given_unaware(text)) is None:
        return None
    return again, child_known or CHILD_CUES.search(text) is not None or _several_gave(text)


# Taken again ("2 lần", "lần nữa", "thêm 1 viên nữa"), unless it is a day's schedule ("ngày
# 2 lần", "2 lần mỗi ngày").
_REPEATED = re.compile(r"\b(?:2|hai|3|ba) lan\b|\blan (?:nua|2|hai)\b|\b(?:vien|lan|goi) nua\b")
_A_DAYS_SCHEDULE = re.compile(
    r"\bngay (?:uong |dung )?(?:2|hai|3|ba) lan\b|"
    r"\b(?:2|hai|3|ba) lan (?:moi |mot |1 |trong |/ ?)ngay\b"
)


def usual_adult_count(text: TurnText, *, child: bool, symptom: str | None) -> bool:
    """An adult's one or two tablets with no sign, no doubt and nobody else's medicine ("tôi
    uống 2 viên lúc 7h sáng, 60kg", "bố ngày uống 1 viên rưỡi"): a dose as taken or as
    prescribed, told before a question; the second opinion alone never makes it an event."""
    if child or symptom is not None or UNSURE_CUES.search(text) or OTHERS_CUES.search(text):
        return False
    folded = text.folded
    if _REPEATED.search(folded) and not _A_DAYS_SCHEDULE.search(folded):
        return False  # "bà uống 2 lần rồi, sáng 1 viên trưa 1 viên nữa": one dose taken twice
    return _count(text) <= 2 and not _CONTAINERS.search(folded)


# "có … không" around a few words ("có quá không", "có nhiều quá ko"): a yes/no question.
_CO_KHONG = re.compile(r"\bco\b[^.!?]{0,25}?\b(?:khong|ko|k|hong|hok|hem)\b")


def complaint_first(text: TurnText, symptom: str, take: str) -> bool:
    """A symptom told before the taking, in a turn that asks about the amount and tells
    nothing done ("nó đau đầu muốn xỉu, cho uống 2 viên có nhiều quá không"): the complaint
    the medicine is for, not a sign that followed it."""
    folded = text.folded
    at_sign, at_take = folded.find(fold_aligned(symptom)), folded.find(fold_aligned(take))
    if at_sign < 0 or at_take < 0 or at_sign > at_take:
        return False
    asked = _yes_no(text) or DOSE_QUESTION_CUES.search(text) is not None
    asked = asked or _CO_KHONG.search(folded) is not None
    return asked and COMPLETED_CUES.search(text) is None and not _PAST.search(folded)


# Giving asked about, yes or no ("cho uống 2 viên có quá không", "cho nó uống nửa viên có
# được ko"): whether to give it, nothing given yet.
_GIVE_ASKED = re.compile(
    r"\bcho (?:\w+ )?uong\b[^.!?]{0,40}?\bco\b[^.!?]{0,20}?\b(?:khong|ko|k|hong|hok)\b"
)


def giving_asked(text: TurnText) -> bool:
    """Whether to give it, asked yes or no, with nothing told as done (`_GIVE_ASKED`)."""
    if COMPLETED_CUES.search(text) is not None or _PAST.search(text.folded):
        return False
    return _GIVE_ASKED.search(text.folded) is not None


def sign_after(text: TurnText, symptom: str | None, take: str) -> str | None:
    """The symptom, unless it is the complaint told before the taking (`complaint_first`)."""
    return None if symptom is None or complaint_first(text, symptom, take) else symptom


# Tablets found missing from a pack, counted ("thiếu mất 4 viên", "mất 3 viên", "hụt vài
# viên"); one ("mất 1 viên") may be a dose given and forgotten.
_MISSING_TABLETS = re.compile(
    r"\b(?:thieu|mat|hut|vang)(?: mat| di)? (?:[2-9]|\d{2}|hai|ba|bon|nam|vai|may) (?:vien|goi)\b"
)


def missing_tablets(text: TurnText) -> bool:
    """Two or more tablets found missing (`_MISSING_TABLETS`), told, not feared."""
    return _MISSING_TABLETS.search(text.folded) is not None


def asks_of_a_hold(text: TurnText) -> bool:
    """A child holding a medicine, with a dose asked or a habit told, not an event: "bs kê …
    ngày 2 viên, vậy có nhiều quá ko" asks an amount yes or no ("… cắn 2 viên rơi dưới sàn rồi
    ạ" tells); "bé hay nghịch vỉ thuốc, làm sao cho bé không nghịch" is a habit. A worry about
    what happened ("… thiếu mất 4 viên, có cần đưa đi viện không") asks no dose."""
    worried = WORRY_CUES.search(text) is not None
    asked = _yes_no(text) and _PAST.search(text.folded) is None and not worried
    question = DOSE_QUESTION_CUES.search(text) is not None and not worried
    return question or asked or HABIT_CUES.search(text) is not None


# An amount as typed: a count (digits or a number word) and a unit. Folded, "mấy năm" (a few
# years) and "nằm lơ mơ" (lying drowsy) read as "mấy nắm", "năm lọ".
_NUMBER_WORDS = frozenset(
    "một hai ba bốn tư năm sáu bảy tám chín mười mươi chục mấy vài dăm nhiều".split()  # noqa: SIM905
)
_UNITS = frozenset(
    "viên vỉ chai lọ hộp gói ống ml thìa muỗng nắm vốc liều cữ nhát v".split()  # noqa: SIM905
)


def typed_amount(t: TurnText) -> str | None:
    """The amount `AMOUNT_CUES` reads, unless its count and unit, as typed with diacritics,
    are other words ("mấy năm", "nằm lơ")."""
    amount = AMOUNT_CUES.search(t)
    if amount is None or not t.accented:
        return amount
    at = t.folded.find(amount)
    words = t.lowered[at : at + len(amount)].split()
    if len(words) < 2 or fold_aligned(words[-1]) not in _FOLDED_UNITS:
        return amount  # not a count and a unit ("cùng lúc", "hết chai")
    count, unit = words[-2], words[-1]
    typed_unit = unit.isascii() or unit in _UNITS
    typed_count = count.isascii() or count in _NUMBER_WORDS
    return amount if typed_unit and typed_count else None


_FOLDED_UNITS = frozenset(fold_aligned(u) for u in _UNITS)


# The one who speaks gave it ("em cho uống", "mình cho bé uống"), or made it up or measured it
# out for the child ("pha chai bột cho thằng nhỏ uống", "đong siro cho con uống"): a carer's
# dose, not the child who got at it.
_GIVEN_TO = r"(?:(?:be|con|no|chau|em be|be nha \w+|thang nho|con nho|thang cu|chau nho) )?"
_PREPARED = re.compile(
    rf"\b(?:pha|dong|rot|bon) (?:\w+ ){{0,4}}?cho {_GIVEN_TO}(?:uong|dung|ngam)\b"
)
_SPEAKER_GAVE = re.compile(
    rf"\b(?:e|em|minh|tui|toi|t|me|chi|anh) (?:da |vua |moi |co |cung )?"
    rf"cho {_GIVEN_TO}(?:uong|dung|xit|ngam|nhai)\b|{_PREPARED.pattern}"
)


def carer_prepared(text: TurnText, symptom: str | None) -> bool:
    """A dose made up or measured out for the child by a carer, as meant ("pha chai bột cho
    thằng nhỏ uống"): no event, however sure the second opinion is."""
    return _PREPARED.search(text.folded) is not None and given_as_meant(text, symptom)


# A count said as a schedule ("6 viên mỗi tuần", "ngày 2 viên", "tuần uống 6 viên").
_SCHEDULE = re.compile(
    r"\b\d+ (?:vien|goi|ml|lan) (?:\w+ )?(?:moi|hang|1|mot) (?:ngay|tuan|sang|toi)\b|"
    r"\b(?:ngay|tuan) (?:uong )?\d+ (?:vien|goi|lan)\b"
)


def given_as_meant(text: TurnText, symptom: str | None) -> bool:
    """A dose given as meant: as the doctor said ("như bs dặn", "theo đơn") or by the one who
    speaks ("em cho uống siro"), at most one tablet or a schedule the doctor set ("bs dặn 6
    viên mỗi tuần"), nothing told beyond it (no amount, no sign): what the patient is on,
    not an event to ask about."""
    if symptom is not None:
        return False
    meant = PRESCRIBED_CUES.search(text) is not None
    if meant and _SCHEDULE.search(text.folded) is not None:
        return True
    if AMOUNT_CUES.search(text) is not None or _count(text) > 1:
        return False
    return meant or _SPEAKER_GAVE.search(text.folded) is not None


# Each amount told, as a number and a unit; a strength's volume ("250mg/5ml") is no amount.
_AMOUNT_TOLD = re.compile(
    r"(?<!/)(?<!/ )\b(\d+(?:[.,]\d+)?|mot|nua|hai|ba) ?(ml|vien|goi|ong|thia|muong|v)\b"
)
# Words that tell more than one measure given: again, instead, by mistake, a part, a fall.
_BEYOND_ONE = re.compile(
    r"\b(?:nua|lai|them|lan|dung ra|dang le|le ra|thay vi|nham|ngam|nhai|ca|het|tu)\b"
)
_INFANT = re.compile(r"\b(?:so sinh|(?:[1-9]|1[01]) (?:thang|th|tuan|ngay)(?! truoc))\b")
ONE_MEASURE_ML = 5.0
"""A teaspoon, the smallest usual measure of a syrup: one given is a dose, not an event."""


def one_measure(text: TurnText) -> bool:
    """One amount told, one ordinary measure of a liquid or a sachet (at most 5 ml, a spoon,
    a sachet), for a child past infancy, with nothing told beyond it (no excess, nobody
    else's medicine, no taking unbidden, no doubt, no again or instead): "bé uống 5ml siro
    ho rồi" tells a dose given, not an event. Tablets are not weighed here: one tablet of
    some medicines is an emergency for a child."""
    told = _AMOUNT_TOLD.findall(text.folded)
    if len(told) != 1 or _INFANT.search(text.folded) or _BEYOND_ONE.search(text.folded):
        return False
    if "rơi" in text.lowered or _CONTAINERS.search(text.folded) or HOLD_CUES.search(text):
        return False
    if EXCESS_CUES.search(text) or OTHERS_CUES.search(text) or UNSANCTIONED_CUES.search(text):
        return False
    if UNSURE_CUES.search(text) is not None or AT_ONCE_CUES.search(text) is not None:
        return False
    number, unit = told[0]
    n = 1.0 if number == "mot" else 0.5 if number == "nua" else None
    n = float(number.replace(",", ".")) if n is None and number[0].isdigit() else (n or 9.0)
    if unit == "ml":
        return n <= ONE_MEASURE_ML
    return unit in ("goi", "thia", "muong") and n <= 1.0


_NOW = re.compile(r"\b(?:gio|bay gio|dang|hien tai|sau do|thi bi|xong bi|roi bi)\b")


def at_once_told(at_once: str | None, text: TurnText) -> bool:
    """Two tablets at once told, not asked: "uống 2 viên … một lúc lần đầu có sao không, em
    bị tiêu chảy" asks about a dose (the complaint is what it is for); with a word that it
    happened or that the sign is now ("rồi", "giờ"), it is told."""
    if at_once is None:
        return False
    asked = WORRY_CUES.search(text) is not None or _yes_no(text)
    return not asked or bool(_PAST.search(text.folded) or _NOW.search(text.folded))


# The illness still there after the pack ("mà vẫn còn ho", "chưa hết sốt", "mua thêm").
_ILL_STILL = re.compile(
    r"\b(?:van|chua|khong|ko|chang) (?:con |het |thay )?(?:ho|sot|dau|so mui|nghet mui|"
    r"tieu chay|ngua|do|khoi|ha|bot|dut)\b|\bmua (?:tiep|them)\b"
)


def finished_course(hit: str, text: TurnText) -> bool:
    """A pack finished (`hit`, "uống hết vỉ") beside a course ("kháng sinh", "vẫn ho"): the
    course taken as meant. A child's too when the illness is still there and no word tells
    they got at it ("bé uống hết vỉ rồi mà vẫn còn ho, có cần mua thêm ko")."""
    if not is_finish(hit) or TREATMENT_CUES.search(text) is None:
        return False
    if CHILD_CUES.search(text) is None:
        return True
    got_at = access_sign(text) or _STRONG.search(text.folded) is not None
    return _ILL_STILL.search(text.folded) is not None and not got_at


_NOT_BEFORE = re.compile(
    r"\b(?:khong|ko|k|chua|chang|cha|hong|het|khong he|chua he)(?: bi| co| thay)? $"
)


def denied(text: TurnText, sign: str) -> bool:
    """The sign is said not to be there ("không chảy máu gì", "chưa thấy nôn")."""
    at = text.folded.find(sign)
    return at >= 0 and _NOT_BEFORE.search(text.folded[max(0, at - 20) : at]) is not None
