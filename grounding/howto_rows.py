"""How a how-to answer reads a section's rows (`grounding.howto`): a label standing alone, the
clause a row continues after a semicolon, and a label naming a route the question does not."""

from __future__ import annotations

import re

from grounding.howto_asked import Asked, words_of

HEADING_WORDS = 6
"""At most this many words and no final stop: a label of the section, not a sentence."""


def heading(sentence: str) -> bool:
    """A route or form label standing alone ("Ngậm dưới lưỡi", "Đặt âm đạo:")."""
    text = sentence.strip()
    return len(text.split()) <= HEADING_WORDS and not text.endswith((".", ";", "!", "?"))


def head_of(shown: list[str], n: int, text: str) -> str:
    """The clause sentence `n` continues after a semicolon, or "": it opens in lowercase or
    with a digit, and the clause before it ends in ";" in the text."""
    if n == 0 or not shown[n][:1] or shown[n][:1].isupper():
        return ""
    before = shown[n - 1]
    return before if f"{before[-24:]};" in text else ""


# A label naming a route other than swallowing it: the rows below it ("Đặt âm đạo: 1 viên vào
# buổi tối") answer only a question that names that route.
_ROUTE_LABEL = re.compile(
    r"(?<!\w)(?:âm đạo|trực tràng|tĩnh mạch|tiêm|truyền|nhỏ mắt|nhỏ mũi|nhỏ tai|bôi|dùng ngoài"
    r"|khí dung|hít|xịt|đặt)(?!\w)"
)


def other_route(label: str, asked: Asked) -> bool:
    """The label names a route the question says no word of ("uống lúc nào" under "Đặt
    trực tràng:"), in its words or inside its phrases."""
    routes = {m.group(0) for m in _ROUTE_LABEL.finditer(words_of(label))}
    if not routes:
        return False
    said = set(asked.words) | {w for pair in asked.pairs for w in pair.split()}
    return not any(set(asked.said(route).split()) & said for route in routes)


__all__ = ["HEADING_WORDS", "head_of", "heading", "other_route"]
