"""The row of the per-kg figure the person works from ("ondansetron 0,45mg/kg tính ra bao
nhiêu mg", "ibuprofen tính 20-30mg/kg/ngày chia 3 lần"): when the chosen rows do not print
that figure, the book's row that does (on the route the person said, if any; a patient it
fits; not a kidney or liver row) is shown beside them, so the amount is worked out from the
book's words, not theirs.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, Part
from grounding.dose_figures import MG_PER_UNIT, Figure, figures_in
from grounding.patient_fit import Patient, fits


def _same(a: Figure, b: Figure) -> bool:
    """The same figure, whatever spelling of its unit ("mcg" said, "microgam" printed)."""
    if a.per != b.per or a.unit not in MG_PER_UNIT or b.unit not in MG_PER_UNIT:
        return (a.lo, a.hi, a.unit, a.per) == (b.lo, b.hi, b.unit, b.per)
    one, other = MG_PER_UNIT[a.unit], MG_PER_UNIT[b.unit]
    return (a.lo * one, a.hi * one) == (b.lo * other, b.hi * other)


def row_of_said_figure(
    rows: Sequence[Block], blocks: Sequence[Block], frame: QueryFrame, asked: AskedWords
) -> Block | None:
    """The first row in book order that prints a per-kg figure the question says, when no
    chosen row prints it; None otherwise."""
    said = [f for f in figures_in(asked.text) if f.per == "kg"]
    if frame.weight_kg is None or not said:
        return None
    if any(_same(f, s) for b in rows for f in b.figures for s in said):
        return None
    patient = Patient.of(frame)
    # The route the person said binds; the one the answer fell back on does not: "phòng nôn
    # sau mổ 0,1mg/kg" with no route said is the injected row that prints 0,1 mg/kg, though
    # the answer chose the oral rows.
    routes = {frame.route} if frame.route else set()
    return next(
        (
            b
            for b in blocks
            if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)
            and b.context.part is Part.DOSING
            and b not in rows
            and not (b.renal or b.hepatic)
            and (not routes or not b.routes or bool(routes & set(b.routes)))
            and fits(b, patient)
            and any(_same(f, s) for f in b.figures for s in said)
        ),
        None,
    )


__all__ = ["row_of_said_figure"]
