"""A medicine's name written as it is heard, syllable by syllable ("a mô xi xi lin", "ha pa
côn", "đi gô xin"): a voice keyboard, or someone who only heard the name said, writes each
syllable of a foreign name as a Vietnamese word. Joined, the run is the name as heard. A
Vietnamese syllable cannot end in "l", so a final "-ol" is heard as "-on" ("hapacon",
"paraxetamon"), and "ci" as "xi"; `DrugMatcher` accepts the joined run only as a name, or
one letter from one (`HEARD_DISTANCE`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from rapidfuzz import process
from rapidfuzz.distance import OSA

from core.names import spelling

MIN_SYLLABLES = 3
"""Syllables a heard name needs: two short words side by side are everyday Vietnamese."""
MAX_SYLLABLES = 6
MAX_SYLLABLE = 4
"""Letters of one heard syllable ("lin", "xin", "môn"): longer words are words."""
MIN_LETTERS = 6
"""Letters the joined run needs to stand for a name."""
HEARD_DISTANCE = 1
"""Edits a joined run may be from a printed name ("amoxixilin" for "amoxicilin")."""


def heard_names(tokens: tuple[str, ...], start: int) -> Iterator[tuple[int, tuple[str, ...]]]:
    """For each run of short syllables from `start`, longest first: where it ends and the
    spellings of the name it may be heard as (as joined, then with "-on" read "-ol")."""
    end = start
    while (
        end < len(tokens)
        and end - start < MAX_SYLLABLES
        and tokens[end].isalpha()
        and len(tokens[end]) <= MAX_SYLLABLE
    ):
        end += 1
    for stop in range(end, start + MIN_SYLLABLES - 1, -1):
        joined = "".join(tokens[start:stop])
        if len(joined) < MIN_LETTERS:
            continue
        forms = [joined]
        if joined.endswith("on"):
            forms.append(joined[:-1] + "l")
        yield stop, tuple(dict.fromkeys(spelling(f) for f in reversed(forms)))


def closest_heard(name: str, names: Mapping[str, str]) -> str | None:
    """The one drug of `names` (a printed name: its drug) whose name the heard `name` is at
    most `HEARD_DISTANCE` from, keeping its first two letters; None for none or two drugs."""
    close = [n for n in names if n[:2] == name[:2]]
    hits = process.extract(name, close, scorer=OSA.distance, score_cutoff=HEARD_DISTANCE)
    ids = {names[n] for n, _, _ in hits}
    return ids.pop() if len(ids) == 1 else None


__all__ = ["HEARD_DISTANCE", "MIN_SYLLABLES", "closest_heard", "heard_names"]
