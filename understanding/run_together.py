"""Words run together under stress ("bàtôiuốngnhầm2lầnthuốcwarfarin", "tôimuốnchếtquá"): a
long run of letters with Vietnamese marks and no space is cut back into its syllables, so
understanding and triage read the words the person meant.

Read once at the turn's edge (with the input-method keys of `understanding.typed_keys`). Only
a run of eight characters or more that carries marks on two letters or more is cut (no one
Vietnamese syllable is that long, and a drug name carries no marks); a run the syllables do
not cover ("warfarin", "mg") stays one word, and numbers stand apart ("2lần" → "2 lần").
Of the ways to cut a run, the one with the fewest pieces wins; a piece with two tone marks is
no syllable.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from functools import cache
from pathlib import Path

from understanding.typed_keys import read_typed_keys, syllable_letters

_TONES = frozenset("\u0300\u0301\u0303\u0309\u0323")
_RUN = re.compile(r"\S{8,}")
_LONGEST = 7  # "nghiêng": the longest Vietnamese syllable
_NAME_LONGEST = 24
_RUN_LONGEST = 160  # longer than any message typed in one breath: left as it is
_UNKNOWN = re.compile(r"[a-z]{2,}")
# Nuclei that never end a syllable ("iê", "uô", "ươ" open are written "ia", "ua", "ưa").
_OPEN_WRONG = re.compile(r"(?:iê|yê|uô|ươ|oă|uâ)$")
_STOP = re.compile(r"(?:[ptc]|ch)$")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


@cache
def _counts() -> tuple[dict[str, int], int]:
    """How often each syllable occurs (`scripts/syllable_counts.py`), and the total."""
    path = Path(__file__).with_name("syllable_counts.json")
    counts: dict[str, int] = json.loads(path.read_text(encoding="utf-8"))
    return counts, sum(counts.values())


def _rarity(piece: str) -> float:
    """A small cost for a rare syllable: never more than a piece, so fewest pieces still wins."""
    counts, total = _counts()
    return 0.05 * -math.log((counts.get(piece, 0) + 1) / (total + 1))


def _is_syllable(piece: str) -> bool:
    """Whether lowercase NFC `piece` spells one Vietnamese syllable (at most one tone)."""
    parts = unicodedata.normalize("NFD", piece)
    tones = sum(c in _TONES for c in parts)
    if tones > 1:
        return False
    bare = unicodedata.normalize("NFC", "".join(c for c in parts if c not in _TONES))
    if _OPEN_WRONG.search(bare) is not None:
        return False  # "uố" is written "ua" when open: "uống" goes on
    if _STOP.search(bare) is not None and not ({"\u0301", "\u0323"} & set(parts)):
        return False  # "bàt": a syllable ending in p, t, c or ch takes only a sharp or a dot
    return syllable_letters(bare)


def _cut(run: str) -> list[str] | None:
    """The pieces of `run` (syllables, numbers, unmarked words), fewest first and, between
    cuts as short, the longer piece first ("uốnghết" → "uống hết"); None when it cannot be
    cut."""
    low = run.lower()
    n = len(low)
    # best[i]: the cost of the rest of the run from i, and where its first piece ends
    best: list[tuple[float, int] | None] = [None] * (n + 1)
    best[n] = (0.0, n)
    for i in range(n - 1, -1, -1):
        for end, cost in sorted(_steps(low, i), key=lambda step: -step[0]):
            rest = best[end]
            if rest is None:
                continue
            old = best[i]
            if old is None or cost + rest[0] < old[0] - 1e-9:
                best[i] = (cost + rest[0], end)
    if best[0] is None:
        return None
    pieces: list[str] = []
    at = 0
    while at < n:
        step = best[at]
        if step is None:  # pragma: no cover - a cut reached the end from here
            return None
        pieces.append(run[at : step[1]])
        at = step[1]
    return pieces


def _steps(low: str, i: int) -> list[tuple[int, float]]:
    """Each piece that may start at `i`: where it ends and what it costs."""
    steps: list[tuple[int, float]] = []
    for length in range(1, min(_LONGEST, len(low) - i) + 1):
        if _is_syllable(low[i : i + length]):
            # between cuts as short, the one of syllables people write more often
            # ("gì nhanh", not "gìn hanh"; "con uống", not "co nuống")
            steps.append((i + length, 1.0 + _rarity(low[i : i + length])))
    if (num := _NUMBER.match(low, i)) is not None:
        steps.append((num.end(), 0.5))
    if (word := _UNKNOWN.match(low, i)) is not None:
        # an unmarked word up to a drug name's length, or all of it
        ends = {*range(i + 2, min(word.end(), i + _NAME_LONGEST) + 1), word.end()}
        steps += [(end, 2.0 + 0.3 * (end - i)) for end in ends]
    if not low[i].isalnum():
        steps.append((i + 1, 0.5))
    return steps


def _marked(run: str) -> int:
    return sum(1 for c in run if c.isalpha() and not c.isascii())


def read_run_together(text: str) -> str:
    """`text` with each long run of marked letters cut into its words (module docstring)."""
    text = unicodedata.normalize("NFC", text)

    def cut(m: re.Match[str]) -> str:
        run = m.group(0)
        if _marked(run) < 2 or len(run) > _RUN_LONGEST:
            return run
        pieces = _cut(run)
        if pieces is None or len(pieces) < 2:
            return run
        out = pieces[0]
        for piece in pieces[1:]:
            glued = not piece[0].isalnum() or not out[-1].isalnum()
            out += piece if glued else " " + piece
        return out

    return _RUN.sub(cut, text)


def read_as_typed(text: str) -> str:
    """A turn read at the engine's edge: words run together cut apart, and the keys of an
    input method switched off read as the syllables they make (`understanding.typed_keys`)."""
    return read_typed_keys(read_run_together(text))


__all__ = ["read_as_typed", "read_run_together"]
