"""The turn type and section of a turn that asks how to take one medicine (issue 22): a
how-to topic read over what a false cue made of the turn ("nghiện" read as a dose question,
"uống chung với canxi" as an interaction)."""

from __future__ import annotations

from core.frame import HOW_TO_SECTIONS, HowTo, TurnType
from core.sections import SectionKey
from understanding.howto_handling import handles_it
from understanding.text import Turn

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
        # "pha chung chai Ringer lactat được không": what it may not be mixed with
        SectionKey.TUONG_KY,
    }
)
_HER_SECTIONS = frozenset({SectionKey.THOI_KY_MANG_THAI, SectionKey.THOI_KY_CHO_CON_BU})
_TURNS = (
    TurnType.DOSING_CALC,
    TurnType.DRUG_ATTRIBUTE,
    TurnType.OUT_OF_SCOPE,
    # Taken with another product reads as an interaction question ("uống chung với canxi"),
    # and so may a word of the question that is no medicine ("push", "Extend").
    TurnType.INTERACTION,
)
# Topics that name another product or a fluid ("uống chung với canxi", "pha với Ringer lactat
# được không"): the other word is no medicine to look up.
WITH_ANOTHER = frozenset({HowTo.TOGETHER, HowTo.DILUTE, HowTo.MADE_UP})


def how_to_turn(
    topic: HowTo | None,
    turn_type: TurnType,
    attribute: SectionKey | None,
    *,
    off: bool,
    turn: Turn | None = None,
) -> tuple[HowTo | None, TurnType, SectionKey | None]:
    """The topic, turn type and section of a turn that asks how to take one medicine.

    `off`: the turn names several medicines, asks "which drug" or is not medical. The turn
    keeps the dose turn type it reads as when the dose section holds the answer. `turn`: when
    the medicine is touched or prepared, not taken, so a pregnant or nursing woman's own
    section is no answer ("em đang bầu, chia thuốc cho mẹ có sao không").
    """
    handled = topic is HowTo.CAUTION and turn is not None and handles_it(turn)
    overrides = _OVERRIDES | (_HER_SECTIONS if handled else set())
    if topic is None or off or turn_type not in _TURNS or attribute not in overrides:
        return None, turn_type, attribute
    section = SectionKey(HOW_TO_SECTIONS[topic][0])
    if section is not SectionKey.LIEU_LUONG_CACH_DUNG or turn_type is not TurnType.DOSING_CALC:
        turn_type = TurnType.DRUG_ATTRIBUTE
    return topic, turn_type, section


__all__ = ["WITH_ANOTHER", "how_to_turn"]
