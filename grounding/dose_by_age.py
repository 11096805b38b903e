"""Whether a child's age alone settles the book's dose (issue 23 item 2, rule 3's exception).

Rule 3 asks a child's age and weight before any dose. It asks the weight because the book's
child rows are printed per kg (or per m², or banded by weight). When every row of the dose
section that could be this child's (the named indication's, when the question names one; not
an adult's, an old person's, a kidney's or a liver's row, nor another route's than
the one said; not banded by an age the child is
outside) prints a fixed amount for an age band ("2 - 6 tuổi: 1 - 2 mg/lần", "trẻ 6 - 12 tuổi:
5 mg, 1 lần/ngày"), and at least one such row doses, the weight changes nothing: the age rows
answer. Any per-kg or per-m² figure, or any weight band, among those rows keeps the question.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.frame import Route
from core.population import ADULT_MONTHS
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, Part, Who
from grounding.narrowing import named_indications


def _could_be_this_child(block: Block, age_months: float, route: Route | None) -> bool:
    if block.renal or block.hepatic or block.who in (Who.ADULT, Who.ELDERLY):
        return False
    if route is not None and block.routes and route not in block.routes:
        return False  # another route's row ("tiêm tĩnh mạch: 15 mg/kg" for a suppository)
    age = block.bands.age
    return age is None or age.contains(age_months)


def _doses_by_age(block: Block) -> bool:
    """A row that doses a child by an age band, or one said of children."""
    if block.reading.refuses or not block.reading.prints_dose:
        return False
    age = block.bands.age
    return block.who is Who.CHILD or (age is not None and age.lo < ADULT_MONTHS)


def age_settles(
    blocks: Sequence[Block], asked: AskedWords, age_months: float, route: Route | None = None
) -> bool:
    """The child's dose rows here are fixed amounts by age: no weight is needed."""
    rows = [
        b
        for b in blocks
        if b.context.part is Part.DOSING and b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)
    ]
    named = named_indications([b for b in rows if not b.renal and not b.hepatic], asked)
    if named:
        rows = [b for b in rows if b.indication in named]
    theirs = [b for b in rows if _could_be_this_child(b, age_months, route)]
    if any(b.figures or b.bands.weight is not None for b in theirs):
        return False
    return any(_doses_by_age(b) for b in theirs)


__all__ = ["age_settles"]
