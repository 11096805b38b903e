"""Pregnancy and nursing as people say them: the term of a pregnancy (weeks, months, trimester)
and a mother who breastfeeds speaking of her baby (issue 22). Pure functions of the `Turn`."""

from __future__ import annotations

import re

from core.frame import PatientContext
from understanding.numbers import UNITS
from understanding.speaker import speaks_of_self
from understanding.text import Turn

_TRIMESTER = re.compile(
    r"(?:3|ba) thang (dau|giua|cuoi)|tam ca nguyet (?:thu )?(nhat|hai|ba|1|2|3|dau|giua|cuoi)"
    r"|(dau|giua|cuoi) (?:thai ky|ky thai|cua thai ky)|(sap sinh|sap de|gan sinh|gan ngay sinh)"
    r"|(1st|first|2nd|second|3rd|third) trimester|trimester (1|2|3)(?![\w/])"
)
_TRIMESTER_WORDS = {
    "dau": 1, "nhat": 1, "1": 1, "1st": 1, "first": 1,
    "giua": 2, "hai": 2, "2": 2, "2nd": 2, "second": 2,
}  # fmt: skip
_PREGNANCY_WEEKS = re.compile(
    r"(?<![\w/])(\d{1,2})\s*(?:tuan|weeks?|w)(?![\w/])(?!\s*tuoi)|tuan (?:thu )?(\d{1,2})(?!\w)"
)
_MONTH_WORDS = "mot|hai|ba|bon|nam|sau|bay|tam|chin"
_PREGNANCY_MONTH = re.compile(
    rf"(?:thai|bau)\s*(?:bi\s*|ky\s*|(?:\w+\s+){{1,4}}(?=duoc|dc|khoang|da)"
    # which child it is: "bầu con so 8 tháng", "bầu lần hai 5 tháng"
    r"|(?:con so|con dau|con thu \w+|lan (?:dau|\d|hai|ba|bon))[\s,]+)?"
    rf"(?:moi\s*)?(?:duoc\s*|dc\s*|khoang\s*|da\s*)?(?:hon\s*|gan\s*|tam\s*|chua\s*)?"
    rf"(\d|{_MONTH_WORDS})\s*(?:thang|th)(?!\w)"
    r"(?!\s*tuoi)(\s*ruoi)?"
    rf"|thang thu\s*(\d|{_MONTH_WORDS})(?!\w)"
)
# A month said bare, after she said she is pregnant ("được 8 tháng rồi"): the term.
_BARE_MONTH = re.compile(
    rf"(?<![a-z0-9])(?:duoc\s*|dc\s*|khoang\s*|da\s*)?(\d|{_MONTH_WORDS})\s*(?:thang|th)(?!\w)"
    r"(?!\s*tuoi)(\s*ruoi)?"
)
# Someone else is pregnant and the speaker asks for herself ("chị dâu em đang bầu 5 tháng, còn
# em bị nấm …"): who is pregnant, then "còn" and the speaker.
_SOMEONE_ELSE = re.compile(
    r"(?<![a-z])(?:chi dau|em dau|chi gai|em gai|e gai|chi ho|em ho|ban gai|ban|dong nghiep"
    r"|hang xom|chi|co|vo ban|con gai|chau gai)(?: (?:cua )?(?:em|e|minh|toi|tui|anh|t))?"
    r" (?:dang |cung |moi |)(?:bau|mang bau|mang thai|co thai|co bau)(?![a-z])"
    r".*?(?<![a-z])con (?:em|e|minh|toi|tui|t|anh)(?! be)(?![a-z])"
)
# A month of pregnancy in weeks (4.345 weeks a month; "rưỡi" adds half a month).
_WEEKS_PER_MONTH = 4.345
# Said of a pregnancy without naming it: "thai 32 tuần", "3 tháng cuối", "tam cá nguyệt".
_PREGNANCY_TERM = re.compile(
    r"(?<![a-z])(?:thai|bau)\s*(?:duoc\s*|khoang\s*)?\d{1,2}\s*(?:tuan|thang|w)(?!\s*tuoi)"
    r"|(?<![a-z])(?:3|ba) thang (?:dau|giua|cuoi)(?!\s*(?:dieu tri|nam|dung thuoc|sau))"
    r"|tam ca nguyet|(?:dau|giua|cuoi) (?:thai ky|ky thai)|sap sinh|sap de|gan ngay sinh"
    r"|(?<![a-z0-9])(?:1st|first|2nd|second|3rd|third) trimester|trimester [123](?![\w/])"
    r"|(?<![a-z])san phu\s*(?:duoc\s*)?\d{1,2}\s*(?:tuan|w)(?![a-z])"
)
# What a nursing mother says of her baby ("đang cho con 2 tháng bú", "cho bé bú"): the baby's
# age is not the patient's, and she is the patient.
_NURSING = re.compile(
    r"(?<![a-z])(?:cho (?:con|be|chau|em be)(?: \w+){0,4} (?:bu|ti)|cho bu|cho ti|bim sua)(?![a-z])"
)
# The baby feeds ("bé đang bú mẹ") and the mother asks for herself ("mẹ uống …").
_BABY_FEEDS = re.compile(r"(?<![a-z])(?:bu me|ti me|bu sua me)(?![a-z])")
_MOTHER_TAKES = re.compile(
    r"(?<![a-z])(?:me|em|minh|toi|vo toi|vo em) (?:co the |duoc )?(?:uong|dung)(?![a-z])"
)


