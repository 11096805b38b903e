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
from functools import cache

from core.evidence import Evidence
from core.frame import ConditionQuery, QueryFrame, TurnType
from core.sections import SectionKey
from core.text import fold
from grounding.asked import AskedWords
from grounding.blocks import Block, parse_blocks
from grounding.book_fit import adults_only, another_indication

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


def _turned_to(
    said: QueryFrame, frame: QueryFrame, blocks: Callable[[str], list[Block]]
) -> QueryFrame:
    """A dose follow-up that names another indication the book heads ("còn vảy nến thì sao"
    after a rheumatoid-arthritis dose) is asked for that indication: the condition kept from
    the question before, and its words, go; the turn's own words choose the rows. A
    condition the reader knows ("thế còn viêm khớp dạng thấp") is already the frame's own."""
    if frame.condition is None or frame.condition_words == said.condition_words:
        return frame
    own = fold(said.condition_words)
    if said.condition is not None and fold(said.condition.text) in own:
        return frame  # the turn names its condition itself
    before = frame.condition_words.removesuffix(said.condition_words)
    kept = f"{frame.condition.normalized or frame.condition.text} {before}"
    now = AskedWords.of(
        said.model_copy(update={"drugs": frame.drugs, "patient": None, "condition": None})
    )
    heads = (another_indication(blocks(d), now, AskedWords(kept)) for d in frame.drugs)
    head = next((h for h in heads if h), None)
    if head is None:
        return frame
    condition = ConditionQuery(text=head)
    update = {"condition": condition, "condition_relation": None}
    return frame.model_copy(update=update | {"condition_words": said.condition_words})


def book_look(frame: QueryFrame, find: FindBySection, said: QueryFrame | None = None) -> QueryFrame:
    """The frame with what the book settles: the indication a follow-up turns to, and
    `book_adults`."""
    blocks = cache(lambda drug: _blocks(find, drug))  # each drug's rows read once a turn
    if said is not None and _dose_question(frame):
        frame = _turned_to(said, frame, blocks)
    adults = False
    unknown = frame.population is None and frame.age_months is None and frame.weight_kg is None
    if _dose_question(frame) and unknown:
        asked = AskedWords.of(frame)
        adults = all(adults_only(blocks(d), asked) for d in frame.drugs)
    if adults == frame.book_adults:
        return frame
    return frame.model_copy(update={"book_adults": adults})


__all__ = ["book_look"]
