"""Matching the safety word lists: one turn's text lowered and accent-folded once
(`TurnText`), and a word list compiled once into one alternation per form (`Cue`).

The lists themselves are data: `safety.safety_cues` (self-harm, emergencies, the uses the
formulary forbids) and `safety.ingestion_cues` (an ingestion read as an event).

Per turn: a turn's `TurnText` is built once per text and shared (`TurnText.of` keeps the
last few: triage, the amount question and the safety answer each ask for it), and it keeps
each list's answer, so a list asked twice in a turn is matched once. Gating a long list by a
first character or by words every alternative holds was measured and dropped: on the turns
of the evaluation sets (44 characters on average) a gate passed too often to pay for itself
(`bench/results/cue_gates.json`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from core.text import fold_aligned
from safety.accent_forms import accented_form, tone_placed
from safety.cue_prefix import dispatched


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

    @classmethod
    def of(cls, text: str) -> TurnText:
        return _turn_text(text)


@lru_cache(maxsize=64)
def _turn_text(text: str) -> TurnText:
    lowered = tone_placed(unicodedata.normalize("NFC", text).lower())
    folded = fold_aligned(lowered)
    return TurnText(lowered, folded, folded != lowered)


_PER_TEXT_CACHES: list[Callable[[], None]] = [_turn_text.cache_clear]


def keep_per_text(clear: Callable[[], None]) -> None:
    """Register another cache keyed by a turn's text (`forget_turn_texts` empties it too)."""
    _PER_TEXT_CACHES.append(clear)


def forget_turn_texts() -> None:
    """Empty every cache of turn texts: the next turn folds, matches and scores its text as
    a new one (the benches read each turn as new)."""
    for clear in _PER_TEXT_CACHES:
        clear()


def _alternation(sources: Sequence[str]) -> re.Pattern[str] | None:
    if not sources:
        return None
    return re.compile(r"(?<!\w)(?:" + dispatched(sources) + r")(?!\w)")


class Cue:
    """A word list compiled once into one alternation per form: a whole list is one search.

    Loose patterns match the folded text when the user typed no diacritics, and the lowered
    text as typed otherwise, each marked letter read as it could have been typed
    (`safety.accent_forms`: "đừng cản" is not "dùng cân"); `strict` ones match the lowered
    text exactly when the user typed diacritics and the folded text only when they typed none.
    A hit is always given in its folded spelling for a loose pattern (folding keeps length).
    """

    __slots__ = (
        "_either_folded",
        "_gate",
        "_loose",
        "_loose_accented",
        "_merged",
        "_strict_accented",
        "_strict_folded",
        "_typed",
        "loose_patterns",
        "patterns",
        "strict_patterns",
        "typed_patterns",
    )

    def __init__(
        self,
        patterns: Iterable[str],
        strict: Iterable[str] = (),
        *,
        typed: Iterable[str] = (),
        merged: bool = True,
    ) -> None:
        loose = [tone_placed(unicodedata.normalize("NFC", p)) for p in patterns]
        tight = [tone_placed(unicodedata.normalize("NFC", p)) for p in strict]
        # `typed` ones match only a text typed with diacritics, exactly as typed: folded they
        # are too many other words to read in a text typed without any ("cắn": "cần", "cân").
        self.typed_patterns = tuple(tone_placed(unicodedata.normalize("NFC", p)) for p in typed)
        self._typed = _alternation(self.typed_patterns)
        self.patterns = (*loose, *tight, *self.typed_patterns)
        self.loose_patterns, self.strict_patterns = tuple(loose), tuple(tight)
        folded_loose = [fold_pattern(p) for p in loose]
        folded_tight = [fold_pattern(p) for p in tight]
        self._loose = _alternation(folded_loose)
        self._loose_accented = _alternation([accented_form(p) for p in loose])
        self._strict_accented = _alternation(tight)
        self._strict_folded = _alternation(folded_tight)
        # Text typed without diacritics: both forms read the folded text, so one search of
        # the loose patterns then the strict ones finds the same leftmost hit (at one
        # position the loose ones are tried first, as `_search` prefers them on a tie).
        # (`merged=False`: no such third alternation, for a union that is only ever asked
        # whether anything matches: compiling a long list once more is what it would cost.)
        self._merged = merged
        self._either_folded = self._loose
        if folded_tight and merged:
            self._either_folded = _alternation(folded_loose + folded_tight)
        self._gate: Cue | None = None  # a union this list is asked through (`gate_together`)

    def search(self, text: TurnText) -> str | None:
        """The leftmost hit of any pattern in the list, or None."""
        hits = text._hits
        found = hits.get(self, _UNASKED)
        if found is _UNASKED:
            gate = self._gate
            if gate is not None and gate.search(text) is None:
                found = hits[self] = None  # none of the gated lists speaks to this turn
            else:
                found = hits[self] = self._search(text)
        return found  # type: ignore[return-value]

    def _search(self, text: TurnText) -> str | None:
        if not text.accented and (self._merged or not self.strict_patterns):
            either = (
                None if self._either_folded is None else self._either_folded.search(text.folded)
            )
            return None if either is None else either.group(0)
        if text.accented:
            typed = self._loose_accented
            at = None if typed is None else typed.search(text.lowered)
            loose = None if at is None else _Hit(at.start(), text.folded[at.start() : at.end()])
        else:
            at = None if self._loose is None else self._loose.search(text.folded)
            loose = None if at is None else _Hit(at.start(), at.group(0))
        if text.accented:
            strict_form, on = self._strict_accented, text.lowered
        else:
            strict_form, on = self._strict_folded, text.folded
        strict = None if strict_form is None else strict_form.search(on)
        if self._typed is not None and text.accented:
            as_typed = self._typed.search(text.lowered)
            if as_typed is not None and (strict is None or as_typed.start() < strict.start()):
                strict = as_typed
        if strict is None:
            return None if loose is None else loose.text
        if loose is None or strict.start() < loose.start:
            return strict.group(0)
        return loose.text


