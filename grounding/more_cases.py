"""A plain row among the labelled sites of one disease that names the disease again.

"*Nấm Candida:*" then "Miệng - hầu: …", "Thực quản: …", "Một số người bệnh bị nấm Candida
đường niệu …: …", "Âm hộ - âm đạo: …": the plain row names the head's disease for one more
case of it, so it is one more of the sites, not the head's own row; the labels after it are
still sites of that disease (`line_links.track_phases`).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from core.text import fold
from grounding.book.vocabulary import DISEASE_KIND
from grounding.heads import Head
from grounding.markup import shown

# Words that say what kind of disease or care, not which disease.
_NOT_A_NAME = frozenset(DISEASE_KIND.folded) | {"benh", "dieu", "tri", "phong", "du"}


def another_case(parent: Head | None, text: str, start: int) -> bool:
    """Whether the row at `start` (to its line's end) names every word of the disease of
    the head it sits under (two words at least): one more case of that disease."""
    if parent is None:
        return False
    named = set(fold(shown(parent.text)).replace(":", " ").split()) - _NOT_A_NAME
    end = text.find("\n", start)
    row = set(fold(shown(text[start : end if end >= 0 else len(text)])).split())
    return len(named) >= 2 and named <= row


def still_sites(
    parent: Head | None, phase_line: tuple[int, int] | None, text: str, start: int
) -> Head | None:
    """The indication head whose sites the labelled rows after a plain row still are: kept
    when labelled sites came before and the row is `another_case` of its disease."""
    return parent if phase_line is not None and another_case(parent, text, start) else None


# A sub-head listing the sites of its disease: "Âm hộ - âm đạo", "Miệng - hầu", "da, niêm mạc".
_SITES = re.compile(r"\s*[,;]\s*|\s+-\s+|\s+(?:hoac|va)\s+")
# Words that name no site.
_NO_SITE = frozenset({"cac", "va", "hoac", "o", "vung"})


def site_said(rest: str, asked: AbstractSet[str]) -> bool:
    """Whether one site a sub-head lists after its disease head (`rest`, folded: ", âm hộ -
    âm đạo") is asked whole ("nấm âm đạo" asks "âm đạo"): the sub-head is that disease there."""
    sites = [set(p.split()) - _NO_SITE for p in _SITES.split(rest.strip(" ,;"))]
    return any(site and site <= asked for site in sites)


__all__ = ["another_case", "site_said", "still_sites"]
