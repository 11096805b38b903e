"""What a question asks beyond its drug, patient and section, read once from the user's words.

Grounding chooses rows and lines by these (the usual or the maximum dose, the INR band,
whether the patient bleeds, an old patient, an injection, whether the patient may use the
drug at all, the words that name an indication head) and reads them from the frame only,
never from the raw question. Pure functions over the folded turn; the frame fields are
documented on `core.frame.QueryFrame`.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from core.drug_classes import DrugClass, class_terms, classes_named
from core.frame import Ask, TurnType
from core.text import fold, has_diacritics
from understanding.body_surface import body_surface_of
from understanding.text import Turn

# A "which drug" word followed by "cũng" ("uống gì cũng xót", "thuốc nào cũng đắng"): whatever
# is taken, no drug asked for.
_WHATEVER = re.compile(r" (?:(?:vao|ma|thi|la) )?cung ")
# ... or after an allergy denied ("không dị ứng thuốc gì"): none at all.
_NONE_BEFORE = re.compile(r"(?<![a-z])(?:khong|chua|ko|k) (?:bi )?di ung(?: voi)?$")


def which_drug_at(turn: Turn, cues: Iterable[str]) -> int:
    """Offset in `turn.joined` of the earliest "which drug" cue that asks for one, or -1."""
    joined = turn.joined
    hits = []
    for cue in cues:
        at = joined.find(f" {cue} ")
        while at >= 0:
            if not (_WHATEVER.match(joined, at + len(cue) + 1) or _NONE_BEFORE.search(joined[:at])):
                hits.append(at)
            at = joined.find(f" {cue} ", at + 1)
    return min(hits, default=-1)


# "Dùng được không", "có an toàn không", "cho trẻ 1 tuổi được không": may this patient use it.
_CAN_USE = re.compile(
    r"(?:co )?(?:dung|uong|tiem|xai|su dung)(?: \w+){0,4} (?:duoc|dc) (?:nua )?(?:khong|ko|k)\b"
    # a suppository, drops, a spray or a cream put where it goes ("đặt viên đạn … vào hậu môn")
    r"|(?<![a-z])(?:dat|nho|xit|boi)(?: \w+){1,6} (?:duoc|dc) (?:khong|ko|k)\b"
    r"|co (?:duoc|nen) (?:dung|uong)|dung duoc khong|an toan khong|co sao khong"
    r"|(?:duoc|dc) (?:nua )?(?:khong|ko|k)\W*$"
    r"|co (?:dung|uong|tiem|xai|su dung)\b.*\b(?:khong|ko)\W*$"
)
# "Liều thường dùng"; "viên thông thường" is the plain tablet, not the usual dose.
_USUAL = re.compile(
    r"(?<![a-z])(?<!vien )(?<!dang )(?:thuong dung|thong thuong|lieu chung|lieu thuong)(?![a-z])"
)
_MAX = re.compile(r"(?<![a-z])(?:toi da|max|cao nhat|khong (?:duoc )?(?:vuot )?qua)(?![a-z])")
_INR = re.compile(r"(?<![a-z])inr\s*(?:=|:|la|bang|khoang|tang len|len)?\s*(\d+(?:[.,]\d+)?)")
_BLEEDING = re.compile(r"(?<![a-z])chay mau(?![a-z])")
_NOT_BLEEDING = re.compile(r"(?<![a-z])(?:khong|chua|khong co|chua co) (?:bi )?chay mau(?![a-z])")
_ELDERLY = re.compile(r"(?<![a-z])(?:nguoi |benh nhan )?(?:cao tuoi|nguoi gia)(?![a-z])")
# A child's dose asked without a weight, by age: "theo tuổi", "không biết cân nặng", "chưa
# cân", "không rõ mấy ký" (`QueryFrame.weight_unknown`: the weight question says why).
_BY_AGE = re.compile(
    r"(?<![a-z])(?:theo (?:do )?tuoi"
    r"|(?:khong|ko|k|hong|chua) (?:biet|ro|nho)(?: \w+){0,3}? (?:can nang|can|ky|ki|kg|ky lo)"
    r"|(?:chua|quen) (?:duoc )?can(?: nang| be| chau| con)?(?= *(?:$|[,.;!?)]|nen|vi|nha|nua|a$))"
    r")(?![a-z])"
)
# The bare "tiêm"/"truyền" names an injection without saying which; "tiêm phòng/chủng" (a
# vaccination mentioned) and "sau (khi) tiêm" name no route of this drug.
_INJECTION = re.compile(
    r"(?<![a-z])(?<!sau )(?<!sau khi )(?:tiem|truyen)(?! phong| chung)(?![a-z])"
)
# Conditions a patient has, said in the user's words (folded) → as the book prints them.
_BOOK_TERMS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"sinh non|de non|thieu thang"), ("đẻ non", "sinh non", "thiếu tháng")),
    (re.compile(r"(?<![a-z])hen(?![a-z])|suyen"), ("hen",)),
    (re.compile(r"tieu chay|ia chay|di ngoai"), ("ỉa chảy", "tiêu chảy")),
    (re.compile(r"hemophilia|haemophilia|ua chay mau|mau kho dong"), ("ưa chảy máu", "hemophilia")),
    (re.compile(r"thuy dau"), ("thủy đậu", "thuỷ đậu")),
    (re.compile(r"dong kinh"), ("động kinh",)),
    (re.compile(r"vang da|bilirubin"), ("bilirubin", "vàng da")),
    (re.compile(r"loet da day|loet ta trang|loet bao tu"), ("loét dạ dày",)),
)
# "… uống cùng cisaprid được không": the other agent is what follows the joining word.
_PARTNER = re.compile(
    r"(?<![a-z])(?:dung|uong|tiem|phoi hop|ket hop)?\s*"
    r"(?:chung voi|cung voi|cung|chung|voi)\s+(?P<agent>[a-z0-9][a-z0-9 \-]{2,60})"
)
_PARTNER_END = re.compile(
    r"\s+(?:duoc khong|co duoc|co sao|co anh huong|co tuong tac|thi sao|khong|nhe|a|vay)\b.*$"
)
_NOT_AN_AGENT = re.compile(
    r"^(?:thuoc (?:khac|nao)|nhau|nuoc|sua|thuc an|bua an|an|do an|rieng|luc doi|khi doi"
    r"|duoc|khong|ko|co|luc|khi|nay|do|no)\b"
)
_GENERIC = frozenset({"thuoc", "nhom", "loai", "cac", "nhung", "va"})
# Words of a question that say nothing of what it asks ("… được không", "uống thuốc này"),
# as written with accents and as folded (a question without accents is compared folded:
# "dùng" and "khí dung" differ only by their marks).
_FILLER_MARKED = frozenset(
    re.split(
        r"\s+",
        "được đc không ko k hok hông có thể thế nào sao thì là và của cho với uống dùng thuốc "
        "này mình em e tôi tui t à ạ ah vậy rồi nhé nha đi hay cần phải bị mà như vào ra lên "
        "lúc khi một 1 cái còn lại các những nên ngày lần giờ tuần tháng viên liều người lớn "
        "trẻ bé mấy bao nhiêu hết xong nữa luôn",
    )
)
_FILLER = frozenset(fold(w) for w in _FILLER_MARKED)
_NON_WORD = re.compile(r"[^\w]+")
_ASK_OF_TURN = {
    TurnType.DOSING_CALC: Ask.DOSE,
    TurnType.DRUG_ATTRIBUTE: Ask.ATTRIBUTE,
    TurnType.INTERACTION: Ask.ATTRIBUTE,
    TurnType.DRUG_OVERVIEW: Ask.OVERVIEW,
}


# "tiệm thuốc" (a drugstore) folds to the "tiem" of an injection; with the marks written it
# is told apart, so a pharmacist "ở tiệm" giving a syrup is not asking about a shot.
_SHOP = re.compile(r"(?<!\w)tiệm(?!\w)")


def _injection(turn: Turn, whole: str) -> bool:
    """Whether the turn speaks of an injection (a shop said with its marks is none)."""
    found = _INJECTION.findall(whole)
    if not found or not has_diacritics(turn.original):
        return bool(found)
    shops = len(_SHOP.findall(unicodedata.normalize("NFC", turn.original.lower())))
    return len(found) > shops


def _folded(turn: Turn) -> str:
    """The turn's folded text, spaces collapsed."""
    return " ".join(turn.folded.split())


