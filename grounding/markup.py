"""What a user sees of the book's text: its words, without the Markdown it came in.

Emphasis ("*…*", "_…_"), heading hashes and table line breaks are markup; removing them
never changes a word, and never joins a number to a unit the source kept apart.
"""

from __future__ import annotations

import re

from core.text import sentences_of

# Emphasis marks: "*…*" and "_…_" (an underscore only at a word's edge), heading hashes.
_INNER_MARKUP = re.compile(r"\*+|(?<!\w)_+|_+(?!\w)|^#+\s*")
_BREAKS = re.compile(r"\s*(?:<br\s*/?>\s*)+")


def _break(m: re.Match[str]) -> str:
    # After a number the break parts it from its unit: keep it a break; else a space.
    before = m.string[m.start() - 1 : m.start()]
    return "\n" if before.isdigit() else " "


def _ends_number_word(text: str) -> bool:
    """The text ends with a number and its word ("6 tuổi"), a final line break aside."""
    text = text.removesuffix("\n")
    at = len(text)
    while at > 0 and text[at - 1].isalnum() and not text[at - 1].isdecimal():
        at -= 1
    if at == len(text):
        return False
    while at > 0 and text[at - 1].isspace():
        at -= 1
    return at > 0 and text[at - 1].isdecimal()


def _unmark(m: re.Match[str]) -> str:
    # "6 tuổi_:" keeps its underscore: without it "6 tuổi" would read as a quantity that
    # the evidence, where the mark cuts number from unit, does not print.
    if m[0].startswith("_") and _ends_number_word(m.string[max(0, m.start() - 24) : m.start()]):
        return m[0]
    return ""


def shown(raw: str) -> str:
    """The text a user sees for a span: markup removed, words untouched.

    A cell's line break after a number stays a line break: "cách 12<br>giờ" must not
    become "12 giờ", a quantity the evidence (where number and unit are parted) lacks.
    """
    text = _INNER_MARKUP.sub(_unmark, _BREAKS.sub(_break, raw))
    # Runs of spaces and tabs read as one space (the ends are trimmed below anyway).
    one_spaced = " ".join(p for p in text.replace("\t", " ").split(" ") if p)
    return one_spaced.strip(" :;\n")


def shown_sentences(text: str) -> list[str]:
    """The sentences of a text as the user sees them: markup removed, bare marks dropped."""
    # A sentence of bare marks (no letter, no digit) is dropped.
    shown_all = (shown(s) for s in sentences_of(text))
    return [p for p in shown_all if any(c.isalnum() for c in p)]


__all__ = ["shown", "shown_sentences"]
