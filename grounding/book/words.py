"""The one matcher of the book's words: a list of phrases, folded once and matched as whole
words on folded text. `grounding.book.vocabulary` holds the lists; every reader of the book
matches its words through `Words`, never a pattern of its own.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from core.text import fold, fold_aligned


def folded_each(phrases: Iterable[str]) -> tuple[str, ...]:
    """Each phrase folded, in order: the one place the book's word lists are folded."""
    return tuple(fold(p) for p in phrases)


@dataclass(frozen=True)
class Words:
    """A list of phrases matched as whole words on folded text (longest phrase first)."""

    phrases: tuple[str, ...]
    folded: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        folded = tuple(sorted(set(folded_each(self.phrases)), key=len, reverse=True))
        object.__setattr__(self, "folded", folded)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The list as one whole-word pattern, built when first matched."""
        alternation = "|".join(re.escape(p) for p in self.folded)
        return re.compile(rf"(?<![0-9a-z])(?:{alternation})(?![0-9a-z])")

    def search(self, folded_text: str, pos: int = 0) -> re.Match[str] | None:
        return self.pattern.search(folded_text, pos)

    def match(self, folded_text: str, pos: int = 0) -> re.Match[str] | None:
        """A phrase of the list opens the text (at `pos`)."""
        return self.pattern.match(folded_text, pos)

    def fullmatch(self, folded_text: str) -> re.Match[str] | None:
        """The text is one phrase of the list."""
        return self.pattern.fullmatch(folded_text)

    def ends(self, folded_text: str) -> bool:
        """A phrase of the list closes the text, as a whole word."""
        return any(
            folded_text.endswith(p) and not word_before(folded_text, len(folded_text) - len(p))
            for p in self.folded
        )

    def closing(self, folded_text: str) -> int | None:
        """Where the longest phrase of the list that closes the text starts, if one does."""
        return next(
            (len(folded_text) - len(p) for p in self.folded if folded_text.endswith(p)), None
        )

    @cached_property
    def spelt(self) -> frozenset[str]:
        """The phrases as written, lowercased (NFC): how a text with its accents spells them."""
        return frozenset(unicodedata.normalize("NFC", p).lower() for p in self.phrases)

    def said(self, text: str, unless: Words | None = None) -> bool:
        """A phrase of the list is said in `text` (not folded) as the list spells it, or
        with no accents at all: "Vảy nến" folds like "nên" but does not say it. A phrase
        inside one of `unless` ("mắc phải" for "phải") does not count."""
        written = unicodedata.normalize("NFC", text).lower()
        folded = fold_aligned(written)
        if len(folded) != len(written):
            found = self.search(unless.strip(fold(text)) if unless else fold(text))
            return found is not None
        inside = [m.span() for m in unless.pattern.finditer(folded)] if unless else []
        for m in self.pattern.finditer(folded):
            if any(s <= m.start() and m.end() <= e for s, e in inside):
                continue
            printed = written[m.start() : m.end()]
            if printed == m.group() or printed in self.spelt:
                return True
        return False

    def replace(self, folded_text: str, by: str) -> str:
        """The text with every phrase of the list replaced by `by`."""
        return self.pattern.sub(by, folded_text)

    def strip(self, folded_text: str) -> str:
        """The text with every phrase of the list blanked."""
        return self.pattern.sub(" ", folded_text)


def word_before(text: str, at: int) -> bool:
    """A letter or digit stands just before position `at`."""
    return at > 0 and (text[at - 1].isdigit() or "a" <= text[at - 1] <= "z")


def words(spec: str) -> Words:
    """Phrases written `a|b|c`, so long lists stay readable and formatter-stable."""
    return Words(tuple(p.strip() for p in spec.split("|") if p.strip()))


def phrases(*parts: str) -> Words:
    """Every phrase made of one choice per part, in order; a part is written `a|b|c`, and an
    empty choice (`|a|b`) makes it optional: "liều |thường|chung" is "liều thường", "liều
    chung"."""
    made = [""]
    for part in parts:
        made = [f"{head}{choice}" for head in made for choice in part.split("|")]
    return Words(tuple(" ".join(p.split()) for p in made if p.strip()))


__all__ = ["Words", "folded_each", "phrases", "word_before", "words"]
