"""The dose text's kidney rows for a measured clearance, quoted beside a "can it be used" answer.

"Bệnh nhân ClCr 12 có dùng X được không": Chống chỉ định says "suy thận nặng", a word the
asker has to weigh; the dose text's row for that clearance ("< 15: Không dùng", "Clcr < 10:
tránh dùng") says it for this patient. The rows are those whose clearance band holds the
measured figure, in the book's words; none without a measured figure.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.evidence import Claim, Evidence
from core.frame import QueryFrame
from core.sections import SectionKey
from grounding.blocks import BlockKind, parse_blocks
from grounding.heads import Part
from grounding.limits import can_use_claims

MAX_CLEARANCE_ROWS = 2


def clearance_rows(
    evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame
) -> list[Claim]:
    """The dose text's rows for the patient's measured clearance (at most two)."""
    clearance = frame.patient.egfr if frame.patient else None
    if clearance is None:
        return []
    parts = [
        (i, ev)
        for i, ev in enumerate(evidence)
        if (drug_id is None or ev.drug_id == drug_id)
        and ev.section_key == SectionKey.LIEU_LUONG_CACH_DUNG.value
    ]
    rows = [
        b
        for b in parse_blocks(parts)
        if b.context.part is Part.DOSING
        and b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)
        and b.renal
        and b.bands.clearance is not None
        and b.bands.clearance.contains(clearance)
    ]
    return [Claim(text=b.text, citations=(b.evidence_index,)) for b in rows[:MAX_CLEARANCE_ROWS]]


def with_clearance_rows(
    evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame
) -> tuple[list[str], list[Claim]]:
    """The sections that speak of this patient and their lines (`limits.can_use_claims`),
    with the dose text's rows for the measured clearance after them when they said none."""
    spoke, claims = can_use_claims(evidence, drug_id, frame)
    said = {c.text for c in claims}
    rows = [c for c in clearance_rows(evidence, drug_id, frame) if c.text not in said]
    if not rows:
        return spoke, claims
    dose = SectionKey.LIEU_LUONG_CACH_DUNG.value
    return [*spoke, *([] if dose in spoke else [dose])], [*claims, *rows]


__all__ = ["MAX_CLEARANCE_ROWS", "clearance_rows", "with_clearance_rows"]
