"""The answer to the safety question ("Bé đã uống thuốc này rồi phải không?"): taken, not
taken, or a dose asked instead, read from the reply and the turn the question was asked of."""

from __future__ import annotations

import re
from enum import StrEnum

from safety.ingestion_signs import _CONTAINERS, _count, access_sign, asks_outright
from safety.safety_cues import (
    AMOUNT_CUES,
    COMPLETED_CUES,
    CONFIRM_CUES,
    DENY_CUES,
    DOSE_QUESTION_CUES,
    HOLD_CUES,
    INTACT_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    UNSANCTIONED_CUES,
    UNSURE_CUES,
    WORRY_CUES,
    TurnText,
)


class SafetyAnswer(StrEnum):
    """A reply to the safety question ("Bé đã uống thuốc này rồi phải không?")."""

    TAKEN = "taken"
    NOT_TAKEN = "not_taken"
    ASKED = "asked"
    """A question of its own ("Liều đầu tiên uống bao nhiêu mg?"), telling nothing taken:
    neither yes nor no, the turn goes on as asked."""


_ONLY_ASKING = re.compile(r"\b(?:chi|hoi) (?:hoi|muon hoi|thoi|de biet|thong tin)\b")


_POISON = re.compile(r"\b(?:qua lieu|ngo doc|doc|nguy hiem|chet|cap cuu)\b")


def _asks_a_dose(t: TurnText, asked_of: str | None) -> bool:
    """A reply that asks how much or how to give ("liều đầu tiên bao nhiêu mg?") and tells
    nothing done, no doubt, no worry and nothing of poisoning: a dose question, not a yes,
    when the turn the safety question was asked of (`asked_of`) told no amount, no way of
    getting at it and no sign. Where it told one ("bé ngậm nửa viên diazepam"), a dose
    asked next is read the safe way."""
    if asked_of is None or _tells_a_taking(TurnText.of(asked_of)):
        return False
    if DOSE_QUESTION_CUES.search(t) is None or COMPLETED_CUES.search(t) is not None:
        return False
    if WORRY_CUES.search(t) is not None or SYMPTOM_CUES.search(t) is not None:
        return False
    return _POISON.search(t.folded) is None and _count(t) == 0


_ON_A_COURSE = re.compile(r"\b(?:đang|dang) (?:uống|uong|dùng|dung|xài|xai)\b")


def _tells_a_taking(t: TurnText, *, bare: bool = True) -> bool:
    """A taking told and not asked as a dose, an amount, a container, a way of getting at it
    or a sign: more than a bare mention. Without `bare`, a verb of taking counts only said
    as done ("bé vừa uống siro"): "con em 18 tháng uống siro hapacol", "bé đang uống
    Augmentin siro" name what the child is on."""
    told = TAKE_CUES.search(t) is not None and DOSE_QUESTION_CUES.search(t) is None
    if not bare:  # "đang uống Augmentin siro": on a course, nothing done yet
        done = COMPLETED_CUES.search(TurnText.of(_ON_A_COURSE.sub(" ", t.lowered)))
        told = told and done is not None
    return (
        told
        or AMOUNT_CUES.search(t) is not None
        or _count(t) > 0
        or _CONTAINERS.search(t.folded) is not None
        or UNSANCTIONED_CUES.search(t) is not None
        or HOLD_CUES.search(t) is not None
        or SYMPTOM_CUES.search(t) is not None
        or access_sign(t)
    )


# Giving it again after it came back up, or what to measure it with: practical questions
# about a dose given as meant ("nôn ra có cho uống lại không", "dùng xilanh hay thìa").
_REDOSE = re.compile(
    r"\b(?:non|oi|tro|nho|phun|khac) (?:\S+ ){0,3}?ra\b.*"
    r"\b(?:uong|cho|bu) (?:\S+ )?(?:lai|bu|them)\b"
)
# One way against another ("buổi tối hay buổi sáng", "xilanh hay thìa thì dễ hơn").
_EITHER = re.compile(r"\b\w+ hay \w+|\b(?:de|tot|hon) hon\b|\bcach nao\b")
_MEASURE = re.compile(
    r"\b(?:xi ?lanh|ong (?:tiem|hut|bom|dong)|thia|muong|coc (?:dong|chia))\b|"
    # mixed into food or drink ("trộn vào sữa", "pha với nước cam")
    r"\b(?:tron|pha|hoa|khuay) (?:\w+ )?(?:vao|voi|chung|cung) (?:\w+ )?"
    r"(?:sua|nuoc|chao|bot|com|yaourt|sinh to)\b"
)


def _asks_how_to(t: TurnText, asked_of: str | None, how_to: bool) -> bool:
    """A practical question on giving the medicine named (`how_to`: understanding read one;
    or giving it again after it came back up, or what to measure it with), asked outright,
    telling no worry, no amount and nothing of poisoning, after a turn that named the child
    and the medicine and told nothing done: a question, not a yes."""
    if asked_of is None or _tells_a_taking(TurnText.of(asked_of), bare=False):
        return False
    redose = _REDOSE.search(t.folded) is not None
    if not (how_to or redose or _MEASURE.search(t.folded)):  # how, with what, into what
        return False
    if not asks_outright(t) and _EITHER.search(t.folded) is None:
        return False
    if WORRY_CUES.search(t) is not None or _POISON.search(t.folded) is not None:
        return False
    if _count(t) > 0 or UNSANCTIONED_CUES.search(t) is not None:
        return False
    return redose or SYMPTOM_CUES.search(t) is None


def safety_answer(
    text: str | TurnText, asked_of: str | None = None, *, how_to: bool = False
) -> SafetyAnswer | None:
    """Taken (yes, or not sure: the safe reading), not taken, a dose or a way of giving it
    asked instead (`ASKED`, see `_asks_a_dose` and `_asks_how_to`; `asked_of` is the turn the
    safety question was asked of, `how_to` whether understanding read a how-to question), or
    neither.

    A denial opens the reply ("chưa", "không, …") or says it was only a question; a "không"
    further on is a question back ("có phải gọi 115 không"), which is read as taken."""
    t = text if isinstance(text, TurnText) else TurnText.of(text)
    if UNSURE_CUES.search(t) is not None:
        return SafetyAnswer.TAKEN
    opening = TurnText.of(" ".join(t.lowered.replace(",", " , ").split()[:3]))
    if DENY_CUES.search(opening) is not None or _ONLY_ASKING.search(t.folded):
        return SafetyAnswer.NOT_TAKEN
    if INTACT_CUES.search(t) is not None and SYMPTOM_CUES.search(t) is None:
        # "đếm lại vẫn đủ 10 viên, vỉ còn nguyên": nothing is missing, however it opens
        return SafetyAnswer.NOT_TAKEN
    if _asks_a_dose(t, asked_of) or _asks_how_to(t, asked_of, how_to):
        return SafetyAnswer.ASKED
    if CONFIRM_CUES.search(t) is not None:
        return SafetyAnswer.TAKEN
    return None


__all__ = ["SafetyAnswer", "safety_answer"]
