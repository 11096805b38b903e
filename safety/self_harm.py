"""Self-harm read in any register: the word lists (`safety.self_harm_cues`) over the turn with
a feeling's idiom of death read as the feeling, a question about harm asked to learn, and the
self-harm n-gram model's word (`safety.ngram_model`), never for a young child's taking."""

from __future__ import annotations

import re

from core.frame import QueryFrame
from safety.hearsay import without_hearsay
from safety.ngram_model import self_harm_model, without_idioms
from safety.safety_cues import (
    DENIAL,
    DESPAIR_CUES,
    DOSE_QUESTION_CUES,
    FAREWELL_CUES,
    OVERDOSE_ACT_CUES,
    PLAN_CUES,
    PURPOSE_CUES,
    SELF_HARM_CUES,
    TREATMENT_CUES,
    TurnText,
)
from safety.self_harm_cues import STOCKPILE_CUES

CHILD_MONTHS = 144.0
"""Below this age the conversation's patient is a child for reading a turn."""
CHILD_KG = 25.0
"""Below this weight the conversation's patient is a child (about eight years old)."""


_ENOUGH = re.compile(r"\b(?:sap|gan|chac|vua|moi|da|la|cung) du\b|\bdu (?:roi|so|de|cho)\b")
_TAKING_OR_MEDICINE = re.compile(r"\b(?:uong|nuot|noc|tiem|thuoc|vien|vi|lo|hop|chai|vo thuoc)\b")


# Many taken once, and more this time ("lần trước uống 10 viên thấy k sao, lần này uống gấp đôi
# cho chắc"): an attempt told, and a bigger one planned; "lần trước 1 viên không đỡ, lần này
# uống 2 viên được không" is a dose asked.
_FORMER_MANY = re.compile(
    r"\b(?:lan truoc|bua truoc|hom truoc|dot truoc|lan do|lan dau)\b(?: \w+){0,4}? "
    r"(?:uong|nuot|noc|tu)(?: \w+){0,2}? (?:[1-9]\d|muoi|may chuc|(?:ca|nguyen|het) (?:vi|lo|hop))"
)
_BIGGER_AGAIN = re.compile(
    r"\blan nay\b(?: \w+){0,3}? (?:uong|nuot|noc|tu)(?: \w+){0,2}? "
    r"(?:gap (?:doi|ba|\d+)|x\d|nhieu hon|(?:ca|nguyen|het) (?:vi|lo|hop|chai))"
)


def _self_harm(t: TurnText) -> str | None:
    t = without_hearsay(t)  # "hàng xóm bảo … uống nhiều là chết, thế … bao nhiêu": their words
    if (hit := SELF_HARM_CUES.search(t)) is not None:
        return hit
    if (plan := PLAN_CUES.search(t)) is not None and TREATMENT_CUES.search(t) is None:
        return plan
    if (again := _BIGGER_AGAIN.search(t.folded)) is not None and _FORMER_MANY.search(
        t.folded, 0, again.start()
    ):
        return None if DOSE_QUESTION_CUES.search(t) else again.group(0)
    # Despair beside an act of taking a lot ("chán đời, uống hết lọ thuốc ngủ cho xong"), not
    # a question whether a medicine may be used ("trầm cảm có dùng được thuốc ngủ không").
    # Asked as a question, it is intent still when the medicine was saved up for it ("bà để
    # dành thuốc mấy tháng nay, uống một lần có được không").
    if (mood := DESPAIR_CUES.search(t)) is not None and OVERDOSE_ACT_CUES.search(t):
        saved = STOCKPILE_CUES.search(t) is not None
        return None if DOSE_QUESTION_CUES.search(t) and not saved else mood
    # Despair beside a goodbye ("mệt quá rồi, chắc em đi trước đây"); a goodbye beside a
    # taking or a medicine ("con xin lỗi ba mẹ, con uống hết chỗ thuốc rồi").
    # Medicine gathered little by little until there is "enough" ("gom thuốc huyết áp của bố,
    # mỗi tuần lấy vài viên, … chắc sắp đủ"): a plan, whoever the pills were for.
    if (kept := STOCKPILE_CUES.search(t)) is not None and _ENOUGH.search(t.folded) is not None:
        return kept
    bye = FAREWELL_CUES.search(t)
    if bye is None or _POLITE.search(t.folded) is not None:
        return None  # "xin lỗi chị cho em hỏi …": an apology that opens a question
    if mood is not None or OVERDOSE_ACT_CUES.search(t) is not None:
        return bye
    # An apology beside a medicine is a goodbye only beside a big act ("con xin lỗi mẹ, con
    # uống hết rồi"), not a mishap owned ("xin lỗi ba, con lỡ uống nhầm 2 viên của ba").
    apology = _TO_ONE.match(bye) is not None
    return bye if not apology and _TAKING_OR_MEDICINE.search(t.folded) else None


# An apology to one person ("xin lỗi ba", "tha lỗi cho chị"), not to the whole family.
_TO_ONE = re.compile(
    r"(?:xin loi|tha loi cho) (?:anh|chi|em|con|vo|chong|me|ma|bo|ba|cha|toi|minh)$"
)


