"""Parts of the catalog's names that name a drug by themselves: the two words of a
combination's name ("amoxicilin clavulanat"), and a word of a several-word name no other drug
has ("isosorbid")."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from core.names import SALT_WORDS, is_vietnamese_syllable

MIN_COMBINATION_PART = 3
"""Letters each part of a short combination name needs ("amox-clav", "amoxi/clav")."""


def combination_parts(
    names: dict[str, str], ingredients: Callable[[str], int]
) -> dict[tuple[str, str], str]:
    """The two words of each two-word name of a combination ("amoxicilin clavulanat")."""
    found: dict[tuple[str, str], str] = {}
    for name, drug_id in names.items():
        words = name.split()
        if len(words) == 2 and ingredients(drug_id) > 1 and all(w.isalpha() for w in words):
            found[(words[0], words[1])] = drug_id
    return found


OWN_WORD = 6
"""Letters a word of a several-word name needs to name its drug alone ("isosorbid")."""
_NOT_OWN = frozenset(("vitamin", "acid", "thuoc", "dung", "dich", "vien"))


def own_words(names: dict[str, str], singles: frozenset[str]) -> dict[str, str]:
    """A word of a several-word name found in exactly one drug's names and in no one-word name:
    "isosorbid" is isosorbide dinitrate ("vitamin", a salt, or a word two drugs share name
    nobody)."""
    owners: dict[str, set[str]] = defaultdict(set)
    for name, drug_id in names.items():
        for word in name.split():
            if len(word) >= OWN_WORD and word.isalpha() and word not in _NOT_OWN:
                owners[word].add(drug_id)
    return {
        w: ids.pop()
        for w, ids in owners.items()
        if len(ids) == 1
        and w not in SALT_WORDS
        and w not in singles
        and not is_vietnamese_syllable(w)
    }


__all__ = ["MIN_COMBINATION_PART", "OWN_WORD", "combination_parts", "own_words"]
