"""One block of a dose section: a row, caveat or note in the book's words, where it stands
in its evidence, the heads that govern it, and what its words say, read once.

A block's reading (`Reading`: its folded words, whether it prints a dose, its per-kg
figures and caps, whether it refuses the use or adjusts the usual dose, the INR band it
opens with) is read from its text the first time each part is asked for and kept with the
block, so no filter folds or matches a block's words again. The sentence reader passes the
reading it made of the same words; a block grown by the sentence after it is read again.
A span of the words is read off the same folding (`Reading.folded_span`), the indication a
block is under has a reading of its own (`Block.indication_reading`), and a whole evidence
text is read once however many of its sentences are read (`text_reading`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache

from core.frame import Route
from core.text import fold, fold_offsets
from grounding.bands import Band, Bands, parse_bands
from grounding.book.bars import refuses_row
from grounding.book.doses import FIXED_DOSE, adjusts
from grounding.dose_figures import Cap, Figure, caps_in, figures_in
from grounding.heads import DOSE, Context, Who
from grounding.inr import inr_band

MAX_LABEL = 80
"""A row's own label ends at its colon within this many characters."""


class BlockKind(StrEnum):
    ROW = "row"
    CAVEAT = "caveat"
    NOTE = "note"
    TABLE_ROW = "table_row"


@dataclass(frozen=True)
class Reading:
    """What a stretch of the book's words says, each part read the first time it is asked
    for and kept: the one place a block's words are folded and matched."""

    text: str

    @cached_property
    def folded(self) -> str:
        """The words folded (`core.text.fold`): the form every matcher reads."""
        return fold(self.text)

    @cached_property
    def _offsets(self) -> tuple[str, tuple[int, ...]]:
        return fold_offsets(self.text)

    def folded_span(self, start: int, stop: int | None = None) -> str:
        """The words `text[start:stop]` folded (`fold` of the span, 0 <= start), read off the
        one folding of the whole text."""
        folded, at = self._offsets
        end = len(self.text) if stop is None else min(stop, len(self.text))
        start = min(start, len(self.text))
        return folded[at[start] : at[end]].strip() if start < end else ""

    @cached_property
    def prints_dose(self) -> bool:
        """An amount with a dose unit is printed ("500 mg", "2 viên", "5 000 đvqt")."""
        return DOSE.search(self.text) is not None

    @cached_property
    def fixed_dose(self) -> bool:
        """A dose of its own, per dose or per day, is printed: not per kg or m² of body nor a
        concentration ("0,6 mg/ngày", not "10 mg/kg" or "5 mg/ml")."""
        return FIXED_DOSE.search(self.text) is not None

    @cached_property
    def figures(self) -> tuple[Figure, ...]:
        """The dose figures per kg or m² (`grounding.dose_figures.figures_in`), in order."""
        return tuple(figures_in(self.text))

    @cached_property
    def caps(self) -> tuple[Cap, ...]:
        """The amount ceilings (`grounding.dose_figures.caps_in`), in order."""
        return tuple(caps_in(self.text))

    @cached_property
    def refuses(self) -> bool:
        """The words say not to give the drug ("không khuyến cáo", "chống chỉ định")."""
        return refuses_row(self.folded)

    @cached_property
    def adjusts(self) -> bool:
        """The words say how to change the usual dose ("giảm một nửa", "dùng 75% liều")."""
        return adjusts(self.folded)

    @cached_property
    def inr(self) -> Band | None:
        """The INR band the words open with ("INR > 5 nhưng < 9: …"), if any."""
        return inr_band(self.folded)


_UNREAD = Reading("")


@lru_cache(maxsize=512)
def text_reading(text: str) -> Reading:
    """The reading of a whole evidence text, made once for all of its sentences."""
    return Reading(text)


@dataclass(frozen=True, slots=True)
class Block:
    """One row, caveat or note: the book's words, where they are, and what governs them.

    `reading` is what its words say (`Reading`); a reading of other words passed in (or
    none) is replaced by one of the block's own, so a block grown by `dataclasses.replace` is
    read again. The reading's parts are the block's attributes too (`block.folded`, …).
    """

    text: str
    evidence_index: int
    start: int
    end: int
    kind: BlockKind
    context: Context
    bands: Bands
    who: Who | None
    routes: tuple[Route, ...]
    renal: bool
    hepatic: bool
    indication: str | None = None
    reading: Reading = field(default=_UNREAD, compare=False, repr=False)
    indication_reading: Reading = field(default=_UNREAD, compare=False, repr=False)
    """The indication's words read (empty without one)."""

    def __post_init__(self) -> None:
        if self.reading.text != self.text:
            object.__setattr__(self, "reading", Reading(self.text))
        if self.indication_reading.text != (self.indication or ""):
            object.__setattr__(self, "indication_reading", Reading(self.indication or ""))

    @property
    def group(self) -> tuple[object, ...]:
        """Blocks printed under the same heads share a group (a caveat governs its group)."""
        c = self.context
        return (c.part, c.who, c.renal, c.hepatic, self.indication, c.routes, self.evidence_index)

    @property
    def folded(self) -> str:
        return self.reading.folded

    @property
    def headed(self) -> str:
        """The row's words as an answer quotes them: after the child band head that governs
        them ("Trẻ trên 12 tuần tuổi — …") when the row is that head's and does not say it."""
        return f"{self.context.head} — {self.text}" if self._head_unsaid else self.text

    @property
    def cites(self) -> tuple[int, ...]:
        """The evidence a quote of the row cites: its own, and its head's when shown."""
        at = self.context.head_index
        unsaid = self._head_unsaid and at is not None and at != self.evidence_index
        return (self.evidence_index, at) if unsaid and at is not None else (self.evidence_index,)

    @property
    def _head_unsaid(self) -> bool:
        """The child band head governs the row and its label names none of the head's bands
        ("Viêm tai giữa cấp: …" under "Trẻ trên 12 tuần tuổi:")."""
        head = self.context.head
        # A head handed on by the row above ("Người lớn và trẻ trên 35 kg:" to "Hoặc đặt
        # trực tràng …") is that row's patients, whoever they are.
        handed = self.who is not None and self.who is self.context.who
        own = handed or (self.who in (Who.CHILD, None) and self.context.who in (Who.CHILD, None))
        if not head or not own or self.renal or self.hepatic:
            return False
        # What the row says of whom it is for: its label, else its words before the dose.
        colon, dose = self.text.find(":"), DOSE.search(self.text)
        lead = (
            self.text[:colon]
            if 0 < colon <= MAX_LABEL
            else self.text[: dose.start() if dose else 0]
        )
        said = parse_bands(lead)
        wanted = parse_bands(head)
        return (wanted.age is not None and said.age is None) or (
            wanted.weight is not None and said.weight is None
        )

    @property
    def prints_dose(self) -> bool:
        return self.reading.prints_dose

    @property
    def fixed_dose(self) -> bool:
        return self.reading.fixed_dose

    @property
    def figures(self) -> tuple[Figure, ...]:
        return self.reading.figures

    @property
    def caps(self) -> tuple[Cap, ...]:
        return self.reading.caps

    @property
    def refuses(self) -> bool:
        return self.reading.refuses

    @property
    def adjusts(self) -> bool:
        return self.reading.adjusts

    @property
    def inr(self) -> Band | None:
        return self.reading.inr


__all__ = ["Block", "BlockKind", "Reading", "text_reading"]