# Asking leave to ask: "xin lỗi chị cho em hỏi", "xin lỗi làm phiền", "cho mình hỏi chút".
_POLITE = re.compile(
    r"\bxin loi (?:\w+ ){0,2}?(?:cho (?:\w+ )?hoi|lam phien|hoi (?:chut|ti|xiu|nho))\b"
)


_ORDINARY_WORRY = re.compile(
    r"\bco (?:phai|bi|sao|sao khong|anh huong|hai|nguy hiem)\b.*\b(?:khong|ko|k|hong|hok)\s*\??\s*$"
)


# Stopping or tapering a medicine ("muốn bỏ hẳn thì ngưng cái một được không"), asked; "tự bỏ
# luôn" is quitting it on one's own ("bỏ cuộc đời" is not a medicine).
_STOPPING = re.compile(
    r"\b(?:(?<!tim )(?<!gan )ngung(?! de danh)|dung thuoc|bo thuoc|cai thuoc|giam lieu|bo han"
    r"|(?:tu bo|bo luon)(?! (?:doi|cuoc|het|tat ca|di|ca nha|gia dinh|vo|chong|con))"
    r")\b"
)
# A carer or a nurse speaking of a patient in their care ("bệnh nhân khoa em đang truyền …"),
# or whether the speaker needs the medicine too ("em có cần uống luôn không"): the course.
_OF_THE_COURSE = re.compile(
    r"\b(?:benh nhan|nguoi benh|bn noi tru|khoa (?:em|minh|toi)|ca truc)\b|"
    r"\bco can (?:uong|dung|tiem|dieu tri) (?:\w+ )?(?:khong|ko|k|hong)\b"
)


def _stops_asked(t: TurnText) -> bool:
    """Whether to stop a medicine, asked, or a question on a course of care: not intent;
    alone the model does not make it self-harm (beside despair or a goodbye it still may)."""
    if _OF_THE_COURSE.search(t.folded) is not None:
        return True
    return _STOPPING.search(t.folded) is not None and DOSE_QUESTION_CUES.search(t) is not None


# What a taking was for: a pain or a complaint ("vì đau răng", "cho đỡ đau", "để hết sốt").
_FOR_A_COMPLAINT = re.compile(
    r"\b(?:vi|tai|cho (?:do|het|bot)|de (?:do|het|bot)) (?:dau|nhuc|sot|ho|viem|mat ngu)\b"
)


def _self_harm_opinion(t: TurnText, *, taking: bool) -> str | None:
    """The self-harm n-gram model's word on a turn the word lists did not read as self-harm:
    sure on its own above `report_at`; above `unsure_at` only beside something the rules did
    read (despair, a goodbye, a big act reported), where the supportive reply is far safer
    than an emergency one or a dose. Never for a young child (see `classify`), never when the
    turn denies intent ("không phải tự tử đâu", "em không muốn chết"): the person said."""
    opinion = self_harm_model()
    if opinion is None or DENIAL.search(t.folded) is not None:
        return None
    t = _without_idioms(t)
    p = opinion.score(t.folded)
    if taking and someone_else_took(t) and DESPAIR_CUES.search(t) is None:
        return None  # a bystander's report of what someone else took: the emergency reply
    if p >= opinion.report_at and not _ORDINARY_WORRY.search(t.folded) and not _stops_asked(t):
        return f"self-harm model {p:.2f}"
    if p >= opinion.report_at:
        # "… có phải thiếu máu không", "… có sao không": a worry about one's health, asked;
        # alone the model does not make it intent, only beside despair or a goodbye below.
        p = min(p, opinion.report_at - 1e-6)
    if p < opinion.unsure_at:
        return None
    # A question on the course ("em có cần uống luôn không") takes nothing: no act beside it.
    act = OVERDOSE_ACT_CUES.search(t) if taking and not _stops_asked(t) else None
    beside = (
        DESPAIR_CUES.search(t) is not None
        or FAREWELL_CUES.search(t) is not None
        # a big act ("nốc cả nắm"), not the name of a medicine ("thuốc ngủ"), nor one told
        # with the complaint it was for ("… vì đau răng": a misuse to act on, not intent)
        or (
            act is not None
            and not act.startswith("thuoc")
            and not _FOR_A_COMPLAINT.search(t.folded)
        )
    )
    return f"self-harm model {p:.2f}" if beside else None


# A pain where it is felt, how it hurts, then the idiom of death ("đau dạ dày quằn quại muốn
# chết luôn", "đau lưng nhức nhối muốn xỉu"): the strength of the pain, however many words
# describe it; not a heartache ("đau lòng", "đau khổ") nor a person named between.
_PAIN_IDIOM = re.compile(
    r"\bdau (?:da day|bao tu|bung|dau|rang|lung|khop|co|hong|tai|nguc|chan|tay|goi|vai|"
    r"xuong|nua dau|mat|than|hang|bung kinh|dit|vet mo|moi)"
    r"(?: (?!em |toi |tui |minh |tao |t |e |con |anh |chi )\w+){0,4}? "
    r"(?P<death>muon chet|chet di duoc|chet mat|chet luon|gan chet|muon xiu|muon ngat)\b"
)


