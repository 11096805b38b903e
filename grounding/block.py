"""One block of a dose section: a row, caveat or note in the book's words, where it stands
in its evidence and the heads that govern it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.frame import Route
from grounding.bands import Bands
from grounding.heads import Context, Who


class BlockKind(StrEnum):
    ROW = "row"
    CAVEAT = "caveat"
    NOTE = "note"
    TABLE_ROW = "table_row"


@dataclass(frozen=True, slots=True)
class Block:
    """One row, caveat or note: the book's words, where they are, and what governs them."""

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

    @property
    def group(self) -> tuple[object, ...]:
        """Blocks printed under the same heads share a group (a caveat governs its group)."""
        c = self.context
        return (c.part, c.who, c.renal, c.hepatic, self.indication, c.routes, self.evidence_index)


__all__ = ["Block", "BlockKind"]
