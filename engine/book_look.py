"""The book looked at before a dose question asks who the patient is (issue 23, round 14).

Routing asks "người lớn hay trẻ em?" (rule 2) and a child's age and weight (rule 3) from the
frame alone. Before it does, the drug's own dose section is read (`grounding.book_fit`):
- rows that dose no child (the named indication's, when one is named) answer for an adult:
  the population question would change nothing, so `book_adults` keeps rule 2 from asking
  (the population stays as said: the adult rows answer a patient not said to be a child);
- a child whose told age falls in one of the book's own age rows needs no weight for them,
  and one whose told weight is all the book's per-kg rows for them need, no age:
  `book_rows_fit` keeps rule 3 from asking (the per-kg rows wait for the weight).
"""

from __future__ import annotations

from collections.abc import Callable

from core.evidence import Evidence
from core.frame import QueryFrame, TurnType
from core.sections import SectionKey
from grounding.asked import AskedWords
from grounding.blocks import Block, parse_blocks
from grounding.book_fit import adults_only, book_rows_fit

FindBySection = Callable[[str, str], list[Evidence]]


def _dose_question(frame: QueryFrame) -> bool:
    return (
        frame.turn_type is TurnType.DOSING_CALC
        and frame.how_to_take is None
        and bool(frame.drugs)
        and not frame.section_overview
        and frame.triage is None
    )


def _blocks(find: FindBySection, drug: str) -> list[Block]:
    found = find(drug, SectionKey.LIEU_LUONG_CACH_DUNG.value)
    return parse_blocks(list(enumerate(found)))


def book_look(frame: QueryFrame, find: FindBySection) -> QueryFrame:
    """The frame with what the book settles: `book_adults` or `book_rows_fit`."""
    fit = adults = False
    update: dict[str, object] = {}
    if _dose_question(frame):
        unknown = frame.population is None and frame.age_months is None
        if unknown and frame.weight_kg is None:
            asked = AskedWords.of(frame)
            adults = all(adults_only(_blocks(find, d), asked) for d in frame.drugs)
        elif frame.is_child and (frame.age_months is None) != (frame.weight_kg is None):
            asked = AskedWords.of(frame)
            fit = all(book_rows_fit(_blocks(find, d), frame, asked) for d in frame.drugs)
    if fit != frame.book_rows_fit:
        update["book_rows_fit"] = fit
    if adults != frame.book_adults:
        update["book_adults"] = adults
    return frame.model_copy(update=update) if update else frame


__all__ = ["book_look"]
