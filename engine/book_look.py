"""The book looked at before a dose question asks who the patient is (issue 23, round 14).

Routing asks "người lớn hay trẻ em?" (rule 2) from the frame alone. Before it does, the
drug's own dose section is read (`grounding.book_fit`): rows that dose no child (the named
indication's, when one is named) answer for an adult, so the population question would change
nothing and `book_adults` keeps rule 2 from asking (the population stays as said: the adult
rows answer a patient not said to be a child). A child's age and weight are always asked
(rule 3, the paediatric invariant): the book's rows never answer a child early.
"""

from __future__ import annotations

from collections.abc import Callable

from core.evidence import Evidence
from core.frame import QueryFrame, TurnType
from core.sections import SectionKey
from grounding.asked import AskedWords
from grounding.blocks import Block, parse_blocks
from grounding.book_fit import adults_only

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
    """The frame with what the book settles: `book_adults`."""
    adults = False
    unknown = frame.population is None and frame.age_months is None and frame.weight_kg is None
    if _dose_question(frame) and unknown:
        asked = AskedWords.of(frame)
        adults = all(adults_only(_blocks(find, d), asked) for d in frame.drugs)
    if adults == frame.book_adults:
        return frame
    return frame.model_copy(update={"book_adults": adults})


__all__ = ["book_look"]
