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


# A label naming a route other than swallowing it, and how a question names that route
# (folded): the rows below "Đặt âm đạo:" answer only "viên đặt … đặt lúc nào", those below
# "Truyền tĩnh mạch:" only "IV", "truyền", "bơm".
_INJECTED = ("tiem", "truyen", "tinh mach", "tm", "iv", "push", "bolus", "infuse", "bom", "chich")
_INHALED = ("xit", "hit", "khi dung", "phun", "buong dem", "nebules")
_ROUTES_SAID = {
    "âm đạo": ("am dao", "dat", "vien dat", "phu khoa"),
    "trực tràng": ("truc trang", "hau mon", "vien dan", "dat", "nhet"),
    "đặt": ("dat", "nhet", "vien dan", "am dao", "hau mon", "truc trang"),
    "tĩnh mạch": _INJECTED,
    "tiêm": _INJECTED,
    "truyền": _INJECTED,
    "nhỏ mắt": ("nho", "mat"),
    "nhỏ mũi": ("nho", "mui"),
    "nhỏ tai": ("nho", "tai"),
    "bôi": ("boi", "thoa", "xoa", "gel", "gell", "kem", "mo", "ngoai da"),
    "dùng ngoài": ("boi", "thoa", "xoa", "gel", "gell", "kem", "mo", "ngoai da"),
    "khí dung": _INHALED,
    "hít": _INHALED,
    "xịt": _INHALED,
}
_ROUTE_LABEL = re.compile(rf"(?<!\w)(?:{'|'.join(_ROUTES_SAID)})(?!\w)")
_ORAL_LABEL = re.compile(r"(?<!\w)(?:đường uống|uống)(?!\w)")


def label_route(label: str, asked: Asked) -> bool | None:
    """Whether the question names the route its label names: True ("viên đặt … đặt lúc
    nào" under "Đặt âm đạo:"), False ("uống lúc nào" under it; a pessary asked of under
    "Đường uống:"), None when the label names no route or the question says no words."""
    if not asked.folded.strip():
        return None
    routes = {m.group(0) for m in _ROUTE_LABEL.finditer(words_of(label))}
    if routes:
        return any(f" {cue} " in asked.folded for r in routes for cue in _ROUTES_SAID[r])
    if _ORAL_LABEL.search(words_of(label)) and " uong " not in asked.folded:
        said = {cue for cues in _ROUTES_SAID.values() for cue in cues}
        return False if any(f" {cue} " in asked.folded for cue in said) else None
    return None


__all__ = ["HEADING_WORDS", "head_of", "heading", "label_route"]
