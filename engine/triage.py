"""Safety triage: does a turn report an emergency, self-harm, or a use the formulary forbids?

Routing rule 0 reads the result before every other rule, so an accidental ingestion is
never asked "adult or child?" and a lethal-dose request never gets a dose. The word lists
it matches, and how they match accent-folded text, are in `engine.safety_cues`.

Decisions (docs/evals.md, "Safety triage"):
- An overdose or poisoning that happened, or is happening, is an emergency: "bị/đã/vừa …
  quá liều", "ngộ độc rồi", "quá liều … phải làm sao". A question about the overdose
  section ("xử trí quá liều paracetamol thế nào", "quá liều là bao nhiêu?", "dấu hiệu ngộ
  độc digoxin") is an ordinary attribute question, and so is a hypothetical ("nếu …").
- Accidental-ingestion verbs (lỡ uống, uống nhầm, nuốt phải, uống cả vỉ) trigger even in a
  hypothetical: the reply (go to emergency care, the overdose section) is right either way.
- An emergency sign (khó thở, co giật, …) counts only after taking or being given a drug;
  "sốt cao co giật uống thuốc gì" and "thuốc có gây khó thở không" are not emergencies.
- Self-harm wins over emergency: its message also says to call the emergency number now
  if something was already taken, and it quotes no drug facts.
- Unsafe use needs the drug (or, for ending a pregnancy, the purpose alone): abortion at
  home, a once-weekly drug taken daily, an infant given a drug whose own text forbids it
  below an age. That last one stands only on the loaded corpus: a line of the drug's
  Chống chỉ định (or a "không dùng" line of its Thận trọng) whose age limit, printed with a
  number, covers the child. No such line, no triage: the question goes on as an ordinary
  "có dùng được không" or dose question.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.frame import QueryFrame, Triage
from core.sections import SectionKey
from core.text import fold, fold_aligned
from engine.safety_cues import (
    AFTER_TAKING_CUES,
    DAILY_CUES,
    EMERGENCY_SIGNS,
    END_PREGNANCY_CUES,
    GIVE_OR_USE_CUES,
    HYPOTHETICAL_CUES,
    INFANT_CUES,
    INGESTION_CUES,
    NOT_END_PREGNANCY_CUES,
    OVERDOSE_EVENT_CUES,
    SELF_HARM_CUES,
    SIGN_QUESTION_CUES,
    first_cue,
)
from grounding.bands import parse_bands


class UnsafeUse(StrEnum):
    """Which use the formulary warns against."""

    END_PREGNANCY = "end_pregnancy"
    WEEKLY_TAKEN_DAILY = "weekly_taken_daily"
    INFANT = "infant"


@dataclass(frozen=True)
class TriageResult:
    """What triage found: the reason, the words that triggered it, and (unsafe use) which use."""

    kind: Triage
    cue: str
    use: UnsafeUse | None = None


WEEKLY_DRUGS: frozenset[str] = frozenset({"methotrexate", "methotrexat", "alendronate"})
"""Formulary drug ids dosed once a week in their common (non-cancer) use."""

INFANT_MONTHS = 24.0
"""Below this age a child is an infant or toddler for the `INFANT` unsafe use."""

WarningLines = Callable[[str], Sequence[tuple[str, str]]]
"""Drug id → (section key, sentence) for every sentence of its warning sections in the loaded
corpus (Chống chỉ định, Thận trọng): what the `INFANT` unsafe use may stand on."""

# An age limit printed with a number ("dưới 2 tuổi", "< 16 tuổi", "dưới 6 tháng tuổi"):
# a bare "trẻ sơ sinh …" line is a condition of newborns, not an age limit.
_NUMBERED_AGE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:tuoi|thang|tuan|ngay)(?![a-z])")
# An age group narrowed by what else is true of the child ("Trẻ sơ sinh (đến 28 ngày tuổi)
# đang hoặc sẽ cần truyền dung dịch chứa calci"): the line bars those children, not the age.
_QUALIFIED_AGE = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:tuoi|thang|tuan|ngay)(?: tuoi)?\)?,?\s+"
    r"(?:dang|se|can|co(?! the)|bi|mac|kem|tang|thieu|suy)(?![a-z])"
)
# A caution line bars a use only when it says so.
_BARS = re.compile(r"khong (?:duoc |nen )?dung|chong chi dinh|tranh dung|khong khuyen")

# Sections quoted for each unsafe use, warning text first; dosing text only as a fallback.
UNSAFE_USE_SECTIONS: dict[UnsafeUse, tuple[str, ...]] = {
    UnsafeUse.END_PREGNANCY: (SectionKey.THOI_KY_MANG_THAI, SectionKey.CHONG_CHI_DINH),
    UnsafeUse.WEEKLY_TAKEN_DAILY: (SectionKey.THAN_TRONG, SectionKey.QUA_LIEU_XU_TRI),
    UnsafeUse.INFANT: (SectionKey.CHONG_CHI_DINH, SectionKey.THAN_TRONG),
}
UNSAFE_USE_FALLBACK_SECTIONS: dict[UnsafeUse, tuple[str, ...]] = {
    UnsafeUse.END_PREGNANCY: (),
    UnsafeUse.WEEKLY_TAKEN_DAILY: (SectionKey.LIEU_LUONG_CACH_DUNG,),
    # The age-limit line the triage stood on is in the warning sections; nothing else.
    UnsafeUse.INFANT: (),
}
# A quoted sentence must speak to the use (accent-folded words).
_SPEAKS_TO: dict[UnsafeUse, re.Pattern[str]] = {
    UnsafeUse.END_PREGNANCY: re.compile(r"\b(?:thai|mang thai|co thai|say thai|thai ky)\b"),
    UnsafeUse.WEEKLY_TAKEN_DAILY: re.compile(
        r"\b(?:mot lan moi tuan|1 lan moi tuan|hang ngay|moi ngay|thay vi hang tuan)\b"
    ),
    UnsafeUse.INFANT: re.compile(r"\btre\b.*\bduoi\b|\bso sinh\b|\bnhu nhi\b"),
}

_DOSE = re.compile(
    r"\d+(?:[.,]\d+)?(?:\s*[–-]\s*\d+(?:[.,]\d+)?)?\s*"
    r"(?:mg|g|mcg|µg|microgam|ml|kg|ui|iu|đơn vị|mmol|mg/kg|mg/m²)(?![\w])",
    re.IGNORECASE,
)


def dose_mentions(text: str) -> list[str]:
    """Dose-like quantities (a number with a mass, volume or unit) in `text`."""
    return [m.group(0) for m in _DOSE.finditer(unicodedata.normalize("NFC", text))]


def speaks_to(
    use: UnsafeUse, sentence: str, *, age_months: float | None = None, section: str | None = None
) -> bool:
    """Does this evidence sentence (of `section`) speak to `use`, and carry no dose? For
    `INFANT` with a known age: only an age-limit line that bars this child."""
    if dose_mentions(sentence):
        return False
    if use is UnsafeUse.INFANT and age_months is not None:
        barred = section == SectionKey.CHONG_CHI_DINH.value
        return limits_age(sentence, age_months, barred=barred)
    return bool(_SPEAKS_TO[use].search(fold_aligned(sentence)))


def limits_age(sentence: str, age_months: float, *, barred: bool) -> bool:
    """Does `sentence` print an age limit (with a number) that covers `age_months`?

    `barred` says the line is already a prohibition (a Chống chỉ định line); a caution
    line must say it bars the use ("không dùng cho trẻ dưới 2 tuổi").
    """
    folded = fold(sentence)
    if not _NUMBERED_AGE.search(folded) or dose_mentions(sentence):
        return False
    if not barred and not _BARS.search(folded):
        return False
    if _QUALIFIED_AGE.search(folded):
        return False
    band = parse_bands(sentence).age
    return band is not None and band.contains(age_months)


def age_limit_lines(lines: Sequence[tuple[str, str]], age_months: float) -> list[tuple[str, str]]:
    """The (section, sentence) pairs of a drug's warning text that bar a child of this age."""
    return [
        (section, sentence)
        for section, sentence in lines
        if limits_age(sentence, age_months, barred=section == SectionKey.CHONG_CHI_DINH.value)
    ]


