"""Amounts said or asked in a how-to question (issue 22): the counts a phrase says ("uống 2
viên bù"), an amount asked (then it is a dose question), a doubt of the amount, and the words
that fold like an amount but are none ("mấy ổng", those men)."""

from __future__ import annotations

import re

from core.frame import HowTo
from understanding import howto_words as lx
from understanding.lexicon import AMOUNT_DOUBT
from understanding.text import Turn

# An amount of the medicine said inside a how-to phrase ("uống 2 viên bù", "bẻ 1 viên đôi"):
# counts of tablets, sachets, ampoules or doses and strengths, never a time ("sau 2 ngày ăn").
_AMOUNT = re.compile(
    r"(?<![\w/])(?:\d+(?:[.,]\d+)?|mot|hai|ba|nua)\s*(?:vien|goi|ong|lieu|mg|ml|mcg|g|giot)"
    r"(?![\w/])"
)


def without_amounts(turn: Turn) -> Turn | None:
    """The turn without the amounts it says, or None when it says none."""
    text = _AMOUNT.sub(" ", turn.folded)
    return Turn.of(" ".join(text.split())) if text != turn.folded else None


# An amount asked for one dose or a day ("mỗi lần bao nhiêu", "mỗi lần mấy ml", "một ngày tổng
# nhiêu"): a split said with it is the day's dose divided, not a tablet cut.
_ONE_DOSE = re.compile(
    r"(?<![a-z])(?:moi lan|1 lan|mot lan|moi cu|ca ngay|mot ngay|1 ngay)"
    r"(?: (?:uong|tiem|cho|la|tong))* (?:bao nhieu|bn|nhieu|may)(?![a-z])"
)


def asks_one_dose(turn: Turn) -> bool:
    """The turn asks the amount of one dose or of a day."""
    return _ONE_DOSE.search(turn.folded) is not None


# What the person fears would be too much ("sợ uống 1 lúc nhiều quá bị xót ruột"): why they
# ask, not whether the amount is too much.
_FEARED = re.compile(r"(?<![a-z])so (?:[a-z0-9]+ ){0,5}?(?:nhieu qua|qua nhieu|cao qua|qua cao)")


def doubts_the_amount(turn: Turn) -> bool:
    """The turn asks whether an amount is too much or too little ("sáng uống 4 viên có nhiều
    quá không"), not only fears it."""
    return Turn.of(_FEARED.sub(" ", turn.folded)).has(*AMOUNT_DOUBT)


# The most one injection site takes ("mỗi chỗ tiêm tối đa bao nhiêu", "1 vị trí được mấy ml"):
# how a shot is given, the book's limit per site for every patient, not a dose.
_PER_SITE = re.compile(
    r"(?<![a-z])(?:moi|1|mot) (?:cho|vi tri|ben mong|bap)(?: tiem)?"
    r"(?: (?:toi da|max|duoc|dc|la|tiem|chi))* (?:bao nhieu|bn|may|nhieu)(?![a-z])"
)


def asks_per_site(turn: Turn) -> bool:
    """The turn asks the most one injection site takes (how it is given)."""
    return _PER_SITE.search(turn.folded) is not None


def asks_an_amount(turn: Turn) -> bool:
    """An amount asked, not a number of days ("bao nhiêu ngày thì phải đi khám"), nor the
    most one injection site takes."""
    joined = _PER_SITE.sub(" ", _without_men(turn))
    for phrase in (*lx.DAYS_ASKED, *_COMPANIONS, *_ORGANISERS):
        joined = joined.replace(f" {phrase} ", " ")
    short = _short_amount_asked(turn) and not _PER_SITE.search(turn.folded)
    return any(f" {cue} " in joined for cue in lx.AMOUNT_CUES) or short


_UNITS_ASKED = frozenset(("mg", "ml", "mcg", "g", "vien", "goi", "ong", "giot"))


def _short_amount_asked(turn: Turn) -> bool:
    """The southern "nhiêu" before a unit ("mũi đó nhiêu mg", "đong nhiêu ml"): "bao nhiêu"
    cut short (written with its mark, it is not "nhiều", many)."""
    tokens = turn.tokens
    return any(
        i + 1 < len(tokens) and tokens[i + 1] in _UNITS_ASKED and turn.means(i, "nhiêu")
        for i in turn.indexes_of("nhieu")
    )


# "Mấy viên", "mấy ống" before what is kept ("mấy ống vitamin K1 để dưới đèn"): those few,
# no amount asked.
_COUNTED = re.compile(r"(?<![a-z])may (?:vien|ong|goi|chai|lo|hop|vi)(?![a-z])")


def kept_counted(turn: Turn, found: set[HowTo]) -> bool:
    """A storage question whose only amount words count what is kept."""
    if HowTo.STORAGE not in found or not _COUNTED.search(turn.folded):
        return False
    return not asks_an_amount(Turn.of(_COUNTED.sub(" ", turn.folded)))


# Unmarked "mấy ông bạn" (a few friends) folds like "mấy ống" (how many ampoules).
# A pill organiser is named by the doses it holds ("hộp chia liều cho cả tuần"): a box, no
# amount asked.
_ORGANISERS = (
    "hop chia lieu", "hop thuoc chia lieu", "khay chia lieu", "hop chia lieu thuoc",
    "hop dung lieu", "hop lieu", "hop chia thuoc", "khay chia thuoc",
)  # fmt: skip


def names_an_organiser(turn: Turn) -> bool:
    """The turn names a pill organiser ("hộp chia liều"): its "chia liều" splits no dose."""
    return any(f" {phrase} " in turn.joined for phrase in _ORGANISERS)


_COMPANIONS = ("may ong ban", "may ong anh", "may ong ay", "may ong gia", "may ong kia")


def _without_men(turn: Turn) -> str:
    """The turn's joined words without "mấy ông", "mấy ổng" written with their marks (those
    men: "mấy ổng rủ làm vài lon bia", "với mấy ông hàng xóm"); only "mấy ống" counts
    ampoules."""
    if not turn.marked:
        return turn.joined
    words = turn.original_words()
    tokens = list(turn.tokens)
    for i in turn.indexes_of("may ong"):
        if words[i + 1] in ("ông", "ổng"):
            tokens[i + 1] = "ong_"
    return f" {' '.join(tokens)} "


__all__ = [
    "asks_an_amount",
    "asks_one_dose",
    "asks_per_site",
    "doubts_the_amount",
    "kept_counted",
    "without_amounts",
]
