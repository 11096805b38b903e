"""Signs of an ingestion in a turn, read before and beside the event grammar
(`safety.ingestion`): counts and amounts, a question asked outright, a story told, a child's
access to a medicine, an adult's one slip, overdose asked about in general, an infant's
adult-strength tablet; and the answer to the safety question ("Bé đã uống thuốc này rồi
phải không?"). Predicates of one turn's text, words as data in `safety.safety_cues`."""

from __future__ import annotations

import re

from core.text import fold_aligned
from safety.safety_cues import (
    AMOUNT_CUES,
    ASK_DRUG_CUES,
    CHILD_CUES,
    COMPLETED_CUES,
    DAILY_CUES,
    HABIT_CUES,
    HOLD_CUES,
    HYPOTHETICAL_CUES,
    KNOWLEDGE_CUES,
    MEDICINE_CUES,
    OTHERS_CUES,
    STATE_SLIP_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    UNSANCTIONED_CUES,
    UNSURE_CUES,
    WORRY_CUES,
    TurnText,
)

_COUNT = re.compile(r"(?<!/)(?<!/ )(?<!\d)(\d+)\s*(vien|ml|vi\b|v\b)")  # not "150mg/5ml"


_LARGE_ML = 30.0


LARGE_COUNT = 5
"""Tablets (or ml) a child took that make a report an emergency even with no 'rồi'."""

_FINISH = re.compile(r"\b(?:het|sach|can|ca|nguyen|nua|gan het)\b")


_TABLETS = re.compile(r"(?<![\w.,])(?:[2-9]|[1-9]\d+|hai|ba|bon|nam|sau|bay|tam|chin|muoi) vien\b")


def is_finish(cue: str) -> bool:
    """Does the (folded) cue say a container was finished ("uống hết vỉ")? With a course of
    treatment ("… rồi vẫn ho", "kháng sinh") that is the course, not an ingestion."""
    return _FINISH.search(cue) is not None


_CONTAINERS = re.compile(r"\b(?:[2-9]|1\d|hai|ba|bon|nam) (?:vi|lo|hop|chai)\b")


_STRONG = re.compile(r"\b(?:vung|trom|nham|nghich|nhat|mat|len|ung uc|keo|tuong)\b")


_ALL = re.compile(r"\b(?:het|sach)\b")


_AGAIN = re.compile(r"\b(?:uong|nuot|tiem) (?:\w+ )?(?:them|tiep|lai|trung)\b")


_A_FEW = re.compile(r"\b(?:may|vai) (?:vien|vi|goi|ong|thia|muong)\b")


_ONE = re.compile(r"(?:1|mot) (?:vien|lieu|goi|ong|lan|thia|muong)")


_NURSING = re.compile(r"\b(?:cho (?:con |be )?bu|dang bu|nuoi con bu)\b")


_AGAIN_WORD = re.compile(r"\b(?:lai|them|tiep|bu)\b")


_PACK = re.compile(r"\b(?:chai|lo|vi|hop|goi|tuyp)\b")


_EAT = re.compile(r"^(?:an|ăn|nhai|liem|gam|gặm|mut|mút|ngam|ngậm|noc|nốc)$")


_YES_NO = re.compile(
    r"\b(?:khong|ko|k|hong|chua|ha|a)(?: (?:a|ad|shop|ban|b|bs|ds|nhe|nha|vay|the|chi|anh))*"
    r"\s*[?.!]*\s*$"
)


# Said as past ("rồi", "vừa", "lúc nãy"), not only "at once": a worried question without one
# ("uống 2 viên một lúc có sao không") asks about an amount, it reports nothing.
_PAST = re.compile(r"\b(?:roi|r|vua|moi|da|luc nay|hoi nay|ban nay|nay|hom qua|xong)\b")


def _yes_no(text: TurnText) -> bool:
    """A yes/no question about using it ("… phải nuốt nguyên viên không?"); a worried one about
    what happened ("… có sao không") is not a dose question."""
    if WORRY_CUES.search(text) is not None or UNSURE_CUES.search(text) is not None:
        return False  # "không biết bé có nuốt viên nào không": whether it happened
    asked = _YES_NO.search(text.folded)
    # typed "ạ" (not "à") alone ("… rơi ra rồi ạ", "… dưới đáy ạ") is a telling said politely
    told = asked is not None and _ASKING.search(text.folded, 0, asked.start()) is None
    return asked is not None and not (told and text.lowered[asked.start() :].startswith("ạ"))


