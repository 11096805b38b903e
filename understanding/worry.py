"""A fear given as the reason for asking: "sợ quá liều nên hỏi liều tối đa", "lo bị nghiện,
bà cụ dùng nửa viên có ổn không".

The feared harm (an overdose, a habit, a side effect) names why the person asks, not what
they ask: when the same turn asks an amount, the amount is the question and its row (with
the maximum) the answer, not the overdose or side-effect section.
"""

from __future__ import annotations

import re

from core.sections import SectionKey
from understanding import lexicon as lx
from understanding.text import Turn, ngram_set

# An amount stated to be checked: "2 viên", "nửa viên", "1 gói" (folded).
_AMOUNT = re.compile(r"(?<![\w/])(?:\d+|nua|mot)\s*(?:lan|vien|goi|ong|nhat|giot)(?!\w)")
_ATTRIBUTE_CUE_SETS = tuple((key, cues, ngram_set(cues)) for key, cues in lx.ATTRIBUTE_CUES)

# Folded words of fearing or worrying, said just before the harm feared.
_WORRY = frozenset({"so", "lo", "ngai"})
# Words that may stand between the worry and the harm: "sợ bị quá liều", "lo là nghiện".
_BETWEEN = frozenset({"bi", "la", "se", "no", "minh", "em", "me", "uong"})
# Marked spellings of the worry words ("sợ", not "số"; "lo", not "lọ").
_MARKED = {"so": "sợ", "lo": "lo", "ngai": "ngại"}


# Harm passed on from others ("nghe bảo aspirin dùng quá tay thì nguy", "người ta bảo …"): the
# reason for asking, like a fear (folded, both words together are unambiguous).
_HEARD = frozenset({("nghe", "noi"), ("nghe", "bao"), ("ta", "bao"), ("ta", "noi")})


def feared_at(turn: Turn, at: int) -> bool:
    """Whether the section cue starting at character `at` of `turn.joined` is a harm feared
    ("sợ quá liều", "lo bị nghiện", "sợ uống lâu quá liều") or heard of ("nghe nói … quá
    liều"): a worry word stands before it, with at most two other words between."""
    before = turn.joined[:at].split()
    for skipped in range(3):
        while before and before[-1] in _BETWEEN:
            before.pop()
        if not before:
            return False
        if tuple(before[-2:]) in _HEARD:
            return True
        if before[-1] in _WORRY:
            break
        if skipped == 2:
            return False
        before.pop()
    if not turn.marked:
        return before[-1] in ("so", "ngai")  # folded "lo" is also "lọ" (a vial), "lỡ" (slipped)
    return turn.means(len(before) - 1, _MARKED[before[-1]])


# A taking already told ("lỡ uống rồi", "vừa uống"): the overdose section may be the answer.
_TAKEN = ("roi", "vua uong", "da uong", "moi uong", "uong nham", "uong het")


def taken_told(turn: Turn) -> bool:
    """The turn tells of a dose already taken."""
    return turn.has(*_TAKEN)


# A harm asked yes or no ("có bị ngộ độc không", "có quá liều ko") beside the maximum asked
# ("tối đa là bao nhiêu", "max bn"): the maximum answers whether the amount is too much.
_ASKED_WHETHER = re.compile(r"^ ?(?:\S+ ){1,4}?(?:khong|ko|k|hong|hok|chua)\b")
_MAXIMUM = ("toi da", "max", "lieu toi da", "gioi han")


def asked_beside_maximum(turn: Turn, at: int) -> bool:
    """Whether the section cue at `at` is a harm asked yes or no, in a turn that asks the
    maximum dose."""
    before = turn.joined[:at].split()
    if before and before[-1] in ("bi", "gay"):
        before.pop()
    if not before or before[-1] != "co" or not turn.has(*_MAXIMUM):
        return False
    return _ASKED_WHETHER.match(turn.joined[at:]) is not None


def past_fears(
    turn: Turn, attribute: SectionKey | None, attribute_at: int, dosing_at: int
) -> tuple[SectionKey | None, int, int]:
    """ "sợ quá liều nên hỏi liều tối đa": the harm feared is the reason, the dose asked the
    question. The feared sections are set aside when the turn asks a dose or states one to
    check ("uống nửa viên được không"); the earliest section cue not feared, if any, stays."""
    if attribute is None or taken_told(turn):
        return attribute, attribute_at, dosing_at
    if not (feared_at(turn, attribute_at) or asked_beside_maximum(turn, attribute_at)):
        return attribute, attribute_at, dosing_at
    if dosing_at < 0:
        found = _AMOUNT.search(turn.folded)
        dosing_at = found.start() if found else -1
    if dosing_at < 0:
        return attribute, attribute_at, dosing_at
    kept: tuple[int, SectionKey] | None = None
    for key, cues, cue_set in _ATTRIBUTE_CUE_SETS:
        if turn.ngrams.isdisjoint(cue_set):
            continue
        for cue in cues:
            at = turn.joined.find(f" {cue} ")
            feared = feared_at(turn, at) or asked_beside_maximum(turn, at)
            if at >= 0 and not feared and (kept is None or at < kept[0]):
                kept = (at, key)
    if kept is None:
        return None, -1, dosing_at
    return kept[1], kept[0], dosing_at


__all__ = ["asked_beside_maximum", "feared_at", "past_fears", "taken_told"]
