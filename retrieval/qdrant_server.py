"""The server index: qdrant-client against QDRANT_URL (a Qdrant server or cluster).

The alias `<name>` points at the live collection `<name>-g<stamp>`; `replace` fills a
new (staging) collection, starting from a copy of the live points when asked to keep
them, and swaps the alias in one request, so readers (which always go through the
alias) see the old corpus or the new one, never a half. A `<name>-g…` collection the
alias does not name is a leftover of an ingest that was killed; the next `replace`
deletes it once it is older than `STALE_AFTER` (a younger one may still be filling).
The `IndexSpec` is stored as collection metadata. Tests run it on
`QdrantClient(":memory:")`, which has the same API.
"""

from __future__ import annotations

import calendar
import contextlib
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from qdrant_client import QdrantClient
from qdrant_client import models as qm

from core.catalog import DrugEntry
from core.errors import ConfigError, DuocthuError, IndexUnavailable
from retrieval.filters import server_filter
from retrieval.index import (
    CATALOG_FIELDS,
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
from retrieval.tokenizer import SparseVector

_T = TypeVar("_T")
_INDEXES = {
    "drug_id": qm.PayloadSchemaType.KEYWORD,
    "section_key": qm.PayloadSchemaType.KEYWORD,
    "quarantined": qm.PayloadSchemaType.BOOL,
    "order": qm.PayloadSchemaType.INTEGER,
}


_STAMP = "%Y%m%d%H%M%S"
STALE_AFTER = 6 * 3600.0
"""Seconds after which a staging collection the alias does not name counts as left over.

Another process may be filling a staging collection right now (workers that start
on an empty index each ingest the demo corpus); a younger one is left alone."""


def _created_at(suffix: str) -> float:
    """UTC creation time encoded in a staging collection's name; 0 when there is none."""
    try:
        return float(calendar.timegm(time.strptime(suffix.split("-", 1)[0], _STAMP)))
    except ValueError:
        return 0.0


def _server_point(point: IndexPoint) -> qm.PointStruct:
    vector: dict[str, Any] = {
        SPARSE: qm.SparseVector(
            indices=list(point.sparse.indices), values=list(point.sparse.values)
        )
    }
    if point.dense is not None:
        vector[DENSE] = list(point.dense)
    return qm.PointStruct(id=point.id, vector=vector, payload=point.payload)


class ServerIndex:
    """`Index` over a Qdrant server through an injected `QdrantClient`."""

    def __init__(
        self,
        client: QdrantClient,
        *,
        name: str = "duocthu",
        batch_size: int = 256,
        stale_after: float = STALE_AFTER,
    ) -> None:
        if not name:
            raise ConfigError("collection name must not be empty")
        if batch_size < 1:
            raise ConfigError(f"batch_size must be >= 1, got {batch_size}")
        if stale_after < 0:
            raise ConfigError(f"stale_after must be >= 0, got {stale_after}")
        self._stale_after = stale_after
        self._client = client
        self._name = name
        self._batch = batch_size
        self._lock = threading.RLock()
        self._spec: IndexSpec | None = None
        self._live: str | None = None
        self._guard(self._load_live)

    def _guard(self, fn: Callable[[], _T]) -> _T:
        try:
            return fn()
        except DuocthuError:
            raise
        except Exception as exc:  # httpx, grpc and UnexpectedResponse errors alike
            raise IndexUnavailable(f"qdrant server failed for {self._name!r}: {exc}") from exc

    def _load_live(self) -> None:
        aliases = self._client.get_aliases().aliases
        target = next((a.collection_name for a in aliases if a.alias_name == self._name), None)
        if target is None:
            self._spec, self._live = None, None
            return
        if target == self._live and self._spec is not None:
            return  # collections are immutable in spec; only a move needs a new read
        metadata = self._client.get_collection(target).config.metadata or {}
        self._spec = IndexSpec.from_dict(dict(metadata.get("duocthu_spec") or {}))
        self._live = target

    def _create(self, spec: IndexSpec) -> str:
        stamp = time.strftime(_STAMP, time.gmtime())
        name = f"{self._name}-g{stamp}-{uuid.uuid4().hex[:6]}"
        vectors = (
            {DENSE: qm.VectorParams(size=spec.dense_dim, distance=qm.Distance.COSINE)}
            if spec.dense_dim
            else {}
        )
        self._client.create_collection(
            name,
            vectors_config=vectors,
            sparse_vectors_config={SPARSE: qm.SparseVectorParams(modifier=qm.Modifier.IDF)},
            metadata={"duocthu_spec": spec.as_dict()},
        )
        with warnings.catch_warnings():
            # Local mode warns that payload indexes do nothing there; a server uses them.
            warnings.filterwarnings("ignore", message="Payload indexes have no effect")
            for field, schema in _INDEXES.items():
                self._client.create_payload_index(name, field, schema)
        return name

    def _point_alias(self, collection: str) -> None:
        ops: list[Any] = []
        if self._live is not None:
            ops.append(qm.DeleteAliasOperation(delete_alias=qm.DeleteAlias(alias_name=self._name)))
        ops.append(
            qm.CreateAliasOperation(
                create_alias=qm.CreateAlias(collection_name=collection, alias_name=self._name)
            )
        )
        self._client.update_collection_aliases(change_aliases_operations=ops)

    def _drop_stale(self) -> None:
        prefix = f"{self._name}-g"
        for collection in self._client.get_collections().collections:
            name = collection.name
            if not name.startswith(prefix) or name == self._live:
                continue
            if time.time() - _created_at(name[len(prefix) :]) >= self._stale_after:
                self._client.delete_collection(name)

    def _copy_live(self, target: str) -> None:
        """Copy every live point, vectors included, into the staging collection `target`."""
        if self._live is None:
            return
        offset: Any = None
        while True:
            records, offset = self._client.scroll(
                self._live, offset=offset, limit=self._batch, with_payload=True, with_vectors=True
            )
            if records:
                points = [
                    qm.PointStruct(id=r.id, vector=r.vector or {}, payload=r.payload)
                    for r in records
                ]
                self._client.upsert(target, points, wait=True)
            if offset is None:
                return

    def _write(self, collection: str, points: Sequence[IndexPoint]) -> None:
        for start in range(0, len(points), self._batch):
            chunk = [_server_point(p) for p in points[start : start + self._batch]]
            self._client.upsert(collection, chunk, wait=True)

    def spec(self) -> IndexSpec | None:
        return self._spec

    def generation(self) -> str | None:
        # One request: which collection the alias names now (and its spec, if it moved).
        with self._lock:
            self._guard(self._load_live)
            return self._live

    def upsert(self, spec: IndexSpec, points: Sequence[IndexPoint]) -> None:
        with self._lock:
            if self._live is None:
                collection = self._guard(lambda: self._create(spec))
                self._guard(lambda: self._point_alias(collection))
                self._spec, self._live = spec, collection
            assert self._spec is not None  # noqa: S101 - set together with the alias
            spec.check_compatible(self._spec)
            self._guard(lambda: self._write(self._name, points))

    def replace(
        self,
        spec: IndexSpec,
        batches: Iterable[Sequence[IndexPoint]],
        *,
        keep_live: bool = False,
    ) -> int:
        with self._lock:
            # Another process may have switched the alias since this adapter looked.
            self._guard(self._load_live)
            if keep_live and self._spec is not None:
                spec.check_compatible(self._spec)
                spec = self._spec  # the staging copy holds the live vectors
            self._guard(self._drop_stale)
            collection = self._guard(lambda: self._create(spec))
            written = 0
            try:
                if keep_live:
                    self._guard(lambda: self._copy_live(collection))
                for batch in batches:
                    self._guard(lambda batch=batch: self._write(collection, batch))  # type: ignore[misc]
                    written += len(batch)
            except BaseException:
                # Best effort: the original error (or Ctrl-C) is what the caller must see;
                # a collection that stays behind is removed by a later replace.
                with contextlib.suppress(Exception):
                    self._client.delete_collection(collection)
                raise
            old = self._live
            self._guard(lambda: self._point_alias(collection))
            self._spec, self._live = spec, collection
            if old is not None and old != collection:
                self._guard(lambda: self._client.delete_collection(old))
            return written

    def delete(self, flt: QueryFilter) -> None:
        condition = server_filter(flt)
        if self._live is None or condition is None:
            return
        selector = qm.FilterSelector(filter=condition)
        self._guard(lambda: self._client.delete(self._name, points_selector=selector, wait=True))

    def _read(self, fn: Callable[[], _T], empty: _T) -> _T:
        if self._live is None:
            # Another process (`duocthu ingest`) may have created the corpus since.
            self._guard(self._load_live)
            if self._live is None:
                return empty
        return self._guard(fn)

    def content_hashes(self, ids: Sequence[str]) -> dict[str, str]:
        def run() -> dict[str, str]:
            records = self._client.retrieve(
                self._name, ids=list(ids), with_payload=["content_hash"], with_vectors=False
            )
            return {str(r.id): str((r.payload or {}).get("content_hash", "")) for r in records}

        return self._read(run, {}) if ids else {}

    def scroll(self, flt: QueryFilter, *, limit: int = 10_000) -> list[Hit]:
        def run() -> list[Hit]:
            records, _ = self._client.scroll(
                self._name,
                scroll_filter=server_filter(flt),
                limit=limit,
                with_payload=True,
                with_vectors=False,
                order_by=qm.OrderBy(key="order", direction=qm.Direction.ASC),
            )
            return [Hit(id=str(r.id), payload=dict(r.payload or {})) for r in records]

        return self._read(run, [])

    def query(
        self,
        *,
        dense: Sequence[float] | None,
        sparse: SparseVector | None,
        flt: QueryFilter | None = None,
        limit: int = 8,
        candidates: int = 50,
    ) -> list[Hit]:
        stages: list[tuple[Any, str]] = []
        if dense is not None:
            stages.append((list(dense), DENSE))
        if sparse:
            stages.append(
                (qm.SparseVector(indices=list(sparse.indices), values=list(sparse.values)), SPARSE)
            )
        if not stages:
            return []
        condition = server_filter(flt)

        def run() -> list[Hit]:
            if len(stages) == 1:
                vector, using = stages[0]
                response = self._client.query_points(
                    self._name, query=vector, using=using, query_filter=condition, limit=limit
                )
            else:
                response = self._client.query_points(
                    self._name,
                    prefetch=[
                        qm.Prefetch(query=v, using=u, filter=condition, limit=candidates)
                        for v, u in stages
                    ],
                    query=qm.RrfQuery(
                        rrf=qm.Rrf(k=RRF_K, weights=[RRF_WEIGHTS[u] for _, u in stages])
                    ),
                    query_filter=condition,
                    limit=limit,
                )
            return [Hit(str(p.id), dict(p.payload or {}), float(p.score)) for p in response.points]

        return self._read(run, [])

    def count(self, flt: QueryFilter | None = None) -> int:
        return self._read(
            lambda: int(
                self._client.count(self._name, count_filter=server_filter(flt), exact=True).count
            ),
            0,
        )

    def drugs(self) -> list[DrugEntry]:
        def run() -> list[DrugEntry]:
            payloads: list[dict[str, Any]] = []
            offset: Any = None
            while True:
                records, offset = self._client.scroll(
                    self._name, offset=offset, limit=1024, with_payload=CATALOG_FIELDS
                )
                payloads.extend(dict(r.payload or {}) for r in records)
                if offset is None:
                    return drug_entries(payloads)

        return self._read(run, [])

    def health(self) -> None:
        self._guard(self._client.get_aliases)

    def close(self) -> None:
        self._guard(self._client.close)


__all__ = ["STALE_AFTER", "ServerIndex"]
