"""The retrieval eval runner (runners/evals/retrieval.py): case loading and scoring."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.evidence import Evidence
from runners.evals.retrieval import SETS, evaluate, load_cases, render


def _ev(drug: str, section: str) -> Evidence:
    return Evidence(
        text="t",
        drug_id=drug,
        drug_name=drug,
        section_key=section,
        section_title=section,
        chunk_id=f"{drug}-{section}",
    )


def test_eval_sets_are_labelled_and_large_enough() -> None:
    """Both sets parse, the held-out slice is marked, and there are at least 150 queries."""
    cases = load_cases(SETS)
    assert len(cases) >= 150
    assert {c.slice for c in cases} == {"dev", "heldout"}
    assert len({c.id for c in cases}) == len(cases)


def test_scores_rank_recall_and_mrr(tmp_path: Path) -> None:
    """Recall@k and MRR follow the rank of the first acceptable answer, alternatives included."""
    path = tmp_path / "set.jsonl"
    rows: list[dict[str, Any]] = [
        {
            "id": "a",
            "text": "first",
            "slice": "dev",
            "expected": {"drug_id": "x", "section_key": "s"},
        },
        {
            "id": "b",
            "text": "second",
            "slice": "dev",
            "expected": {"drug_id": "x", "section_key": "s"},
            "also": [["y", "s"]],
        },
        {
            "id": "c",
            "text": "none",
            "slice": "dev",
            "expected": {"drug_id": "z", "section_key": "s"},
        },
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    answers = {
        "first": [_ev("x", "s")],
        "second": [_ev("q", "s"), _ev("y", "s")],
        "none": [_ev("q", "s")],
    }
    scores = evaluate({"sparse": lambda text: answers[text]}, load_cases([path]), progress=False)
    dev = scores[("sparse", "dev")]
    assert dev.ranks == [1, 2, None]
    assert (dev.recall(1), dev.recall(5)) == (1 / 3, 2 / 3)
    assert abs(dev.mrr() - 0.5) < 1e-9
    assert "dev" in render(scores, ["sparse"])
