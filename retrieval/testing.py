"""Small honest fakes: an in-memory `Index` and a deterministic embedder, for tests and readers.

`MemoryIndex` passes the same conformance suite as the Qdrant adapters: IDF-weighted
sparse dot products, cosine dense scores, RRF fusion and generation swaps.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any

from core.catalog import DrugEntry
from retrieval.index import (
    DENSE,
    RRF_K,
    RRF_WEIGHTS,
    SPARSE,
    Hit,
    IndexPoint,
    IndexSpec,
    QueryFilter,
    drug_entries,
)
from retrieval.tokenizer import SparseVector, syllables


class HashEmbedder:
    """Bag of hashed syllables and bigrams, L2-normalised: similar words, similar vectors."""

    def __init__(self, dim: int = 64) -> None:
        if dim < 8:
            raise ValueError(f"dim must be >= 8, got {dim}")
        self.dim: int | None = dim
        self.name = f"fake:hash:{dim}"
        self.calls = 0

    def _vector(self, text: str) -> list[float]:
        words = syllables(text)
        grams = words + [f"{a} {b}" for a, b in itertools.pairwise(words)]
        vector = [0.0] * (self.dim or 0)
        for gram in grams:
            digest = hashlib.blake2b(gram.encode(), digest_size=8).digest()
            slot = int.from_bytes(digest[:4], "big") % len(vector)
            vector[slot] += 1.0 if digest[4] & 1 else -1.0
        norm = math.sqrt(sum(x * x for x in vector)) or 1.0
        return [x / norm for x in vector]

    def embed_query(self, text: str) -> list[float]:
        self.calls += 1
        return self._vector(text)

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += len(texts)
        return [self._vector(t) for t in texts]


def _matches(payload: dict[str, Any], flt: QueryFilter | None) -> bool:
    if flt is None:
        return True
    if flt.drug_ids and payload.get("drug_id") not in flt.drug_ids:
        return False
    return not (flt.section_keys and payload.get("section_key") not in flt.section_keys)


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    na = math.sqrt(sum(x * x for x in a)) or 1.0
    nb = math.sqrt(sum(x * x for x in b)) or 1.0
    return sum(x * y for x, y in zip(a, b, strict=True)) / (na * nb)


class MemoryIndex:
    """`Index` in a dict; `replace` builds the new generation aside and swaps it in."""

    def __init__(self) -> None:
        self._points: dict[str, IndexPoint] = {}
        self._spec: IndexSpec | None = None
        self._generation = 0
        self.fail_with: Exception | None = None
        """Set to make every call raise it (to test failure handling)."""

    def _check(self) -> None:
        if self.fail_with is not None:
            raise self.fail_with

    def spec(self) -> IndexSpec | None:
        return self._spec

    def generation(self) -> str | None:
        self._check()
        return f"m{self._generation}" if self._spec is not None else None

    def upsert(self, spec: IndexSpec, points: Sequence[IndexPoint]) -> None:
        self._check()
        if self._spec is None:
            self._spec = spec
        spec.check_compatible(self._spec)
        self._points.update({p.id: p for p in points})

    def replace(
        self,
        spec: IndexSpec,
        batches: Iterable[Sequence[IndexPoint]],
        *,
        keep_live: bool = False,
    ) -> int:
        self._check()
        if keep_live and self._spec is not None:
            spec.check_compatible(self._spec)
            spec = self._spec
        fresh: dict[str, IndexPoint] = dict(self._points) if keep_live else {}
        written = 0
        for batch in batches:
            fresh.update({p.id: p for p in batch})
            written += len(batch)
        self._points, self._spec = fresh, spec
        self._generation += 1
        return written

    def delete(self, flt: QueryFilter) -> None:
        self._check()
        self._points = {k: p for k, p in self._points.items() if not _matches(p.payload, flt)}

    def content_hashes(self, ids: Sequence[str]) -> dict[str, str]:
        self._check()
        return {
            i: str(self._points[i].payload.get("content_hash", ""))
            for i in ids
            if i in self._points
        }

    def scroll(self, flt: QueryFilter, *, limit: int = 10_000) -> list[Hit]:
        self._check()
        found = [p for p in self._points.values() if _matches(p.payload, flt)]
        found.sort(key=lambda p: (int(p.payload.get("order", 0)), p.id))
        return [Hit(p.id, dict(p.payload)) for p in found[:limit]]

    def _sparse_scores(self, query: SparseVector, pool: list[IndexPoint]) -> dict[str, float]:
        total = len(self._points)
        df: dict[int, int] = {}
        for point in self._points.values():
            for index in point.sparse.indices:
                df[index] = df.get(index, 0) + 1
        scores: dict[str, float] = {}
        for point in pool:
            weights = dict(zip(point.sparse.indices, point.sparse.values, strict=True))
            score = 0.0
            for index, value in zip(query.indices, query.values, strict=True):
                if index in weights:
                    n = df[index]
                    idf = math.log(1 + (total - n + 0.5) / (n + 0.5))
                    score += value * weights[index] * idf
            if score > 0:
                scores[point.id] = score
        return scores

    def query(
        self,
        *,
        dense: Sequence[float] | None,
        sparse: SparseVector | None,
        flt: QueryFilter | None = None,
        limit: int = 8,
        candidates: int = 50,
    ) -> list[Hit]:
        self._check()
        pool = [p for p in self._points.values() if _matches(p.payload, flt)]
        rankings: list[tuple[float, list[tuple[str, float]]]] = []
        if dense is not None:
            scored = [(p.id, _cosine(dense, p.dense)) for p in pool if p.dense is not None]
            rankings.append((RRF_WEIGHTS[DENSE], sorted(scored, key=lambda s: (-s[1], s[0]))))
        if sparse:
            scored = list(self._sparse_scores(sparse, pool).items())
            rankings.append((RRF_WEIGHTS[SPARSE], sorted(scored, key=lambda s: (-s[1], s[0]))))
        if not rankings:
            return []
        if len(rankings) == 1:
            ranked = rankings[0][1][:limit]
        else:
            fused: dict[str, float] = {}
            for weight, ranking in rankings:
                for rank, (point_id, _) in enumerate(ranking[:candidates]):
                    # Qdrant's weighted RRF: the weight stretches positions, see RRF_WEIGHTS.
                    gain = 1.0 / ((rank + 1) / weight + RRF_K - 1)
                    fused[point_id] = fused.get(point_id, 0.0) + gain
            ranked = sorted(fused.items(), key=lambda s: (-s[1], s[0]))[:limit]
        return [Hit(i, dict(self._points[i].payload), s) for i, s in ranked]

    def count(self, flt: QueryFilter | None = None) -> int:
        self._check()
        return sum(1 for p in self._points.values() if _matches(p.payload, flt))

    def drugs(self) -> list[DrugEntry]:
        self._check()
        return drug_entries(p.payload for p in self._points.values())

    def health(self) -> None:
        self._check()

    def close(self) -> None:
        """Nothing to release."""


__all__ = ["HashEmbedder", "MemoryIndex"]
