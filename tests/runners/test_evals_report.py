"""runners/evals/report.py: a report says what produced it (build, providers, settings, data)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from core import build
from runners.cli import EVAL_SETS, main
from runners.evals.report import ANSWER_SETTINGS, datasets

ROOT = Path(__file__).resolve().parents[2]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_report_names_its_build_providers_settings_and_datasets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The JSON report carries version/commit/python, the providers, every answer-affecting
    setting as configured, and the sha256 of the demo corpus it loads."""
    monkeypatch.setitem(EVAL_SETS, "fake", "tests.runners.fake_eval_set")
    monkeypatch.setenv("EMBEDDING_PROVIDER", "disabled")
    monkeypatch.setenv("MAX_CONSECUTIVE_CLARIFY", "3")
    monkeypatch.setenv("DUOCTHU_DATA_DIR", str(tmp_path))
    assert main(["eval", "fake", "--report-dir", str(tmp_path)]) == 0
    (path,) = tmp_path.glob("fake-*.json")
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["build"] == build.build_info()
    assert report["providers"] == {
        "embedding": "disabled",
        "understanding": "rules",
        "answer": "extractive",
    }
    assert set(ANSWER_SETTINGS) <= set(report["settings"])
    assert report["settings"]["max_consecutive_clarify"] == 3
    corpus = sorted((ROOT / "data" / "formulary").glob("*.jsonl"))
    assert corpus
    for file in corpus:
        assert report["datasets"][str(file.relative_to(ROOT))] == _sha(file)


def test_datasets_follow_the_slice_and_the_files_named() -> None:
    """--heldout hashes the held-out file only; a file on the command line replaces the
    set's own; each hash is the file's sha256."""
    both = datasets("understanding", [])
    assert {"evals/understanding.jsonl", "evals/understanding.heldout.jsonl"} <= set(both)
    held = datasets("understanding", ["--heldout"])
    assert "evals/understanding.jsonl" not in held
    assert held["evals/understanding.heldout.jsonl"] == _sha(
        ROOT / "evals" / "understanding.heldout.jsonl"
    )
    assert "evals/condition_to_drug.jsonl" in datasets("condition", [])


def test_a_changed_dataset_changes_its_hash(tmp_path: Path) -> None:
    """Two reports over different contents of one file differ in its hash."""
    labelled = tmp_path / "mine.jsonl"
    labelled.write_text('{"q": 1}\n', encoding="utf-8")
    first = datasets("answers", [str(labelled)])[str(labelled)]
    labelled.write_text('{"q": 2}\n', encoding="utf-8")
    assert datasets("answers", [str(labelled)])[str(labelled)] != first
    assert "evals/answers.jsonl" not in datasets("answers", [str(labelled)])
