"""An adverse reaction reported after a drug (issue 22): "uống cipro được 4 ngày thì đau gót",
"đang uống warfarin, mấy nay chảy máu chân răng", "tiêm xong thì choáng, nổi mẩn".

A report is a sign the body shows (a rash, swelling, bleeding, jaundice, a racing heart, a
painful tendon, aching muscles with dark urine...) told of a drug the conversation names,
with the words that place it after the drug ("xong", "được 3 tuần thì", "mấy hôm nay",
"đang uống", "từ khi dùng", "có phải do thuốc"), and not asked as knowledge ("có gây … không",
"nếu", "dấu hiệu … là gì"). Its reply is the emergency text and the drug's Hướng dẫn cách xử
trí ADR (`safety.triage`). The word lists are data; `read_reaction` is the only rule.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Protocol, TypeVar

from core.frame import Triage
from core.sections import SectionKey
from core.text import fold_aligned
from safety.asked_not_told import outcome_asked
from safety.cue_matching import TurnText, any_of, cues
from safety.danger_signs import DANGER_SIGNS, PRESCRIBED_CUES, sign_cues
from safety.not_reactions import complaint_first, side_effect_asked
from safety.safety_cues import (
    AFTER_TAKING_CUES,
    ALLERGY_SIGNS,
    AT_ONCE_NOT_A_DAY,
    DESPAIR_CUES,
    EMERGENCY_SIGNS,
    EXCESS_CUES,
    FAREWELL_CUES,
    SIGN_QUESTION_CUES,
)
from safety.told_amounts import typed_amount

_W = r"(?:\w+ )"  # one word and its space
# "đã có đường truyền" (an IV line in: care under way) names no taking.
_TAKE = r"(?:uống|dùng|tiêm|(?<!đường )(?<!dịch )truyền|xịt|bôi|ngậm|đặt|chích)"
_SPAN = r"(?:ngày|tuần|tháng|hôm|bữa)"

# What the body shows: signs the formulary's ADR sections speak of, as people say them
# (a sign said as slight, "bầm tím nhỏ nhỏ", is left out; the danger signs are the rest).
REACTION_SIGNS = sign_cues(
    (
        # skin and allergy
        r"nổi (?:mẩn|mề đay|mày đay|ban|mụn nước|bóng nước|bọng nước|bóng|mẩn ngứa)",
        r"mẩn (?:đỏ|ngứa)",
        r"bị mẩn",
        r"sưng húp",
        r"phồng rộp|rộp da",
        r"đỏ (?:da|rát)",
        r"mề đay",
        r"mày đay",
        r"phát ban",
        r"ban (?:đỏ|ngứa)",
        r"phồng rộp",
        r"(?:bóng|bọng) nước",
        r"bong (?:da|tróc|tróc da)",
        r"tróc da",
        r"loét (?:miệng|môi|lưỡi|họng)",
        r"ngứa (?:khắp|toàn|hết|rát|quá|ngáy)",
        r"(?:sưng|phù) (?:mặt|môi|lưỡi|họng|mí mắt|mắt|cổ họng)",
        r"khó thở",
        r"tức ngực",
        r"khó nuốt",
        r"nói khó",
        # bleeding
        r"chảy máu",
        r"bầm tím",
        r"xuất huyết",
        r"phân (?:đen|có máu|như bã cà phê)",
        r"đi ngoài (?:ra )?(?:phân )?(?:đen|máu)",
        r"nôn ra máu",
        r"(?:nước tiểu|tiểu) (?:ra )?(?:hồng|đỏ|có máu|máu|sẫm|sậm|nâu|màu nâu|màu trà|màu sẫm)",
        r"vàng (?:da|mắt)",  # the liver
        # tendons and muscles
        r"(?:đau|sưng|nhức) (?:gân|gót|gót chân)",
        # folded, "(lần/bắt/ban) đầu có" is "đau cơ": not after those
        r"(?<!lần )(?<!bắt )(?<!ban )(?<!khởi )(?:đau|nhức|yếu) (?:cơ|mỏi cơ)",
        r"đau nhức (?:cơ|khắp người|toàn thân)",
        r"yếu (?:cơ|tay chân)",
        # heart, circulation, metabolism
        r"tim đập (?:loạn|loạn nhịp|không đều)",
        r"loạn nhịp",
        r"tụt huyết áp",
        r"hạ đường huyết",
        r"co giật",
    ),
    # Folded, these are other words ("choang" a wrap, "ngat" cut).
    strict=(r"choáng", r"choáng váng", r"ngất", r"lơ mơ"),
)
# Signs that alone are often what the medicine is expected to do (sweating after a fever
# medicine, a racing heart after salbutamol): a reaction only when two of them come together
# ("tim đập nhanh, run tay, mất ngủ, sụt cân").
MILD_SIGNS = tuple(
    cues((pattern,))
    for pattern in (
        r"tim đập (?:nhanh|mạnh|thình thịch)",
        r"hồi hộp",
        r"đánh trống ngực",
        r"(?:mặt )?đỏ bừng",
        r"vã mồ hôi",
        r"run (?:tay|người)",
        r"mất ngủ",
        r"sụt cân",
        r"mệt lả",
        r"ù tai",
        r"nhìn mờ",
        r"buồn nôn",
        r"nôn ói",
    )
)
MILD_TOGETHER = 2
_ANY_MILD = any_of(MILD_SIGNS)  # most turns tell none: one search, then each list if one does
# Words that place the sign after the drug: taken and then, for some days now, since.
AFTER_DRUG = cues(
    (
        _TAKE
        + r" "
        + _W
        + r"{0,4}?(?:xong|vào|rồi|thì|là|liền|bị|thấy|lập tức|mà|giờ|nay|"
        + AT_ONCE_NOT_A_DAY
        + ")",
        _TAKE + r" " + _W + r"{0,4}?(?:được|đc|dc|đến|tới) (?:\d+|vài|mấy|hai|ba) " + _SPAN,
        r"(?:vừa|mới|đã) " + _W + r"{0,2}?" + _TAKE,
        r"đang " + _TAKE,
        r"(?:đến|tới) (?:ngày thứ|hôm nay|nay)|ngày thứ (?:\d+|hai|ba|tư|bốn|năm|sáu|bảy)",
        r"dạo (?:này|gần đây)",
        r"mấy (?:hôm|bữa|ngày|tuần|nay)(?: nay)?",
        r"tự nhiên",
        r"từ (?:khi|lúc|hôm|ngày) " + _W + r"{0,2}?" + _TAKE,
        r"do thuốc",
        r"(?:do|vì|tại) " + _W + r"{0,2}?" + _TAKE,
        r"sau (?:liều|lần|mũi) (?:đầu|thứ|tiêm)",
        r"(?:tối|sáng|chiều|trưa|hôm) (?:qua|nay)",
        r"^(?:giờ|bây giờ|nay)",
        r"(?:chỗ|vết|nơi) tiêm",
        r"sau khi " + _W + r"{0,2}?" + _TAKE,
        # now, said mid-sentence ("dạ mà giờ mẹ cháu run tay"), not "giờ uống … được không"
        r"(?:dạ|mà|nhưng|còn|với lại|thì|rồi|,) (?:giờ|bây giờ|hiện giờ)"
        r"(?! (?:uống|dùng|tiêm|cho|nên|phải uống|có nên|có được))",
        r"(?:tuần|tháng|năm) (?:này|nay)",
        r"(?:gần đây|lâu nay|hôm nay|đêm qua|đêm nay|khuya nay|từ hôm qua)",
        r"(?:\d+|mấy|vài|hai|ba|một|nửa) ?(?:phút|p|tiếng|giờ|ngày|hôm) sau|(?:hôm|bữa) sau",
        r"(?:mấy|vài|\d+|hai|ba|một) (?:tháng|năm)(?: nay| rồi| liền)",
        r"(?:lần|liều|cữ|mũi) (?:đầu|thứ)",
        r"(?:đang|vừa|mới) (?:\w+ ){0,2}?(?:truyền|tiêm|kê)",
    ),
)
# Asked as knowledge, not told: "uống X có bị vàng da không", "nếu chảy máu thì sao".
ASKED_AS_KNOWLEDGE = cues(
    (
        r"có (?:thể )?gây",
        r"gây ra",
        r"có làm " + _W + r"{0,3}?không",
        r"có bị " + _W + r"{0,4}?(?:không|ko|k|hông|hok)",
        r"nếu",
        r"giả sử",
        r"lỡ như",
        r"phòng khi",
        r"trường hợp",
        r"(?:dấu hiệu|biểu hiện|triệu chứng) " + _W + r"{0,4}?(?:là gì|gì|nào|ra sao|thế nào)",
        r"tác dụng phụ (?:là|gồm|của|có những|thường gặp)",
        r"khi nào",
        # which medicine to take for it: a question, not a report of a reaction
        r"thuốc (?:gì|nào|j)",
        r"(?:uống|dùng|bôi|xịt) (?:gì|j|thuốc gì)",
        r"có làm",
        # "… là dị ứng hả", "có phải dị ứng không": whether it is an allergy, asked
        r"(?:là|phải|bị) (?:\w+ ){0,2}?(?:dị ứng|tác dụng phụ|phản ứng)(?: \w+)? ?"
        r"(?:hả|không|ko|k|à|chứ|chăng|phải không)\s*\??$",
    ),
)
# Asked whether or how to take something for the sign ("nổi mề đay uống loratadin được
# không", "chảy máu mũi uống mấy ngày"): the sign comes first, a medicine to take after it
# ("uống tiếp được ko" is whether to go on with the drug the sign came after: not this).
TAKE_FOR_IT = re.compile(
    fold_aligned(
        r"(?<!\w)(?:uống|dùng|bôi|xịt|tiêm|cho uống) (?!(?:tiếp|nữa)(?!\w))(?:\w+ ){0,4}?"
        r"(?:được không|được ko|được k|đc không|đc ko|đc k|được hông|được hok|được chứ|"
        r"có được không|thì sao|mấy ngày|bao lâu|bao nhiêu|thế nào|như thế nào|ra sao|"
        r"có sao (?:không|ko|k|hông)|có ổn (?:không|ko|k|hông))"
    )
)


# A reply telling the route, then what it is for ("tiêm tĩnh mạch, bị co giật", "người lớn,
# đường uống, bị co thắt phế quản"): the illness to treat, nothing taken yet, unless a word
# places the sign after a dose ("xong", "rồi", "sau khi").
_ROUTE_THEN_USE = re.compile(
    r"(?:^|, ?)(?:duong |dang )?(?:uong|tiem(?: tinh mach| bap| duoi da)?|truyen(?: tinh mach)?|"
    r"dat(?: hau mon| truc trang)?|xit|hit|khi dung|ngam(?: duoi luoi)?) ?, ?(?:bi |benh |tri )?"
)


def route_then_use(text: TurnText) -> bool:
    """The turn tells a route, then the illness it is for, and nothing placed after a dose."""
    told = _ROUTE_THEN_USE.search(text.folded) is not None
    return told and _CLEARLY_AFTER.search(text.folded) is None and "roi" not in text.folded.split()


# Only whether it is an allergy is asked ("… xong sưng môi khó thở, có phải dị ứng không"):
# it happened. (Whether a drowsy child's sleep is the medicine's doing stays a question.)
_WHAT_IT_WAS = re.compile(r"\b(?:co phai|la|bi) (?:la )?(?:\w+ )?(?:di ung|phan ve|phan ung)\b")
_KNOWLEDGE = re.compile(r"\b(?:co (?:the )?gay|gay ra|neu|khi nao|thuoc (?:gi|nao))\b")


def sign_asked(t: TurnText) -> bool:
    """The sign is asked about, not told: "thuốc có gây khó thở không", "nếu …". A danger
    sign placed after a dose ("xong", "sau khi") whose question is only whether it is an
    allergy was told: it happened, whatever is asked of it."""
    if SIGN_QUESTION_CUES.search(t) is None:
        return False
    told = EMERGENCY_SIGNS.search(t) is not None and _CLEARLY_AFTER.search(t.folded) is not None
    what = _WHAT_IT_WAS.search(t.folded) is not None and _KNOWLEDGE.search(t.folded) is None
    return not (told and what)


def read_reaction(text: TurnText, *, names_drug: bool) -> str | None:
    """The sign of an adverse reaction the turn reports after a drug the conversation names,
    or None (no drug, no sign, nothing placing it after the drug, or asked as knowledge)."""
    if not names_drug:
        return None
    text = _without_occasions(text)  # "ngậm khi đau ngực, ngậm xong thì ngã gục": the second
    sign = REACTION_SIGNS.search(text) or DANGER_SIGNS.search(text)
    if sign is None:
        mild = (
            []
            if _ANY_MILD.search(text) is None
            else [hit for cue in MILD_SIGNS if (hit := cue.search(text)) is not None]
        )
        apart = [h for h in mild if not any(h != o and h in o for o in mild)]  # distinct signs
        sign = apart[0] if len(apart) >= MILD_TOGETHER else None
    if sign is None or not _placed_after(text, sign) or route_then_use(text) or _feared(text, sign):
        return None
    if complaint_first(text, sign, AFTER_DRUG):  # "mấy nay nổi mề đay, uống cetirizin"
        return None
    if ASKED_AS_KNOWLEDGE.search(text) is not None or outcome_asked(text):
        return None
    if _AMOUNT_ASKED.search(text.folded) and not _CLEARLY_AFTER.search(text.folded):
        return None  # "… đang co giật thì tiêm bao nhiêu mg": the sign the dose is for
    ask = TAKE_FOR_IT.search(text.folded)
    if ask is not None and text.folded.find(fold_aligned(sign)) < ask.start():
        return None
    return sign


# Fear just before the sign ("sợ ông lú lẫn ngã", "ngại bé bị dị ứng"): what may happen, not
# what did; "sợ quá, …", "lo lắm, …" tell how the speaker feels.
_FEAR_BEFORE = re.compile(r"(?<![a-z])(?:so|ngai|lo) (?!qua|lam|that|wa)(?:[a-z]+ ){0,2}$")


def _feared(text: TurnText, sign: str) -> bool:
    at = text.folded.find(fold_aligned(sign))
    return at > 0 and _FEAR_BEFORE.search(text.folded[:at]) is not None


# An amount of the drug asked ("bao nhiêu mg", "liều bao nhiêu", "mấy nhát", "nhiêu ml"): the
# sign is the illness to treat unless words place it after a dose ("xong", "sau khi").
_AMOUNT_ASKED = re.compile(
    fold_aligned(
        r"(?<!\w)(?:(?:bao nhiêu|bn|mấy|nhiêu) (?:mg|ml|mcg|microgam|viên|nhát|giọt|ống|gói)|"
        r"liều (?:bao nhiêu|bn|dùng|thế nào|như thế nào|ra sao))(?!\w)"
    )
)
_CLEARLY_AFTER = re.compile(fold_aligned(r"(?<!\w)(?:xong|sau khi|từ khi|từ lúc|từ hôm)(?!\w)"))


def _placed_after(text: TurnText, sign: str) -> bool:
    """Words place the sign after the drug, or a danger sign is told after the drug is said
    taken ("ong em ngam risordan …, nga guc xuong"; "uong klion duoc 2 vien thi moi sung")."""
    if AFTER_DRUG.search(text) is not None:
        return True
    if DANGER_SIGNS.search(text) is None:
        return False
    taken = _TAKEN.search(text.folded)
    at = text.folded.find(fold_aligned(sign))
    if text.folded[:at].endswith(_ASKED_WHETHER):
        return False  # "… lâu dài có chảy máu cam ko": whether it may happen, asked
    before = (text.lowered if text.accented else text.folded)[:at].split()[-3:]
    if any(word in _FOR_THE_SIGN for word in before):
        return False  # "ngậm khi lên cơn đau ngực": the sign the drug is for
    return taken is not None and taken.start() < at


# The word right before a sign that makes it the occasion of a dose ("khi khó thở", "lúc
# bị lên cơn khó thở", "mỗi khi đau ngực"), with "bị", "lên cơn", "có" between.
_WHEN_THE_SIGN = re.compile(
    r"\b(?:khi|luc|neu|lo|phong|ngua|de tri|tri|chua|cat|giam)(?: bi| co| len con| con)* $"
)


def _without_occasions(text: TurnText) -> TurnText:
    """The turn with each sign blanked that is, every time it is named, the occasion a dose
    is for ("dặn xịt 1 nhát khi khó thở"), not what followed a dose; a sign told after it
    still reads ("ngậm khi đau ngực, ngậm xong 5 phút thì ngã gục")."""
    for _ in range(3):
        sign = REACTION_SIGNS.search(text) or DANGER_SIGNS.search(text)
        if sign is None:
            return text
        folded, said = text.folded, fold_aligned(sign)
        at = [i for i in range(len(folded)) if folded.startswith(said, i)]
        if not at or not all(_WHEN_THE_SIGN.search(folded[max(0, i - 30) : i]) for i in at):
            return text
        lowered = text.lowered
        for i in at:
            gap = " " * len(said)
            folded = folded[:i] + gap + folded[i + len(said) :]
            lowered = lowered[:i] + gap + lowered[i + len(said) :]
        text = TurnText(lowered, folded, text.accented)
    return text


_ASKED_WHETHER = ("co ", "co bi ", "co the ", "co hay ", "co de ", "co gay ")
# Words that make the sign what the drug is taken for: when, to prevent, to treat, a bout.
_FOR_THE_SIGN = frozenset(
    "khi lúc phòng để trị chữa cắt nếu cơn ngừa giảm".split()  # noqa: SIM905
) | frozenset("luc phong de tri chua cat neu ngua giam".split())  # noqa: SIM905


# Folded, "tác dụng" (an effect) is "tác dùng"; "đường uống" is a route, nothing taken.
_TAKEN = re.compile(
    fold_aligned(r"(?<!\w)(?<!tác )(?<!đường )(?:" + _TAKE + r"|kê|cho uống)(?!\w)")
)


def reaction_to_drug(t: TurnText, reaction: str | None) -> bool:
    """A sign after taking a drug (allergic, or the adverse reaction `read_reaction` read:
    `reaction`), with no amount or excess said: a reaction to the drug (its ADR management),
    not an overdose."""
    allergic = ALLERGY_SIGNS.search(t) is not None and AFTER_TAKING_CUES.search(t) is not None
    amount = typed_amount(t)
    one = amount is not None and _ONE.match(amount) is not None  # "1 viên": a dose, no excess
    # "đúng liều bác sĩ kê", "ngày 2 viên", "được 2 cữ thì": the dose meant, not an excess
    one = one or (amount is not None and PRESCRIBED_CUES.search(t) is not None)
    return (
        (allergic or reaction is not None)
        and (amount is None or one)
        and (EXCESS_CUES.search(t) is None)
    )


_ONE = re.compile(r"(?:1|một|mot) ")


class _Found(Protocol):
    """What triage found, as far as a reaction report reads it."""

    @property
    def kind(self) -> str: ...
    @property
    def section(self) -> str: ...


_F = TypeVar("_F", bound=_Found)


def reaction_report(t: TurnText, found: _F) -> _F | None:
    """`found` marked `told_taking` (the drug told taken: a report of its own even inside an
    emergency thread), if it is an emergency quoting the drug's ADR management with no despair
    or goodbye beside it, else None: drowsy after a prescribed dose is not self-harm."""
    if found.kind != Triage.EMERGENCY or found.section != SectionKey.HUONG_DAN_XU_TRI_ADR.value:
        return None
    if DESPAIR_CUES.search(t) is not None or FAREWELL_CUES.search(t) is not None:
        return None
    told = _TAKEN.search(t.folded) is not None
    return replace(found, told_taking=told)  # type: ignore[type-var]


def given_as_meant(t: TurnText, names_drug: bool) -> bool:
    """A drug given for its use ("cho uống imodium cầm tiêu chảy", "đúng liều") with no
    amount said, and a reaction sign after it: a reaction, though the turn regrets it ("lỡ")."""
    if PRESCRIBED_CUES.search(t) is None or typed_amount(t) is not None:
        return False
    return reaction_to_drug(t, read_reaction(t, names_drug=names_drug))


__all__ = [
    "AFTER_DRUG",
    "ASKED_AS_KNOWLEDGE",
    "MILD_SIGNS",
    "MILD_TOGETHER",
    "REACTION_SIGNS",
    "TAKE_FOR_IT",
    "given_as_meant",
    "reaction_report",
    "reaction_to_drug",
    "read_reaction",
    "side_effect_asked",
]