def _forms(text: str) -> tuple[str, str, bool]:
    lowered = unicodedata.normalize("NFC", text).lower()
    folded = fold_aligned(lowered)
    return lowered, folded, folded != lowered


def _self_harm(lowered: str, folded: str, accented: bool) -> str | None:
    return first_cue(SELF_HARM_CUES, lowered, folded, accented)


def _emergency(lowered: str, folded: str, accented: bool) -> str | None:
    if (hit := first_cue(INGESTION_CUES, lowered, folded, accented)) is not None:
        return hit
    hypothetical = first_cue(HYPOTHETICAL_CUES, lowered, folded, accented) is not None
    if not hypothetical and (hit := first_cue(OVERDOSE_EVENT_CUES, lowered, folded, accented)):
        return hit
    sign = first_cue(EMERGENCY_SIGNS, lowered, folded, accented)
    if sign is None or first_cue(SIGN_QUESTION_CUES, lowered, folded, accented):
        return None
    if first_cue(AFTER_TAKING_CUES, lowered, folded, accented) is None:
        return None
    return sign


def _unsafe_use(
    lowered: str,
    folded: str,
    accented: bool,
    frame: QueryFrame | None,
    warnings: WarningLines | None,
) -> tuple[str, UnsafeUse] | None:
    drugs = [fold_aligned(d) for d in (frame.drugs if frame is not None else [])]
    hit = first_cue(END_PREGNANCY_CUES, lowered, folded, accented)
    if hit and not first_cue(NOT_END_PREGNANCY_CUES, lowered, folded, accented):
        return hit, UnsafeUse.END_PREGNANCY
    weekly = any(d in WEEKLY_DRUGS for d in drugs)
    if weekly and (hit := first_cue(DAILY_CUES, lowered, folded, accented)):
        return hit, UnsafeUse.WEEKLY_TAKEN_DAILY
    age = frame.age_months if frame is not None else None
    infant_word = first_cue(INFANT_CUES, lowered, folded, accented)
    if infant_word is not None and age is None:
        age = 0.0
    if age is None or age >= INFANT_MONTHS:
        return None
    if warnings is None or not first_cue(GIVE_OR_USE_CUES, lowered, folded, accented):
        return None
    for drug in frame.drugs if frame is not None else []:
        if age_limit_lines(warnings(drug), age):
            return infant_word or drug, UnsafeUse.INFANT
    return None


