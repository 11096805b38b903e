"""Narrowing a section's rows by what the question asks (read from the frame): the
indication its words name, the usual dose, a maximum; and the short label an indication
head is offered under.

Pure functions for `select`: without a row that answers what was asked, nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from core.text import fold
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, Who
from grounding.book.filter_words import (
    ASKING,
    FEVER_OVER,
    HEAD_OPENERS,
    JOINING_WORDS,
    LOWER_AIRWAY,
    MAXIMUM,
    MILD,
    NOT_USUAL,
    OPERATION,
    USUAL,
)
from grounding.book.vocabulary import DISEASE_KIND, Words
from grounding.more_cases import site_said
from grounding.patient_fit import ADULT_MONTHS, Patient, fits

MAX_LABEL_CHARS = 48
MAX_LABEL_WORDS = 8
_STOP = frozenset(
    {"cac", "va", "hoac", "do", "cho", "khi", "nguoi", "tre", "em", "benh", "nhiem", "khuan"}
    | {"tuoi", "thang", "tuan", "ngay", "tren", "duoi", "bang", "kg", "can", "nang", "lieu"}
    | {"lon", "nho", "so", "sinh", "o", "cao", "thieu", "nien", "dung", "uong", "tiem"}
    | {"tai", "mac", "dieu", "tri"}
    | {"ha"}  # "hạ sốt" is named by "sốt": "hạ" only says it is brought down
    | {"khong"}  # "không nặng" names no "Bệnh lậu không biến chứng": a denial, not a disease
)

# Folded one-word kinds ("viem", "cap"): a head is not named by them alone.
_KIND = frozenset(w for w in DISEASE_KIND.folded if " " not in w)


def _in_heads_words(folded: str) -> str:
    """The question with its asking words left out and the heads' own words added for what
    it says otherwise."""
    folded = " ".join(ASKING.strip(folded).split())
    if OPERATION.search(folded) and "phau thuat" not in folded:
        folded += " sau phau thuat"
    if LOWER_AIRWAY.search(folded) and "ho hap" not in folded:
        folded += " nhiem khuan duong ho hap duoi"  # "viêm phổi nhẹ" is one of them
    if MILD.search(folded) and "nhe hon" not in folded:
        folded += " nhe hon"  # a mild infection: the book's "các nhiễm khuẩn nhẹ hơn"
    if FEVER_OVER.search(folded):
        # "đã hết sốt" names the phase after the fever: its "sốt" is not "có sốt".
        folded = " ".join(FEVER_OVER.replace(folded, " ").split()) + " trong giai doan duong benh"
    return folded


# A word the question says is not so ("khu trú, không lan tỏa", "ko sốt"): a head that adds
# it to another ("Nhiễm HSV lan tỏa" beside "Nhiễm HSV") is not named by it.
_NEGATED = re.compile(r"(?<![a-z])(?:khong|ko|chua) ([a-z]+)(?: ([a-z]+))?")


def denied_words(folded: str, label: str) -> set[str]:
    """The words of `folded` said after a negation, that `label` does not negate too."""
    denied: set[str] = set()
    for m in _NEGATED.finditer(folded):
        said = " ".join(w for w in m.groups() if w)
        if f"khong {said}" not in label and f"khong {m[1]}" not in label:
            denied.update(w for w in m.groups() if w and w not in ("bi", "phai", "co"))
    return denied


# A head listing several: by commas, "hoặc", "và", and "bao gồm cả" / "kể cả" ("Nhiễm X
# tiên phát bao gồm cả X sinh dục" names the genital infection whole, as a piece of its own).
_PIECES = re.compile(r"\s*[,;]\s*|\s+(?:hoac|va|bao gom ca|bao gom|ke ca|gom ca)\s+")


def said_whole(rows: Sequence[Block], asked: AskedWords) -> set[str]:
    """The indication heads the words say whole, of two words or more ("vảy nến" for
    "*Vảy nến (người lớn):*"; the longest such, or one that extends it with words asked)."""
    folded = _in_heads_words(" ".join(asked.folded.replace(",", " ").split()))
    words = set(folded.split())
    heads = [i for i in dict.fromkeys(row.indication for row in rows) if i]
    labels = {ind: _folded_head(ind) for ind in heads}
    said: dict[str, int] = {}
    for ind in heads:
        # A head may list several ("Giun đũa, giun móc hoặc giun kim"): each one counts.
        label = labels[ind].rstrip(". ")
        for piece in [label, *_PIECES.split(label)]:
            part = " ".join(piece.replace(",", " ").split())
            if piece is not label and not set(part.split()) - _STOP:
                continue  # "…, người lớn và trẻ em" in a head names no indication
            if len(part.split()) >= 2 and re.search(
                rf"(?<![a-z0-9]){re.escape(part)}(?![a-z0-9])", folded
            ):
                said[ind] = max(said.get(ind, 0), len(part))
    for ind in heads:
        # "Nhiễm khuẩn đường tiết niệu dưới không biến chứng" over the head it extends, when
        # every word it adds is asked.
        label = labels[ind].rstrip(". ")
        for shorter in list(said):
            rest = label.removeprefix(labels[shorter].rstrip(". "))
            kept = words - denied_words(folded, label)
            added = set(rest.split()) <= kept or site_said(rest, kept)
            if rest != label and rest.strip() and added:
                said[ind] = max(said.get(ind, 0), len(label))
        # "Nhiễm VZV, Ở phụ nữ mang thai": a head said in its pieces, each of its words asked.
        if ind in said and set(label.replace(",", " ").split()) - {"o"} <= words:
            said[ind] = max(said[ind], len(label))
    longest = max(said.values(), default=0)
    return {ind for ind, n in said.items() if n == longest}


def pieces_said(rows: Sequence[Block], asked: AskedWords) -> set[str]:
    """The indication heads one of whose pieces has every word said, two words or more
    beyond the common ones ("vảy nến" for "Bệnh vảy nến, viêm khớp vảy nến"), in any order."""
    words = set(_in_heads_words(" ".join(asked.folded.replace(",", " ").split())).split())
    found: set[str] = set()
    for ind in dict.fromkeys(row.indication for row in rows):
        label = _folded_head(ind).rstrip(". ") if ind else ""
        for piece in [label, *_PIECES.split(label)] if label else []:
            kept = set(piece.replace(",", " ").split()) - _STOP
            if len(kept - _KIND) >= 2 and kept <= words:
                found.add(ind)  # type: ignore[arg-type]
    return found


def named_indications(rows: Sequence[Block], asked: AskedWords) -> set[str]:
    """The indication heads the question's words name: a head said whole ("Nhiễm khuẩn
    nặng", the longest such), else the heads with the largest share of their words asked."""
    said = said_whole(rows, asked)
    if said:
        return said
    words = set(_in_heads_words(" ".join(asked.folded.replace(",", " ").split())).split())
    heads = [i for i in dict.fromkeys(row.indication for row in rows) if i]
    labels = {ind: _folded_head(ind) for ind in heads}
    scores: dict[str, tuple[bool, int, float]] = {}
    for ind in heads:
        label = labels[ind]
        if another_cause(ind, asked):
            continue
        # A head that lists several indications is scored by its best one ("Viêm họng, …,
        # viêm phổi mắc tại cộng đồng nhẹ" is as much a pneumonia head as "Viêm phổi").
        pieces = [label, *_PIECES.split(label), *_glosses(ind)]
        kept = words - denied_words(asked.folded, label)
        scores[ind] = max(_share(piece, kept, whole=piece is label) for piece in pieces)
    best = max(scores.values(), default=(False, 0, 0.0))
    return {ind for ind, score in scores.items() if score[2] and score == best}


