"""Short notes printed before a dose text's first row ("Uống sau bữa ăn."): they govern every
row after them, so they are quoted before the rows chosen."""

from __future__ import annotations

from core.frame import Route
from grounding.blocks import Block, BlockKind, Context, Part

MAX_LEAD_NOTES = 2
MAX_LEAD_NOTE_CHARS = 80


def lead_notes(dosing: list[Block], route: Route | None) -> list[Block]:
    """Short notes printed before any head ("Uống sau bữa ăn.") govern every row after; one
    after a row ("Bệnh sốt chu kỳ (…).", a disease's name between two rows) heads nothing."""
    first: dict[int, int] = {}
    for b in dosing:
        if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW):
            first.setdefault(b.evidence_index, b.start)
    return [
        b
        for b in dosing
        if b.kind is BlockKind.NOTE
        and b.start < first.get(b.evidence_index, b.start + 1)
        and b.context == Context(part=Part.DOSING)
        and len(b.text) <= MAX_LEAD_NOTE_CHARS
        # "… có thể được dùng" with no full stop leads into rows of its own; not a rule.
        and b.text.rstrip().endswith((".", "!"))
        and (route is None or not b.routes or route in b.routes)
    ][:MAX_LEAD_NOTES]


__all__ = ["MAX_LEAD_NOTES", "MAX_LEAD_NOTE_CHARS", "lead_notes"]