_ASKING = re.compile(r"\?|\b(?:may|bao nhieu|bao nhiu|gi|nao|sao|khong|ko|chua)\b")
# (or within the hours of a day: "15 viên trong ~20 tiếng")
_PER_DAY = re.compile(
    r"\b(?:mot|moi|1|trong|ca) ngay\b|/ ?ngay\b|"
    r"\btrong (?:vong |khoang |~ ?)?(?:1\d|2[0-4]) ?(?:tieng|gio|h)\b"
)


def _daily(text: TurnText) -> bool:
    """An amount per day ("8 viên một ngày"): a day's dose asked about, not one event."""
    return DAILY_CUES.search(text) is not None or _PER_DAY.search(text.folded) is not None


def _counted(text: TurnText) -> str | None:
    hit = _TABLETS.search(text.folded)
    return hit.group(0) if hit else None


def _medicine(text: TurnText, names_drug: bool) -> bool:
    """A drug is named, or a medicine word that is not "which medicine?"."""
    if names_drug:
        return True
    return MEDICINE_CUES.search(text) is not None and ASK_DRUG_CUES.search(text) is None


_TIMES_EACH = re.compile(r"\b(\d+) lan\b.*?\bmoi lan (\d+) vien\b")


def day_total(text: TurnText) -> int:
    """Tablets told for a day as times × each ("6 lần trong ngày, mỗi lần 2 viên": 12), or
    the largest count."""
    each = _TIMES_EACH.search(text.folded)
    times = int(each.group(1)) * int(each.group(2)) if each else 0
    return max(times, _count(text))


def _count(text: TurnText) -> int:
    """The largest count of tablets or blisters the turn gives (0 when none). A hundred or
    more before a bare "vi" or "v" is the strength ("paracetamol 500 vi sủi"), not 500 blisters."""
    return max((int(n) for n, unit in _COUNT.findall(text.folded) if _counts(n, unit)), default=0)


def _counts(n: str, unit: str) -> bool:
    return unit != "ml" and (int(n) < STRENGTH_LIKE or unit == "vien")


STRENGTH_LIKE = 100


def _large(text: TurnText) -> bool:
    # A count of tablets or blisters, or a volume of syrup well beyond a spoonful.
    return any(
        int(n) >= (_LARGE_ML if unit == "ml" else LARGE_COUNT)
        for n, unit in _COUNT.findall(text.folded)
        if unit == "ml" or _counts(n, unit)
    )


# Right or too much ("… là đúng hay quá liều"), how much is allowed ("được mấy ml 1 lần"):
# the amount itself asked.
_AMOUNT_ASKED_RE = (
    r"\b(?:dung|du) hay (?:bi )?(?:qua|sai|du|nhieu|thieu)\b|"
    r"\b(?:duoc|dc|đc) (?:may|bao nhieu) (?:ml|vien|goi|giot)\b|"
    r"\bmay (?:ml|vien|goi|giot) (?:1|mot|moi) lan\b"
)
AMOUNT_ASKED = re.compile(_AMOUNT_ASKED_RE)
# A question said outright ("…?", "được không", "bao nhiêu", "nên", "thế nào"), not the
# "mấy" that is both "how many" and "a few" ("cháu uống mấy viên metformin 500").
_ASKED = re.compile(
    r"\?|\b(?:duoc|dc|đc|ok|on|sao|gi|nao) (?:khong|ko|k|hong|hok|chua|chu)\b|\bco duoc\b|"
    r"\bco du (?:khong|ko|k|hong|hok|chua)\b|"  # "mua 1 hộp 30 viên có đủ không": enough?
    r"\bbao (?:nhieu|nhiu|lau)\b|\bbn\b|\b(?:the|nhu the|cach) nao\b|\btoi da\b|"
    # not "so" ("đắng quá nên nhổ ra", "chai cũ nên không nhớ còn bao nhiêu", "… nên không
    # đếm được")
    r"(?<!qua )(?<!lam )(?<!vay )(?<!the )\bnen\b"
    r"(?!\s+(?:khong|ko|k|chang|cha) (?:nho|biet|ro|dem|thay|tim|kiem))|"
    r"\b(?:dung|phai) (?:khong|ko|k|hong)\b|\bcach nhau\b|\b(?:mot|moi|1) ngay\b|"
    r"\bhay\b.*\b(?:chia|doi)\b|"
    # a day's amount, or one amount against another ("ngày 1 viên hay 2 viên")
    r"(?<!\d )(?<!moi )\bngay (?:uong )?(?:\d+|mot|hai|ba|may|vai) (?:vien|lan|goi|ml|v)\b|"
    r"\b(?:vien|lan|goi|ml|v)(?: \d+ ?(?:mg)?)? hay (?:\d+|mot|hai|ba|bon|may|nua)\b|"
    # either-or ("lúc ăn hay sau ăn", "… hay không")
    r"\bhay (?:sau|truoc|luc|trong|khi|nen|can|khong|ko|chua|dung|phai)\b|" + _AMOUNT_ASKED_RE
    # right or too much ("… là đúng hay quá liều"), how much is allowed ("được mấy ml 1 lần")
)


