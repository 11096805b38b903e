"""Turns that ask, though they hold words of an event: a dose brought back up and whether to
give it again ("bé nhổ ra gần hết liều, có cho uống lại không"), and a sign said as the
strength of the complaint the medicine is for ("đau bụng kinh muốn xỉu, uống thêm … được
không"). Read by `safety.triage` before it calls either an emergency."""

from __future__ import annotations

import re

from core.text import fold_aligned
from safety.ingestion_signs import _count, asks_outright
from safety.safety_cues import (
    COMPLETED_CUES,
    EMERGENCY_SIGNS,
    HOLD_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    UNSANCTIONED_CUES,
    TurnText,
)
from safety.self_harm_cues import FEELING_IDIOM

# A dose brought back up ("nhổ ra gần hết", "nôn ra", "trớ ra") and whether to give it again
# asked yes or no: a how-to question the book answers, nothing taken beyond a dose.
# ("nhè ra hết trơn", "ọc ra", "nhả ra": a child's spitting out, said as parents say it)
_BROUGHT_UP = re.compile(r"\b(?:nho|non|oi|tro|khac|mua|phun|nhe|nha|oc|oe) (?:\w+ )?ra\b")
_YES_NO_ASKED = re.compile(
    r"\bco\b[^.!?]{0,40}?\b(?:khong|ko|k|hong|hok)\b|\b(?:duoc|dc) (?:khong|ko|k|hong|hok)\b|\?"
)
_GIVE_AGAIN = re.compile(r"\b(?:uong|cho|dung|cho uong) (?:\w+ )?(?:lai|bu|them)\b")


def redose_asked(t: TurnText) -> bool:
    """A dose came back out, then whether to give it again is asked yes or no, with no
    danger sign: whether to repeat a dose, not an ingestion."""
    out = _BROUGHT_UP.search(t.folded)
    return bool(
        out is not None
        and _GIVE_AGAIN.search(t.folded, out.end())
        and _YES_NO_ASKED.search(t.folded)
        and EMERGENCY_SIGNS.search(t) is None  # brought up, the dose itself is past
    )


# "mấy viên" closing what is said ("người lớn uống mấy viên, …", "cho uống mấy gói ạ"): how
# many, asked; "uống mấy viên rồi", "mấy viên thuốc" tell a few.
_HOW_MANY = re.compile(
    r"\bmay (?:vien|goi|ml|lan|muong|nhat|giot|ong|cu|thia)(?: (?:a|vay|v|the|day|nhi))?"
    r" ?(?:[,.;?!]|$)"
)


def complaint_idiom(t: TurnText, sign: str) -> bool:
    """A sign said as the strength of the complaint, before the taking, in a turn that asks
    ("đau bụng kinh muốn xỉu, uống thêm 400 được không"): what it is taken for."""
    idiom = FEELING_IDIOM.search(t.folded)
    if idiom is None or not (asks_outright(t) or _HOW_MANY.search(t.folded)):
        return False
    # the taking after the idiom ("ăn ốc xong đau bụng. tiêu chảy muốn xỉu, uống …"): a meal
    # told before it is no taking
    take = TAKE_CUES.search(TurnText.of(t.lowered[idiom.end() :]))
    at = t.folded.find(fold_aligned(sign), idiom.start())
    return take is not None and idiom.start() <= at < idiom.end()


# What follows a taking, asked to be confirmed, with nothing told as done ("uống nhiều quá
# thì chảy máu đúng ko"): knowledge asked, not a sign that happened.
_CONFIRM_ASKED = re.compile(r"\bthi (?:\w+ ){0,5}?(?:dung|phai) (?:khong|ko|k|hong|hok)\b")
_DONE = re.compile(r"\b(?:roi|r|da|vua|xong|sau khi|tu khi|tu luc|dang)\b")


def outcome_asked(t: TurnText) -> bool:
    """ "… thì <sign> đúng không" with no word telling it happened: asked, not told."""
    return _CONFIRM_ASKED.search(t.folded) is not None and _DONE.search(t.folded) is None


# A doubt the speaker tells, a few words before the asking word ("không biết nó ăn bao
# nhiêu", "không rõ bé uống mấy viên"): how much is not known, it is not asked of us.
_DOUBT_BEFORE = re.compile(
    r"\b(?:khong|ko|k|chang|cha|hong|chua) (?:biet|ro|nho|chac)(?: \S+){0,4}? ?$"
)


# What is to be given ("không biết mỗi lần cho bao nhiêu", "ko biết nên cho uống mấy ml"): a
# question put, though it starts with "không biết"; only what was taken can be in doubt.
_TO_GIVE = re.compile(r"\b(?:cho|nen|phai|moi lan|mot lan|1 lan|moi cu)\b")


def in_doubt(t: TurnText, asked: str) -> bool:
    """The asking word `asked` closes a doubt told, not a question put."""
    at = t.folded.find(fold_aligned(asked))
    doubt = _DOUBT_BEFORE.search(t.folded[:at]) if at > 0 else None
    return doubt is not None and _TO_GIVE.search(t.folded[doubt.start() : at + len(asked)]) is None


