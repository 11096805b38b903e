"""Which sentences speak of a how-to topic as the question asks it (`grounding.howto`).

A topic has the book's words (`howto_terms.WORDS`); a question narrows them: stopping asked
("ngưng luôn được không") wants the sentence on stopping, not on the course's length;
splitting asked ("uống 1 lần hay chia ra") the one on times a day; a posture asked ("đứng
hay ngồi") the one that names a posture.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from core.frame import HowTo
from grounding.howto_asked import Asked, words_of
from grounding.howto_terms import ALSO as _ALSO
from grounding.howto_terms import WORDS as _W

TOPIC = {t: re.compile(rf"(?<!\w)(?:{w})(?!\w)") for t, w in _W.items()}
# Stopping is asked as a duration ("ngưng luôn được không"); its answer speaks of how to stop
# ("giảm dần khi ngừng"), not of how long the course is ("dùng trên 3 tuần").
# ... or of going on through what the person tells ("… thì vẫn tiếp tục alopurinol").
_STOPPING = re.compile(
    r"(?<!\w)(?:ngừng đột ngột|ngừng|giảm dần|giảm liều từ từ|vẫn tiếp tục)(?!\w)"
)
_STOPPING_OR_SEEN = re.compile(
    r"(?<!\w)(?:ngừng đột ngột|ngừng|giảm dần|giảm liều từ từ|vẫn tiếp tục|cần được khám"
    r"|đi khám|hỏi ý kiến thầy thuốc)(?!\w)"
)
# Stopping at once ("ngưng luôn", "ngưng cái rụp"): a caution naming a sudden stop goes with
# the dose section's word on tapering.
ABRUPT = re.compile(r"(?<!\w)(?:ngừng|dừng|ngưng)(?: thuốc)? đột ngột(?!\w)")
# Stopping on one's own warned against ("không tự ý ngừng thuốc"): said beside the guidance on
# a reaction the person told ("chảy máu …: đi khám ngay"), what not to do meanwhile.
ON_ONES_OWN = re.compile(r"(?<!\w)không tự(?: ý)? (?:ngừng|dừng|ngưng|bỏ)(?!\w)")
_STOP_ASKED = frozenset(("ngung", "ngưng", "ngừng", "dừng", "bỏ"))
# Stopping said in two words without marks, where "bo" or "dung" alone may be another word
# ("bó", "dùng"): "bo ngang", "tu bo", "dung han".
# "tự ý bỏ": stopped on one's own, with its marks or without.
_STOP_PAIRS = frozenset(
    ("bo ngang", "tu bo", "bo luon", "bo han", "bo thuoc", "muon bo", "bo di", "dung han")
) | frozenset(("ý bỏ", "y bo"))
# A posture asked ("ngậm thuốc nên đứng hay ngồi", "uống xong nằm được không"): the sentence
# that names one ("nên ngồi khi ngậm thuốc"), not the route's dose row.
_POSTURE_ASKED = frozenset(("ngồi", "nằm", "đứng", "ngoi"))
_POSTURE = re.compile(r"(?<!\w)(?:ngồi|nằm|đứng|tư thế)(?!\w)")
# Taken around a dialysis session: asked "chạy thận", "lọc máu", said "sau mỗi lần lọc máu".
_DIALYSIS_ASKED = frozenset(("chạy", "chay", "lọc", "loc", "thẩm", "tham"))
_AROUND_DIALYSIS = re.compile(
    rf"(?<!\w)(?:{_W[HowTo.TIME_OF_DAY]}|lọc máu|thẩm phân|chạy thận|ngày lọc máu)(?!\w)"
)
# Still ill after some days ("2 ngày rồi vẫn đi lỏng"): when to stop and see a doctor.
_STILL_ASKED = frozenset(("vẫn", "van", "chưa", "chua", "còn", "khỏi", "khoi", "đỡ"))
# How long a course runs, asked without stopping: its days, weeks or months, its bounds ("kéo
# dài" only of the use: "tác dụng … kéo dài", "kéo dài QT" say nothing of a course; nor do
# "đợt cấp" of a disease or "uống đủ nước"; a step up,
# "có thể tăng liều tới …", says no length).
COURSE = re.compile(
    r"(?<!\w)(?:quá \d+ ngày|\d+\s*[-–]\s*\d+ ngày|\d+ ngày|\d+ tuần|\d+ tháng|liệu trình"
    r"|đợt(?! cấp)|(?:dùng|điều trị|uống) kéo dài|đủ(?! nước)|liều duy nhất|đi khám"
    r"|[1-9] (?:tuần|tháng)|thời gian điều trị)(?!\w)(?! tuổi)"
)
_STOPPING_OR_COURSE = re.compile(f"{_STOPPING.pattern}|{COURSE.pattern}")
# A course's length counted: what "mấy ngày", "bao lâu" asks ("trẻ từ 3 tháng tuổi" is an
# age, no length).
COUNTED = re.compile(r"(?<!\w)(?:\d+ (?:ngày|tuần|tháng)|liều duy nhất)(?!\w)(?! tuổi)")
# Splitting the day's dose is asked with "chia" ("uống 1 lần hay chia 2 lần"); its answer says
# how many times a day ("có thể uống 1 lần; liều cao hơn chia nhiều lần").
_SPLITTING = re.compile(
    rf"(?<!\w)(?:{_W[HowTo.CRUSH]}|chia (?:làm )?(?:nhiều|\d+|hai|ba) lần|uống (?:1|một) lần)(?!\w)"
)
_SPLIT_ASKED = frozenset(("chia",))
# What is left over ("nửa ống còn dư để lần sau", "để dành"): the sentence on the leftover.
_LEFTOVER = re.compile(r"(?<!\w)(?:còn thừa|phần thừa|còn dư|dùng dở|phải bỏ|bỏ phần)(?!\w)")
_LEFTOVER_ASKED = frozenset(("dư", "du", "thừa", "thua", "dở", "do", "dành", "danh"))
# Where an injection goes is asked as one place or split ("tiêm 1 chỗ hay chia ra"); its
# answer names the site ("không quá 1 g ở mỗi vị trí tiêm").
_SITES = re.compile(
    r"(?<!\w)(?:vị trí tiêm|chỗ tiêm|mỗi vị trí|một chỗ|mỗi chỗ|nhiều vị trí)(?!\w)"
)
_SITE_ASKED = frozenset(("chỗ", "cho", "chia"))
# An operation, a tooth pulled, a contrast scan or a skin test ahead ("mai nhổ răng", "đi
# thử dị ứng"): the caution that names one, not the one on driving or the sun.
_PROCEDURES_SAID = (
    "nhổ răng", "nho rang", "phẫu thuật", "phau thuat", "thủ thuật", "thu thuat",
    "cản quang", "can quang", "thử dị", "thu di", "test dị", "test di", "test da",
    "trước mổ", "truoc mo", "đi mổ", "sau mổ", "gây mê", "gay me",
)  # fmt: skip
_PROCEDURE_ASKED = frozenset(_PROCEDURES_SAID)
_PROCEDURE = re.compile(
    r"(?<!\w)(?:phẫu thuật|thủ thuật|cản quang|nhổ răng|gây mê|test dị ứng|test da|mổ)(?!\w)"
)
# A mild effect told after taking it (understanding's `howto_effects`), as people say it
# (folded) and as the book does: "uống xong buồn ngủ quá thì sao" wants the sentence that
# names drowsiness, not the one on the sun.
_EFFECTS = {
    "buon ngu|ngu ga": r"buồn ngủ|ngủ gà",
    "chong mat|hoa mat": r"chóng mặt|hoa mắt",
    "buon non": r"buồn nôn|nôn",
    "dau dau|nhuc dau": r"đau đầu|nhức đầu",
    "mat ngu|kho ngu": r"mất ngủ|khó ngủ",
    "tao bon": r"táo bón",
    "tieu chay|di long|di ngoai long": r"tiêu chảy|đi ngoài",
    "dau bung|kho tieu|day bung|o nong|o chua": r"đau bụng|khó tiêu|tiêu hóa|dạ dày|ợ nóng",
    "ho khan": r"ho",
    "phan den|phan mau den": r"phân(?: \w+){0,2} đen",
    "nuoc tieu": r"nước tiểu",
    "dang mieng|vi kim loai": r"vị kim loại|đắng",
    "kho mieng": r"khô miệng",
    "do mat|nong mat|bung mat": r"đỏ bừng|bừng mặt",
    "tim dap nhanh|hoi hop": r"nhịp tim nhanh|tim nhanh|đánh trống ngực|hồi hộp",
    "run tay": r"run",
    "phu chan": r"phù",
}
_EFFECTS_SAID = [(re.compile(rf" (?:{said}) "), book) for said, book in _EFFECTS.items()]


def _effects(asked: Asked) -> str:
    """The book's words for the effects the question tells, joined for a pattern, or ""."""
    return "|".join(book for said, book in _EFFECTS_SAID if said.search(asked.folded))