def inr_of(folded: str) -> float | None:
    """The INR value a folded question gives ("inr 7", "inr = 7,5"), or None."""
    m = _INR.search(folded)
    return float(m[1].replace(",", ".")) if m else None


def bleeding_of(folded: str) -> bool | None:
    """True when bleeding is said, False when it is denied, None when neither."""
    if _NOT_BLEEDING.search(folded):
        return False
    return True if _BLEEDING.search(folded) else None


def book_terms_of(folded: str) -> list[str]:
    """The book's phrases for the conditions the folded question names in its own words."""
    return list(
        dict.fromkeys(w for pattern, words in _BOOK_TERMS if pattern.search(folded) for w in words)
    )


def partner_of(folded: str, own_classes: Iterable[DrugClass] = ()) -> tuple[list[str], str | None]:
    """What a question names as the other agent: the classes it names (keys; the asked
    drug's own class words, "thuốc chống đông warfarin", name none), and the words after its
    joining word when they can be an agent ("cùng cisaprid"; not "cùng nhau", "với sữa")."""
    masked = folded
    for term in class_terms(own_classes):
        masked = re.sub(rf"(?<![0-9a-z]){re.escape(fold(term))}(?![0-9a-z])", " ", masked)
    classes = [cls.key for cls in classes_named(masked)]
    found = _PARTNER.search(folded)
    if not found:
        return classes, None
    agent = _PARTNER_END.sub("", found["agent"]).strip(" -")
    if not agent or _NOT_AN_AGENT.match(agent):
        return classes, None
    words = [w for w in agent.split() if w not in _GENERIC]
    if not words or len("".join(words)) < 4:
        return classes, None
    return classes, " ".join(words)


