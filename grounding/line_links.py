"""What the line and the heads around a row say of it: the indication, route and population
a row takes from the row before it on its line, and the phases of a bare indication head.

`grounding.sentences` reads each sentence; these are the links between its rows.
"""

from __future__ import annotations

from core.frame import Route
from core.text import fold, opens_always, sentence_spans
from grounding.block import Block, BlockKind
from grounding.book.vocabulary import DISEASE_KIND
from grounding.dosing import routes_named
from grounding.head_stack import HeadStack
from grounding.heads import Context, Head, HeadKind, Who
from grounding.markup import shown


def band_chain(blocks: list[Block], row_labels: list[Head], ctx: Context) -> str | None:
    """The inline indication a band-only row continues, if the block above set one."""
    if not row_labels or any(lb.kind is not HeadKind.BAND for lb in row_labels) or not blocks:
        return None
    above = blocks[-1]
    chained = above.kind is BlockKind.ROW and (above.bands.age or above.bands.weight)
    if chained and above.indication and above.indication != ctx.indication:
        return above.indication
    return None


def line_chain(last_row: Block | None, row_labels: list[Head], ctx: Context) -> str | None:
    """ "Rối loạn X: 30 mg. Trẻ em 5 - 12 tuổi: ½ liều người lớn.": a population row on
    the line of an indication's own row is said of that indication."""
    if (
        last_row is None
        or not row_labels
        or any(lb.kind not in (HeadKind.WHO, HeadKind.BAND) for lb in row_labels)
    ):
        return None
    own = last_row.indication
    return own if own and own != ctx.indication else None


def line_routes(last_row: Block | None, row_labels: list[Head]) -> tuple[Route, ...]:
    """ "Tiêm tĩnh mạch 10 mg. Trẻ em: 0,2 mg/kg.": a population row on the line of a row
    that names its route is given by that route too."""
    if (
        last_row is None
        or not row_labels
        or any(lb.kind not in (HeadKind.WHO, HeadKind.BAND) for lb in row_labels)
    ):
        return ()
    # The row may have grown by sentences after its own ("…. Đường tiêm tĩnh mạch 10 mg, nhắc
    # lại sau 1 giờ."): the last one names the route the population row follows.
    said_last = last_row.text[sentence_spans(last_row.text, opens=opens_always)[-1][0] :]
    return routes_named(said_last[:60]) or last_row.routes


_NOT_A_NAME = frozenset(DISEASE_KIND.folded) | {"benh", "dieu", "tri", "phong", "du"}


def nested_indication(own: str, parent: Head | None) -> str:
    """ "Bệnh X:" on its own, then "Trong giai đoạn đầu: …": a row label that does not name
    the disease of the head it sits under is a phase of it, named "Bệnh X, Trong …"."""
    if parent is None:
        return own
    named = set(fold(shown(parent.text)).split()) - _NOT_A_NAME
    if not named or named & set(fold(own).split()):
        return own
    return f"{shown(parent.text)}, {own}"


def _line_start(text: str, start: int) -> int:
    return text.rfind("\n", 0, start) + 1


def _opens_line(text: str, start: int) -> bool:
    """Nothing shown before `start` on its line."""
    return not shown(text[_line_start(text, start) : start]).strip("-•+ ")


def track_phases(
    stack: HeadStack, text: str, start: int, index: int, row_labels: list[Head], kind: BlockKind
) -> None:
    """A row of the indication head's own, not on the line of a labelled phase, makes the
    labelled rows after it its peers, no longer its phases."""
    line = (index, _line_start(text, start))
    own_ind = any(lb.kind is HeadKind.IND for lb in row_labels)
    if own_ind and _opens_line(text, start):
        stack.phase_line = line
    elif kind is BlockKind.ROW and not own_ind and stack.phase_line != line:
        stack.parent_ind = None


def same_line_who(
    text: str, start: int, last_row: Block | None, index: int, blocks: list[Block]
) -> Who | None:
    """The population of the row that opens this line, when a row of the line came before:
    "…: Người lớn 2 mg; trẻ em 1 mg. Đạn trực tràng: 10 mg." is not said of the children only."""
    if last_row is None or last_row.evidence_index != index or last_row.end > start:
        return None
    if "\n" in text[last_row.end : start]:
        return None
    line_start = text.rfind("\n", 0, start) + 1
    first = next(
        (
            b
            for b in blocks
            if b.evidence_index == index and b.kind is BlockKind.ROW and b.start >= line_start
        ),
        last_row,
    )
    return first.who


__all__ = [
    "band_chain",
    "line_chain",
    "line_routes",
    "nested_indication",
    "same_line_who",
    "track_phases",
]