@lru_cache(maxsize=64)
def _effect_pattern(words: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{words})(?!\w)")


@lru_cache(maxsize=64)
def _remedy_pattern(words: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)nếu (?:thấy |bị |có |gặp )?(?:\w+ ){{0,2}}(?:{words})(?!\w)")


def remedy(words: str, asked: Asked) -> bool:
    """The sentence (`words`, lowercase) says what to do if an effect the question tells
    comes ("nếu thấy buồn ngủ, uống vào buổi tối")."""
    told = _effects(asked)
    return bool(told) and _remedy_pattern(told).search(words) is not None


# Handling asked, not taking ("chạm vào viên thuốc", "chia thuốc cho mẹ", "tiếp xúc"): the
# sentence on touching it ("phụ nữ mang thai không nên tiếp xúc", "đeo găng tay").
_HANDLING_ASKED = re.compile(
    r" (?:tiep xuc|cham vao|cham tay|cam vao|dung vao|boc thuoc|chia thuoc|soan thuoc) "
)
_HANDLING = re.compile(r"(?<!\w)(?:tiếp xúc|găng tay|độc tế bào)(?!\w)")


def asks_handling(asked: Asked) -> bool:
    """The question asks about touching or preparing the medicine."""
    return _HANDLING_ASKED.search(asked.folded) is not None