# Where to keep a medicine so a child cannot get at it, asked ("vỉ thuốc để đâu cho con nít
# khỏi lấy được", "cất thuốc sao cho bé không với tới", "để xa tầm tay trẻ"): prevention.
_KEPT_AWAY = re.compile(
    r"\b(?:de|cat|giau|cat giu|bo)(?: \S+){0,6}? (?:khoi|khong|ko|k|tranh|keo|chang) "
    r"(?:\S+ )?(?:lay|voi|nghich|boc|mo|cam|thay)\b|"
    r"\b(?:xa|ngoai) tam (?:tay|voi)\b"
)
_ASKED_WHERE = re.compile(
    r"\b(?:o|cho|de|cat) dau\b|\b(?:cho|noi) nao\b|\?|"
    r"\b(?:sao|the nao|nhu nao|cach nao|ntn|nhi|vay|khong|ko|k|hong|hok)\s*(?:[,.!]|$)"
)


def kept_away_asked(t: TurnText) -> bool:
    """Where or how to keep a medicine out of a child's reach, asked, with nothing told as
    done, no count and no sign: nothing happened."""
    kept = _KEPT_AWAY.search(t.folded)
    if kept is None or _ASKED_WHERE.search(t.folded) is None:
        return False
    told = COMPLETED_CUES.search(t) or SYMPTOM_CUES.search(t) or EMERGENCY_SIGNS.search(t)
    # what the child already did, before the asking ("bé mở được nắp lọ, giờ cất đâu …")
    before = TurnText.of(t.lowered[: kept.start()])
    got_at = HOLD_CUES.search(before) or UNSANCTIONED_CUES.search(before)
    return told is None and got_at is None and _count(t) == 0


# A counted taking that follows the speaker's own working-out, asked back ("7,5mg/kg ra 450mg,
# viên 250 thì nuốt 2 viên rưỡi hả?", "vậy là uống 1 viên rưỡi à?"): a dose planned and asked,
# nothing swallowed yet. The clause after "thì"/"vậy là" ends in a question, with no word of it
# done ("thì nuốt 2 viên rồi" tells).
_PLANNED = re.compile(
    r"\b(?:thi|vay thi|vay la|nhu vay la|tuc la)"
    r" (?:(?!roi\b|r\b|xong\b|mat\b|phai\b)[a-z]+ ){0,3}?"
    r"(?:\d+(?:[.,]\d+)?|mot|hai|ba|bon|nam|nua) (?:vien|ong|goi)"
    r"(?: (?!roi\b|r\b|xong\b|mat\b)[a-z0-9.,]+){0,2}"
    r" ?(?:\?|(?:ha|ah|a|ak|hay sao|dung khong|dung ko|phai khong|phai ko|khong|ko)\s*[.!]*$)"
)


def planned_count_asked(t: TurnText) -> bool:
    """A counted taking the speaker worked out and asks back, not one told as done."""
    return _PLANNED.search(t.folded) is not None


# The harm to an organ of taking it, asked with nobody named and nothing told as done
# ("uống 4 viên 500 một lúc có hại gan không", "dùng 2 viên cùng lúc có ảnh hưởng thận ko"):
# the book's knowledge asked, however many at once; "rồi", "vừa", "lỡ" or a person tells.
_HARM_ASKED = re.compile(
    r"^\W*(?:neu |vay |the |ma |cho (?:em |minh |toi |e )?hoi:? )?(?:uong|dung) [^,.?!;]*?"
    r"(?P<harm>(?:co )?(?:hai|anh huong(?: den| toi)?|doc(?: cho| voi)?|ton thuong)) "
    r"(?:gan|than|da day|bao tu|tim|nao)\b(?: \w+)? (?:khong|ko|k|hong|hok)\W*$"
)


# A pack or a count no dose reaches ("cả vỉ", "2 hộp", "20 viên"): an emergency either way.
_PACKS = re.compile(
    r"\b(?:ca|nguyen|het|may|vai|nhieu|\d+|mot|hai|ba) (?:vi|lo|hop|chai|nam|tuyp|bich)\b|"
    r"\b\d{2,} ?(?:vien|v)\b"
)


def harm_asked(t: TurnText) -> bool:
    """The harm of a taking to an organ asked, nobody named, nothing told as done, a count
    short of a pack."""
    asked = _HARM_ASKED.search(t.folded)
    if asked is None or _PACKS.search(t.folded) is not None:
        return False
    # only before the organ is a word of it done looked for: folded, "dạ dày" opens "đã"
    return _DONE.search(t.folded, 0, asked.start("harm")) is None


__all__ = [
    "complaint_idiom",
    "harm_asked",
    "in_doubt",
    "kept_away_asked",
    "outcome_asked",
    "planned_count_asked",
    "redose_asked",
]