def another_cause(indication: str, asked: AskedWords) -> bool:
    """The question says the head's disease with another cause ("co giật do sốt" against
    "Co giật do uốn ván"): a different disease, whose rows do not apply."""
    disease, said, cause = _folded_head(indication).partition(" do ")
    if not said or not disease.strip() or not cause.strip():
        return False
    folded = " ".join(asked.folded.replace(",", " ").split())
    found = re.search(rf"(?<![a-z]){re.escape(disease.strip())} do ([a-z]+)", folded)
    return found is not None and not cause.strip().startswith(found[1])


# A head most of whose words are asked is read by how many it shares ("Viêm đa khớp dạng
# thấp thiếu niên" over "Viêm do bệnh thấp"), then by the share.
MOSTLY_SAID = 0.75


def _share(phrase: str, words: set[str], *, whole: bool) -> tuple[bool, int, float]:
    """Whether most of a phrase's words are asked, how many, and what share (common
    words left out)."""
    every = [w for w in phrase.replace(",", " ").split() if not w[0].isdigit()]
    kept = {w for w in every if w not in _STOP}
    if not kept and whole:
        # A head made only of common words ("Nhiễm khuẩn nặng") is read by all of them;
        # one piece of a listing made of them ("uống") names nothing.
        kept = set(every)
    said = len(kept & words)
    share = said / max(len(kept), 1)
    if kept & words and not (kept & words) - _KIND and kept - _KIND:
        # Only "viêm" or "cấp" in common: another disease of the same kind, not this one.
        return False, 0, 0.0
    return share >= MOSTLY_SAID, said if share >= MOSTLY_SAID else 0, share


