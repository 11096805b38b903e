"""One user turn, cleaned and folded: accent-free lowercase text aligned with the original.

Every rule matches on the folded form, so "liều" and "lieu" are the same input; the
alignment lets a rule quote what the user actually typed (e.g. `age_text`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from core.text import fold_aligned

# Long turns are cut before matching: rules look at phrases, not essays, and this bounds time.
MAX_CHARS = 4000

# Characters that show nothing but split a word when treated as a space: zero-width space,
# non-joiner and joiner, word joiner, soft hyphen, byte-order mark. They are removed.
INVISIBLE = "\u200b\u200c\u200d\u2060\u00ad\ufeff"
_DROP_INVISIBLE = str.maketrans("", "", INVISIBLE)
_REPEATED_PUNCT = re.compile(r"([!?.,;:~*_=+\-])\1+")
_SPACES = re.compile(r"\s+")
_TOKEN = re.compile(r"[a-z0-9]+")
# Phrases of up to this many words are looked up in a set of the turn's word n-grams;
# longer ones (none in the lexicon today) fall back to a substring search.
NGRAM_WORDS = 6


def clean(text: object) -> str:
    """NFC-normalise, remove invisible characters, turn other control characters into
    spaces, collapse repeated punctuation and whitespace."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    text = unicodedata.normalize("NFC", text.translate(_DROP_INVISIBLE))
    # Every character of those categories is unprintable: a printable text (nearly every
    # turn) has none, and is not walked character by character.
    if not text.isprintable():
        text = "".join(
            " " if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") else c for c in text
        )
    text = _REPEATED_PUNCT.sub(r"\1", text)
    return _SPACES.sub(" ", text).strip()


def has_marks(text: str) -> bool:
    """True when the text carries Vietnamese diacritics (then bare ASCII words mean themselves)."""
    return not text.isascii() and any(ord(c) > 127 and fold_aligned(c) != c.lower() for c in text)


@dataclass(frozen=True)
class Turn:
    """A cleaned turn with its folded form and folded word tokens (with character spans)."""

    original: str
    folded: str
    tokens: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    marked: bool = field(default=False)

    @classmethod
    def of(cls, text: object) -> Turn:
        original = clean(text)[:MAX_CHARS]
        folded = fold_aligned(original)
        matches = list(_TOKEN.finditer(folded))
        return cls(
            original=original,
            folded=folded,
            tokens=tuple(m.group() for m in matches),
            spans=tuple(m.span() for m in matches),
            marked=has_marks(original),
        )

    @cached_property
    def joined(self) -> str:
        """Tokens joined by single spaces, padded with a space at both ends for phrase lookup."""
        return f" {' '.join(self.tokens)} "

    @cached_property
    def ngrams(self) -> frozenset[str]:
        """Every run of 1..NGRAM_WORDS consecutive tokens, joined by single spaces."""
        tokens, n = self.tokens, len(self.tokens)
        return frozenset(
            " ".join(tokens[i : i + k])
            for k in range(1, min(NGRAM_WORDS, n) + 1)
            for i in range(n - k + 1)
        )

    def has(self, *phrases: str) -> bool:
        """True when any folded phrase occurs as whole words."""
        return self.has_any(phrases)

    def has_any(self, phrases: Iterable[str]) -> bool:
        """`has` over a collection (pass the same tuple or frozenset each time: it is cached)."""
        key = phrases if isinstance(phrases, tuple | frozenset) else tuple(phrases)
        short, long = _by_length(key)
        if not self.ngrams.isdisjoint(short):
            return True
        return any(p in self.joined for p in long)

    def find(self, *phrases: str) -> int:
        """Character offset in `joined` of the earliest whole-word phrase, or -1."""
        short, long = _by_length(phrases)
        found = self.ngrams.intersection(short)
        joined = self.joined
        hits = [joined.find(f" {p} ") for p in found]
        hits += [i for p in long if (i := joined.find(p)) >= 0]
        return min(hits) if hits else -1

    def original_words(self) -> tuple[str, ...]:
        """The original (lowercase, accented) text of each token."""
        return self._original_words

    @cached_property
    def _original_words(self) -> tuple[str, ...]:
        low = self.original.lower()
        if len(low) != len(self.original):
            return self.tokens
        return tuple(low[a:b] for a, b in self.spans)

    def means(self, index: int, accented: str) -> bool:
        """Whether token `index` can be the accented word (folded input can be anything)."""
        words = self.original_words()
        word = words[index] if index < len(words) else self.tokens[index]
        return word == accented or word == self.tokens[index]

    def indexes_of(self, phrase: str) -> list[int]:
        """Token indexes where a folded phrase starts."""
        parts = phrase.split()
        n = len(parts)
        return [i for i in range(len(self.tokens) - n + 1) if list(self.tokens[i : i + n]) == parts]

    def snippet(self, start: int, end: int) -> str:
        """The original text between two character offsets of the folded text."""
        return self.original[start:end].strip()


def is_ngram_phrase(phrase: str) -> bool:
    """Whether `phrase` is 1..NGRAM_WORDS folded tokens joined by single spaces."""
    words = phrase.split(" ")
    return len(words) <= NGRAM_WORDS and all(_TOKEN.fullmatch(w) for w in words)


def ngram_set(phrases: Iterable[str]) -> frozenset[str]:
    """Phrases as a set to test against `Turn.ngrams`; refuses any that set cannot hold."""
    found = frozenset(phrases)
    bad = sorted(p for p in found if not is_ngram_phrase(p))
    if bad:
        raise ValueError(f"not single-spaced folded phrases of <= {NGRAM_WORDS} words: {bad}")
    return found


@lru_cache(maxsize=4096)
def _by_length(phrases: tuple[str, ...] | frozenset[str]) -> tuple[frozenset[str], tuple[str, ...]]:
    """Split phrases into n-gram lookups and padded substring searches.

    A phrase that is not single-spaced lowercase words can never match the token text;
    it goes to the substring side, where it finds nothing, exactly as a search would.
    """
    short: set[str] = set()
    long: list[str] = []
    for p in phrases:
        if is_ngram_phrase(p):
            short.add(p)
        else:
            long.append(f" {p} ")
    return frozenset(short), tuple(long)


__all__ = [
    "MAX_CHARS",
    "NGRAM_WORDS",
    "Turn",
    "clean",
    "has_marks",
    "is_ngram_phrase",
    "ngram_set",
]
