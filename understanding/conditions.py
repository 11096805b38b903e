"""Conditions in a turn: spelling/synonym normalisation and the relation asked about them.

This table only says that two phrases name the same condition, or that a phrase is a
broad category; which drug treats what is left to the formulary's indication sections.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.frame import ConditionQuery, Relation
from core.text import fold_aligned
from understanding import lexicon as lx
from understanding.condition_terms import ALIAS_TABLE, BROAD
from understanding.text import Turn

# Conditions that are patient facts (they set `patient`), not the subject of the question.
PATIENT_CONDITIONS = frozenset(("suy thận", "suy gan", "bệnh thận", "bệnh gan", "xơ gan"))


def _build() -> tuple[dict[str, str], int]:
    table: dict[str, str] = {}
    for raw in ALIAS_TABLE.replace("|\n  ", "|").strip().splitlines():
        canonical, _, variants = raw.partition(" = ")
        for variant in (fold_aligned(canonical), *variants.split("|")):
            table.setdefault(" ".join(variant.split()), canonical.strip())
    return table, max(len(k.split()) for k in table)


ALIASES, _LONGEST = _build()


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that join a relation cue to its condition and carry no meaning of their own.
_LEAD_FILLER = _words(
    "voi cho o trong khi nguoi bi mac co ra nhung cac ai la tinh trang dang chung nao thuoc "
    "dieu tri chua duoc dang bi nguoi benh benh nhan tre em be chong chi dinh gay than luu y "
    "can tranh kieng khong nen uong dung de danh ma duoi tren"
)
_TAIL_FILLER = _words(
    "khong ko k a vay nhi the thi nen uong dung gi nao j duoc ha nha nhe o hay voi ma roi "
    "la thuoc cho lam sao hoi tranh kieng can khong duoc tuoi thang"
)


# One-word aliases that are also common words once accents are gone ("đâu", "họ", "phụ").
_SHORT_ACCENTED = {
    "ho": "ho",
    "sot": "sốt",
    "dau": "đau",
    "non": "nôn",
    "hen": "hen",
    "mun": "mụn",
    "cum": "cúm",
    "viem": "viêm",
    "gut": "gút",
    "suyen": "suyễn",
    "tim": "tim",
    "phu": "phù",
    "cam": "cảm",
}
_SHORT_NOT_AFTER = {
    "dau": ("o", "tu", "di", "ve", "bat", "mua", "lieu"),
    "ho": ("hoi", "giup", "cho", "ban"),
    "non": ("tre", "con", "la", "sinh", "de"),
    "hen": ("lich", "co", "gap"),
    "phu": ("dung", "ung", "phu"),
}
_SHORT_NOT_BEFORE = {
    "dau": ("roi", "ca", "co", "nhe", "tien"),
    "ho": ("hang", "so", "ten", "tro"),
    "phu": ("nu", "huynh", "khoa", "thuoc"),
    "cam": ("on", "thay", "giac", "xuc", "nhan", "ung", "dung", "ta", "nhe", "kich"),
}


def _short_ok(turn: Turn, i: int) -> bool:
    token = turn.tokens[i]
    accented = _SHORT_ACCENTED.get(token)
    if accented is None:
        return True
    if turn.marked and not turn.means(i, accented):
        return False
    before = turn.tokens[i - 1] if i > 0 else ""
    after = turn.tokens[i + 1] if i + 1 < len(turn.tokens) else ""
    return before not in _SHORT_NOT_AFTER.get(token, ()) and after not in _SHORT_NOT_BEFORE.get(
        token, ()
    )


def _phrase_ok(turn: Turn, start: int, canonical: str) -> bool:
    """A phrase spelled as the condition itself keeps its short words' accents: "thủy đậu
    có" holds the letters of "đau cơ" but its "đậu" is not "đau"."""
    words = canonical.lower().split()
    for offset, word in enumerate(words):
        i = start + offset
        if i >= len(turn.tokens) or turn.tokens[i] not in _SHORT_ACCENTED:
            continue
        if turn.marked and fold_aligned(word) == turn.tokens[i] and not turn.means(i, word):
            return False
    return True


@dataclass(frozen=True)
class ConditionHit:
    """A condition phrase found at token range [start, end)."""

    canonical: str
    start: int
    end: int


