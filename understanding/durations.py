"""Counts of months that are nobody's age (issue 22): how long something has gone on ("uống
được 6 tháng rồi", "mới mổ được 3 tháng"), a date ("ngày 12 tháng 5"), a pregnancy's months.
Pure functions of the folded turn, used by `understanding.slots.read_age`."""

from __future__ import annotations

import re

# A child named in the folded text ("bé", "con", "cháu", "thằng cu", ...).
CHILD_WORD = (
    r"(?:em be|be|con|chau|tre|thang cu|cu|con gai|con trai|be gai|be trai|dua nho|dua be|"
    r"em nho|chau be|be con|ku|nhoc)"
)
_A_CHILD = re.compile(rf"(?<![a-z]){CHILD_WORD}(?![a-z])")
# Pregnancy months and durations are not ages: "3 tháng đầu", "mang thai 5 tháng", "trong 3 tháng".
_NOT_AN_AGE_BEFORE = re.compile(r"(?:thai|bau|trong|sau|moi|tu|den|duoc dung|dung|uong|ky|da)\s*$")
# "uống levothyrox 50mcg được 6 tháng rồi": how long it was taken.
_TAKEN_FOR = re.compile(
    r"(?<![a-z])(?:uong|dung|xai|tiem)(?![a-z])[^,.;]*\s(?:duoc|dc|gan|khoang|hon|ca|tron)\s*$"
)  # "uống prednisolon 30mg gần 1 tháng rồi": how long, too
# "bs cho uống alopurinol 3 tháng rồi tái khám": months after taking a drug, and then
# "rồi", "nữa" or a check-up, are how long it is taken (a child word between is the age's).
_TAKING = re.compile(r"(?<![a-z])(?:uong|dung|xai|tiem)(?![a-z])([^,.;]*)\s$")
_GOES_ON_FOR = re.compile(r"^\s*(?:roi|nua|lien|tai kham|kham lai)(?![a-z])")
_NOT_AN_AGE_AFTER = re.compile(r"^\s*(?:dau|giua|cuoi|nay|qua|truoc|lien|mot lan|thu|khong|ko)")
# Something the speaker has done or has had for a while, then "được N tháng": "mới mổ được 3
# tháng", "chích insulin, đến nay được 5 tháng", "bị tiểu đường được 2 tháng". Commas may come
# between (a dose told: "uống 2,5mg mỗi tuần, được 8 tháng rồi"); a sentence end may not.
_SINCE = re.compile(
    r"(?<![a-z])(?:uong|dung|xai|tiem|chich|bom|dat|mo|phau thuat|ghep|thay|nong|dieu tri|chua"
    r"|xa tri|hoa tri|bi|mac|phat hien|chan doan|ra vien|xuat vien|bat dau|ngung|cai)(?![a-z])"
    r"[^.;!?]*\s(?:duoc|dc|gan|khoang|hon|ca|tron)\s*$"
)
# "sau sinh 2 tháng", "mẹ mới sinh mổ được 1 tháng": how long since a mother gave birth.
_AFTER_BIRTH = re.compile(
    r"(?<![a-z])(?:sau|moi) (?:sinh|de)(?: mo| thuong| con)?(?: (?:duoc|dc|khoang|gan|tam))?\s*$"
)
# A time away, said before its length: "sắp đi biển 1 tháng", "về quê ăn Tết 2 tháng", "đi công
# tác nước ngoài 3 tháng" (a child named between tells the child's age: "về quê, bé 2 tháng").
_AWAY = re.compile(
    r"(?<![a-z])(?:di (?:bien|du lich|cong tac|cong trinh|cong tac xa|xa|nuoc ngoai|tau|lam xa"
    r"|bo doi|nghia vu|phuot|trek|hoc xa|xuat khau lao dong|xkld)|ve que|ra dao|len nuong"
    r"|len ray|du hoc|xuat canh|o lai)(?![a-z])([^.;!?,]*)\s(?:khoang|tam|gan|hon|ca|tron)?\s*$"
)
# "6 tháng rồi không lên cơn lần nào": how long something has not come back, no child named.
_NONE_SINCE = re.compile(r"^\s*roi (?:ma )?(?:khong|ko|k|chua|hong|hok)(?![a-z])")
# "ngày 20 tháng 4", "mùng 5 tháng 3": a day of a month, then the month's number.
_DAY_OF = re.compile(r"(?<![a-z])(?:ngay|mung|mong|hom)\s*$")
_MONTH_NUMBER = re.compile(r"^\s*(?:1[0-2]|0?[1-9])(?!\d)(?![.,]\d)")


def months_not_an_age(before: str, after: str) -> bool:
    """The months counted just after `before` and before `after` (the folded text around "N
    tháng", said without "tuổi") are how long, a date or a pregnancy's, not an age."""
    return bool(
        _NOT_AN_AGE_BEFORE.search(before)
        or _NOT_AN_AGE_AFTER.match(after)
        or _TAKEN_FOR.search(before)
        or _taken_for_months(before, after)
        or _since_done(before)
        or _away_for(before)
        or (_AFTER_BIRTH.search(before) is not None and not _A_CHILD.search(before))
        or (_DAY_OF.search(before) and _MONTH_NUMBER.match(after))
        or (_NONE_SINCE.match(after) is not None and not _A_CHILD.search(before))
        or _taken_so_long(before, after)
    )


# "được 2 tháng rồi, 1 ngày 2 viên 20mg, uống lâu vậy có sao không" of a medicine named a turn
# before: the months it has been taken, told with its dose or its length worried about.
_SO_FAR = re.compile(r"(?<![a-z])(?:duoc|dc|da|gan|hon)\s*$")
_TAKEN_AFTER = re.compile(
    r"^\s*(?:roi|nay)(?![a-z]).*?(?:\d+\s*(?:vien|mg)(?![a-z])"
    r"|(?:uong|dung|xai) (?:lau|lien|hoai|suot)|lau (?:vay|qua|nhu vay|the))"
)


def _taken_so_long(before: str, after: str) -> bool:
    """Months so far, then the dose taken or how long it has gone on; no child named."""
    if not _SO_FAR.search(before) or _A_CHILD.search(before) or _A_CHILD.search(after):
        return False
    return _TAKEN_AFTER.match(after) is not None


def _taken_for_months(before: str, after: str) -> bool:
    taking = _TAKING.search(before)
    if taking is None or not _GOES_ON_FOR.match(after):
        return False
    return not _A_CHILD.search(taking.group(1))


def _since_done(before: str) -> bool:
    """ "em mới đặt stent được 2 tháng": how long since, when no child is named before (then
    "bé bị sốt, được 8 tháng" may tell the child's age)."""
    since = _SINCE.search(before)
    return since is not None and not _A_CHILD.search(before)


def _away_for(before: str) -> bool:
    away = _AWAY.search(before)
    return away is not None and not _A_CHILD.search(away.group(1))


__all__ = ["CHILD_WORD", "months_not_an_age"]