@lru_cache(maxsize=1024)
def _glosses(indication: str) -> tuple[str, ...]:
    """The head's parentheses that name its disease or cause in other words (a germ's Latin
    name, then "(liên cầu khuẩn …)"), folded; not a band
    ("(trên 2 tuổi)"): a question that says only those words names the head."""
    inside = re.findall(r"\(([^()]*)\)", indication)
    folded = [fold(p) for p in inside if not re.search(r"\d", p)]
    return tuple(p for p in folded if len(set(p.split()) - _STOP - _KIND) >= 2)


@lru_cache(maxsize=1024)
def _folded_head(indication: str) -> str:
    """An indication head's phrase (`_head_phrase`) folded: read once per head."""
    return fold(_head_phrase(indication))


def _head_phrase(indication: str) -> str:
    """An indication head up to its first parenthesis, colon or band ("Sốt (trẻ em)")."""
    cut = re.split(r"[(:]|\s(?:trên|dưới|từ|>|<|≥|≤)(?: hoặc bằng)?\s*\d", indication, maxsplit=1)
    # "Để điều trị bệnh lậu …" is named by what it treats: "Bệnh lậu …".
    phrase = _without_opener(cut[0].strip(" ,"))
    return phrase[:1].upper() + phrase[1:]


def _without_opener(head: str) -> str:
    """The head without the words it opens with before what it treats (and a "các")."""
    lowered = head.lower()
    for opener in HEAD_OPENERS.phrases:
        rest = head[len(opener) :]
        if lowered.startswith(opener) and rest[:1].isspace():
            rest = rest.lstrip()
            if rest.lower().startswith("các") and rest[3:4].isspace():
                rest = rest[3:].lstrip()
            return rest
    return head


def _without_joining_end(label: str) -> str:
    """The label without the joining words it ends on ("… chưa biến chứng ở")."""
    while True:
        rest, space, last = label.rpartition(" ")
        if not space or not rest.strip() or last not in JOINING_WORDS.phrases:
            return label
        label = rest.rstrip()


def short_label(indication: str) -> str:
    """An indication head cut to its first phrase, for a quick reply or the "others" line."""
    head = _head_phrase(indication)
    words = head.split()
    if len(words) > MAX_LABEL_WORDS:
        # A reply the reader takes back whole: cut before a joining word, else after the
        # last whole phrase ("Người nghiện rượu, người suy dinh dưỡng kéo dài …" → "Người
        # nghiện rượu"), else at the cap.
        joins = [i for i, w in enumerate(words[:MAX_LABEL_WORDS]) if w in ("hoặc", "và") and i]
        commas = [i + 1 for i, w in enumerate(words[: MAX_LABEL_WORDS - 1]) if w.endswith(",")]
        cut_at = joins[-1] if joins else commas[-1] if commas and commas[-1] >= 2 else None
        head = " ".join(words[: cut_at or MAX_LABEL_WORDS]).rstrip(" ,")
    if len(head) <= MAX_LABEL_CHARS:
        return _without_joining_end(head).rstrip(" ,-")
    # Cut at a comma when one leaves a whole phrase ("Lậu không biến chứng, khi không có
    # thuốc thích hợp khác" → "Lậu không biến chứng"), else at a word.
    at_comma = head[: MAX_LABEL_CHARS + 1].rsplit(",", 1)[0]
    cut = at_comma if "," in head[: MAX_LABEL_CHARS + 1] and len(at_comma) >= 12 else None
    cut = cut or head[:MAX_LABEL_CHARS].rsplit(" ", 1)[0]
    return _without_joining_end(cut).rstrip(" ,-")


def _says_usual(folded: str) -> bool:
    """The book calls the dose usual ("Liều thường dùng"), not a tablet ("viên thông thường")."""
    return USUAL.search(NOT_USUAL.strip(folded)) is not None


def usual_asked(chosen: list[Block], asked: bool) -> list[Block]:
    """ "Liều thường dùng" asked (`QueryFrame.usual_dose`): the rows the book calls usual
    answer, before any route or indication is asked; without such a row nothing changes. The
    rows for the patient's kidneys or liver (chosen only when they fit) stay: "bao nhiêu % so
    với liều thường" asks the renal row's share of the usual dose."""
    if not asked:
        return chosen
    usual = [
        b
        for b in chosen
        if b.renal or b.hepatic or _says_usual(b.folded) or _says_usual(b.indication_reading.folded)
    ]
    return usual if any(not (b.renal or b.hepatic) for b in usual) else chosen


def max_asked(chosen: list[Block], asked: bool) -> list[Block]:
    """ "Tối đa mỗi ngày" asked (`QueryFrame.max_dose`): the rows that print a maximum
    answer, before any indication is asked; without such a row nothing changes."""
    # Only where the rows split by indication: one would otherwise be asked for or guessed.
    if not asked or len({b.indication for b in chosen if b.indication}) < 2:
        return chosen
    capped = [
        b
        for b in chosen
        if not b.renal and not b.hepatic and b.indication is None and MAXIMUM.search(b.folded)
    ]
    return capped or chosen


