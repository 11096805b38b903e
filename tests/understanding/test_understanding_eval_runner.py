"""Tests for runners/evals/understanding.py: loading, scoring, the held-out gate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runners.evals import understanding as ev
from understanding.testing import demo_catalog


def write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    return path


BASE: dict[str, Any] = {
    "drugs": [],
    "unknown_drugs": [],
    "attribute": None,
    "population": None,
    "age_months": None,
    "weight_kg": None,
    "route": None,
}


def test_scores_each_field_and_the_confusion(tmp_path: Path) -> None:
    """A right and a wrong label give per-field accuracy and an off-diagonal confusion count."""
    rows = [
        {"id": "a", "text": "xin chào", "expected": {**BASE, "turn_type": "smalltalk"}},
        {"id": "b", "text": "xin chào", "expected": {**BASE, "turn_type": "interaction"}},
    ]
    report = ev.run(write(tmp_path / "s.jsonl", rows), progress=False, catalog=demo_catalog())
    sl = report.slices[ev.TUNING]
    assert sl.accuracy("turn_type") == 0.5 and sl.accuracy("drugs") == 1.0
    assert sl.confusion[("interaction", "smalltalk")] == 1


def test_context_rows_are_answers(tmp_path: Path) -> None:
    """A row's context (open slot, prior frame) reaches the understander."""
    row = {
        "id": "c",
        "text": "18 ký",
        "slice": "heldout",
        "context": {"open_slot": "weight", "prior_frame": {"turn_type": "dosing_calc"}},
        "expected": {
            **BASE,
            "turn_type": "dosing_calc",
            "population": "child",
            "weight_kg": 18,
            "fills_slot": "weight",
        },
    }
    report = ev.run(write(tmp_path / "h.jsonl", [row]), progress=False, catalog=demo_catalog())
    held = report.slices[ev.HELDOUT]
    assert held.accuracy("fills_slot") == 1.0 and not report.gate_failures()


def test_gate_fails_below_targets_minus_five(tmp_path: Path) -> None:
    """A held-out slice that misses the turn type fails the gate; main returns non-zero."""
    rows = [
        {
            "id": "d",
            "slice": "heldout",
            "text": "xin chào",
            "expected": {**BASE, "turn_type": "interaction"},
        }
    ]
    path = write(tmp_path / "bad.jsonl", rows)
    assert ev.run(path, progress=False, catalog=demo_catalog()).gate_failures()
    assert ev.main([str(path), "--demo-catalog", "--no-progress"]) == 1


def test_missing_heldout_fails_the_gate(tmp_path: Path) -> None:
    """No held-out turns at all is a gate failure, not a pass."""
    rows = [{"id": "e", "text": "xin chào", "expected": {**BASE, "turn_type": "smalltalk"}}]
    report = ev.run(write(tmp_path / "t.jsonl", rows), progress=False, catalog=demo_catalog())
    assert report.gate_failures() == ["no held-out turns were evaluated"]


@pytest.mark.parametrize("name", [ev.TUNING_SET, ev.HELDOUT_SET])
def test_shipped_sets_are_labelled(name: Path) -> None:
    """Every shipped row has an id, text and all eight scored fields."""
    rows = [json.loads(line) for line in name.read_text(encoding="utf-8").splitlines() if line]
    assert rows and all(set(ev.FIELDS) <= set(r["expected"]) for r in rows)
    assert len({r["id"] for r in rows}) == len(rows)


def test_shipped_sets_are_large_enough() -> None:
    """At least 300 labelled turns, of which at least 60 are held out."""
    tuning = ev.load_cases(ev.TUNING_SET, ev.TUNING)
    held = ev.load_cases(ev.HELDOUT_SET, ev.HELDOUT)
    assert len(tuning) + len(held) >= 300 and len(held) >= 60
