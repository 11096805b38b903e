"""A drug's name as a voice types it: its first part heard as a Vietnamese syllable.

Dictation writes a foreign name by what it hears, so its first syllable may come out as a
Vietnamese word and the rest as a word of its own ("sao butamol" for salbutamol). The two
words, joined, are then a name typed a little wrong, if the second is no name of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from core.names import is_vietnamese_syllable

MAX_SPLIT_HEAD = 4
"""The longest syllable a voice makes of a name's first part ("sao" for "sal")."""
MIN_SPLIT_REST = 5
"""The fewest letters of the rest of a name split by a voice ("butamol")."""


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


__all__ = ["voice_name"]
