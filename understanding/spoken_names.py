"""A medicine's name as a phone's dictation writes it, read two ways.

- Heard as Vietnamese syllables ("pa ra xê ta môn", "xê phu rô xim", "zin nát" for Zinnat):
  the syllables are joined and both sides are written the way they sound (`sound_key`: "ph"
  is "f", "x" and a soft "c" are "s", a final "l" is heard as "n" since no Vietnamese syllable
  ends in it, doubled letters are one). A run of two to six short syllables inside one clause
  names a drug when its sound is that of exactly one drug's name, or one letter away from it
  for a long name (`SpokenNames`).
- Its first part heard as one Vietnamese word and the rest written as a word of its own
  ("sao butamol" for salbutamol): the two words, joined, are then a name typed a little wrong,
  if the second is no name of its own (`voice_name`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping

from rapidfuzz import process
from rapidfuzz.distance import OSA

from core.name_index import NameIndex, Rank
from core.names import is_vietnamese_syllable
from core.text import fold

MIN_SYLLABLES, MAX_SYLLABLES = 2, 6
SOUND_FROM = 3
"""Syllables a run needs to be read by its sound; two must spell the name ("zin nát")."""
MAX_SYLLABLE = 4
"""Letters of a dictated syllable of a foreign name ("xim", "phu", "môn", "xê")."""
MIN_KEY = 5
"""Sounds a name needs to be matched from syllables at all ("zin nát", Zinnat, is 5)."""
NEAR_FROM = 8
"""Sounds a name needs for one to differ ("pa ra xê ta mol" is still paracetamol)."""

MAX_SPLIT_HEAD = 4
"""The longest syllable a voice makes of a name's first part ("sao" for "sal")."""
MIN_SPLIT_REST = 5
"""The fewest letters of the rest of a name split by a voice ("butamol")."""


_STEPS: tuple[tuple[str, str], ...] = (
    (r"ph", "f"),
    (r"(?<=[bcdfgklmnpqrstvxz])h", ""),
    (r"c(?=[eiy])", "s"),
    (r"[cqk]", "k"),
    (r"x", "s"),
    (r"[zj]", "d"),
    (r"y", "i"),
    (r"w", "u"),
    (r"l(?![aeiou])", "n"),
    (r"(.)\1+", r"\1"),
)
_COMPILED = tuple((re.compile(p), r) for p, r in _STEPS)


def sound_key(word: str) -> str:
    """How a name sounds, in letters ("Cefuroxim" and "xê phu rô xim" both "sefurosim")."""
    key = "".join(c for c in fold(word) if c.isalpha())
    for pattern, replacement in _COMPILED:
        key = pattern.sub(replacement, key)
    return key


class SpokenNames:
    """Drug names by their sound; `find` reads a run of syllables as one of them."""

    def __init__(self, names: Iterable[tuple[str, str]], exact_only: Iterable[tuple[str, str]]):
        owners: dict[str, set[str]] = defaultdict(set)
        near: set[str] = set()
        names_seen, exact_seen = list(names), list(exact_only)
        for name, drug_id in names_seen:
            key = sound_key(name)
            if len(key) >= MIN_KEY:
                owners[key].add(drug_id)
                near.add(key)
        for name, drug_id in exact_seen:
            key = sound_key(name)
            if len(key) >= MIN_KEY:
                owners[key].add(drug_id)
        self._owners = {k: ids.pop() for k, ids in owners.items() if len(ids) == 1}
        self._spelt = {_letters(name) for name, _ in (*names_seen, *exact_seen)}
        by_first: dict[str, list[str]] = defaultdict(list)
        for key in sorted(near & set(self._owners)):
            if len(key) >= NEAR_FROM:
                by_first[key[0]].append(key)
        self._near = dict(by_first)

    @classmethod
    def of(
        cls, index: NameIndex, singles: dict[str, dict[str, str]], home: dict[str, str]
    ) -> SpokenNames:
        """The one-word names (`singles`, by first letter) near or exact; the products, the
        corpus's and `home`'s, exact only."""
        brands = [
            (" ".join(f.key), found[0][0])
            for f in index.forms()
            if f.rank is Rank.BRAND and len(f.key) == 1 and (found := index.lookup(f.key))
        ]
        return cls(
            (kv for names in singles.values() for kv in names.items()), (*home.items(), *brands)
        )

    def at(
        self, tokens: tuple[str, ...], i: int, breaks: frozenset[int], skip: frozenset[int]
    ) -> tuple[str, int] | None:
        """The drug the syllables from token `i` on name, with the token its run ends before,
        longest run first, inside one clause; None when no run sounds like one drug's name."""
        end = i
        while (
            end < min(len(tokens), i + MAX_SYLLABLES)
            and _syllable(tokens[end])
            and end not in skip
            and (end == i or end not in breaks)
        ):
            end += 1
        for last in range(end, i + MIN_SYLLABLES - 1, -1):
            joined = "".join(tokens[i:last])
            if last - i < SOUND_FROM and _letters(joined) not in self._spelt:
                continue  # "định của" sounds like the brand Zinqua: two syllables must spell it
            key = sound_key(joined)
            drug_id = self._owners.get(key) or self._near_one(key)
            if drug_id is not None:
                return drug_id, last
        return None

    def _near_one(self, key: str) -> str | None:
        choices = self._near.get(key[:1])
        if len(key) < NEAR_FROM or not choices:
            return None
        hits = process.extract(key, choices, scorer=OSA.distance, score_cutoff=1, limit=3)
        hits = [h for h in hits if h[0][:2] == key[:2]]
        ids = (
            {self._owners[name] for name, score, _ in hits if score == hits[0][1]}
            if hits
            else set()
        )
        return ids.pop() if len(ids) == 1 else None


def _letters(words: str) -> str:
    """The letters of `words`, a doubled one once ("Zinnat" and "zin nát" are both "zinat")."""
    return re.sub(r"(.)\1+", r"\1", "".join(c for c in fold(words) if c.isalpha()))


def _syllable(token: str) -> bool:
    return token.isalpha() and len(token) <= MAX_SYLLABLE


def voice_name(
    words: tuple[str, ...],
    apart: bool,
    one_word: Callable[[str], str | None],
    names: Mapping[str, str],
) -> str | None:
    """The drug two words name when a voice split its name: a short Vietnamese syllable, then
    a longer word that is not Vietnamese and names nothing alone, that joined are close to
    one name (`one_word`: the drug a word typed a little wrong names, or None) of `names`
    (name to drug) that ends with the second word."""
    if len(words) != 2 or apart:  # a syllable and the rest
        return None
    head, rest = words
    if not (is_vietnamese_syllable(head) and len(head) <= MAX_SPLIT_HEAD):
        return None
    if len(rest) < MIN_SPLIT_REST or not rest.isalpha() or is_vietnamese_syllable(rest):
        return None
    if one_word(rest) is not None:
        return None  # "cho amoxicilin": the second word is a name of its own
    found = one_word(head + rest)
    ends = any(name.endswith(rest) and drug == found for name, drug in names.items())
    return found if found is not None and ends else None


__all__ = ["SpokenNames", "sound_key", "voice_name"]
