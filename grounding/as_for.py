"""A child's row that sends to another band's dose ("Trẻ trên 10 kg: liều như trẻ em 4 - 11
tuổi") brings that band's rows of the same indication: the reference alone is no dose.
"""

from __future__ import annotations

from core.frame import Route
from grounding.bands import Band, parse_bands
from grounding.blocks import Block, Who
from grounding.book.filter_words import AS_FOR

# The children named after `AS_FOR` ("ở trẻ em 2 - 6 tuổi"): their words run to the end of
# the clause or a parenthesis, within this many characters after "trẻ".
_WHO_REACH = 40


def referred_band(row: Block) -> Band | None:
    """The children's age band a row sends to ("dùng như trẻ từ 4 đến 11 tuổi", "liều như
    trẻ em 2 - 6 tuổi"), if it sends to one."""
    folded = row.folded
    m = AS_FOR.search(folded)
    while m is not None:
        at = m.end() + 1
        said = folded[at:]
        tre = 2 if said.startswith("o tre") else 0
        if folded[m.end() : at] == " " and said.startswith("tre", tre):
            end = opened = at + tre + len("tre")
            reach = min(len(folded), opened + _WHO_REACH)
            while end < reach and folded[end] not in ".;:()":
                end += 1
            return parse_bands(row.text[at:end]).age
        m = AS_FOR.search(folded, m.end())
    return None


def with_referred_rows(chosen: list[Block], rows: list[Block], route: Route | None) -> list[Block]:
    """The chosen rows, each reference followed by the rows of the band it sends to (same
    indication, the route asked or implied)."""
    out: list[Block] = []
    for row in chosen:
        out.append(row)
        band = referred_band(row) if row.who is Who.CHILD else None
        if band is None:
            continue
        out.extend(
            b
            for b in rows
            if b is not row
            and b not in chosen
            and b not in out
            and b.who is Who.CHILD
            and b.indication == row.indication
            and not (b.renal or b.hepatic)
            and b.bands.age is not None
            and band.lo < b.bands.age.hi
            and b.bands.age.lo < band.hi
            and (route is None or not b.routes or route in b.routes)
        )
    return out


__all__ = ["referred_band", "with_referred_rows"]