# "mẹ bỉm" (a new mother) or a medicine asked of her milk ("có ảnh hưởng sữa không", "có
# vào sữa không", "có bị mất sữa không", "uống gì cho lợi sữa"): she nurses.
_MILK_ASKED = re.compile(
    r"(?<![a-z])(?:anh huong (?:(?:den|toi|gi|j) )?(?:sua|sua me|luong sua)"
    r"|(?:vao|qua|di vao|mat|tac|it|loi|goi|kich|ve) sua(?: me)?)(?![a-z])"
)


# "mẹ bỉm" (a new mother): who speaks; she nurses, but the patient is hers to say.
_NEW_MOTHER = re.compile(r"(?<![a-z])me bim(?![a-z])")


# "thuốc tránh thai 3 tháng nay", "mới sảy thai 2 tuần": contraception or a pregnancy that
# ended is no pregnancy now ("dọa sảy thai 8 tuần" still is one).
_NOT_EXPECTING = re.compile(
    r"(?<![a-z])(?<!doa )(?:tranh|ngua|say|sa|pha|hut|nao|bo) thai(?![a-z])"
)


def _expecting_text(turn: Turn) -> str:
    """The folded turn without the words of contraception or an ended pregnancy (blanked to
    the same length)."""
    return _NOT_EXPECTING.sub(lambda m: " " * len(m.group(0)), turn.folded)


def _month_number(text: str) -> int:
    return int(text) if text.isdigit() else UNITS[text]


def pregnancy_term(turn: Turn, *, bare: bool = False) -> dict[str, object]:
    """How far a pregnancy is, as frame facts: weeks ("10 tuần", "tuần thứ 15") with their
    trimester, a month ("tháng thứ 7", "bầu 5 tháng") or a trimester ("3 tháng cuối"); `bare`:
    she said before she is pregnant, so "được 8 tháng" is the term. Empty when the pregnancy
    is another woman's and the speaker asks for herself."""
    text = _expecting_text(turn)
    if _SOMEONE_ELSE.search(text):
        return {}  # "chị dâu em đang bầu, còn em …": the speaker is not pregnant
    data: dict[str, object] = {"pregnant": True}
    found = _TRIMESTER.search(text)
    weeks = _PREGNANCY_WEEKS.search(text)
    month = _PREGNANCY_MONTH.search(text) or (_BARE_MONTH.search(text) if bare else None)
    if found and month and month.start() < found.end() and found.start() < month.end():
        month = None  # "3 tháng cuối" is the trimester, not a third month
    if weeks and int(weeks.group(1) or weeks.group(2)) <= 42:
        count = int(weeks.group(1) or weeks.group(2))
        data["pregnancy_weeks"] = count
        data["pregnancy_trimester"] = 1 if count < 14 else (2 if count < 28 else 3)
    elif month and 1 <= _month_number(month.group(1) or _last(month)) <= 9:
        months = _month_number(month.group(1) or _last(month))
        data["pregnancy_trimester"] = (months + 2) // 3
        # "bầu 5 tháng" is about 22 weeks; "tháng thứ 7" is the seventh month (30 weeks).
        data["pregnancy_weeks"] = round(months * _WEEKS_PER_MONTH) + (2 if month.group(2) else 0)
    since = found is not None and text[: found.start()].endswith(("tu ", "tu hoi ", "tu luc "))
    if found and "pregnancy_trimester" in data and (weeks is not None or since):
        # Weeks said outright tell the trimester; "(aspirin) từ đầu thai kỳ" is when a
        # medicine began, not where she is now.
        found = None
    if found:  # "9 tháng rồi, sắp sinh": the weeks of the month, the trimester said
        word = next(g for g in found.groups() if g)
        data["pregnancy_trimester"] = _TRIMESTER_WORDS.get(word, 3)
    return data


def _last(month: re.Match[str]) -> str:
    """ "tháng thứ N": the third group of `_PREGNANCY_MONTH` (the bare month has two)."""
    return month.group(3) if month.re is _PREGNANCY_MONTH else month.group(1)


