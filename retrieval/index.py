"""The `Index` port: chunks with a dense and a sparse vector, filtered lookups and hybrid search.

Adapters: `qdrant_edge.EdgeIndex` (embedded, the default), `qdrant_server.ServerIndex`
(qdrant-client against QDRANT_URL) and `testing.MemoryIndex`; all pass the one
conformance suite in tests/retrieval/index_conformance.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from core.catalog import DrugEntry
from core.errors import ConfigError
from retrieval.tokenizer import SparseEncoder, SparseVector

DENSE = "dense"
SPARSE = "sparse"
RRF_K = 60
"""Reciprocal Rank Fusion constant, passed explicitly so every adapter fuses alike."""
RRF_WEIGHTS = {DENSE: 1.0, SPARSE: 0.2}
"""Qdrant's weighted RRF: a hit at 0-based position p adds 1 / ((p + 1) / w + k - 1).

A small weight makes a side's contribution fall off faster with rank, i.e. trusts its
top hits more. On the dev slice of evals/retrieval.jsonl (sparse is the stronger side:
e5-small sees every section of a drug as alike), k=60 with dense 1.0 / sparse 0.2 gave
recall@5 0.962 and MRR 0.819, against 0.911 / 0.743 for unweighted k=60 and
0.955 / 0.818 for sparse alone (`duocthu eval retrieval`)."""


@dataclass(frozen=True, slots=True)
class IndexSpec:
    """What the vectors of an index mean; recorded with the index when it is created."""

    embedder: str
    dense_dim: int | None
    sparse: str = SparseEncoder.name

    def check_compatible(self, live: IndexSpec) -> None:
        """Raise `ConfigError` when vectors made by this spec cannot go into `live`."""
        if live.sparse != self.sparse:
            raise ConfigError(
                f"index sparse encoder is {live.sparse!r}, this build writes {self.sparse!r}; "
                "re-ingest with --replace"
            )
        if self.dense_dim is None:
            return  # sparse-only writers and readers work on any index
        if live.dense_dim != self.dense_dim or live.embedder != self.embedder:
            raise ConfigError(
                f"index was built with embedder {live.embedder!r} (dim {live.dense_dim}); "
                f"configured embedder is {self.embedder!r} (dim {self.dense_dim}); "
                "set EMBEDDING_PROVIDER (and LOCAL_EMBEDDING_RUNTIME) to match "
                "or re-ingest with --replace"
            )

    def as_dict(self) -> dict[str, Any]:
        return {"embedder": self.embedder, "dense_dim": self.dense_dim, "sparse": self.sparse}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> IndexSpec:
        dim = data.get("dense_dim")
        return cls(
            embedder=str(data.get("embedder", "")),
            dense_dim=int(dim) if dim is not None else None,
            sparse=str(data.get("sparse", SparseEncoder.name)),
        )


@dataclass(frozen=True, slots=True)
class IndexPoint:
    """One chunk ready for the index: its uuid5 id, payload and vectors."""

    id: str
    payload: dict[str, Any]
    sparse: SparseVector
    dense: list[float] | None = None


@dataclass(frozen=True, slots=True)
class QueryFilter:
    """Restrict a lookup to some drugs and/or sections (empty tuple: no restriction)."""

    drug_ids: tuple[str, ...] = ()
    section_keys: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Hit:
    """A stored point as read back: id, payload and (for queries) its score."""

    id: str
    payload: dict[str, Any] = field(default_factory=dict)
    score: float = 0.0


@runtime_checkable
class Index(Protocol):
    """Chunk storage and search.

    Contract:
    - `upsert` writes into the live corpus (creating it with `spec` when there is none)
      and raises `ConfigError` when `spec` does not fit the live vectors.
    - `replace` writes every batch into a fresh (staging) generation and makes it live
      only after the last batch, switching an alias or pointer atomically; if it raises
      or the process dies, the previous corpus keeps serving, and the next `replace`
      removes the leftover. With `keep_live` the staging generation starts as a copy of
      the live corpus (an all-or-nothing upsert: `ConfigError` when `spec` does not fit
      it). Returns the number of points written from `batches`.
    - `scroll` returns matching points ordered by the payload's `order`.
    - `query` takes a dense and/or a sparse vector: both fuse by weighted RRF (`RRF_K`,
      `RRF_WEIGHTS`), one alone ranks by its own score; results are best first.
    - `generation` names the live corpus as the backend sees it now (None: none yet); it
      changes at every switch, including one made by another process, so a reader can
      tell when to drop what it cached.
    - Any backend failure raises `IndexUnavailable`.
    """

    def spec(self) -> IndexSpec | None: ...

    def generation(self) -> str | None: ...

    def upsert(self, spec: IndexSpec, points: Sequence[IndexPoint]) -> None: ...

    def replace(
        self,
        spec: IndexSpec,
        batches: Iterable[Sequence[IndexPoint]],
        *,
        keep_live: bool = False,
    ) -> int: ...

    def delete(self, flt: QueryFilter) -> None: ...

    def content_hashes(self, ids: Sequence[str]) -> dict[str, str]: ...

    def scroll(self, flt: QueryFilter, *, limit: int = 10_000) -> list[Hit]: ...

    def query(
        self,
        *,
        dense: Sequence[float] | None,
        sparse: SparseVector | None,
        flt: QueryFilter | None = None,
        limit: int = 8,
        candidates: int = 50,
    ) -> list[Hit]: ...

    def count(self, flt: QueryFilter | None = None) -> int: ...

    def drugs(self) -> list[DrugEntry]: ...

    def health(self) -> None: ...

    def close(self) -> None: ...


CATALOG_FIELDS = ["drug_id", "drug_name", "inn", "aliases", "atc"]
"""The payload fields the catalog is built from (`drug_entries`)."""


def drug_entries(payloads: Iterable[dict[str, Any]]) -> list[DrugEntry]:
    """One catalog entry per drug id from chunk payloads: the first name wins; aliases,
    ATC codes and INNs are merged over every payload, whatever order the index returns them
    in. The first INN seen is the entry's; another INN a line gives becomes an alias, so
    each name the corpus gives a drug (`inn` or `aliases`) finds it."""
    seen: dict[str, DrugEntry] = {}
    for payload in payloads:
        drug_id = str(payload.get("drug_id", ""))
        inn = str(payload.get("inn") or "").strip()
        aliases = tuple(str(a) for a in payload.get("aliases") or ())
        atc = tuple(str(a) for a in payload.get("atc") or ())
        known = seen.get(drug_id)
        if known is None:
            seen[drug_id] = DrugEntry(
                drug_id=drug_id,
                name=str(payload.get("drug_name", drug_id)),
                inn=inn,
                aliases=aliases,
                atc=atc,
            )
            continue
        first_inn = known.inn or inn
        extra = (inn,) if inn and inn != first_inn else ()
        merged = tuple(dict.fromkeys((*known.aliases, *aliases, *extra)))
        codes = tuple(dict.fromkeys((*known.atc, *atc)))
        if (first_inn, merged, codes) != (known.inn, known.aliases, known.atc):
            seen[drug_id] = known.model_copy(
                update={"inn": first_inn, "aliases": merged, "atc": codes}
            )
    return sorted(seen.values(), key=lambda e: e.drug_id)


__all__ = [
    "CATALOG_FIELDS",
    "DENSE",
    "RRF_K",
    "RRF_WEIGHTS",
    "SPARSE",
    "Hit",
    "Index",
    "IndexPoint",
    "IndexSpec",
    "QueryFilter",
    "drug_entries",
]
