"""What a triaged reply may quote from the book: the warning lines an unsafe use stands on,
never a sentence with a dose.

Pure functions over a section fetch (`Retriever.find_by_section`); `engine.effects` checks
and renders what they choose, like any other answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.evidence import Answer, Claim, Evidence
from core.sections import SectionKey
from core.text import sentences_of
from safety.triage import (
    UNSAFE_USE_FALLBACK_SECTIONS,
    UNSAFE_USE_SECTIONS,
    UnsafeUse,
    dose_mentions,
    speaks_to,
)

MAX_UNSAFE_USE_CLAIMS = 5
MAX_CLAIMS_PER_SECTION = 3

Fetch = Callable[[str, str], list[Evidence]]
"""Drug id, section key → that section's evidence (`Retriever.find_by_section`)."""


def without_doses(answer: Answer, _pool: Sequence[Evidence]) -> Answer:
    """Drop claims carrying a dose: a triaged reply never states one (a toxic threshold
    invites "below it, so it is fine"; the clinician who treats reads the book)."""
    kept = tuple(c for c in answer.claims if not dose_mentions(c.text))
    return answer.model_copy(update={"claims": kept})


def warning_lines(fetch: Fetch, drug_id: str) -> list[tuple[str, str]]:
    """(section, sentence) of the drug's Chống chỉ định, Thận trọng and Liều lượng in the
    loaded corpus: what the infant unsafe-use triage and an amount weighed against the
    book's dose stand on (`safety.triage.WarningLines`)."""
    return [
        (ev.section_key, sentence)
        for section in (*UNSAFE_USE_SECTIONS[UnsafeUse.INFANT], SectionKey.LIEU_LUONG_CACH_DUNG)
        for ev in fetch(drug_id, section)
        if not ev.quarantined
        for sentence in sentences_of(ev.text)
    ]


def unsafe_use_quotes(
    fetch: Fetch, drug: str, use: UnsafeUse, age: float | None
) -> tuple[list[Evidence], list[Claim]]:
    """The evidence read and the sentences to quote for `use` of `drug` (none: nothing
    speaks to it)."""
    evidence: list[Evidence] = []
    claims: list[Claim] = []
    # Warning text first (contraindication, pregnancy, caution, overdose); the dosing
    # text only when those say nothing about this use. Never a sentence with a dose.
    for sections in (UNSAFE_USE_SECTIONS[use], UNSAFE_USE_FALLBACK_SECTIONS[use]):
        evidence = [ev for section in sections for ev in fetch(drug, section) if not ev.quarantined]
        claims = []
        for section in sections:  # a few lines from each section, in the order given
            claims += [
                Claim(text=sentence, citations=(i,))
                for i, ev in enumerate(evidence)
                if ev.section_key == section
                for sentence in sentences_of(ev.text)
                if speaks_to(use, sentence, age_months=age, section=section)
            ][:MAX_CLAIMS_PER_SECTION]
        claims = claims[:MAX_UNSAFE_USE_CLAIMS]
        if claims:
            break
    return evidence, claims


__all__ = [
    "MAX_CLAIMS_PER_SECTION",
    "MAX_UNSAFE_USE_CLAIMS",
    "Fetch",
    "unsafe_use_quotes",
    "warning_lines",
    "without_doses",
]