# "không bị", "ko bị", "chưa bị", "không phải": the condition after it is denied.
_DENIED = frozenset(
    (no, verb) for no in ("khong", "ko", "k", "kh", "hong", "chua") for verb in ("bi", "phai")
)


# "không dị ứng thuốc gì", "chưa tăng huyết áp": a condition of several words denied outright.
_NOT = frozenset(("khong", "ko", "chua", "hong"))


def find_conditions(turn: Turn, skip: frozenset[int] = frozenset()) -> list[ConditionHit]:
    """Known condition phrases, longest first, left to right."""
    hits: list[ConditionHit] = []
    tokens = turn.tokens
    i = 0
    while i < len(tokens):
        for n in range(min(_LONGEST, len(tokens) - i), 0, -1):
            if any(j in skip for j in range(i, i + n)):
                continue
            canonical = ALIASES.get(" ".join(tokens[i : i + n]))
            if canonical is not None and _gone(turn, i):
                continue  # "giờ hết sốt rồi": told as over, not a complaint to treat
            if canonical is not None and (
                _phrase_ok(turn, i, canonical) if n > 1 else _short_ok(turn, i)
            ):
                if tuple(tokens[max(0, i - 2) : i]) in _DENIED or (
                    n > 1 and i > 0 and tokens[i - 1] in _NOT
                ):
                    i += n  # "bé ko bị viêm màng não đâu": the patient does not have it
                    break
                hits.append(ConditionHit(canonical, i, i + n))
                i += n
                break
        else:
            i += 1
    return _without_products(turn, hits)


# A product named for what it is for ("siro ho", "thuốc ho", "kẹo ngậm ho"): told as one the
# patient is on ("đang uống siro ho, giờ sốt") or beside another complaint, it is a medicine
# in the list of facts, not the complaint asked about; asked for alone ("siro ho nào tốt") it
# still names the complaint.
_PRODUCTS = frozenset({"siro", "thuoc", "keo", "ngam"})
_ON_IT = frozenset({"dang", "van", "co", "vua", "moi", "da"})
_TAKING = frozenset({"uong", "dung", "xai"})
_IN_A_LIST = frozenset({"va", "voi", "cung"})


def _without_products(turn: Turn, hits: list[ConditionHit]) -> list[ConditionHit]:
    tokens = turn.tokens

    def product(hit: ConditionHit) -> bool:
        return hit.end - hit.start == 1 and hit.start > 0 and tokens[hit.start - 1] in _PRODUCTS

    def on_it(hit: ConditionHit) -> bool:
        said = tokens[max(0, hit.start - 3) : hit.start - 1]  # "đang uống", "huyết áp và"
        return bool(said) and (
            said[-1] in _IN_A_LIST or (len(said) == 2 and said[1] in _TAKING and said[0] in _ON_IT)
        )

    products = [h for h in hits if product(h)]
    if not products or (len(products) == len(hits) and not any(on_it(h) for h in products)):
        return hits
    return [h for h in hits if h not in products]


# A complaint told as over ("giờ hết sốt", "khỏi ho rồi"), unless something is sought to end it
# ("uống gì cho hết sốt", "thuốc nào mau khỏi ho").
_OVER = frozenset({"het", "khoi", "bot"})
_TO_END = frozenset({"cho", "de", "giup", "mau", "nhanh", "lam", "sao", "gi", "nao"})


def _gone(turn: Turn, i: int) -> bool:
    before = turn.tokens[max(0, i - 2) : i]
    return bool(before) and before[-1] in _OVER and not (len(before) > 1 and before[0] in _TO_END)


# Words that say someone is unwell without naming how: not a condition to look up.
_NO_CONDITION = frozenset({"benh", "om", "om dau", "dau om", "benh gi", "benh nay"})


MAX_CONDITION_TOKENS = 8


