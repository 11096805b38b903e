"""Passage vectors computed once and shipped with a corpus, so a first start does not embed.

The demo corpus's 514 chunks take the local model about three minutes to embed on
two cores. `data/formulary/vectors/<model>.npz` holds their vectors keyed by the
same content hash ingestion uses (`convert.content_hash`: the embedded text and the
model name), so a chunk whose text changed, or another model, simply misses and is
embedded as before: a stale file costs time, never correctness.

    python -m retrieval.vector_cache data/formulary      # rebuild after editing the corpus
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from core.errors import CorpusError
from retrieval.convert import content_hash, embed_text
from retrieval.embed import Embedder, LocalEmbedder
from retrieval.ingest import IngestReport, corpus_payloads

_FORMAT = 1


def cache_path(corpus_dir: Path, embedder_name: str) -> Path:
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", embedder_name).strip("_")
    return corpus_dir / "vectors" / f"{slug}.npz"


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


class CachedEmbedder:
    """An embedder that takes passage vectors from a cache first and embeds the misses."""

    def __init__(self, inner: Embedder, vectors: dict[str, np.ndarray]) -> None:
        self._inner = inner
        self._vectors = vectors
        self.name = inner.name
        self.dim = inner.dim
        self.hits = 0
        self.misses = 0

    def embed_query(self, text: str) -> list[float]:
        return self._inner.embed_query(text)

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        found = [self._vectors.get(content_hash(t, self.name)) for t in texts]
        missing = [i for i, v in enumerate(found) if v is None]
        computed = self._inner.embed_passages([texts[i] for i in missing]) if missing else []
        out: list[list[float]] = [[] for _ in texts]
        for i, cached in enumerate(found):
            if cached is not None:
                out[i] = [float(x) for x in cached]
        for i, fresh in zip(missing, computed, strict=True):
            out[i] = fresh
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        return out


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
    args = parser.parse_args(argv)
    if not args.corpus_dir.is_dir():
        print(f"error: {args.corpus_dir} is not a directory", file=sys.stderr)
        return 2
    try:
        path = build(args.corpus_dir, LocalEmbedder())
    except CorpusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["CachedEmbedder", "build", "cache_path", "load", "passage_texts", "save", "with_cache"]