# The words that narrow a topic's sentence to one kind (`primary`).
NARROWING = _STOP_ASKED | _SPLIT_ASKED | _SITE_ASKED | _LEFTOVER_ASKED | _POSTURE_ASKED
HELP = {t: re.compile(rf"(?<!\w)(?:{w})(?!\w)") for t, w in _ALSO.items()}


def primary(topic: HowTo, *, broad: bool, asked: Asked) -> re.Pattern[str]:
    """The words that put a sentence on the topic, as the question asks it."""
    if broad:
        return HELP[topic]
    if topic is HowTo.TOGETHER and asked.partner:
        return _named(asked.partner)
    if topic is HowTo.DURATION and asks_stop(asked):
        # "viêm họng do liên cầu … ngưng được chưa hay uống cho hết": for a condition the
        # talk named, its course says when ("cần điều trị đủ 10 ngày")
        return _STOPPING_OR_COURSE if asked.condition else _STOPPING
    if topic is HowTo.DURATION and asked.going_on and asked.condition and not asked.how_long:
        # "đang tiêu chảy, có uống tiếp không": going on with a complaint asks when to stop,
        # or when to see a doctor ("sốt quá 3 ngày … cần được khám")
        return _STOPPING_OR_SEEN
    if topic is HowTo.TIME_OF_DAY and asked.words & _DIALYSIS_ASKED:
        return _AROUND_DIALYSIS  # "uống trước hay sau buổi chạy thận"
    if topic is HowTo.DURATION and not asked.words & _STILL_ASKED:
        return COURSE  # "uống được mấy ngày": how long, not when to stop and see a doctor
    if topic is HowTo.CRUSH and asked.words & _SPLIT_ASKED:
        return _SPLITTING
    if topic is HowTo.GIVING and asked.words & _SITE_ASKED and asked.words & _SPLIT_ASKED:
        return _SITES
    if topic is HowTo.GIVING and asked.words & _POSTURE_ASKED:
        return _POSTURE
    if topic is HowTo.CAUTION and asked.pairs & _PROCEDURE_ASKED:
        return _PROCEDURE
    if topic is HowTo.CAUTION and asks_handling(asked):
        return _HANDLING
    if topic is HowTo.CAUTION and (told := _effects(asked)):
        return _effect_pattern(told)
    if topic is HowTo.STORAGE and _said_words(asked) & _LEFTOVER_ASKED:
        return _LEFTOVER
    return TOPIC[topic]


def relaxed(asked: Asked, topic: HowTo) -> Asked | None:
    """The question without what narrows its topic (a stop, a split, a posture, a procedure,
    an effect told, another medicine), or None when nothing does: what the topic's sentence
    answers when the book says nothing of the narrower question."""
    effect = topic is HowTo.CAUTION and (bool(_effects(asked)) or asks_handling(asked))
    # (a narrowing word said only inside a phrase counts: "chai do" holds "do", as "dở")
    narrowed = _said_words(asked) & NARROWING
    if not (narrowed or asked.partner or asked.pairs & _PROCEDURE_ASKED or effect):
        return None
    # a phrase that says the narrower question ("r ngung", "tu bo") goes with its word
    pairs = frozenset(
        p for p in asked.pairs - _PROCEDURE_ASKED - _STOP_PAIRS if NARROWING.isdisjoint(p.split())
    )
    folded = " " if effect else asked.folded
    return replace(asked, words=asked.words - NARROWING, pairs=pairs, partner=None, folded=folded)


@lru_cache(maxsize=256)
def _named(name: str) -> re.Pattern[str]:
    """The other medicine's name as the book writes it (lowercase, accented)."""
    return re.compile(rf"(?<!\w){re.escape(words_of(name))}(?!\w)")


def asks_stop(asked: Asked) -> bool:
    """Stopping asked, by a word or inside a phrase ("tự bỏ", "ngưng luôn"); "dùng tối đa bao
    lâu thì ngưng" asks how long the course may run, not how to stop."""
    said = bool(_said_words(asked) & _STOP_ASKED or asked.pairs & _STOP_PAIRS)
    return said and not asked.how_long


def _said_words(asked: Asked) -> set[str]:
    """The question's words, those inside its phrases too ("còn dư để", "để dành")."""
    return set(asked.words) | {w for pair in asked.pairs for w in pair.split()}


__all__ = [
    "ABRUPT",
    "COUNTED",
    "COURSE",
    "HELP",
    "ON_ONES_OWN",
    "TOPIC",
    "asks_stop",
    "primary",
    "relaxed",
    "remedy",
]