def content_of(turn: Turn) -> tuple[list[str], list[str]]:
    """The question's content words longer than two letters, and its pairs of content words
    in a row: accented when it was written with accents, folded otherwise."""
    marked = has_diacritics(turn.original)
    filler = _FILLER_MARKED if marked else _FILLER
    text = turn.original.lower() if marked else _folded(turn)
    words = [w for w in _NON_WORD.split(text) if w]
    content = [w if w not in filler and not w.isdigit() else "" for w in words]
    pairs = [f"{a} {b}" for a, b in itertools.pairwise(content) if a and b]
    return list(dict.fromkeys(w for w in content if len(w) > 2)), list(dict.fromkeys(pairs))


def asks_of(folded: str, turn_type: TurnType | None) -> Ask | None:
    """Can-I-use when the words ask it, else what the turn type asks."""
    if _CAN_USE.search(folded):
        return Ask.CAN_USE
    return _ASK_OF_TURN.get(turn_type) if turn_type is not None else None


def read_asked(
    turn: Turn, turn_type: TurnType | None = None, own_classes: Iterable[DrugClass] = ()
) -> dict[str, Any]:
    """The `QueryFrame` fields one turn's words give (`own_classes`: the asked drug's)."""
    whole = _folded(turn)
    inr = inr_of(whole)
    classes, partner = partner_of(whole, own_classes)
    words, pairs = content_of(turn)
    return {
        "asks": asks_of(whole, turn_type),
        "usual_dose": _USUAL.search(whole) is not None,
        "max_dose": _MAX.search(whole) is not None,
        "inr": inr if inr is not None and inr <= 100 else None,
        "bleeding": bleeding_of(whole),
        "elderly": _ELDERLY.search(whole) is not None,
        "injection": _injection(turn, whole),
        "weight_unknown": _BY_AGE.search(whole) is not None,
        "body_surface_m2": body_surface_of(whole),
        "accented": has_diacritics(turn.original),
        "condition_words": whole,
        "howto_words": words,
        "howto_pairs": pairs,
        "partner": partner,
        "partner_classes": classes,
        "book_terms": book_terms_of(whole),
    }


__all__ = [
    "asks_of",
    "bleeding_of",
    "book_terms_of",
    "content_of",
    "inr_of",
    "partner_of",
    "read_asked",
    "which_drug_at",
]
