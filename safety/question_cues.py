"""Cue lists of a turn that asks about too much, or fears a mix-up, rather than tells one:
"có bị quá liều không", "bao nhiêu viên thì ngộ độc", "sợ bé uống nhầm". Matched like every
safety list (`safety.cue_matching`); `safety.safety_cues` lists them with the rest."""

from __future__ import annotations

import re

from safety.cue_matching import TurnText, cues

_W = r"(?:\w+ )"  # one word and its space, for "up to n words in between"
# Not food ("ngộ độc thức ăn"): a poisoning by no medicine is no question for this book.
_OVERDOSE = (
    r"(?:quá liều|(?:ngộ|trúng) độc(?! (?:thức ăn|thực phẩm|đồ ăn|hải sản|nấm))|"
    r"uống quá nhiều|dùng quá nhiều|uống nhiều quá)"
)
# "có bị quá liều không", "bao nhiêu viên thì bị ngộ độc": a question of knowledge about an
# amount, answered from the book (dose row, overdose section), not an event.
OVERDOSE_QUESTION_CUES = cues(
    (
        r"có (?:bị |gây |là )?"
        + _W
        + r"{0,2}?"
        + _OVERDOSE
        + r" (?:\w+ ){0,2}?(?:không|ko|k|chưa|hông|hôn|hok)",
        r"(?:thì|sẽ|mới|là|dễ) (?:bị |gây |dẫn đến )?" + _OVERDOSE,
        r"bao nhiêu",
        r"bao nhiu",
    ),
)
# An amount asked whether it is too much ("2 viên 500mg một lần có bị quá liều không"): the
# dose row and its maximum answer it.
AMOUNT_TOO_MUCH_CUES = cues(
    (
        r"có (?:bị |là )?" + _W + r"{0,2}?(?:quá liều|nhiều quá|quá nhiều|quá tay|lố|dư liều)"
        r" (?:\w+ ){0,2}?(?:không|ko|k|chưa|hông|hôn|hok)",
        r"có (?:nhiều|quá) (?:quá )?(?:không|ko|k|hông|hok)",
    ),
)
# A mix-up feared, not told ("sợ bé nhầm thuốc với kẹo, nên cất thuốc sao"): prevention asked.
FEARED_CUES = cues(
    (
        r"(?:để |cho )?(?:khỏi|tránh|phòng|kẻo|đề phòng) (?:\w+ ){0,2}?(?:uống |ăn |nuốt )?nhầm",
        # a second dose to prevent ("cách nào cho mẹ khỏi uống lặp 2 lần", "tránh cho trùng")
        r"(?:khỏi|tránh|kẻo|đề phòng) (?:bị )?(?:uống|cho uống) (?:\w+ ){0,4}?(?:2|hai) lần",
    ),
    # Folded, "sợ" is "số" (a number), "lo" is "lọ" (a bottle): as typed only.
    strict=(
        r"(?:sợ|lo) (?:\w+ ){0,2}?(?:uống |ăn |nuốt )?nhầm",
        # someone's slip of the pen or the sums feared ("sợ nhà thuốc ghi nhầm", "lo mình
        # tính nhầm"): a check asked, nothing taken
        r"(?:sợ|lo) (?:\w+ ){0,3}?(?:ghi|viết|kê|tính|đọc) nhầm",
    ),
)


# "quá liều thì triệu chứng thế nào", "uống quá liều xử trí ra sao": the overdose section
# asked about; said with "bị", "vừa", "rồi", "giờ" it is an event.
_OVERDOSE_KNOWLEDGE = re.compile(
    r"\b(?:trieu chung|dau hieu|bieu hien|xu tri|xu ly|ra sao|the nao|la gi|nhu nao|"
    r"(?:co )?nguy hiem|hau qua|tac hai)\b"
)


_OVERDOSE_HAPPENED = re.compile(
    # not "thuốc này" (this medicine), folded like "nay" (today)
    r"\b(?:bi|da|vua|moi|lo|roi|r|dang|gio|nghi|hinh nhu|luc nay|hoi nay|"
    r"(?<!thuoc )(?<!loai )(?<!vien )(?<!cai )(?<!lo )(?<!chai )nay)\b"
)


def asks_of_overdose(t: TurnText) -> bool:
    """A question about overdose in general, with no word that it happened."""
    return bool(_OVERDOSE_KNOWLEDGE.search(t.folded)) and not _OVERDOSE_HAPPENED.search(t.folded)
