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

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import replace

from core.evidence import Evidence
from core.text import bullet_end, sentence_spans
from grounding.bands import Band, Bands, parse_bands
from grounding.block import Block, BlockKind
from grounding.dosing import routes_named
from grounding.head_stack import HeadStack
from grounding.heads import Context, Part, Who, classify_head
from grounding.markup import shown
from grounding.sentences import DOSE_ROW_GAPS, emphasized_head, opens_dose_row, read_sentence

# A clearance cell printed as bare figures under a clearance column ("> 30", "15 - 30"); a
# lone figure ("20") is a point of a lookup (`_lookup_bands`), not a band by itself.
_FIGURE = r"\d+(?:[,.]\d+)?"
_DIGIT = re.compile(r"\d")
_CLEARANCE_CELL = re.compile(rf"\s*(?:[<>≤≥]\s*{_FIGURE}|{_FIGURE}\s*-\s*{_FIGURE})")


def _row_bands(cell: str, clearance_column: bool) -> Bands:
    """The bands a row's first cell names; under a clearance column its bare figures are the
    clearance ("15 - 30" under "Độ thanh thải creatinin (ml/phút)")."""
    bands = parse_bands(cell)
    m = _CLEARANCE_CELL.match(cell) if clearance_column else None
    # A cell listing several bands on its lines ("25 - 50 10 - 25 < 10") is no one band.
    if bands.clearance is None and m is not None and not _DIGIT.search(cell, m.end()):
        return parse_bands(f"Clcr {m.group().strip()} ml/phút")
    return bands


_LONE = re.compile(rf"\s*({_FIGURE})\s*")


def _lookup_bands(cells: list[str]) -> list[Band | None] | None:
    """A clearance column of lone figures in order ("0", "10", "20", "40", …) is a lookup:
    each row holds the clearances from its figure up to the next row's (the lower row for a
    figure between two, the smaller dose), the last row from its figure up. None when the
    column is not such a list."""
    found = [_LONE.fullmatch(c) for c in cells]
    if len(found) < 3 or not all(found):
        return None
    points = [float(m[1].replace(",", ".")) for m in found if m]
    rising = all(a < b for a, b in itertools.pairwise(points))
    if not rising and not all(a > b for a, b in itertools.pairwise(points)):
        return None
    ordered = sorted(points)
    upper = dict(zip(ordered, [*ordered[1:], math.inf], strict=True))
    return [Band(p, upper[p], upper[p]) for p in points]


def _clearance_column(heads: list[str]) -> int | None:
    """The column whose head names the clearance ("Clcr (ml/phút)", "Độ thanh thải
    creatinin"), if any (folded heads)."""
    return next((n for n, h in enumerate(heads) if "thanh thai" in h or "clcr" in h), None)


def _cells(line: str) -> list[str]:
    """A table line's cells; an empty first cell ("||< 12 tháng|…|") is kept as a cell."""
    line = line.strip()
    line = line[1:] if line.startswith("|") else line
    return (line[:-1] if line.endswith("|") else line).split("|")


def _blank(row: list[str]) -> bool:
    """A row of empty cells or of the `|---|` rule under a header."""
    return all(set(c) <= set("-: ") for c in row)


# Cells of one table line that stack several rows' values, a clearance band and its dose on
# each line of the cell ("30 - 60", "15 - 30", "< 15" beside three doses): the extract folded
# the rows into one.
# A single break only wraps one value ("Từ 10 đến<br>30 ml/phút"); the values are stacked
# with a blank line between them.
_STACKED = re.compile(r"\s*<br\s*/?>\s*(?:<br\s*/?>\s*)+")


def _unstacked(
    lines: list[tuple[int, int]], written: list[list[str]]
) -> tuple[list[tuple[int, int]], list[list[str]]]:
    """A line whose every cell stacks the same number (two or more) of values is that many
    rows, each quoting the same line of the evidence; any other line stays as it is."""
    out_lines: list[tuple[int, int]] = []
    out_rows: list[list[str]] = []
    for span, row in zip(lines, written, strict=True):
        parts = [[p for p in _STACKED.split(c) if p.strip()] for c in row]
        counts = {len(p) for p in parts if p}
        if len(counts) == 1 and (n := counts.pop()) > 1 and all(parts):
            out_lines += [span] * n
            out_rows += [[p[k] for p in parts] for k in range(n)]
        else:
            out_lines.append(span)
            out_rows.append(row)
    return out_lines, out_rows


def _table(
    lines: list[tuple[int, int]], text: str, index: int, ctx: Context, lead: str = ""
) -> list[Block]:
    """The rows of one table; `lead`: the line printed just before it ("Điều chỉnh liều uống
    ở người suy thận:"), whose route is the table's when it introduces it."""
    lines, written = _unstacked(lines, [_cells(text[s:e]) for s, e in lines])
    cells = [[shown(c) for c in line] for line in written]
    # The header is the first row with words: some extracts print an empty row and its rule
    # before the row that names the columns.
    top = next((n for n, row in enumerate(cells) if not _blank(row)), 0)
    header = cells[top]
    rows = [
        (span, row)
        for span, row in zip(lines[top + 1 :], cells[top + 1 :], strict=True)
        if not _blank(row)
    ]
    # The first column's head, read as a head ("Độ thanh thải creatinin (ml/phút)").
    first_head = classify_head(written[top][0], 0).folded
    # The clearance column, wherever it stands: a table may name the kidney function first
    # ("Suy thận vừa | 30 - 49 | 5 mg"), its figures in a later column.
    at = _clearance_column([classify_head(c, 0).folded for c in written[top]])
    clearance_column = at is not None
    renal = ctx.renal or clearance_column
    # A first column of indications ("Chỉ định"), or a header naming one case with no column
    # names after it ("Van tim nhân tạo | |"): each row is for the case its first cell names.
    heading = bool(header and header[0].strip()) and not any(c.strip() for c in header[1:])
    by_case = first_head.startswith("chi dinh") or heading
    lookup = (
        _lookup_bands([row[at] if at < len(row) else "" for _, row in rows])
        if at is not None
        else None
    )
    blocks: list[Block] = []
    routes = (routes_named(lead) if lead.rstrip(" *_").endswith(":") else ()) or ctx.routes
    for (start, end), row in rows:
        pairs = [f"{h}: {c}" if h else c for h, c in zip(header, row, strict=False) if c]
        bands = _row_bands(row[0] if row else "", at == 0)
        if at and at < len(row) and bands.clearance is None:
            bands = _row_bands(row[at], True).merged(bands)
        if lookup is not None and bands.clearance is None:
            bands = replace(bands, clearance=lookup[len(blocks)])
        bands = bands.merged(ctx.bands)
        # A clearance table printed after the last indication's rows is said of the drug.
        indication = None if clearance_column and not ctx.renal else ctx.indication
        if by_case and row and row[0].strip():
            indication = row[0]
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
                routes,
                renal,
                ctx.hepatic,
                indication,
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
    lead = ""  # the line before a table, which may end the part before it
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
                    blocks.extend(_table(table, text, index, stack.context(), lead))
                    table = []
                continue
            lead = text[ls:le]
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