# What tells a taking as a story, not a bare count ("bé uống 3 viên paracetamol 500" may be
# a question): drink taken ("say", "nhậu"), more or again ("thêm", "liền"), the mouth or the
# pack it came from ("trong mồm", "bị bóc", "lọ còn một nửa"), a sweet ("như kẹo"), a whole
# day's worth ("trong ngày hôm nay").
_STORY = re.compile(
    r"\b(?:say|xin|nhau|ruou|bia|them|lien|tiep|nua|trong (?:mom|mieng|hong)|mom|mieng|"
    r"bi (?:boc|xe|mo|mop|do|vo)|con (?:mot |1 )?(?:nua|it|vai)|nhu (?:an )?keo|"
    r"trong ngay|ca ngay|tu lay|lay|boc)\b"
)


def _told(text: TurnText) -> bool:
    """Does the turn tell what happened (when, after what, from whose pack, with what sign)
    rather than name a bare amount?"""
    return (
        _PAST.search(text.folded) is not None
        or _STORY.search(text.folded) is not None
        or COMPLETED_CUES.search(text) is not None
        or SYMPTOM_CUES.search(text) is not None
        or OTHERS_CUES.search(text) is not None
        or UNSANCTIONED_CUES.search(text) is not None
    )


# Signs a child got at a medicine without anyone seeing it swallowed: a pack torn, opened
# or spilled, tablets missing or picked up, something in the mouth or a smell on it.
_ACCESS = re.compile(
    r"\b(?:bi (?:xe|boc|mo|do|vo|rach|bat|can)|bat (?:ra|nap)|roi (?:ra|vai|lung tung|vai)|"
    r"do ra|vuong|con lai|thieu (?:mat )?(?:may|mot|1|vai|\d)|mat (?:may|mot|1|vai) vien|"
    r"trong (?:mom|mieng)|(?:mom|mieng) (?:co|con|toan|dinh|day)|cay (?:mom|mieng)|"
    r"mui (?:thuoc|siro|cam|dau|bac ha)|nap (?:mo|bat|hong|bi)|mo (?:nap|lo|hop|chai|vi)|"
    r"luom|vo (?:goi|vi|lo|hop|chai)|o trong vi|o vi|nap (?:da|bi|dang) mo|"
    r"luc (?:\w+ )?(?:tui|tu|ngan keo|balo|cap|hop|gio)|(?:cay|van) (?:mo )?(?:nap|lo|hop|chai)|"
    # on the lips, or a tablet taken back out of the mouth ("bé ngậm viên …, lấy ra kịp");
    # not "ngậm thuốc lâu có sao không", a way of taking asked
    r"dinh (?:\w+ ){0,2}?(?:quanh|o|tren|khap|day) (?:mom|mieng|moi|mep)|"
    r"moi (?:con |co )?dinh|(?:can|gam|mut) (?:\w+ ){0,2}?nap|"  # lips, a bitten cap
    r"(?:mut|ngam|gam|can|nhai) (?:\w+ )?(?:vi|lo|hop|chai|goi|vo)|"  # the pack in the mouth
    r"ngam (?:\S+ ){0,6}?(?:lay|moc|nhe|nho|khac) ra|(?:moc|nhe|khac) (?:\w+ )?ra)\b"
)


