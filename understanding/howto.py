"""Which how-to-take or misuse question a turn asks (crush, a missed dose, alcohol, food, time
of day, storage, shaking, a made-up suspension): data in `lexicon.HOW_TO_CUES`."""

from __future__ import annotations

import re

from core.frame import HOW_TO_SECTIONS, HowTo, TurnType
from core.sections import SectionKey
from understanding import howto_words as lx
from understanding.text import Turn, ngram_set

# An age or a weight makes a question about giving a form a dose question.
_PATIENT_SAID = re.compile(r"(?<![\w/])\d+(?:[.,]\d+)?\s*(?:tuoi|kg|ky|can|thang|t)(?!\w)")
# A patient named outright makes a duration question a dose question.
_WHO = re.compile(r"(?<![a-z])(?:nguoi lon|tre em|tre so sinh|nguoi cao tuoi)(?![a-z])")
_CUE_SETS = tuple((topic, ngram_set(cues)) for topic, cues in lx.HOW_TO_CUES)


def read_how_to(turn: Turn) -> HowTo | None:
    """The topic of a how-to-take question, or None (also when an amount is asked)."""
    if turn.has(*lx.AMOUNT_CUES) and not turn.has(*lx.WATER_WORDS):
        return None  # "uống nhiều nước không, bao nhiêu là đủ" asks an amount of water
    found = {topic for topic, cues in _CUE_SETS if not turn.ngrams.isdisjoint(cues)}
    found |= _marked_words(turn)
    if turn.has(*lx.MADE_UP_WORDS) and turn.has(*lx.KEEPS_WORDS):
        found.add(HowTo.MADE_UP)
    if turn.has(*lx.PROCEDURES) and turn.has(*lx.PROCEDURE_ASKS):
        found.add(HowTo.CAUTION)  # "mai nhổ răng có phải ngưng thuốc không"
    if HowTo.ALCOHOL in found and not _drinking(turn):
        found.discard(HowTo.ALCOHOL)
    if HowTo.DURATION in found and (
        turn.has(*lx.NOT_DURATION) or _PATIENT_SAID.search(turn.folded) or _WHO.search(turn.folded)
    ):
        found.discard(HowTo.DURATION)  # "uống bao lâu người lớn": the dose rows say it
    if HowTo.CRUSH in found and _opens_a_pack(turn):
        found.discard(HowTo.CRUSH)  # "lọ aspirin mở ra có mùi chua": the pack was opened
    if HowTo.TOGETHER in found and not turn.has(*lx.CO_PRODUCTS):
        found.discard(HowTo.TOGETHER)
    if HowTo.GIVING in found and (
        not turn.has(*lx.GIVING_ASKS) or _PATIENT_SAID.search(turn.folded)
    ):
        found.discard(HowTo.GIVING)
    if HowTo.GIVING in found and turn.has(*lx.INJECTED):
        found.discard(HowTo.CRUSH)  # "tiêm 1 chỗ hết 2g hay phải chia ra": where it is injected
    if HowTo.TOGETHER in found:
        # "viên canxi thì uống lúc nào cho khỏi ảnh hưởng": the hour asked is how far apart
        found.discard(HowTo.TIME_OF_DAY)
    for topic, _cues in lx.HOW_TO_CUES:
        if topic in found:
            return topic
    return None


_CRUSH_ONLY = ngram_set(
    tuple(c for c in dict(lx.HOW_TO_CUES)[HowTo.CRUSH] if c not in set(lx.OPEN_CUES))
)


def _opens_a_pack(turn: Turn) -> bool:
    """Only an opening word of the crush list, said of a pack ("lọ … mở ra")."""
    if not turn.has(*lx.OPEN_CUES) or not turn.has(*lx.PACKS):
        return False
    return turn.ngrams.isdisjoint(_CRUSH_ONLY) and not _marked_words(turn) & {HowTo.CRUSH}


def _marked_words(turn: Turn) -> set[HowTo]:
    found: set[HowTo] = set()
    for topic, folded, accented in lx.HOW_TO_MARKED:
        for i in turn.indexes_of(folded):
            if turn.marked:
                if turn.original_words()[i] == accented:
                    found.add(topic)
            elif (folded == "nghien" and not _addiction(turn, i)) or (
                folded == "be" and _breaks(turn, i)
            ):
                found.add(topic)
    return found


def _drinking(turn: Turn) -> bool:
    """Alcohol named as a drink, not as a condition ("cai rượu", "nghiện rượu")."""
    joined = turn.joined
    for phrase in lx.NOT_DRINKING:
        joined = joined.replace(f" {phrase} ", " ")
    cues = dict(lx.HOW_TO_CUES)[HowTo.ALCOHOL]
    if any(f" {cue} " in joined for cue in cues):
        return True
    return turn.marked and bool({"nhậu", "bia"} & set(turn.original_words()))


def _breaks(turn: Turn, i: int) -> bool:
    """Unmarked "be" before "đôi", "ra", "nhỏ", "được không": breaking a tablet."""
    after = " ".join(turn.tokens[i + 1 : i + 3])
    return any(f"{after} ".startswith(f"{w} ") for w in lx.BREAK_AFTER_BE)


def _addiction(turn: Turn, i: int) -> bool:
    """Unmarked "nghien" next to the words of addiction ("gay nghien", "nghien ruou")."""
    around = " ".join(turn.tokens[max(0, i - 1) : i + 3])
    return any(f" {w} " in f" {around} " for w in lx.NOT_CRUSH_AROUND_NGHIEN)


# Sections a false cue of a how-to question lands in: "nghiện" (crush), "uống gấp đôi"
# (a missed dose), "có sao không"; a how-to question asks none of them.
_OVERRIDES = frozenset(
    {
        None,
        SectionKey.LIEU_LUONG_CACH_DUNG,
        SectionKey.TUONG_TAC_THUOC,
        SectionKey.DO_ON_DINH_BAO_QUAN,
        SectionKey.TAC_DUNG_KHONG_MONG_MUON,
        SectionKey.THAN_TRONG,
        SectionKey.QUA_LIEU_XU_TRI,
        # "viên sủi lấy ra để ngoài được không": the form named is what is handled
        SectionKey.DANG_THUOC_HAM_LUONG,
    }
)
_TURNS = (TurnType.DOSING_CALC, TurnType.DRUG_ATTRIBUTE, TurnType.OUT_OF_SCOPE)
# Taken with another product reads as an interaction question ("uống chung với canxi").
_TOGETHER_TURNS = (*_TURNS, TurnType.INTERACTION)


def how_to_turn(
    topic: HowTo | None, turn_type: TurnType, attribute: SectionKey | None, *, off: bool
) -> tuple[HowTo | None, TurnType, SectionKey | None]:
    """The topic, turn type and section of a turn that asks how to take one medicine.

    `off`: the turn names several medicines, asks "which drug" or is not medical. The turn
    keeps the dose turn type it reads as when the dose section holds the answer.
    """
    turns = _TOGETHER_TURNS if topic is HowTo.TOGETHER else _TURNS
    if topic is None or off or turn_type not in turns or attribute not in _OVERRIDES:
        return None, turn_type, attribute
    section = SectionKey(HOW_TO_SECTIONS[topic][0])
    if section is not SectionKey.LIEU_LUONG_CACH_DUNG or turn_type is not TurnType.DOSING_CALC:
        turn_type = TurnType.DRUG_ATTRIBUTE
    return topic, turn_type, section


__all__ = ["how_to_turn", "read_how_to"]
