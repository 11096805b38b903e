"""`duocthu eval retrieval`: recall@1, recall@5 and MRR of sparse, dense and hybrid search.

Queries (`evals/retrieval.jsonl`, and the held-out slice `evals/retrieval.heldout.jsonl`
written before any tuning) name the drug and section that should come back; search
runs unfiltered over our demo formulary, indexed in Qdrant Edge under
DUOCTHU_DATA_DIR/eval-retrieval (re-runs reuse the vectors of unchanged chunks).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.settings import load_settings
from runners.evals.report import record

ROOT = Path(__file__).resolve().parents[2]
SETS = (ROOT / "evals" / "retrieval.jsonl", ROOT / "evals" / "retrieval.heldout.jsonl")
CORPUS_DIR = ROOT / "data" / "formulary"
MODES = ("sparse", "dense", "hybrid")
DEPTH = 5
# Exit 1 when held-out hybrid (or sparse, with embedding disabled) recall@5 falls below.
HELDOUT_RECALL5_FLOOR = 0.80


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    slice: str
    answers: frozenset[tuple[str, str]]


@dataclass
class Score:
    """Rank of the first right chunk per case (None: not in the top `DEPTH`)."""

    ranks: list[int | None] = field(default_factory=list)
    misses: list[tuple[str, str, list[tuple[str, str]]]] = field(default_factory=list)

    def recall(self, k: int) -> float:
        return sum(1 for r in self.ranks if r is not None and r <= k) / max(len(self.ranks), 1)

    def mrr(self) -> float:
        return sum(1 / r for r in self.ranks if r is not None) / max(len(self.ranks), 1)


def load_cases(paths: Sequence[Path]) -> list[Case]:
    cases = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row: dict[str, Any] = json.loads(line)
            expected = row["expected"]
            answers = {(expected["drug_id"], expected["section_key"])}
            answers |= {(str(d), str(s)) for d, s in row.get("also", [])}
            cases.append(Case(row["id"], row["text"], row.get("slice", "dev"), frozenset(answers)))
    return cases


def evaluate(
    searchers: dict[str, Callable[[str], list[Any]]],
    cases: Sequence[Case],
    *,
    progress: bool = True,
) -> dict[tuple[str, str], Score]:
    """Score every case with every searcher (label → query → evidence), per slice."""
    scores: dict[tuple[str, str], Score] = {}
    total = len(cases) * len(searchers)
    with tqdm(total=total, unit="query", disable=not progress, file=sys.stderr) as bar:
        for mode, search in searchers.items():
            for case in cases:
                found = search(case.text)
                got = [(e.drug_id, e.section_key) for e in found]
                rank = next((i for i, g in enumerate(got, 1) if g in case.answers), None)
                for key in ((mode, case.slice), (mode, "all")):
                    score = scores.setdefault(key, Score())
                    score.ranks.append(rank)
                    if rank is None and key[1] != "all":
                        score.misses.append((case.id, case.text, got[:3]))
                bar.update(1)
    return scores


def render(scores: dict[tuple[str, str], Score], modes: Sequence[str]) -> str:
    slices = sorted({s for _, s in scores}, key=lambda s: (s == "all", s))
    lines = [f"{'slice':<9} {'n':>4}  " + "  ".join(f"{m:>22}" for m in modes)]
    lines.append(f"{'':<9} {'':>4}  " + "  ".join(f"{'R@1   R@5   MRR':>22}" for _ in modes))
    lines[0] = f"{'slice':<9} {'n':>4}  " + "  ".join(f"{m:>22}" for m in modes)
    for name in slices:
        n = len(scores[(modes[0], name)].ranks)
        cells = []
        for mode in modes:
            s = scores[(mode, name)]
            cells.append(f"{s.recall(1):>10.3f} {s.recall(5):.3f} {s.mrr():.3f}")
        lines.append(f"{name:<9} {n:>4}  " + "  ".join(cells))
    return "\n".join(lines)


class _QueryCache:
    """Embeds each query text once, however many modes search with it."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.name: str = inner.name
        self.dim: int | None = inner.dim
        self._memo: dict[str, list[float]] = {}

    def embed_query(self, text: str) -> list[float]:
        if text not in self._memo:
            self._memo[text] = self._inner.embed_query(text)
        return self._memo[text]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        return list(self._inner.embed_passages(texts))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="duocthu eval retrieval", description=__doc__)
    parser.add_argument("--set", type=Path, action="append", help="query file(s); default both")
    parser.add_argument("--index-dir", type=Path, help="Edge index directory to build and use")
    parser.add_argument("--misses", type=int, default=0, help="print up to N misses per mode")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)

    from retrieval.build import build_embedder  # noqa: PLC0415
    from retrieval.ingest import ingest_files  # noqa: PLC0415
    from retrieval.qdrant_edge import EdgeIndex  # noqa: PLC0415
    from retrieval.service import RetrievalService, SearchMode  # noqa: PLC0415
    from retrieval.vector_cache import with_cache  # noqa: PLC0415

    settings = load_settings()
    # The demo corpus ships its passage vectors: only queries are embedded here.
    embedder = _QueryCache(with_cache(build_embedder(settings), CORPUS_DIR))
    modes = [m for m in MODES if m != "dense" or embedder.dim is not None]
    index = EdgeIndex(args.index_dir or settings.duocthu_data_dir / "eval-retrieval")
    try:
        live = index.spec()
        files = sorted(CORPUS_DIR.glob("*.jsonl"))
        replace = live is not None and (live.embedder, live.dense_dim) != (
            embedder.name,
            embedder.dim,
        )
        report = ingest_files(
            files, index, embedder, replace=replace, progress=not args.no_progress
        )
        print(f"corpus: {report.summary().splitlines()[0]}", file=sys.stderr)
        linked = RetrievalService(index, embedder)
        unlinked = RetrievalService(index, embedder, link_drugs=False)
        searchers: dict[str, Callable[[str], list[Any]]] = {
            mode: partial(linked.search, limit=DEPTH, mode=SearchMode(mode)) for mode in modes
        }
        searchers[f"{modes[-1]}-nolink"] = partial(
            unlinked.search, limit=DEPTH, mode=SearchMode(modes[-1])
        )
        modes = list(searchers)
        cases = load_cases(args.set or SETS)
        scores = evaluate(searchers, cases, progress=not args.no_progress)
    finally:
        index.close()
    print(f"retrieval eval: {len(cases)} queries, embedder {embedder.name}")
    print(render(scores, modes))
    for mode in modes:
        for key, score in scores.items():
            if key[0] == mode and key[1] != "all":
                for case_id, text, got in score.misses[: args.misses]:
                    print(f"  miss [{mode}/{key[1]}] {case_id} {text!r} -> {got}")
    body = {
        f"{mode}/{name}": {
            "n": len(s.ranks),
            "recall@1": s.recall(1),
            "recall@5": s.recall(5),
            "mrr": s.mrr(),
        }
        for (mode, name), s in scores.items()
    }
    record(scores=body, queries=len(cases), embedder=embedder.name)
    if args.json:
        args.json.write_text(json.dumps(body, indent=2), encoding="utf-8")
    gate_mode = "hybrid" if embedder.dim is not None else "sparse"
    heldout = scores.get((gate_mode, "heldout"))
    return 1 if heldout is not None and heldout.recall(5) < HELDOUT_RECALL5_FLOOR else 0


__all__ = ["evaluate", "load_cases", "main", "render"]
