"""The uses the formulary forbids that triage warns about (issue 22), and the evidence an
unsafe-use reply may quote: which sections, and whether a sentence speaks to the use.

`safety.triage` decides when a turn asks about one of them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import StrEnum

from core.frame import QueryFrame
from core.population import YOUNG_CHILD_MONTHS
from core.sections import SectionKey
from core.text import fold_aligned
from safety.evidence_lines import age_limit_lines, dose_mentions, limits_age
from safety.ingestion_cues import COMPLETED_CUES
from safety.question_cues import FEARED_CUES
from safety.safety_cues import (
    DAILY_CUES,
    END_PREGNANCY_CUES,
    GIVE_OR_USE_CUES,
    INFANT_CUES,
    NOT_END_PREGNANCY_CUES,
    TurnText,
)


class UnsafeUse(StrEnum):
    """Which use the formulary warns against."""

    END_PREGNANCY = "end_pregnancy"
    WEEKLY_TAKEN_DAILY = "weekly_taken_daily"
    INFANT = "infant"


WEEKLY_DRUGS: frozenset[str] = frozenset({"methotrexate", "methotrexat", "alendronate"})
"""Formulary drug ids dosed once a week in their common (non-cancer) use."""


WarningLines = Callable[[str], Sequence[tuple[str, str]]]
"""Drug id → (section key, sentence) for every sentence of its warning sections in the loaded
corpus (Chống chỉ định, Thận trọng): what the `INFANT` unsafe use may stand on."""

# Sections quoted for each unsafe use, warning text first (the weekly day: the dosing text's
# warning sentence); the fallback only when those say nothing of the use.
UNSAFE_USE_SECTIONS: dict[UnsafeUse, tuple[str, ...]] = {
    UnsafeUse.END_PREGNANCY: (SectionKey.THOI_KY_MANG_THAI, SectionKey.CHONG_CHI_DINH),
    # The dosing text's own sentence on the weekly day, with its warning, when it says so
    # without a dose ("một lần mỗi tuần, … không bao giờ dùng hằng ngày"): it answers a
    # schedule checked ("mỗi ngày hay mỗi tuần") and warns a daily use alike.
    UnsafeUse.WEEKLY_TAKEN_DAILY: (SectionKey.LIEU_LUONG_CACH_DUNG,),
    UnsafeUse.INFANT: (SectionKey.CHONG_CHI_DINH, SectionKey.THAN_TRONG),
}
UNSAFE_USE_FALLBACK_SECTIONS: dict[UnsafeUse, tuple[str, ...]] = {
    UnsafeUse.END_PREGNANCY: (),
    UnsafeUse.WEEKLY_TAKEN_DAILY: (SectionKey.THAN_TRONG, SectionKey.QUA_LIEU_XU_TRI),
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


_DOSE_SECTION = SectionKey.LIEU_LUONG_CACH_DUNG.value


def _feared(t: TurnText) -> bool:
    """The daily taking is a mix-up feared, nothing taken ("mẹ bé sợ nhất là uống nhầm hằng
    ngày"): the weekly dose is asked, not a daily use told."""
    return FEARED_CUES.search(t) is not None and COMPLETED_CUES.search(t) is None


# A daily word denied or set aside ("uống hàng tuần chứ không phải hàng ngày", "mỗi tuần
# thay vì mỗi ngày", "không được uống mỗi ngày"): the schedule the speaker did not follow.
# (Not "đừng": folded it is "dùng", and "dùng hàng ngày" is the daily use itself.)
_DAILY_DENIED = re.compile(
    r"\b(?:(?:chu )?(?:khong|ko|k|chang|dau) phai(?: la)?|thay vi|khong duoc|cam)"
    r"(?: (?:uong|dung|tiem))? (?:moi ngay|hang ngay|ngay nao cung)\b"
)


def _daily_denied(t: TurnText) -> TurnText:
    """The turn with each daily word it denies blanked (see `_DAILY_DENIED`)."""
    spans = [m.span() for m in _DAILY_DENIED.finditer(t.folded)]
    if not spans:
        return t
    lowered = list(t.lowered)
    for start, stop in spans:
        lowered[start:stop] = " " * (stop - start)
    return TurnText.of("".join(lowered))


def unsafe_use(
    t: TurnText,
    frame: QueryFrame | None,
    warnings: WarningLines | None,
) -> tuple[str, UnsafeUse] | None:
    """The words and the use the formulary forbids that the turn tells: ending a pregnancy,
    a once-weekly drug taken daily, an infant given a drug whose own text forbids it."""
    drugs = [fold_aligned(d) for d in (frame.drugs if frame is not None else [])]
    hit = END_PREGNANCY_CUES.search(t)
    if hit and not NOT_END_PREGNANCY_CUES.search(t):
        return hit, UnsafeUse.END_PREGNANCY
    weekly = any(d in WEEKLY_DRUGS for d in drugs)
    if weekly and (hit := DAILY_CUES.search(_daily_denied(t))) and not _feared(t):
        return hit, UnsafeUse.WEEKLY_TAKEN_DAILY
    age = frame.age_months if frame is not None else None
    infant_word = INFANT_CUES.search(t)
    if infant_word is not None and age is None:
        age = 0.0
    if age is None or age >= YOUNG_CHILD_MONTHS:
        return None
    if warnings is None or not GIVE_OR_USE_CUES.search(t):
        return None
    for drug in frame.drugs if frame is not None else []:
        if age_limit_lines([w for w in warnings(drug) if w[0] != _DOSE_SECTION], age):
            return infant_word or drug, UnsafeUse.INFANT
    return None
