"""A dose the book gives once a week ("10–15 mg/m² diện tích da, 1 lần mỗi tuần", "mỗi tuần
1 lần", "mg/m²/tuần"): a week's amount, never a dose's or a day's (methotrexate taken daily
by mistake has killed). Read on the accent-folded words right after a figure.
"""

from __future__ import annotations

from grounding.book.vocabulary import PER_WEEK

# "10–15 mg/m² diện tích da, 1 lần mỗi tuần": the body surface's name may come between.
_SURFACE = ("dien tich da", "dien tich co the", "dien tich be mat co the", "da")


def week_after(after: str) -> int | None:
    """Where the words saying a figure is given weekly end, when they follow it (past
    spaces, commas, a slash, and the body surface's name); None when they do not."""
    at = _past(after, 0)
    for surface in _SURFACE:
        end = at + len(surface)
        if after.startswith(surface, at) and not after[end : end + 1].isalpha():
            at = _past(after, end)
            break
    if after.startswith("/", at):
        at = _past(after, at + 1)
        return at + len("tuan") if after.startswith("tuan", at) else None
    m = PER_WEEK.match(after, at)
    return m.end() if m else None


def _past(text: str, at: int) -> int:
    while at < len(text) and (text[at].isspace() or text[at] == ","):
        at += 1
    return at


__all__ = ["week_after"]
