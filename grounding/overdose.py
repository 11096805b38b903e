"""Quote an overdose section as a pharmacist reads it: a few signs, then the treatment.

The book prints signs ("Biểu hiện", "Triệu chứng") before treatment ("Điều trị",
"Xử trí"); a section cut at a fixed number of sentences loses the treatment, which is
the part that matters (N-acetylcystein for paracetamol).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.evidence import Claim, Evidence
from core.text import fold, lines_of, sentences_of
from grounding.blocks import shown
from grounding.heads import DOSE
from grounding.inr import inr_band

SIGN_SENTENCES = 2
TREATMENT_SENTENCES = 8
_TREATMENT = re.compile(
    r"^(?:dieu tri|xu tri|cach xu tri|giai doc|rua da day|gay non|cho uong than hoat)\b"
)
# "… quá liều với thuốc chẹn calci, cách xử trí chung như sau:" leads into the treatment.
_TREATMENT_LEAD = re.compile(r"(?:xu tri|dieu tri)[^.]{0,40}(?:nhu sau|sau day|gom)\W*$")
_HEAD_ONLY = re.compile(r"^(?:bieu hien|trieu chung|dau hieu|dieu tri|xu tri)\W*$")


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
            text = shown(sentence)
            folded = fold(text)
            if _TREATMENT.match(folded) or _TREATMENT_LEAD.search(folded):
                in_treatment = True
            if not text or _HEAD_ONLY.match(folded):
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
        band = inr_band(line) if inr is not None else None
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
