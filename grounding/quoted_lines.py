"""Evidence quoted line by line: the passages of one drug's section, each with its index in
the evidence list, and their sentences as claims citing that index (markup removed, the
quarantined passages left out). Shared by every answer that quotes a section as it stands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.evidence import Claim, Evidence
from grounding.markup import shown_sentences


def section_parts(
    evidence: Sequence[Evidence], drug_id: str | None, section: str | None
) -> list[tuple[int, Evidence]]:
    """(index, passage) of the evidence for `drug_id` and `section` (None: any)."""
    return [
        (i, ev)
        for i, ev in enumerate(evidence)
        if (drug_id is None or ev.drug_id == drug_id)
        and (section is None or ev.section_key == section)
    ]


def sentence_claims(parts: Iterable[tuple[int, Evidence]], *, prefix: str = "") -> list[Claim]:
    """Each shown sentence of the passages as a claim citing its passage; quarantined
    passages give none."""
    claims: list[Claim] = []
    for index, ev in parts:
        if ev.quarantined:
            continue
        claims.extend(
            Claim(text=f"{prefix}{s}", citations=(index,)) for s in shown_sentences(ev.text)
        )
    return claims


__all__ = ["section_parts", "sentence_claims"]
