"""Quote an overdose section as a pharmacist reads it: a few signs, then the treatment.

The book prints signs ("Biểu hiện", "Triệu chứng") before treatment ("Điều trị",
"Xử trí"); a section cut at a fixed number of sentences loses the treatment, which is
the part that matters (N-acetylcystein for paracetamol).
"""

from __future__ import annotations

from collections.abc import Iterable

from core.evidence import Claim, Evidence
from core.text import lines_of, sentences_of
from grounding.block import Reading
from grounding.blocks import shown
from grounding.book.filter_words import (
    LEAD_REACH,
    LEADS_ON,
    OVERDOSE_HEADS,
    TREATMENT_OPENS,
    TREATS,
)
from grounding.heads import DOSE

SIGN_SENTENCES = 2
TREATMENT_SENTENCES = 8


def _opens_treatment(folded: str) -> bool:
    """The sentence opens the treatment ("Điều trị: …"), or leads into it (a sentence ending
    "… xử trí chung như sau:")."""
    if TREATMENT_OPENS.match(folded):
        return True
    said = _without_marks(folded)
    lead = LEADS_ON.closing(said)
    if lead is None or not LEADS_ON.ends(said):
        return False
    clause = said[:lead]
    clause = clause[clause.rfind(".") + 1 :]
    return any(m.end() >= len(clause) - LEAD_REACH for m in TREATS.pattern.finditer(clause))


def _without_marks(folded: str) -> str:
    """The text without the marks it ends on ("như sau:" → "như sau")."""
    end = len(folded)
    while end and not (folded[end - 1].isalnum() or folded[end - 1] == "_"):
        end -= 1
    return folded[:end]


def overdose_claims(parts: Iterable[tuple[int, Evidence]], inr: float | None = None) -> list[Claim]:
    """Up to `SIGN_SENTENCES` signs, then up to `TREATMENT_SENTENCES` treatment sentences.

    With the patient's INR known, a paragraph the book opens with another INR band
    ("Nếu INR > 9: …") is another patient's row and is left out, like any other band.
    """
    signs: list[Claim] = []
    treatment: list[Claim] = []
    in_treatment = False
    for index, ev in parts:
        if ev.quarantined:
            continue
        for sentence in _sentences(ev.text, inr):
            said = Reading(shown(sentence))
            text, folded = said.text, said.folded
            if _opens_treatment(folded):
                in_treatment = True
            if not text or OVERDOSE_HEADS.fullmatch(_without_marks(folded)):
                continue
            target = treatment if in_treatment else signs
            target.append(Claim(text=text, citations=(index,)))
    if not treatment:
        return signs[: SIGN_SENTENCES + TREATMENT_SENTENCES]
    return signs[:SIGN_SENTENCES] + _treatment_lines(treatment)


def _sentences(text: str, inr: float | None) -> list[str]:
    """The section's sentences, without the paragraphs banded for another INR."""
    out: list[str] = []
    for line in lines_of(text):
        band = Reading(line).inr if inr is not None else None
        if band is not None and inr is not None and not band.contains(inr):
            continue
        out.extend(sentences_of(line))
    return out


def _treatment_lines(treatment: list[Claim]) -> list[Claim]:
    """The antidote's doses first ("liều đầu tiên 140 mg/kg"), however late the book prints
    them; the opening sentences fill what is left; shown in the book's order."""
    dosed = [c for c in treatment if DOSE.search(c.text)][:TREATMENT_SENTENCES]
    room = TREATMENT_SENTENCES - len(dosed)
    opening = [c for c in treatment if c not in dosed][:room]
    return [c for c in treatment if c in dosed or c in opening]


__all__ = ["overdose_claims"]