def pregnancy_so_far(
    turn: Turn, said: PatientContext | None, before: PatientContext | None, other: bool
) -> PatientContext | None:
    """ "em đang 9 tuần" after a pregnancy question: the term of that pregnancy (`other`: the
    turn speaks of another patient or asks which drug)."""
    if other or before is None or not before.pregnant or (said and said.pregnant):
        return said
    text = _expecting_text(turn)
    termed = _PREGNANCY_WEEKS.search(text) or _PREGNANCY_MONTH.search(text)
    if not termed and (not _BARE_MONTH.search(text) or _A_CHILD.search(text)):
        return said
    term = PatientContext.model_validate(pregnancy_term(turn, bare=True))
    return (said or PatientContext()).merged_with(term)


# A child named: "bé được 8 tháng" is the child's age, even after a pregnancy.
_A_CHILD = re.compile(r"(?<![a-z])(?:be|con|chau|em be|tre|so sinh|thang tuoi)(?![a-z])")


def term_not_age(turn: Turn, age_text: str | None, before: PatientContext | None) -> bool:
    """ "được 8 tháng rồi" after "vợ tôi đang bầu": the pregnancy's month, nobody's age (no
    "tuổi", no child named)."""
    if before is None or not before.pregnant or age_text is None:
        return False
    text = turn.folded
    return (
        "tuoi" not in age_text.lower()
        and bool(_BARE_MONTH.search(text))
        and not (_A_CHILD.search(text))
    )


def nursing_mother(turn: Turn, *, child_told: bool = False) -> bool:
    """A mother says she breastfeeds ("đang cho con 2 tháng bú"): she is the patient. A new
    mother who only calls herself so ("mẹ bỉm hỏi xíu") and tells a child's age or weight
    (`child_told`: "bé 2t 12kg nôn ói, cho uống mấy ml") asks for the child."""
    text = turn.folded
    if _BABY_FEEDS.search(text) and (_MOTHER_TAKES.search(text) or speaks_of_self(turn)):
        return True  # "bé bú mẹ ... em bị viêm mũi, uống X": she tells her own illness
    return (
        bool(_NURSING.search(text))
        or turn.has(
            "dang cho con bu", "dang cho bu", "nuoi con bang sua me", "nuoi con bu", "breastfeeding"
        )
        or bool(_MILK_ASKED.search(text))
        or (bool(_NEW_MOTHER.search(text)) and not child_told)
    )


def without_nursing(patient: PatientContext | None) -> PatientContext | None:
    """A child's own facts, when her age or weight is told and no mother says she takes it
    ("bé 15 ngày tuổi bú mẹ hoàn toàn, có cần uống thêm …"): the baby who feeds is the patient,
    and breastfeeding is the mother's fact, not hers (None when nothing else was said)."""
    if patient is None or not patient.breastfeeding:
        return patient
    rest = patient.model_copy(update={"breastfeeding": None})
    return None if rest == PatientContext() else rest


# "em ko bầu", "mình chưa có thai", "không phải bà bầu": she says she is not pregnant.
_DENIED = re.compile(
    r"(?<![a-z])(?:khong|ko|k|hong|hok|chua|dau co)(?: (?:co|dang|phai|phai la|la))?"
    r" (?:ba bau|bau|mang thai|co thai|mang bau|co bau)(?![a-z])"
)


def pregnancy_denied(turn: Turn) -> bool:
    """The speaker says she is not pregnant (a pregnancy asked about before is not hers)."""
    return _DENIED.search(turn.folded) is not None


# A home test read positive: "thử que 2 vạch", "test lên hai vạch", "thử thai dương tính" (not
# "que không lên 2 vạch", nor "2 vạch" of a measuring cup).
_TEST_POSITIVE = re.compile(
    r"(?<![a-z])(?:que|test|thu)(?: (?!khong|ko|k|chua|hong)[a-z]+){0,3} (?:2|hai) vach(?![a-z])"
    r"|(?<![a-z])(?:thu thai|test thai|que thu)(?: [a-z]+){0,2} duong tinh(?![a-z])"
    r"|positive pregnancy test"
)


def positive_test_said(turn: Turn) -> bool:
    """She says her pregnancy test came out positive: she is pregnant, its term unsaid."""
    return bool(_TEST_POSITIVE.search(turn.folded))


def term_said(turn: Turn) -> bool:
    """A pregnancy said by its term alone ("thai 32 tuần", "3 tháng cuối", "sắp sinh")."""
    return bool(_PREGNANCY_TERM.search(_expecting_text(turn)))


def nursing_said(turn: Turn) -> bool:
    """Breastfeeding said by the mother ("cho con 2 tháng bú", "cho con ti") or of the baby
    ("bé bú mẹ")."""
    text = turn.folded
    return bool(
        _NURSING.search(text)
        or _BABY_FEEDS.search(text)
        or _MILK_ASKED.search(text)
        or _NEW_MOTHER.search(text)
    )


__all__ = [
    "nursing_mother",
    "nursing_said",
    "positive_test_said",
    "pregnancy_denied",
    "pregnancy_so_far",
    "pregnancy_term",
    "term_not_age",
    "term_said",
    "without_nursing",
]
