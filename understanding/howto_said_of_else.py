"""How-to cues said of something else: a pack opened ("lọ … mở ra"), ampoules snapped ("bẻ
sẵn mấy ống"), a shot ("tiêm 1 mũi"), the advice forgotten ("bs dặn rồi mà quên mất"), the
device that measures a dose ("ống hút chia liều", "lấy muỗng cà phê đong thay"). The topic a
cue found is dropped when the turn says one of these (`understanding.howto`)."""

from __future__ import annotations

import re

from core.frame import HowTo
from understanding import howto_words as lx
from understanding.howto_marks import marked_words
from understanding.howto_storage_words import p
from understanding.text import Turn, ngram_set

_CUE_SETS = {topic: ngram_set(cues) for topic, cues in lx.HOW_TO_CUES}

CRUSH_ONLY = ngram_set(
    tuple(c for c in dict(lx.HOW_TO_CUES)[HowTo.CRUSH] if c not in set(lx.OPEN_CUES))
)


# Broken, crushed or chewed, not only mixed ("pha nước", "hòa vào" also make up a powder).
CRUSHED = ngram_set(
    tuple(c for c in dict(lx.HOW_TO_CUES)[HowTo.CRUSH] if not {"pha", "hoa"} & set(c.split()))
)


# A smell or colour found on opening ("mở ra nghe mùi chua"): the pack was opened and looked
# into, after the pack was named in an earlier turn ("lọ aspirin để trong bếp lâu rồi").
_SMELT_OR_SEEN = re.compile(r"(?<![a-z])(?:nghe mui|ngui|co mui|bi mui|mui \w+|doi mau)(?![a-z])")


def opens_a_pack(turn: Turn) -> bool:
    """Only an opening word of the crush list, said of a pack ("lọ … mở ra") or of what was
    smelt or seen in it."""
    if not turn.has(*lx.OPEN_CUES):
        return False
    if not (turn.has(*lx.PACKS) or _SMELT_OR_SEEN.search(turn.folded)):
        return False
    return turn.ngrams.isdisjoint(CRUSH_ONLY) and not marked_words(turn) & {HowTo.CRUSH}


# "bẻ sẵn mấy ống": an ampoule snapped open, nothing crushed.
_SNAPPED = re.compile(r"(?<![a-z])be(?: san| het| ra)?(?: may| cac| nhung| \d+)? ong(?![a-z])")


def snaps_ampoules(turn: Turn) -> bool:
    """Only "bẻ" of the crush words, said of ampoules."""
    return bool(_SNAPPED.search(turn.folded)) and turn.ngrams.isdisjoint(CRUSH_ONLY)


def shots_said(turn: Turn) -> bool:
    """Every "mui" of the turn is a shot ("mũi"; unaccented, after a count or "tiêm") and no
    storage cue is left without it."""
    at = turn.indexes_of("mui")
    words, tokens = turn.original_words(), turn.tokens
    shots = [
        words[i] == "mũi" if turn.marked else i > 0 and (tokens[i - 1] in _SHOT_BEFORE) for i in at
    ]
    if not at or not all(shots):
        return False
    rest = Turn.of(" ".join(t for t in tokens if t != "mui"))
    return rest.ngrams.isdisjoint(_STORAGE_CUES)


_SHOT_BEFORE = frozenset({"1", "2", "3", "mot", "hai", "ba", "tiem", "them"})
_STORAGE_CUES = _CUE_SETS[HowTo.STORAGE]


_MISSED_CUES = _CUE_SETS[HowTo.MISSED_DOSE]


def forgot_the_advice(turn: Turn) -> bool:
    """Only "quên mất" says a missed dose: without it, no missed-dose cue is left."""
    if not turn.has("quen mat"):
        return False
    return Turn.of(turn.folded.replace("quen mat", " ")).ngrams.isdisjoint(_MISSED_CUES)


# What measures a liquid dose: a device that comes with it, or a spoon put in its place.
MEASURES = p(
    "ong hut chia lieu|ong chia lieu|dung cu chia lieu|dung cu do|coc dong|ong dong|xi lanh|"
    "xilanh|bom tiem cho uong|muong dong|thia dong|muong ca phe|thia ca phe|muong canh|"
    "thia canh|ong hut|cai ong hut"
)
_SPLIT_SAID = frozenset(("chia lieu", "chia"))


def measured(turn: Turn, found: set[HowTo]) -> None:
    """A device that measures the dose said (in place): how it is given; "chia liều" of the
    device splits no tablet, "thay" puts a spoon in its place, not another medicine."""
    if not turn.has(*MEASURES):
        return
    found.add(HowTo.GIVING)
    found.discard(HowTo.SWAP)
    rest = " ".join(turn.folded.split())
    for device in sorted(MEASURES, key=len, reverse=True):
        rest = rest.replace(device, " ")
    if Turn.of(rest).ngrams.isdisjoint(_CUE_SETS[HowTo.CRUSH] - _SPLIT_SAID):
        found.discard(HowTo.CRUSH)


__all__ = [
    "CRUSHED",
    "CRUSH_ONLY",
    "MEASURES",
    "forgot_the_advice",
    "measured",
    "opens_a_pack",
    "shots_said",
    "snaps_ampoules",
]
