"""A word list's alternation with the look-behinds its patterns share written once.

The danger signs are each written behind the same guard ("not said as slight": seven
look-behinds, `safety.danger_signs`). In `(?:G p1)|(?:G p2)|…` `re` checks the seven
look-behinds again for every pattern at every word start, before it can see that the
pattern's first letter is not there. Written `G(?:(?:p1)|(?:p2)|…)` the guard is checked
once a position.

The two forms match the same text, leftmost-first alike: a look-behind reads only the text
before the position, so it answers the same for every pattern tried there, and the patterns
are still tried in the order written. Only consecutive patterns that open with the very
same look-behinds are joined; a pattern with a `|` outside its groups is left as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

_OPENERS = ("(?<!", "(?<=")
_QUANTIFIERS = frozenset("*+?{")


def _group_end(source: str, start: int) -> int:
    """The index after the group that opens at `start` (escapes and classes skipped), or -1."""
    depth, i = 0, start
    while i < len(source):
        ch = source[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = _class_end(source, i)
            if i < 0:
                return -1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def _bar_outside_groups(source: str) -> bool:
    """Does `source` hold a `|` outside every group (then it is two patterns, not one)?"""
    i = 0
    while i < len(source):
        ch = source[i]
        if ch == "\\":
            i += 2
        elif ch in "([":
            end = _group_end(source, i) if ch == "(" else _class_end(source, i)
            if end < 0:
                return True  # unbalanced: leave it as written
            i = end
        elif ch == "|":
            return True
        else:
            i += 1
    return False


def _class_end(source: str, start: int) -> int:
    i = start + 1
    if source[i : i + 1] == "^":
        i += 1
    if source[i : i + 1] == "]":
        i += 1
    while i < len(source):
        if source[i] == "\\":
            i += 2
            continue
        if source[i] == "]":
            return i + 1
        i += 1
    return -1


def guard_of(source: str) -> str:
    """The look-behinds `source` opens with, written as they are ("" when none)."""
    if _bar_outside_groups(source):
        return ""
    at = 0
    while source.startswith(_OPENERS, at):
        end = _group_end(source, at)
        if end < 0:
            return ""
        at = end
    if source[at : at + 1] in _QUANTIFIERS:
        return ""
    return source[:at]


def shared_guards(sources: Sequence[str]) -> str:
    """The body of `(?:s1)|(?:s2)|…` with each run of patterns that open with the same
    look-behinds written as `guard(?:(?:rest1)|(?:rest2)|…)`."""
    parts = []
    for guard, grouped in groupby(sources, key=guard_of):
        run = list(grouped)
        if not guard or len(run) == 1:
            parts += [f"(?:{s})" for s in run]
            continue
        rests = "|".join(f"(?:{s[len(guard) :]})" for s in run)
        parts.append(f"{guard}(?:{rests})")
    return "|".join(parts)


__all__ = ["guard_of", "shared_guards"]
