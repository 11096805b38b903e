"""The Vietnamese sparse tokenizer: syllables, adjacent-syllable bigrams and accent-folded forms.

Terms are hashed into sparse-vector indices; document weights are BM25-saturated term
frequencies and Qdrant's IDF modifier supplies the inverse document frequency, so
the dot product is a BM25-style score. "lieu dung" finds "liều dùng" through the
folded forms, while a query typed with diacritics also earns the exact-accent terms.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from core.text import fold_words

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# The top bit of an index marks folded terms: "lieu" typed plainly and the folded form of
# "liều" share one folded index, while the exact "liều" keeps an index of its own.
_FOLDED_BIT = 1 << 31
_INDEX_MASK = (1 << 31) - 1

# Terms too common in every monograph to help rank; IDF would shrink them anyway.
STOPWORDS = frozenset(fold_words(w) for w in ("và", "của", "là", "có", "các", "được", "với", "thì"))


@dataclass(frozen=True, slots=True)
class SparseVector:
    """Sorted unique indices with their weights."""

    indices: tuple[int, ...]
    values: tuple[float, ...]

    def __bool__(self) -> bool:
        return bool(self.indices)


def syllables(text: str) -> list[str]:
    """NFC, lower-cased word pieces (Vietnamese syllables, numbers, Latin names)."""
    return _WORD.findall(unicodedata.normalize("NFC", text).lower().replace("\u0111", "đ"))


def _hash(term: str) -> int:
    digest = hashlib.blake2b(term.encode("utf-8"), digest_size=4).digest()
    return int.from_bytes(digest, "big") & _INDEX_MASK


class SparseEncoder:
    """Turns text into sparse vectors; `k1`, `b` and `avg_len` are the BM25 knobs.

    Every term is written twice in documents, exactly and folded, so lengths (and
    `avg_len`) count both copies.
    """

    def __init__(
        self, *, k1: float = 1.2, b: float = 0.75, avg_len: float = 240.0, exact_weight: float = 0.3
    ) -> None:
        if k1 <= 0:
            raise ValueError(f"k1 must be > 0, got {k1}")
        if not 0 <= b <= 1:
            raise ValueError(f"b must be within [0, 1], got {b}")
        if avg_len <= 0:
            raise ValueError(f"avg_len must be > 0, got {avg_len}")
        if not 0 <= exact_weight <= 1:
            raise ValueError(f"exact_weight must be within [0, 1], got {exact_weight}")
        self.k1, self.b, self.avg_len, self.exact_weight = k1, b, avg_len, exact_weight

    name = "vi-syllable-bigram-v2"

    def _terms(self, text: str) -> list[tuple[int, int]]:
        """(exact index, folded index) for every syllable and adjacent-syllable bigram."""
        exact = [s for s in syllables(text) if fold_words(s).replace(" ", "") not in STOPWORDS]
        folded = [fold_words(s).replace(" ", "") for s in exact]
        pairs = list(zip(exact, folded, strict=True))
        pairs += [
            (f"{exact[i]}_{exact[i + 1]}", f"{folded[i]}_{folded[i + 1]}")
            for i in range(len(exact) - 1)
        ]
        return [(_hash(term), _hash(folded_term) | _FOLDED_BIT) for term, folded_term in pairs]

    def document(self, text: str) -> SparseVector:
        """BM25-saturated term frequencies (IDF is applied by the index at query time)."""
        counts: Counter[int] = Counter()
        for exact, folded in self._terms(text):
            counts[exact] += 1
            counts[folded] += 1
        length = sum(counts.values()) or 1
        norm = self.k1 * (1 - self.b + self.b * length / self.avg_len)
        items = sorted((i, tf * (self.k1 + 1) / (tf + norm)) for i, tf in counts.items())
        return SparseVector(tuple(i for i, _ in items), tuple(round(v, 6) for _, v in items))

    def query(self, text: str) -> SparseVector:
        """Each distinct term once: the folded form carries most weight, the exact accents the rest.

        The index's IDF does the rest of the weighting. An ASCII word and an accented
        word typed correctly both earn `exact + folded` = 1; typed without accents, an
        accented word still earns the folded share.
        """
        weights: dict[int, float] = {}
        for exact, folded in self._terms(text):
            weights[exact] = self.exact_weight
            weights[folded] = 1.0 - self.exact_weight
        ordered = sorted(weights)
        return SparseVector(tuple(ordered), tuple(weights[i] for i in ordered))


__all__ = ["STOPWORDS", "SparseEncoder", "SparseVector", "syllables"]