def said_inline(rows: list[Block], condition: str) -> list[Block]:
    """Rows under no indication head that name the asked condition in their own words
    ("Liều khuyến cáo giảm sốt là …" for "sốt"), over those that name another ("… để giảm
    đau: … tối đa 3,2 g/ngày"); nothing changes unless some but not all of them say it."""
    said = Words((" ".join(condition.replace(",", " ").split()),))
    if not said.folded[0]:
        return rows
    plain = [b for b in rows if b.indication is None and not b.renal and not b.hepatic]
    naming = [b for b in plain if said.search(b.folded)]
    # The book writes a short name out ("đau bụng kinh": "đau bụng trong thời kỳ kinh
    # nguyệt"): its words in order, a few words apart, name it when no row says it whole.
    spread = _spread(said.folded[0])
    naming = naming or [b for b in plain if spread and spread.search(b.folded)]
    if not naming or len(naming) == len(plain):
        return rows
    return [b for b in rows if b not in plain or b in naming]


# At most this many words between two words of a condition written out in the book.
_SPREAD = 3


@lru_cache(maxsize=256)
def _spread(folded: str) -> re.Pattern[str] | None:
    """A condition of two words or more, its words in order with a few words between."""
    words = folded.split()
    if len(words) < 2:
        return None
    gap = rf"(?:\s+\S+){{0,{_SPREAD}}}\s+"
    return re.compile(r"(?<!\S)" + gap.join(map(re.escape, words)) + r"(?!\S)")


def usual_under_named(rows: list[Block], named: AbstractSet[str]) -> list[Block]:
    """The indication asked has its own banded row for this patient ("Trẻ em, từ sơ sinh
    đến 12 tuổi: 100 mg/kg/ngày" under meningitis): the population's banded usual dose, said
    of no indication ("Trẻ em (dưới 50 kg): 20 - 50 mg/kg/ngày"), is not its dose; nor,
    when the asked rows stand under a child band head, the children's unbanded rows."""

    def doses(b: Block) -> bool:
        return b.kind is not BlockKind.CAVEAT and (bool(b.figures) or b.fixed_dose)

    def banded(b: Block) -> bool:
        return bool(b.bands.age or b.bands.weight) and not (b.renal or b.hepatic)

    # Both rows name their band: the indication's is the population's dose for it.
    # The asked rows stand under the indication's own head or a child band head, apart from
    # the usual rows (not a row labelled with it among them: "Viêm họng (trẻ từ 2 tuổi): …"
    # beside "Trẻ từ 6 tháng tuổi, nhiễm khuẩn hô hấp: …").
    own = [
        b
        for b in rows
        if b.indication in named
        and doses(b)
        and banded(b)
        and (b.context.indication is not None or b.context.head is not None)
    ]
    if not own:
        return rows

    # Rows under a child band head ("Trẻ sơ sinh cho tới 3 tháng tuổi:") are that band's.
    headed = any(o.context.head for o in own)

    def usual(b: Block) -> bool:
        same = any(o.who in (b.who, None) or b.who is None for o in own)
        if b.indication in named and headed and b.who is Who.CHILD and not b.context.head:
            return doses(b) and not banded(b)  # the children's row no band head limits
        return b.indication is None and doses(b) and banded(b) and same and not narrower(b)

    def narrower(b: Block) -> bool:
        """The usual row's age band lies within an asked row's: it is the more specific
        ("Trẻ sơ sinh 0–14 ngày" beside a row said of every newborn)."""
        age = b.bands.age
        return age is not None and any(
            o.bands.age is not None and o.bands.age.lo <= age.lo and age.hi <= o.bands.age.hi
            for o in own
        )

    return [b for b in rows if not usual(b)]


def named_for_another_age(rows: Sequence[Block], asked: AskedWords, patient: Patient) -> bool:
    """The indication the question names has rows, all banded by children's ages that leave
    this child out ("Viêm tai giữa cấp (trẻ từ 6 tháng)" for a 3-month-old): the book doses
    it for other ages, so asking which indication is meant would only lead to another one."""
    if not patient.child or patient.age_months is None:
        return False
    main = [b for b in rows if not b.renal and not b.hepatic]
    named = named_indications(main, asked)
    own = [b for b in main if b.indication in named]
    return bool(own) and all(
        b.bands.age is not None and b.bands.age.lo < ADULT_MONTHS and not fits(b, patient)
        for b in own
    )


__all__ = [
    "another_cause",
    "max_asked",
    "named_for_another_age",
    "named_indications",
    "said_inline",
    "short_label",
    "usual_asked",
    "usual_under_named",
]