# A doubt about how much was taken ("không biết tí là bao nhiêu", "ko rõ uống bao nhiêu")
# names the unknown amount, and "có sao không" is a worry: neither asks a dose.
_DOUBT = re.compile(
    r"\b(?:khong|ko|k|kh|hk|chang|cha) (?:biet|ro|chac|nho)"
    # not "không biết cho bé uống bao nhiêu" (how much to give, asked)
    r"(?: (?!cho\b|nen\b|phai\b|can\b|duoc\b)\S+){0,5}? (?:bao nhieu|may \w+)\b|"
    # the doubt said after ("trước đó lọ còn bao nhiêu em cũng không nhớ")
    r"\b(?:bao nhieu|may \w+)(?: \S+){0,3}? (?:cung )?(?:khong|ko|k|kh|hk|chang|cha) "
    r"(?:biet|ro|chac|nho)\b|"
    # whether it happened ("ko biết có uống được chút nào ko")
    r"\b(?:khong|ko|k|kh|hk|chang|cha) (?:biet|ro|chac|nho)(?: \S+){0,2}? (?:co|da)\b"
    r"(?: \S+){0,6}? "
    r"(?:khong|ko|k|hong|chua)\s*\??\s*$"
)
_WORRY = re.compile(r"\bco (?:bi )?sao (?:khong|ko|k|hong|hok)\b")


def _asked_beyond_doubt(text: TurnText, *, worry: bool) -> bool:
    """Asked outright, once a doubt about the amount (and, with `worry`, "có sao không") is
    set aside."""
    rest = _DOUBT.sub(" ko biet ", text.folded)  # the doubt kept as a doubt
    rest = _WORRY.sub(" ", rest) if worry else rest
    return _ASKED.search(rest) is not None


# A pack found emptied ("vỏ vỉ rỗng trên sàn", "lọ thuốc ngủ trống trơn"): what was in it
# was taken, by a child beside it or by whoever shows a sign now.
_EMPTIED = re.compile(
    # the pack and its state in one sentence ("hộp chia thuốc theo tuần … đã trống trơn")
    r"\b(?:vi|lo|hop|chai|tuyp|goi|ong|vo)\b(?: [^\s.!?]+){0,12}? "
    r"(?:rong|trong (?:tron|rong|khong|trem)|het (?:sach|tron|nhan)|sach (?:tron|bach|tron tru)|"
    r"khong con (?:vien|goi|gi) nao|"
    # a bottle down to its bottom ("giờ chỉ còn chút xíu dưới đáy", "còn lưng đáy")
    r"con (?:(?:co|mot|chut|ti|xiu|it) ){0,3}?(?:o |duoi |sat |lung )day|"
    r"con (?:co )?(?:chut xiu|ti xiu))\b"
)


# A bottle's volume and what is left of it ("chai 90ml giờ còn khoảng 30ml").
_LEFT = re.compile(
    r"(\d+) ?ml\b(?: \S+){0,6}? con (?:lai |khoang |tam |chung |co |chi )*(\d+) ?ml\b"
)


# Or what is left as a share of it ("chai 60ml giờ chỉ còn khoảng 1/3", "còn một nửa").
_LEFT_SHARE = re.compile(
    r"(\d+) ?ml\b(?: \S+){0,6}? con (?:lai |khoang |tam |chung |co |chi |duoc )*"
    r"(1/2|1/3|2/3|1/4|3/4|(?:mot |1 )?nua|mot phan (?:ba|tu|hai))\b"
)
_SHARES = {"1/2": 0.5, "nua": 0.5, "1/3": 1 / 3, "2/3": 2 / 3, "1/4": 0.25, "3/4": 0.75}
_SHARES |= {"mot phan ba": 1 / 3, "mot phan tu": 0.25, "mot phan hai": 0.5}


def missing_ml(text: TurnText) -> float:
    """How much of a bottle is gone, told as its volume and what is left (0 when not told)."""
    left = _LEFT.search(text.folded)
    if left is not None:
        return max(0.0, float(left.group(1)) - float(left.group(2)))
    share = _LEFT_SHARE.search(text.folded)
    if share is None:
        return 0.0
    said = share.group(2)
    kept = _SHARES["nua" if said.endswith("nua") else said]
    return float(share.group(1)) * (1 - kept)


def access_sign(text: TurnText) -> bool:
    """A sign a child got at a medicine (see `_ACCESS`)."""
    return _ACCESS.search(text.folded) is not None