@dataclass(frozen=True, slots=True)
class _Hit:
    start: int
    text: str


_UNASKED = object()
_ESCAPE = re.compile(r"\\.")


def fold_pattern(pattern: str) -> str:
    """A pattern's accent-folded form for the folded text, its escapes kept as written:
    folding lowers case, and a lowered `\\S` or `\\W` would mean the opposite class."""
    kept = [m.span() for m in _ESCAPE.finditer(pattern)]
    out, at = [], 0
    for start, end in kept:
        out.append(fold_aligned(pattern[at:start]))
        out.append(pattern[start:end])
        at = end
    out.append(fold_aligned(pattern[at:]))
    return "".join(out)


def cues(patterns: Iterable[str], *, strict: Iterable[str] = (), typed: Iterable[str] = ()) -> Cue:
    """A cue list (see `Cue`), compiled at import."""
    return Cue(patterns, strict, typed=typed)


def any_of(lists: Iterable[Cue]) -> Cue:
    """One list of every pattern of `lists`: it finds nothing exactly when each of them finds
    nothing, so a turn none of them speaks to is read with one search instead of one a list."""
    lists = tuple(lists)
    return Cue(
        (p for cue in lists for p in cue.loose_patterns),
        (p for cue in lists for p in cue.strict_patterns),
        typed=(p for cue in lists for p in cue.typed_patterns),
        merged=False,
    )


def gate_together(lists: Iterable[Cue]) -> Cue:
    """Ask `lists` through one union (`any_of`): the first of them a turn asks searches the
    union once, and when it finds nothing every one of them answers None without a search
    of its own; when it finds something each list is searched as before. For lists every
    turn asks and few turns hit (self-harm, emergency signs, …): the answers are the same."""
    lists = tuple(lists)
    union = any_of(lists)
    for cue in lists:
        if cue._gate is not None:
            raise ValueError(f"{cue.patterns[:1]} is already asked through another union")
        cue._gate = union
    return union


def first_cue(cue: Cue, text: TurnText) -> str | None:
    """The first hit of the list `cue` in the turn's text, or None."""
    return cue.search(text)


__all__ = [
    "Cue",
    "TurnText",
    "any_of",
    "cues",
    "first_cue",
    "fold_pattern",
    "forget_turn_texts",
    "gate_together",
    "keep_per_text",
]
