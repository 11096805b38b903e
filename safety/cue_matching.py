"""Matching the safety word lists: one turn's text lowered and accent-folded once
(`TurnText`), and a word list compiled once into one alternation per form (`Cue`).

The lists themselves are data: `safety.safety_cues` (self-harm, emergencies, the uses the
formulary forbids) and `safety.ingestion_cues` (an ingestion read as an event).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.text import fold_aligned


@dataclass(frozen=True)
class TurnText:
    """One turn's text, lowered and accent-folded once; every cue list reads this."""

    lowered: str
    folded: str
    accented: bool

    @classmethod
    def of(cls, text: str) -> TurnText:
        lowered = unicodedata.normalize("NFC", text).lower()
        folded = fold_aligned(lowered)
        return cls(lowered, folded, folded != lowered)


def _alternation(sources: Sequence[str]) -> re.Pattern[str] | None:
    if not sources:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(f"(?:{s})" for s in sources) + r")(?!\w)")


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
        hits = []
        if self._loose is not None and (m := self._loose.search(text.folded)):
            hits.append(m)
        strict = self._strict_accented if text.accented else self._strict_folded
        if strict is not None and (
            m := strict.search(text.lowered if text.accented else text.folded)
        ):
            hits.append(m)
        if not hits:
            return None
        return min(hits, key=lambda m: m.start()).group(0)


def cues(patterns: Iterable[str], *, strict: Iterable[str] = ()) -> Cue:
    """A cue list (see `Cue`), compiled at import."""
    return Cue(patterns, strict)


def first_cue(cue: Cue, text: TurnText) -> str | None:
    """The first hit of the list `cue` in the turn's text, or None."""
    return cue.search(text)


__all__ = ["Cue", "TurnText", "cues", "first_cue"]
