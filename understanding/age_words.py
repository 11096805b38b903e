"""A child's age said without a count of years and "tuổi" (issue 22): "tuổi rưỡi" (a year and
a half), "con em lên 3" (turning three), "bé học lớp 3" (a school year, so eight). Pure
functions of the folded turn (numbers in words already written as digits)."""

from __future__ import annotations

import re

# "bé nhà em tuổi rưỡi": one year and a half, the count left out ("2 tuổi rưỡi" is read with
# its count elsewhere).
_YEAR_AND_A_HALF = re.compile(r"(?<![a-z0-9])(?<!\d )tuoi ruoi(?![a-z])")
# Who, as a child is named before "lên 3" ("cháu tôi lên 4", "thằng cu nhà em năm nay lên 5").
_CHILD = (
    r"(?<![a-z])(?:em be|be|con|chau|thang cu|cu|con gai|con trai|be gai|be trai|dua nho|nho"
    r"|ku|nhoc|ku cau)(?: (?:noi|ngoai|ut|lon|ca))?(?: (?:nha|cua))?"
    r"(?: (?:em|e|minh|toi|tui|chi|anh|t|m|co|bac))?(?: (?:nam nay|moi|vua|da|gio))*"
)
# "lên 4" is the age turned to only when nothing follows that counts something else: "sốt lên
# 39 độ", "tăng lên 2 viên", "lên 4 ký" are no ages.
_TURNING = re.compile(
    rf"{_CHILD} len (\d{{1,2}})(?![.,]\d)"
    r"(?=\s*(?:[,.;!?)]|$)|\s+(?:roi|ma|thi|bi|nang|can|ho|sot|hay)(?![a-z]))"
)
# A school year: "học lớp 2" (a pupil starts "lớp 1" at six), "lớp lá/chồi/mầm" of a
# kindergarten (five, four, three), named in the north "mẫu giáo lớn/nhỡ/bé" (the same years);
# after a child named, the verb may go ("thằng cu lớp 3", "cháu đi mẫu giáo lớn"). "Nhà trẻ"
# or "mẫu giáo" alone span years: a child, no age.
_YEARS = r"(\d{1,2}|la|choi|mam|lon|nho|be)(?![a-z0-9])"
_SCHOOL_YEAR = re.compile(
    rf"(?<![a-z])(?:hoc|dang hoc|di hoc|vao|len|nam|di) (?:lop|mau giao) {_YEARS}"
    rf"|{_CHILD} (?:lop|mau giao) {_YEARS}"
)
_FIRST_GRADE_YEARS = 5
_KINDERGARTEN = {"mam": 3, "choi": 4, "la": 5, "be": 3, "nho": 4, "lon": 5}
_LAST_GRADE = 12
_MAX_TURNING_YEARS = 17


# "ẻm mới sinh được 10 ngày", "nó vừa đẻ được 3 tuần": a baby spoken of (ẻm, nó) born N days,
# weeks or months ago; "em mới sinh được 10 ngày" is the mother who gave birth, not her baby.
_BORN_AGO = re.compile(
    r"(?<![a-z])(em|no|be no|em no|em be)\s+(?:moi|vua|ms)\s+(?:sinh|de|ra doi)\s+"
    r"(?:duoc\s+|dc\s+)?(\d{1,2})\s*(ngay|tuan|thang)(?![a-z])"
)
_PER_MONTH = {"ngay": 30.44, "tuan": 4.345, "thang": 1.0}
_BABY_MAX_MONTHS = 12.0


def born_ago(original: str, folded: str) -> tuple[float, tuple[int, int]] | None:
    """A baby's age as the time since its birth, said of the baby ("ẻm", "nó"), in months and
    where it is said; None when none is said or the speaker speaks of her own delivery."""
    found = _BORN_AGO.search(folded)
    if found is None:
        return None
    if original[found.start(1) : found.end(1)].lower() == "em":
        return None  # "em" is the speaker; "ẻm" (said of someone else) folds to it
    months = int(found.group(2)) / _PER_MONTH[found.group(3)]
    if months > _BABY_MAX_MONTHS:
        return None
    return round(months, 2), (found.start(2), found.end(3))


# A form's field pasted from a prescription or a chart ("Tuổi: 6 — Cân nặng: 20 kg", "tuổi:
# 45"): years, unless a unit of months, weeks or days follows.
_FIELD = re.compile(
    r"(?<![a-z])tuoi\s*[:=]\s*(\d{1,3})(?!\d|[.,]\d)(?!\s*(?:thang|tuan|ngay|th|m)(?![a-z]))"
)


def age_in_words(folded: str) -> tuple[float, tuple[int, int]] | None:
    """A child's age in months and where it is said, from a year and a half, the year a
    child turns, the class they are in or a form's field; None when none is said."""
    field = _FIELD.search(folded)
    if field and 0 < int(field.group(1)) <= 120:
        return int(field.group(1)) * 12.0, field.span(1)
    half = _YEAR_AND_A_HALF.search(folded)
    if half:
        return 18.0, half.span()
    turning = _TURNING.search(folded)
    if turning and 1 <= int(turning.group(1)) <= _MAX_TURNING_YEARS:
        return int(turning.group(1)) * 12.0, (turning.start(1) - 4, turning.end(1))
    school = _SCHOOL_YEAR.search(folded)
    if school:
        grade = school.group(1) or school.group(2)
        if grade.isdigit():
            if not 1 <= int(grade) <= _LAST_GRADE:
                return None
            years = int(grade) + _FIRST_GRADE_YEARS
        else:
            years = _KINDERGARTEN[grade]
        return years * 12.0, school.span()
    return None


__all__ = ["age_in_words", "born_ago"]
