"""How-to cues whose words mean something else without their accents, or beside other words
("bẻ" is not "bé", "nghiền" is not "nghiện", "quen" is not "quên"), and alcohol named as a
drink rather than as a condition: read for `understanding.howto`."""

from __future__ import annotations

from core.frame import HowTo
from understanding import howto_words as lx
from understanding.text import Turn, ngram_set

# A cue's word written with another mark in marked text is another word: "quen" (used to) is
# not "quên" ("tôi quen uống bằng sữa"), "đòi" (insists) not "đổi" ("bố đòi tự bỏ thuốc"),
# "cắt" (cut, cut off) not "cất" (put away: "0,1 mg/kg ra 4,8 mg, phải cắt ở đâu" asks where
# the dose is capped, not where the vial is kept), "thấy" (sees) not "thay" ("lật sách không
# thấy chỗ ghi").
MARKED_AS = (
    (HowTo.MISSED_DOSE, "quen", "quên"),
    (HowTo.SWAP, "doi", "đổi"),
    (HowTo.STORAGE, "cat", "cất"),
    (HowTo.SWAP, "thay", "thay"),
)
_CUE_SETS = tuple((topic, ngram_set(cues)) for topic, cues in lx.HOW_TO_CUES)


def another_word(turn: Turn, topic: HowTo, folded: str, accented: str) -> bool:
    """Marked text whose every `folded` is written otherwise than `accented`, and no cue of
    the topic is left without it."""
    if not turn.marked:
        return False
    at = turn.indexes_of(folded)
    words = turn.original_words()
    if not at or any(words[i] == accented for i in at):
        return False
    rest = Turn.of(" ".join(t for t in turn.tokens if t != folded))
    cues = {c for c in dict(_CUE_SETS)[topic] if folded not in c.split()}
    return rest.ngrams.isdisjoint(cues)


def marked_words(turn: Turn) -> set[HowTo]:
    found: set[HowTo] = set()
    for topic, folded, accented in lx.HOW_TO_MARKED:
        for i in turn.indexes_of(folded):
            if turn.marked:
                if turn.original_words()[i] == accented:
                    found.add(topic)
            elif (
                (folded == "nghien" and not _addiction(turn, i))
                or (folded == "be" and _breaks(turn, i))
                or (folded == "nhau" and _drinks(turn, i))
            ):
                found.add(topic)
    if HowTo.CRUSH in found and turn.has("trung hoa"):
        found.discard(HowTo.CRUSH)  # "thuốc trung hòa acid": an antacid, nothing dissolved
    return found


def drinking(turn: Turn) -> bool:
    """Alcohol named as a drink, not as a condition ("cai rượu", "nghiện rượu")."""
    joined = turn.joined
    for phrase in lx.NOT_DRINKING:
        joined = joined.replace(f" {phrase} ", " ")
    cues = dict(lx.HOW_TO_CUES)[HowTo.ALCOHOL]
    if any(f" {cue} " in joined for cue in cues):
        return True
    if not turn.marked:
        return any(_drinks(turn, i) for i in turn.indexes_of("nhau"))
    return bool({"nhậu", "bia"} & set(turn.original_words()))


# Unmarked "nhau" is "nhậu" (drinking) right after who drinks or when ("tôi nhậu", "tết này
# nhậu", "tối qua nhậu"); "nhau" (each other) follows a verb or a preposition ("với nhau",
# "cách nhau", "lướt qua nhau"), never a person or a time.
_DRINKER = frozenset(
    ("toi", "tui", "t", "anh", "em", "e", "minh", "chong", "ong", "bo", "no", "ho", "chu", "bac")
)
_WHEN = frozenset(("nay", "mai", "tet", "dem", "chieu", "trua", "sang", "tuan", "xong"))


def _drinks(turn: Turn, i: int) -> bool:
    """Unmarked "nhau" at `i` said after a drinker or a time: "nhậu"."""
    before = turn.tokens[i - 1] if i else ""
    if before in _DRINKER or before in _WHEN:
        return True
    # "qua" is yesterday after a person or a time ("tối qua", "hôm qua", "tôi qua"), else
    # it passes ("lướt qua nhau")
    two_before = turn.tokens[i - 2] if i > 1 else ""
    return before == "qua" and (two_before in _DRINKER or two_before in ("hom", "dem", ""))


def _breaks(turn: Turn, i: int) -> bool:
    """Unmarked "be" before "đôi", "ra", "nhỏ", "được không": breaking a tablet."""
    after = " ".join(turn.tokens[i + 1 : i + 3])
    return any(f"{after} ".startswith(f"{w} ") for w in lx.BREAK_AFTER_BE)


def _addiction(turn: Turn, i: int) -> bool:
    """Unmarked "nghien" next to the words of addiction ("gay nghien", "nghien ruou")."""
    around = " ".join(turn.tokens[max(0, i - 1) : i + 3])
    return any(f" {w} " in f" {around} " for w in lx.NOT_CRUSH_AROUND_NGHIEN)


__all__ = ["MARKED_AS", "another_word", "drinking", "marked_words"]
