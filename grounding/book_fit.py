"""What a drug's dose section says of whom it doses, read before the patient is asked.

Two questions the book can answer for itself. Does the book dose children here at all
(issue 23, round 14)? When the rows of the section (of the indication
the question names, when it names one) hold no child's row, only adults' or unlabelled
ones, or a child's row that refuses ("ở trẻ em, độ an toàn chưa được xác định"), asking
"người lớn hay trẻ em?" changes nothing: the adult rows answer (`adults_only`). Does a
follow-up name another of the section's indication heads than the one kept from the
question before (`another_indication`, round 15)?
A child's dose is never answered before both age and weight are known (the paediatric
invariant, docs/state-machine.md rule 3), whatever rows the book holds.

It reads the book, never the question's illness words: the same illness is an adult's in
one monograph and a child's in another.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.population import ADULT_MONTHS
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, Part, Who
from grounding.narrowing import named_indications, pieces_said, said_whole, short_label


def _dose_rows(blocks: Sequence[Block]) -> list[Block]:
    return [
        b
        for b in blocks
        if b.context.part is Part.DOSING and b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)
    ]


def _child_row(block: Block) -> bool:
    """A row that doses a child: said of children, or banded by a child's age or by weight
    (not an adult's weight), and not a refusal."""
    if block.reading.refuses or not block.reading.prints_dose:
        return False
    if block.who is Who.CHILD:
        return True
    age = block.bands.age
    if age is not None and age.lo < ADULT_MONTHS:
        return True
    return block.bands.weight is not None and block.who is not Who.ADULT


def adults_only(blocks: Sequence[Block], asked: AskedWords) -> bool:
    """The section's rows (the named indication's, when the question names one) dose no
    child, and some row prints a dose."""
    rows = _dose_rows(blocks)
    main = [b for b in rows if not b.renal and not b.hepatic]
    named = named_indications(main, asked)
    if named:
        rows = [b for b in rows if b.indication in named]
    return any(b.reading.prints_dose for b in rows) and not any(_child_row(b) for b in rows)


def another_indication(blocks: Sequence[Block], now: AskedWords, kept: AskedWords) -> str | None:
    """The turn's own words (`now`) say one indication head of the section whole that the
    words kept from the question before (`kept`) do not name: "còn X thì sao" turns
    to the book's X, whether or not the reader knows X as a disease. The head's short label,
    as an answer offers it, or None."""
    rows = [b for b in _dose_rows(blocks) if not b.renal and not b.hepatic]
    said = said_whole(rows, now) or pieces_said(rows, now)
    # One head, and not one the words before already name ("bị bệnh X" said again in a
    # reply names X's phases alike: no turn).
    if len(said) != 1 or said & named_indications(rows, kept):
        return None
    return next((label for head in sorted(said) if (label := short_label(head))), None)


__all__ = ["adults_only", "another_indication"]