def condition_from_span(
    turn: Turn, start: int, end: int, *, max_tokens: int = MAX_CONDITION_TOKENS
) -> ConditionQuery | None:
    """A condition from the tokens a relation cue points at, trimmed of filler words.

    Inside a question a long span is more likely a clause than a condition; a reply to
    "for which indication?" is the indication however the book words it, so callers
    reading a reply pass a larger `max_tokens`.
    """
    while start < end and (turn.tokens[start] in _LEAD_FILLER or turn.tokens[start].isdigit()):
        # "benh" leads "benh tim" (a condition) but not "benh nhan" (a patient).
        if turn.tokens[start] == "benh" and turn.tokens[start + 1 : start + 2] != ("nhan",):
            break
        start += 1
    while end > start and turn.tokens[end - 1] in _TAIL_FILLER:
        end -= 1
    if start >= end or end - start > max_tokens:
        return None
    phrase = " ".join(turn.tokens[start:end])
    if phrase in _NO_CONDITION:
        return None  # "bị bệnh thì uống thuốc gì": no condition named yet
    text = turn.snippet(turn.spans[start][0], turn.spans[end - 1][1])
    canonical = ALIASES.get(phrase)
    if canonical is None:
        inner = find_conditions(_sub(turn, start, end))
        if len(inner) == 1 and inner[0].end - inner[0].start == end - start:
            canonical = inner[0].canonical
    return make_condition(text, canonical)


def make_condition(text: str, canonical: str | None) -> ConditionQuery:
    """A `ConditionQuery`, flagged ambiguous when it is only a broad category."""
    if canonical is not None and canonical in BROAD:
        return ConditionQuery(
            text=text, normalized=canonical, ambiguous=True, options=BROAD[canonical]
        )
    return ConditionQuery(text=text, normalized=canonical or text.lower())


def _sub(turn: Turn, start: int, end: int) -> Turn:
    return Turn(
        original=turn.original,
        folded=turn.folded,
        tokens=turn.tokens[start:end],
        spans=turn.spans[start:end],
        marked=turn.marked,
    )


# The reverse relations a "which drugs ..." question can ask; indication is the default.
RELATION_CUES: tuple[tuple[Relation, tuple[str, ...]], ...] = (
    (
        Relation.CONTRAINDICATION,
        (
            "chong chi dinh",
            "khong duoc dung",
            "kieng",
            "can tranh",
            "khong nen dung",
            "khong nen uong",
            "cam dung",
            "tranh dung",
            "khong duoc uong",
            "tranh",
            "khong dung",
            "khong duoc",
            "khong nen",
        ),
    ),
    (Relation.CAUTION, ("than trong", "can luu y", "can chu y", "luu y")),
    (Relation.INTERACTION, ("tuong tac",)),
    (
        Relation.ADVERSE_EFFECT,
        ("gay ra", "gay", "lam tang", "lam giam", "dan den", "co tac dung phu", "lam cho"),
    ),
    (
        Relation.INDICATION,
        (
            "dieu tri",
            "tri",
            "chua",
            "de tri",
            "dung cho",
            "danh cho",
            "giam",
            "ha",
            "cat",
            "chong",
            "cho",
            "khi bi",
            "bi",
            "dung khi",
        ),
    ),
)

# "bs chẩn đoán viêm họng", "được chẩn đoán suy tim", "mới chẩn đoán hen": a diagnosis told,
# whose drug the question goes on about; "chẩn đoán giúp em" or "bị bệnh gì" asks for one
# (out of scope).
# So is the patient said with their age or weight and then "chẩn đoán X" ("bé 2 tuổi 12kg
# chẩn đoán Kawasaki", "bn 60t chẩn đoán suy tim"), or a chart's "chẩn đoán:".
_DIAGNOSIS_TOLD = re.compile(
    r"(?:(?<![a-z])(?:bs|bac si|bsi|dr|doctor|duoc|dc|da|bi|benh vien|bv|phong kham|khoa|moi|"
    r"vua)(?: \w+)?|\d (?:kg|ky|ki|kilo|tuoi|thang|t)|\d(?:kg|t)) ?,? chan doan"
    r"(?! (?:giup|dum|ho|xem|duoc khong|dc khong))(?![a-z])|(?<![a-z])chan doan ?:"
)
_ASKS_DIAGNOSIS = tuple(cue for cue in lx.DIAGNOSIS if cue != "chan doan")


def asks_diagnosis(turn: Turn) -> bool:
    """The turn asks what the patient has (out of scope), not tells what a doctor found."""
    if turn.has_any(_ASKS_DIAGNOSIS):
        return True
    return turn.has("chan doan") and not _DIAGNOSIS_TOLD.search(turn.folded)


__all__ = [
    "ALIASES",
    "BROAD",
    "MAX_CONDITION_TOKENS",
    "RELATION_CUES",
    "ConditionHit",
    "asks_diagnosis",
    "condition_from_span",
    "find_conditions",
    "make_condition",
]
