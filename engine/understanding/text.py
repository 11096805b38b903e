"""One user turn, cleaned and folded: accent-free lowercase text aligned with the original.

Every rule matches on the folded form, so "liều" and "lieu" are the same input; the
alignment lets a rule quote what the user actually typed (e.g. `age_text`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

# Long turns are cut before matching: rules look at phrases, not essays, and this bounds time.
MAX_CHARS = 4000

_REPEATED_PUNCT = re.compile(r"([!?.,;:~*_=+\-])\1+")
_SPACES = re.compile(r"\s+")
_TOKEN = re.compile(r"[a-z0-9]+")


class _FoldTable(dict[int, str]):
    """A lazily filled `str.translate` table mapping each character to one folded character."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if char in "đĐ":
            folded = "d"
        else:
            base = "".join(
                c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c)
            )
            base = base.lower()
            # One character out for one in, so positions in the folded text are positions in the
            # original; anything that would not stay one character becomes a space.
            folded = base if len(base) == 1 else " "
        self[code] = folded
        return folded


_FOLD = _FoldTable()


def fold(text: str) -> str:
    """Lowercase `text` and strip Vietnamese diacritics (đ → d), keeping its length."""
    return text.translate(_FOLD)


def clean(text: object) -> str:
    """NFC-normalise, drop control characters, collapse repeated punctuation and whitespace."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    text = unicodedata.normalize("NFC", text)
    text = "".join(
        " " if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") else c for c in text
    )
    text = _REPEATED_PUNCT.sub(r"\1", text)
    return _SPACES.sub(" ", text).strip()


def has_marks(text: str) -> bool:
    """True when the text carries Vietnamese diacritics (then bare ASCII words mean themselves)."""
    return any(ord(c) > 127 and fold(c) != c.lower() for c in text)


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
        folded = fold(original)
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

    def has(self, *phrases: str) -> bool:
        """True when any folded phrase occurs as whole words."""
        return any(f" {p} " in self.joined for p in phrases)

    def find(self, *phrases: str) -> int:
        """Character offset in `joined` of the earliest whole-word phrase, or -1."""
        hits = [i for p in phrases if (i := self.joined.find(f" {p} ")) >= 0]
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


__all__ = ["MAX_CHARS", "Turn", "clean", "fold", "has_marks"]
