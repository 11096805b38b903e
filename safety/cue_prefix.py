"""A word list's alternation arranged by what its patterns open with, so a search tries few.

`re` tries an alternation's branches in order at every position. A long list (the
self-harm list has over a hundred patterns, most opening with a group such as
`(?:muốn|ước|để) …`) is therefore a hundred tries at every word start, and a guard of
look-behinds written before each pattern (the danger signs' "not said as slight": seven)
is checked again for every one of them.

`dispatched` writes the same list as one branch per letter a pattern can open with,
`(?=m)(?:…every pattern that can open with m, in the order written…)|(?=n)(?:…)|…`, then
the patterns whose opening is not known; inside a branch, consecutive patterns that open
with the very same look-behinds share them (`shared_guards`). A word start is then read
against one letter's patterns.

Why it finds exactly what the plain alternation finds, leftmost-first alike: at a position
whose letter is x, only patterns that can open with x can match there, and x's branch holds
all of them in the order written, so the first that matches (with what follows the
alternation) is the one the plain alternation picks; every other letter's branch fails at
its look-ahead, and the last branch only retries patterns x's branch already tried. At a
position no known opening covers, only the patterns of unknown opening can match, and the
last branch holds them in order. What a pattern can open with is read from the parse `re`
itself makes (`_first`), and over-approximated: a class with a category, a flag, an
unknown construct or a pattern that may match empty count as "any". A look-behind reads
only the text before the position, so sharing one between patterns tried at the same
position changes nothing. Lists with capturing groups are left as written (copies would
renumber them).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import groupby
from typing import Any

try:  # the parser `re` itself uses (3.11+), read only to learn what a pattern opens with
    _sre: Any = importlib.import_module("re._constants")
    _sre_parse: Any = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover - another Python: every list is left as written
    _sre = _sre_parse = None

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


_MAX_RANGE = 512


def _class_chars(items: Any) -> frozenset[str] | None:
    """The characters a parsed class admits, or None (negated, a category, a wide range)."""
    out: set[str] = set()
    for op, av in items:
        if op is _sre.LITERAL:
            out.add(chr(av))
        elif op is _sre.RANGE and av[1] - av[0] <= _MAX_RANGE:
            out.update(chr(x) for x in range(av[0], av[1] + 1))
        else:
            return None
    return frozenset(out)


def _first(seq: Any) -> tuple[frozenset[str] | None, bool]:
    """What a parsed sequence can open with (None: anything), and whether it can be empty."""
    found: set[str] = set()
    for op, av in seq:
        if op in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT):
            continue  # zero width: an anchor or a look-around only narrows what follows
        if op is _sre.LITERAL:
            return frozenset(found | {chr(av)}), False
        if op is _sre.IN:
            chars = _class_chars(av)
            return (None, False) if chars is None else (frozenset(found | chars), False)
        if op is _sre.SUBPATTERN:
            if av[1] or av[2]:
                return None, False  # flags set or cleared inside: not read here
            chars, empty = _first(av[3])
        elif op is _sre.BRANCH:
            chars, empty = frozenset(), False
            for branch in av[1]:
                one, one_empty = _first(branch)
                if one is None:
                    return None, False
                chars, empty = chars | one, empty or one_empty
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, getattr(_sre, "POSSESSIVE_REPEAT", None)):
            chars, empty = _first(av[2])
            empty = empty or av[0] == 0
        else:
            return None, False
        if chars is None:
            return None, False
        found |= chars
        if not empty:
            return frozenset(found), False
    return frozenset(found), True


def opening(source: str) -> frozenset[str] | None:
    """The characters a match of `source` can open with; None when any (or not known)."""
    return _read(source)[0]


@lru_cache(maxsize=4096)
def _read(source: str) -> tuple[frozenset[str] | None, bool]:
    """What `source` opens with (see `opening`), and whether it has capturing groups; read
    once per pattern (a list's forms and the unions it joins share its patterns)."""
    try:
        if _sre_parse is None:
            return None, bool(re.compile(source).groups)
        parsed = _sre_parse.parse(source)
    except (re.error, RecursionError):
        return None, True
    groups = parsed.state.groups > 1
    if parsed.state.flags & ~_sre.SRE_FLAG_UNICODE:
        return None, groups
    chars, empty = _first(parsed)
    return (None if empty or not chars else chars), groups


DISPATCH_FROM = 60
"""Lists of fewer patterns are read faster as written (one look-ahead a letter costs more
than it saves): measured over the safety sets' turns, a 38-pattern list went 2.9 → 3.8 µs a
search dispatched and an 81-pattern one 11.1 → 6.3, the 107-pattern self-harm list 67 → 10
(load ~25). Dispatching also makes the compiled pattern two to three times longer."""


def dispatched(sources: Sequence[str]) -> str:
    """The body of `(?:s1)|(?:s2)|…`: for a long list one branch per opening letter (see
    the module doc), for a short one as written, with shared guards."""
    if len(sources) < DISPATCH_FROM or any(_read(s)[1] for s in sources):
        return shared_guards(sources)
    openings = [opening(s) for s in sources]
    letters = sorted(set().union(*(o for o in openings if o is not None)))
    branches = []
    for letter in letters:
        mine = [s for s, o in zip(sources, openings, strict=True) if o is None or letter in o]
        branches.append(f"(?={re.escape(letter)})(?:{shared_guards(mine)})")
    unknown = [s for s, o in zip(sources, openings, strict=True) if o is None]
    if unknown:
        branches.append(f"(?:{shared_guards(unknown)})")
    return "|".join(branches)


__all__ = ["dispatched", "guard_of", "opening", "shared_guards"]