def emptied_pack(text: TurnText, *, child_known: bool) -> str | None:
    """A pack found emptied beside a child, a sign that follows or a doubt about the taking
    (see `_EMPTIED`), told and not asked: the words, or None."""
    hit = _EMPTIED.search(text.folded)
    if hit is None or HYPOTHETICAL_CUES.search(text) is not None or _yes_no(text):
        return None
    if child_known or CHILD_CUES.search(text) or SYMPTOM_CUES.search(text):
        return hit.group(0)
    # anyone who cannot say when it was taken ("bố bảo không nhớ uống lúc nào")
    return hit.group(0) if UNSURE_CUES.search(text) is not None else None


# Whether it may be given ("có uống được … không", "có nên"): with no sign of access, a
# doubt before it is "I wonder", asked.
_MAY_GIVE = re.compile(r"\b(?:duoc|dc)\b(?: \S+){0,4}? (?:khong|ko|k|chua|hong)\b|\bco nen\b")


def _child_had_access(text: TurnText, names_drug: bool, child_known: bool) -> bool:
    """A young child, a medicine, and a sign the child got at it or doubt whether it was
    swallowed ("vỏ gói bị xé ở phòng bé", "hk rõ có ăn ko"), nothing asked outright: ask."""
    if not (child_known or CHILD_CUES.search(text)) or not _medicine(text, names_drug):
        return False
    access = _ACCESS.search(text.folded) is not None
    handled = TAKE_CUES.search(text) is not None or HOLD_CUES.search(text) is not None
    # Doubt alone ("không rõ", a reply to any question) says nothing of a medicine.
    if not access and not (handled and UNSURE_CUES.search(text) is not None):
        return False
    if not access and _MAY_GIVE.search(text.folded) is not None:
        return False  # "không biết bé 3 tuổi có uống được ibuprofen không": I wonder, asked
    # Only a sign of access sets a doubt aside: "uống siro không rõ bao nhiêu ml một lần" (a
    # taking, a doubt, no sign) still asks a dose; and a worry only about the medicine named
    # ("bé ngậm viên loperamid …, có sao ko"), not in general ("bé ngậm thuốc lâu có sao ko").
    if access:
        asked = _asked_beyond_doubt(text, worry=names_drug)
    else:
        asked = _ASKED.search(text.folded) is not None
    if asked or _yes_no(text) or KNOWLEDGE_CUES.search(text):
        return False
    return HYPOTHETICAL_CUES.search(text) is None and HABIT_CUES.search(text) is None


def single_slip(text: TurnText, *, child_known: bool = False) -> bool:
    """One dose of one's own medicine taken at the wrong time or in the wrong state ("lỡ uống
    furosemid buổi tối", "lỡ uống … đang cho con bú"), asked about with worry: a question the
    book answers, not an ingestion. Not for an amount, a count or a sign, nor for a child
    unless only the state slipped ("lỡ cho bé uống lúc đói")."""
    # "đang cho con bú": the mother's own dose, the child is not who took it
    nursing = _NURSING.sub(lambda m: " " * len(m.group(0)), text.folded)
    child = CHILD_CUES.search(TurnText(nursing, nursing, accented=False))
    amount = AMOUNT_CUES.search(text)
    if amount is not None and _ONE.fullmatch(fold_aligned(amount)) is None:
        return False  # "1 viên" is the one dose; "mấy viên", "nửa lọ" are not
    if _count(text) > 1:
        return False
    # a child's dose given in the wrong state ("lỡ cho bé uống lúc đói"): the dose as meant
    if (child_known or child) and (
        STATE_SLIP_CUES.search(text) is None or OTHERS_CUES.search(text) is not None
    ):
        return False
    if SYMPTOM_CUES.search(text) or _TABLETS.search(text.folded) or _CONTAINERS.search(text.folded):
        return False
    if not (child_known or child) and STATE_SLIP_CUES.search(text) is not None:
        return True  # told, not asked: "chết thật, lỡ uống furosemid buổi tối" is still one dose
    return WORRY_CUES.search(text) is not None or _yes_no(text) or "?" in text.folded


def asks_outright(text: TurnText) -> bool:
    """Does the turn ask a question outright ("?", "được không", "bao nhiêu", a yes/no about
    using it), rather than tell what happened?"""
    return _ASKED.search(text.folded) is not None or _yes_no(text)


_SLIP = re.compile(r"lỡ |lo (?:tay )?(?:uong|nuot|tiem|cho)")


__all__ = [
    "access_sign",
    "asks_outright",
    "is_finish",
    "single_slip",
]
