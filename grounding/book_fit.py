"""What a drug's dose section says of whom it doses, read before the patient is asked.

Two questions the book can answer for itself (issue 23, round 14):
- *Does the book dose children here at all?* When the rows of the section (of the indication
  the question names, when it names one) hold no child's row, only adults' or unlabelled
  ones, or a child's row that refuses ("ở trẻ em, độ an toàn chưa được xác định"), asking
  "người lớn hay trẻ em?" changes nothing: the adult rows answer (`adults_only`).
- *Do the book's rows fit a child of whom one fact is told?* A row banded by age that holds
  the told age and prints a dose of its own ("trẻ 2 - 6 tuổi: 2,5 mg/lần") answers without
  the weight, a per-kg row being shown only when the weight is known
  (`grounding.special_patients.age_rows_over_per_kg` in the selection); rows all per kg and
  banded by no age answer a told weight without the age (`book_rows_fit`).

Both read the book, never the question's illness words: the same illness is an adult's in
one monograph and a child's in another.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.frame import QueryFrame
from core.population import ADULT_MONTHS
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, Part, Who
from grounding.book.vocabulary import BABY
from grounding.narrowing import named_indications
from grounding.patient_fit import Patient, fits
from grounding.selection import select
from grounding.special_patients import fits_by_age


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


def book_rows_fit(blocks: Sequence[Block], frame: QueryFrame, asked: AskedWords) -> bool:
    """A child with one of age and weight told: the book's rows for them need no more.

    Age told: the rows chosen for them (or, while a route or an indication is still to ask,
    any row that fits them) include one banded by an age that holds theirs, with a dose of
    its own. Weight told: every row chosen for them is per kg and none is banded by age
    (the book does not branch on the age there: "50 mg/kg một liều duy nhất")."""
    if not frame.is_child or (frame.age_months is None) == (frame.weight_kg is None):
        return False
    chosen = select(blocks, frame, asked)
    rows = chosen.rows
    if frame.age_months is not None:
        if not rows:
            patient = Patient.of(frame)
            rows = [b for b in _dose_rows(blocks) if fits(b, patient)]
        return any(fits_by_age(b, frame.age_months) for b in rows)
    dosing = [b for b in rows if b in _dose_rows(blocks) and not b.renal and not b.hepatic]
    return bool(dosing) and all(
        b.reading.figures and b.bands.age is None and not _newborn_words(b) for b in dosing
    )


def _newborn_words(block: Block) -> bool:
    return BABY.search(block.folded) is not None


__all__ = ["adults_only", "book_rows_fit"]
