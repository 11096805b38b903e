"""The embedded index: a Qdrant Edge shard persisted under the data directory.

Layout: `<dir>/live.json` names the live generation and records its `IndexSpec`;
`<dir>/generations/<name>/` holds each shard. `replace` fills a new (staging) generation,
starting from a copy of the live points when asked to keep them, and switches `live.json`
with an atomic `os.replace`, so a half-finished ingest never serves. A generation that
`live.json` does not name is a leftover of an ingest that was killed; the next `replace`
removes it. Every read first checks whether `live.json` changed (one `stat`) and, if
another process switched it, opens the new generation: a running `serve` follows an
ingest. Run one writer (ingest) at a time.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import qdrant_edge as qe

from core.catalog import DrugEntry
from core.errors import DuocthuError, IndexUnavailable
from retrieval.filters import edge_filter
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
_COPY_PAGE = 512


def _config(spec: IndexSpec) -> qe.EdgeConfig:
    vectors = (
        {DENSE: qe.EdgeVectorParams(size=spec.dense_dim, distance=qe.Distance.Cosine)}
        if spec.dense_dim
        else None
    )
    # No WAL: every write here ends with flush(), and a replace is published only after
    # its flush, so the log would only double the disk use (48 MB at 15,100 chunks).
    return qe.EdgeConfig(
        vectors=vectors,
        sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
        wal_enabled=False,
    )


def _edge_point(point: IndexPoint) -> qe.Point:
    vector: dict[str, Any] = {
        SPARSE: qe.SparseVector(list(point.sparse.indices), list(point.sparse.values))
    }
    if point.dense is not None:
        vector[DENSE] = list(point.dense)
    return qe.Point(id=point.id, vector=vector, payload=point.payload)


class EdgeIndex:
    """`Index` over Qdrant Edge; thread-safe (one lock around the shard handle)."""

    def __init__(self, directory: Path) -> None:
        self._dir = Path(directory)
        self._lock = threading.RLock()
        self._shard: Any | None = None
        self._spec: IndexSpec | None = None
        self._generation: str | None = None
        self._seen: tuple[int, int] | None = None
        if not self._usable_dir(self._dir):
            raise IndexUnavailable(f"index directory is not a usable directory: {self._dir}")
        self._guard(self._open_live)

    @staticmethod
    def _usable_dir(path: Path) -> bool:
        """False when the path, or its nearest existing ancestor, is not a directory."""
        for candidate in (path, *path.parents):
            if candidate.exists():
                return candidate.is_dir()
        return True

    # -- lifecycle -------------------------------------------------------------------

    def _guard(self, fn: Callable[[], _T]) -> _T:
        try:
            return fn()
        except DuocthuError:
            raise
        except Exception as exc:  # qdrant_edge raises plain Exceptions; translate them all
            raise IndexUnavailable(f"qdrant edge failed under {self._dir}: {exc}") from exc

    def _live_file(self) -> Path:
        return self._dir / "live.json"

    def _pointer_stamp(self) -> tuple[int, int] | None:
        # os.replace gives live.json a new inode at every switch: a cheap change test.
        try:
            stat = self._live_file().stat()
        except FileNotFoundError:
            return None
        return stat.st_ino, stat.st_mtime_ns

    def _open_live(self) -> None:
        stamp = self._pointer_stamp()
        if stamp is None:
            return
        data = json.loads(self._live_file().read_text(encoding="utf-8"))
        generation = str(data["generation"])
        spec = IndexSpec.from_dict(data["spec"])
        if generation != self._generation:
            shard = qe.EdgeShard.load(str(self._dir / "generations" / generation))
            old, self._shard = self._shard, shard
            if old is not None:
                # The writer may already have deleted its files; nothing to keep then.
                with contextlib.suppress(Exception):
                    old.close()
        self._spec, self._generation, self._seen = spec, generation, stamp

    def _follow(self) -> None:
        """Serve the generation live.json names now, if another process switched it."""
        if self._pointer_stamp() != self._seen:
            self._guard(self._open_live)

    def _create(self, spec: IndexSpec) -> tuple[str, Any]:
        name = f"g{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:6]}"
        path = self._dir / "generations" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        shard = qe.EdgeShard.create(str(path), _config(spec))
        shard.update(qe.UpdateOperation.create_field_index("drug_id", qe.PayloadSchemaType.Keyword))
        shard.update(
            qe.UpdateOperation.create_field_index("section_key", qe.PayloadSchemaType.Keyword)
        )
        shard.update(
            qe.UpdateOperation.create_field_index("quarantined", qe.PayloadSchemaType.Bool)
        )
        shard.update(qe.UpdateOperation.create_field_index("order", qe.PayloadSchemaType.Integer))
        return name, shard

    def _publish(self, name: str, spec: IndexSpec) -> None:
        tmp = self._dir / "live.json.tmp"
        body = {"generation": name, "spec": spec.as_dict(), "published_at": time.time()}
        tmp.write_text(json.dumps(body, indent=2), encoding="utf-8")
        os.replace(tmp, self._live_file())
        self._seen = self._pointer_stamp()

    def _drop_other_generations(self, keep: str | None) -> None:
        root = self._dir / "generations"
        if not root.is_dir():
            return
        for path in root.iterdir():
            if path.name != keep:
                shutil.rmtree(path, ignore_errors=True)

    def _copy_live(self, target: Any) -> int:
        """Copy every live point, vectors included, into the staging shard `target`."""
        live = self._shard
        if live is None:
            return 0
        copied, offset = 0, None
        while True:
            request = qe.ScrollRequest(
                offset=offset, limit=_COPY_PAGE, with_payload=True, with_vector=True
            )
            records, offset = live.scroll(request)
            if records:
                points = [qe.Point(id=r.id, vector=r.vector, payload=r.payload) for r in records]
                target.update(qe.UpdateOperation.upsert_points(points))
                copied += len(records)
            if offset is None:
                return copied

    def close(self) -> None:
        with self._lock:
            if self._shard is not None:
                self._guard(self._shard.close)
                self._shard = None

    # -- writes ----------------------------------------------------------------------

    def spec(self) -> IndexSpec | None:
        with self._lock:
            self._follow()
            return self._spec

    def generation(self) -> str | None:
        with self._lock:
            self._follow()
            return self._generation

    def upsert(self, spec: IndexSpec, points: Sequence[IndexPoint]) -> None:
        with self._lock:
            self._follow()
            if self._shard is None:
                name, shard = self._guard(lambda: self._create(spec))
                self._guard(lambda: self._publish(name, spec))
                self._shard, self._spec, self._generation = shard, spec, name
            assert self._spec is not None  # noqa: S101 - set together with the shard
            spec.check_compatible(self._spec)
            if points:
                shard = self._shard
                op = qe.UpdateOperation.upsert_points([_edge_point(p) for p in points])
                self._guard(lambda: (shard.update(op), shard.flush()))

    def replace(
        self,
        spec: IndexSpec,
        batches: Iterable[Sequence[IndexPoint]],
        *,
        keep_live: bool = False,
    ) -> int:
        with self._lock:
            self._follow()
            if keep_live and self._spec is not None:
                spec.check_compatible(self._spec)
                spec = self._spec  # the staging copy holds the live vectors
            # Leftovers of a killed ingest; the live generation stays.
            self._drop_other_generations(keep=self._generation)
            name, shard = self._guard(lambda: self._create(spec))
            written = 0
            try:
                if keep_live:
                    self._guard(lambda: self._copy_live(shard))
                for batch in batches:
                    if batch:
                        op = qe.UpdateOperation.upsert_points([_edge_point(p) for p in batch])
                        self._guard(lambda op=op: shard.update(op))  # type: ignore[misc]
                        written += len(batch)
                self._guard(shard.flush)
                # Edge has no background optimizer: merge segments and build the HNSW
                # graph now, before the generation serves.
                self._guard(shard.optimize)
            except BaseException:
                # Best effort: the original error (or Ctrl-C) is what the caller must see;
                # whatever stays behind is removed by the next replace.
                with contextlib.suppress(Exception):
                    shard.close()
                shutil.rmtree(self._dir / "generations" / name, ignore_errors=True)
                raise
            old = self._shard
            self._guard(lambda: self._publish(name, spec))
            self._shard, self._spec, self._generation = shard, spec, name
            if old is not None:
                self._guard(old.close)
            self._drop_other_generations(keep=name)
            return written

    def delete(self, flt: QueryFilter) -> None:
        with self._lock:
            condition = edge_filter(flt)
            if self._shard is None or condition is None:
                return
            shard = self._shard
            op = qe.UpdateOperation.delete_points_by_filter(condition)
            self._guard(lambda: (shard.update(op), shard.flush()))

    # -- reads -----------------------------------------------------------------------

    def _read(self, fn: Callable[[Any], _T], empty: _T) -> _T:
        with self._lock:
            self._follow()
            shard = self._shard
            if shard is None:
                return empty
            return self._guard(lambda: fn(shard))

    def content_hashes(self, ids: Sequence[str]) -> dict[str, str]:
        def run(shard: Any) -> dict[str, str]:
            records = shard.retrieve(
                list(ids),
                with_payload=qe.PayloadSelector.Include(["content_hash"]),
                with_vector=False,
            )
            return {str(r.id): str((r.payload or {}).get("content_hash", "")) for r in records}

        return self._read(run, {}) if ids else {}

    def scroll(self, flt: QueryFilter, *, limit: int = 10_000) -> list[Hit]:
        def run(shard: Any) -> list[Hit]:
            request = qe.ScrollRequest(
                limit=limit,
                filter=edge_filter(flt),
                with_payload=True,
                with_vector=False,
                order_by=qe.OrderBy(key="order", direction=qe.Direction.Asc),
            )
            records, _ = shard.scroll(request)
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
        stages: list[Any] = []
        weights: list[float] = []
        if dense is not None:
            stages.append(qe.Query.Nearest(list(dense), using=DENSE))
            weights.append(RRF_WEIGHTS[DENSE])
        if sparse:
            vector = qe.SparseVector(list(sparse.indices), list(sparse.values))
            stages.append(qe.Query.Nearest(vector, using=SPARSE))
            weights.append(RRF_WEIGHTS[SPARSE])
        if not stages:
            return []
        condition = edge_filter(flt)
        if len(stages) == 1:
            request = qe.QueryRequest(
                limit=limit, query=stages[0], filter=condition, with_payload=True
            )
        else:
            request = qe.QueryRequest(
                limit=limit,
                prefetches=[
                    qe.Prefetch(limit=candidates, query=s, filter=condition) for s in stages
                ],
                query=qe.Fusion.Rrf(k=RRF_K, weights=weights),  # type: ignore[arg-type]  # stub lacks it
                filter=condition,
                with_payload=True,
            )

        def run(shard: Any) -> list[Hit]:
            return [
                Hit(str(p.id), dict(p.payload or {}), float(p.score)) for p in shard.query(request)
            ]

        return self._read(run, [])

    def count(self, flt: QueryFilter | None = None) -> int:
        return self._read(
            lambda s: int(s.count(qe.CountRequest(exact=True, filter=edge_filter(flt)))), 0
        )

    def drugs(self) -> list[DrugEntry]:
        def run(shard: Any) -> list[DrugEntry]:
            payloads: list[dict[str, Any]] = []
            offset = None
            while True:
                request = qe.ScrollRequest(
                    offset=offset,
                    limit=1024,
                    with_payload=qe.PayloadSelector.Include(CATALOG_FIELDS),
                )
                records, offset = shard.scroll(request)
                payloads.extend(dict(r.payload or {}) for r in records)
                if offset is None:
                    return drug_entries(payloads)

        return self._read(run, [])

    def health(self) -> None:
        self.count()


__all__ = ["EdgeIndex"]