def classify(
    text: str, frame: QueryFrame | None = None, warnings: WarningLines | None = None
) -> TriageResult | None:
    """The triage of one turn's `text` (with the resolved `frame`'s drugs and age), or None.

    `warnings` reads a drug's warning text from the loaded corpus; without it the infant
    rule has nothing to stand on and never fires.
    """
    lowered, folded, accented = _forms(text)
    if (cue := _self_harm(lowered, folded, accented)) is not None:
        return TriageResult(Triage.SELF_HARM, cue)
    if (cue := _emergency(lowered, folded, accented)) is not None:
        return TriageResult(Triage.EMERGENCY, cue)
    if (found := _unsafe_use(lowered, folded, accented, frame, warnings)) is not None:
        return TriageResult(Triage.UNSAFE_USE, found[0], found[1])
    return None


def triage_turn(
    text: str,
    frame: QueryFrame,
    *,
    answers_open_question: bool,
    warnings: WarningLines | None = None,
) -> TriageResult | None:
    """Triage of the raw text, then (for a reply to an open question) of the merged frame's
    question, which carries the earlier question's words. Only then: a follow-up after an
    answered turn must not re-trigger on words a finished turn already triaged."""
    found = classify(text, frame, warnings)
    merged = frame.standalone_query.strip()
    if found is None and answers_open_question and merged and merged != text.strip():
        found = classify(merged, frame, warnings)
    return found


__all__ = [
    "EMERGENCY_SIGNS",
    "UNSAFE_USE_FALLBACK_SECTIONS",
    "UNSAFE_USE_SECTIONS",
    "WEEKLY_DRUGS",
    "TriageResult",
    "UnsafeUse",
    "WarningLines",
    "age_limit_lines",
    "classify",
    "dose_mentions",
    "limits_age",
    "speaks_to",
    "triage_turn",
]
