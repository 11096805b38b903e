"""Read a dosing section, as the book prints it, into blocks with their context.

The book writes a dose section as prose: part heads ("*Cách dùng:*", "*Liều lượng:*"),
population heads ("*Trẻ em:*"), indication sub-heads ("Đau, sốt:"), route heads
("*Uống:*"), then rows ("Trẻ em 2 - 4 tuổi: 180 mg;") and the caveats that govern them.
Emphasis and heading marks are structure cues, never shown. Every block keeps its
exact span (character offsets) in the evidence text it came from; its text is that
span with markup removed, never reworded. Derived at answer time from the evidence,
so chunk texts (and the content-addressed vector cache) never change.

This module walks a section's lines and tables; `grounding.sentences` reads each sentence,
`grounding.block` is the block itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.evidence import Evidence
from core.text import bullet_end, sentence_spans
from grounding.bands import parse_bands
from grounding.block import Block, BlockKind
from grounding.head_stack import HeadStack
from grounding.heads import Context, Part, Who, classify_head
from grounding.markup import shown
from grounding.sentences import DOSE_ROW_GAPS, emphasized_head, opens_dose_row, read_sentence


def _table(lines: list[tuple[int, int]], text: str, index: int, ctx: Context) -> list[Block]:
    written = [text[s:e].strip().strip("|").split("|") for s, e in lines]
    cells = [[shown(c) for c in line] for line in written]
    header = cells[0]
    rows = [
        (span, row)
        for span, row in zip(lines[1:], cells[1:], strict=True)
        if not all(set(c) <= set("-: ") for c in row)
    ]
    # The first column's head, read as a head ("Độ thanh thải creatinin (ml/phút)").
    first_head = classify_head(written[0][0], 0).folded
    renal = ctx.renal or "thanh thai" in first_head or "clcr" in first_head
    blocks: list[Block] = []
    for (start, end), row in rows:
        pairs = [f"{h}: {c}" if h else c for h, c in zip(header, row, strict=False) if c]
        bands = parse_bands(row[0] if row else "").merged(ctx.bands)
        blocks.append(
            Block(
                " — ".join(pairs),
                index,
                start,
                end,
                BlockKind.TABLE_ROW,
                ctx,
                bands,
                ctx.who,
                ctx.routes,
                renal,
                ctx.hepatic,
                ctx.indication,
            )
        )
    return blocks


def _lines(text: str) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for line in text.split("\n"):
        if line.strip():
            spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    return spans


def parse_blocks(parts: Sequence[tuple[int, Evidence]]) -> list[Block]:
    """Blocks of a section's parts in order; heads carry across parts."""
    stack = HeadStack()
    blocks: list[Block] = []
    for index, ev in parts:
        if ev.quarantined:
            continue
        text = ev.text
        stack.index = index
        spans = _lines(text)
        table: list[tuple[int, int]] = []
        for n, (ls, le) in enumerate(spans):
            if text[ls:le].lstrip().startswith("|"):
                table.append((ls, le))
                nxt = spans[n + 1] if n + 1 < len(spans) else None
                if nxt is None or not text[nxt[0] : nxt[1]].lstrip().startswith("|"):
                    blocks.extend(_table(table, text, index, stack.context()))
                    table = []
                continue
            if text[ls:le].lstrip().startswith("!["):
                continue  # an image of a table: nothing to read or quote
            head = emphasized_head(text, ls, le)
            if head is not None:
                stack.apply(head, heading_only=True)
                continue
            begin = ls + bullet_end(text[ls:le])
            last_row: Block | None = None
            for ss, se in sentence_spans(text, begin, le, opens=opens_dose_row, gaps=DOSE_ROW_GAPS):
                last_row = read_sentence(text, ss, se, index, stack, blocks, last_row)
    return blocks


__all__ = ["Block", "BlockKind", "Context", "Part", "Who", "parse_blocks", "shown"]
