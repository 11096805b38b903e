"""Matching the safety word lists: one turn's text lowered and accent-folded once
(`TurnText`), and a word list compiled once into one alternation per form (`Cue`).

The lists themselves are data: `engine.safety_cues` (self-harm, emergencies, the uses the
formulary forbids) and `engine.ingestion_cues` (an ingestion read as an event).

Speed: Python's `re` cannot skip ahead in a pattern that opens with a look-behind, so a plain
`search` of a list's alternation tries every alternative at every position of the text (a
list of a hundred phrases cost ~25 µs on a short turn). At import each alternation is
therefore read once for the characters a hit can begin with; a turn's text lists once the
places a word can begin (after a non-word character), and a list is tried, by `match`, only
where one of its first characters stands. The hit is the same as `search`'s (the leftmost,
the first alternative there); a pattern whose first characters cannot be read is searched
as before. A turn's `TurnText` is built once per text and shared (`TurnText.of` caches the
last few), and it keeps each list's answer, so a list asked twice in a turn is matched once.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core.text import fold_aligned

try:  # the regex parser `re` itself uses; if it ever moves, lists are searched plainly
    from re import _constants as _sre_c  # type: ignore[attr-defined]
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.11-3.13 all have them
    _sre_c = _sre_parse = None


@dataclass(frozen=True)
class TurnText:
    """One turn's text, lowered and accent-folded once; every cue list reads this."""

    lowered: str
    folded: str
    accented: bool
    # Each list's hit in this text (`Cue.search`), filled as lists are asked.
    _hits: dict[Cue, str | None] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    # Where a hit can begin (after no word character), with the character there: in
    # `folded`, and in `lowered` (the same places when nothing was folded).
    folded_starts: tuple[tuple[int, str], ...] = field(init=False, repr=False, compare=False)
    lowered_starts: tuple[tuple[int, str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        folded = _word_starts(self.folded)
        lowered = _word_starts(self.lowered) if self.lowered != self.folded else folded
        object.__setattr__(self, "folded_starts", folded)
        object.__setattr__(self, "lowered_starts", lowered)

    @classmethod
    def of(cls, text: str) -> TurnText:
        return _turn_text(text)


@lru_cache(maxsize=64)
def _turn_text(text: str) -> TurnText:
    lowered = unicodedata.normalize("NFC", text).lower()
    folded = fold_aligned(lowered)
    return TurnText(lowered, folded, folded != lowered)


_NON_WORD = re.compile(r"\W")


def _word_starts(text: str) -> tuple[tuple[int, str], ...]:
    """Position 0 and every position after a non-word character (what `(?<!\\w)` admits)."""
    n = len(text)
    places = [0] if n else []
    places += [m.end() for m in _NON_WORD.finditer(text) if m.end() < n]
    return tuple((i, text[i]) for i in places)


class _Unknown(Exception):
    """A pattern whose first characters are not read (a class like \\w, a look-around)."""


# The classes a first character may be given by (`\\d`, `\\w`, `\\s` in a str pattern), each
# as the test `re` itself applies to a character.
_CLASS_TESTS = {
    "CATEGORY_UNI_DIGIT": str.isdecimal,
    "CATEGORY_DIGIT": str.isdecimal,
    "CATEGORY_UNI_WORD": lambda ch: ch.isalnum() or ch == "_",
    "CATEGORY_WORD": lambda ch: ch.isalnum() or ch == "_",
    "CATEGORY_UNI_SPACE": str.isspace,
    "CATEGORY_SPACE": str.isspace,
}


@dataclass(frozen=True)
class _Firsts:
    """The characters a hit can begin with: these, or any character a class test accepts."""

    chars: frozenset[str]
    classes: tuple[str, ...]


def _first_chars(items: Any) -> tuple[set[str], bool]:
    """The characters (or `@CLASS` names) a match of the parsed sequence `items` can begin
    with, and whether it can match the empty string. A zero-width assertion (a look-behind,
    a look-ahead, `^`/`$`/`\\b`) only narrows where a hit begins, so it is stepped over: the
    set stays a superset. Raises `_Unknown` for anything not read exactly."""
    c = _sre_c
    chars: set[str] = set()
    for op, arg in items:
        if op is c.LITERAL:
            chars.add(chr(arg))
            return chars, False
        if op is c.IN:
            chars |= _class_chars(arg)
            return chars, False
        if op in (c.ASSERT, c.ASSERT_NOT, c.AT):
            continue
        if op is c.SUBPATTERN:
            sub_chars, nullable = _first_chars(arg[-1])
        elif op is c.BRANCH:
            sub_chars, nullable = set(), False
            for branch in arg[1]:
                branch_chars, branch_nullable = _first_chars(branch)
                sub_chars |= branch_chars
                nullable = nullable or branch_nullable
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", None)):
            low, _high, sub = arg
            sub_chars, nullable = _first_chars(sub)
            nullable = nullable or low == 0
        else:  # ANY, a group reference, a conditional, ...: not read
            raise _Unknown(str(op))
        chars |= sub_chars
        if not nullable:
            return chars, False
    return chars, True


def _class_chars(items: Any) -> set[str]:
    c = _sre_c
    chars: set[str] = set()
    for op, arg in items:
        if op is c.LITERAL:
            chars.add(chr(arg))
        elif op is c.RANGE and arg[1] - arg[0] <= 512:
            chars.update(chr(x) for x in range(arg[0], arg[1] + 1))
        elif op is c.CATEGORY and str(arg) in _CLASS_TESTS:
            chars.add("@" + str(arg))
        else:  # a negated class or category, a wide range: not read
            raise _Unknown(str(op))
    return chars


def _starting_chars(source: str) -> _Firsts | None:
    """What every match of `source` begins with, or None when not read."""
    if _sre_parse is None:  # pragma: no cover
        return None
    try:
        parsed = _sre_parse.parse(source)
        if parsed.state.flags & (re.IGNORECASE | re.VERBOSE | re.ASCII):
            return None
        chars, nullable = _first_chars(list(parsed))
    except (_Unknown, re.error, AttributeError, TypeError, ValueError):
        return None
    if nullable or not chars:
        return None
    classes = tuple(sorted(ch[1:] for ch in chars if ch.startswith("@") and len(ch) > 1))
    return _Firsts(frozenset(ch for ch in chars if len(ch) == 1), classes)


# A list this long is tried only where its first characters stand; a shorter one is one
# plain search (its few alternatives cost less than the Python loop over the text).
PREFILTER_FROM = 8


class _Alternation:
    """One list's alternatives for one form, searched only where a hit can begin."""

    __slots__ = ("chars", "pattern", "tests")

    def __init__(self, sources: Sequence[str]) -> None:
        body = "|".join(f"(?:{s})" for s in sources)
        self.pattern = re.compile(r"(?<!\w)(?:" + body + r")(?!\w)")
        firsts = _starting_chars(body) if len(sources) >= PREFILTER_FROM else None
        # None: one plain search; else the first characters and the class tests to try.
        self.chars = firsts.chars if firsts is not None else None
        self.tests = tuple(_CLASS_TESTS[c] for c in firsts.classes) if firsts else ()

    def scan(self, text: str, starts: tuple[tuple[int, str], ...]) -> re.Match[str] | None:
        """`pattern.search(text)`, tried only at the `starts` a hit can begin at."""
        match, chars, tests = self.pattern.match, self.chars or frozenset(), self.tests
        for pos, ch in starts:
            if (ch in chars or (tests and any(t(ch) for t in tests))) and (m := match(text, pos)):
                return m
        return None


def _alternation(sources: Sequence[str]) -> _Alternation | None:
    return _Alternation(sources) if sources else None


class Cue:
    """A word list compiled once into one alternation per form: a whole list is one search.

    Loose patterns match the folded text; `strict` ones match the lowered text when the user
    typed diacritics and the folded text only when they typed none.
    """

    __slots__ = ("_loose", "_strict_accented", "_strict_folded", "patterns")

    def __init__(self, patterns: Iterable[str], strict: Iterable[str] = ()) -> None:
        loose = [unicodedata.normalize("NFC", p) for p in patterns]
        tight = [unicodedata.normalize("NFC", p) for p in strict]
        self.patterns = (*loose, *tight)
        self._loose = _alternation([fold_aligned(p) for p in loose])
        self._strict_accented = _alternation(tight)
        self._strict_folded = _alternation([fold_aligned(p) for p in tight])

    def search(self, text: TurnText) -> str | None:
        """The leftmost hit of any pattern in the list, or None."""
        hits = text._hits
        found = hits.get(self, _UNASKED)
        if found is _UNASKED:
            found = hits[self] = self._search(text)
        return found  # type: ignore[return-value]

    def _search(self, text: TurnText) -> str | None:
        loose = strict = None
        alt = self._loose
        if alt is not None:
            if alt.chars is None:
                loose = alt.pattern.search(text.folded)
            else:
                loose = alt.scan(text.folded, text.folded_starts)
        if text.accented:
            alt, on, starts = self._strict_accented, text.lowered, text.lowered_starts
        else:
            alt, on, starts = self._strict_folded, text.folded, text.folded_starts
        if alt is not None:
            strict = alt.pattern.search(on) if alt.chars is None else alt.scan(on, starts)
        if strict is None:
            return None if loose is None else loose.group(0)
        if loose is None or strict.start() < loose.start():
            return strict.group(0)
        return loose.group(0)


_UNASKED = object()


def cues(patterns: Iterable[str], *, strict: Iterable[str] = ()) -> Cue:
    """A cue list (see `Cue`), compiled at import."""
    return Cue(patterns, strict)


def first_cue(cue: Cue, text: TurnText) -> str | None:
    """The first hit of the list `cue` in the turn's text, or None."""
    return cue.search(text)


__all__ = ["Cue", "TurnText", "cues", "first_cue"]