def _without_idioms(t: TurnText) -> TurnText:
    """The turn with a feeling's idiom of death ("đau răng muốn chết luôn") read as the
    feeling ("đau răng lắm"), in every form the word lists read."""
    folded = _PAIN_IDIOM.sub(_pain_as_lam, without_idioms(t.folded))
    if folded == t.folded:
        return t
    lowered = "".join(
        new if new != old else low
        for low, old, new in zip(t.lowered, t.folded, folded, strict=True)
    )
    return TurnText(lowered, folded, t.accented)


def _pain_as_lam(m: re.Match[str]) -> str:
    start, end = m.start("death") - m.start(), m.end("death") - m.start()
    return m.group(0)[:start] + "lam".ljust(end - start) + m.group(0)[end:]


def _asked_to_learn(t: TurnText) -> bool:
    """A question about harm asked to learn ("em sv ôn bài", "tò mò thôi", "bài tập nhóm"),
    with no despair, no goodbye and nothing the self-harm model reads as intent."""
    if PURPOSE_CUES.search(t) is None:
        return False
    if DESPAIR_CUES.search(t) is not None or FAREWELL_CUES.search(t) is not None:
        return False
    opinion = self_harm_model()
    return opinion is None or opinion.score(t.folded) < opinion.unsure_at


# "bé", "cháu bé", "thằng cu", an age under twelve: a child too young for the turn to be
# read as intent. Not "con" (a grown child speaks of themselves as "con" to a parent).
_NAMES_YOUNG_CHILD = re.compile(
    r"\b(?:be|chau be|thang cu|thang be|cu cau|nhoc|dua (?:nho|be|tre)|em be|tre nho|"
    r"(?:[1-9]|1[01]) (?:tuoi|t)|\d+ thang(?: tuoi)?)\b"
)


def names_young_child(t: TurnText) -> bool:
    """The turn names a young child (`_NAMES_YOUNG_CHILD`); typed with accents, "bè" ("bạn
    bè", friends) and "bế" (to carry) are not "bé"."""
    for m in _NAMES_YOUNG_CHILD.finditer(t.folded):
        if m.group(0) != "be" or not t.accented or t.lowered[m.start() : m.end()] == "bé":
            return True
    return False


# Someone the speaker names took it, holds it or got hold of it ("thằng bạn t … nuốt thêm",
# "đứa em 13t uống hết", "con e đang cầm mấy viên", "thằng em lấy thuốc của mẹ", "bả uống cả
# chục viên"): a bystander reporting, whose reply is the emergency one. Not "em", "anh",
# "chị", "con" alone: each is also how a speaker names themself.
_KIN = (
    r"(?:thang|con|dua|nhoc) (?:ban|em|cháu|chau|ong|ba|me|bo|anh|chi|e|t|tui|toi|minh)"
    r"|ban (?:t|toi|tui|em|minh|anh|chi|cua \w+)"
    r"|em (?:trai|gai|ho|ut)|anh (?:trai|ho)|chi (?:gai|ho)"
    r"|(?:me|ba|bo|cha|ong|bac|co|chu|di|cau|mo|thim) (?:t|e|toi|tui|em|minh|noi|ngoai|chong|vo|xa)"
    r"|ck|vk|chong (?:t|toi|tui|em|minh|e)|vo (?:t|toi|tui|minh|anh|a)|ong xa|ong nha"
)
_SOMEONE_ELSE_TOOK = re.compile(
    r"\b(?:" + _KIN + r")\b(?: \S+){0,5}? "
    r"(?:uong|nuot|noc|tu|an|xai|dung|cam|ngam|nhai|liem|boc|lay)\b"
)
_HE_OR_SHE_TOOK = re.compile(r"(?<!\w)(?:bả|ổng|nó|hắn)(?: \S+){0,3}? (?:uống|nuốt|nốc|tu)\b")


def someone_else_took(t: TurnText) -> bool:
    """The turn tells that someone other than the speaker took or holds a medicine."""
    kin = _SOMEONE_ELSE_TOOK.search(t.folded)
    if kin is not None and t.lowered.startswith("còn", kin.start()):
        kin = None  # "còn em uống …" is the speaker again, "con em" is their child
    return kin is not None or _HE_OR_SHE_TOOK.search(t.lowered) is not None


def _young_child(frame: QueryFrame | None) -> bool:
    """The conversation's patient is a child: an age under twelve, or a weight no grown-up
    has ("siro … cho bé 9kg" then "đổ liền 4 muỗng"): a carer's slip, never intent."""
    if frame is None:
        return False
    age, weight = frame.age_months, frame.weight_kg
    return (age is not None and age < CHILD_MONTHS) or (weight is not None and weight < CHILD_KG)
