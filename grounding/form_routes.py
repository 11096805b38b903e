"""The route of a row labelled by a preparation for injection.

The book heads some rows by the pack they dose ("Ống tiêm 75 mg/3 ml: Điều trị ngắn ngày …
Tiêm bắp mỗi ngày 1 lần."): the label names an injection without saying which, and the
row's own line says it, often a sentence or two after the label. Such a row is given by the
injection its line names, else by any injection; never by no route, which would let it
answer a question about the mouth or the skin.
"""

from __future__ import annotations

import re

from core.frame import Route
from core.text import fold
from grounding.dosing import routes_named
from grounding.heads import INJECTION_ROUTES
from grounding.markup import shown

# A pack for injection, folded, before the label's colon: "Ống tiêm 75 mg/3 ml:", "Lọ tiêm
# 1 g:", "Lọ thuốc tiêm 500 mg:", "Bơm tiêm 40 mg/0,4 ml:".
_INJECTION_PACK = re.compile(r"(?:ong|lo|bom)(?: thuoc)? tiem\b")
_LABEL = 40  # a label is short: a colon further on ends a sentence's phrase, not a pack


def pack_routes(text: str, start: int) -> tuple[Route, ...]:
    """The injection routes of a row at text[start] on a line that opens with a label naming
    a pack for injection, read on the rest of that line; any injection when the line names
    none; () for any other row."""
    # The rows after the pack's on its line ("Có thể bổ sung … Tiêm mông sâu …") are its too.
    line_end = text.find("\n", start)
    line = text[text.rfind("\n", 0, start) + 1 : line_end if line_end >= 0 else len(text)]
    colon = line.find(":", 0, _LABEL)
    if colon < 0 or not _INJECTION_PACK.match(fold(shown(line[:colon])).strip(" *_")):
        return ()
    named = tuple(r for r in routes_named(line[colon + 1 :]) if r in INJECTION_ROUTES)
    return named or INJECTION_ROUTES


__all__ = ["pack_routes"]
