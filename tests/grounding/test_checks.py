"""Tests for grounding/checks.py: verdict values and running a chain of checks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from core.evidence import Answer, Evidence
from grounding.checks import Verdict, all_passed, first_failure, run_checks


class Fixed:
    def __init__(self, name: str, ok: bool) -> None:
        self.name, self.ok, self.calls = name, ok, 0

    def __call__(self, answer: Answer, evidence: Sequence[Evidence]) -> Verdict:
        self.calls += 1
        return Verdict(ok=self.ok, check=self.name, problems=() if self.ok else ("bad",))


def test_run_checks_stops_at_first_failure() -> None:
    """Checks after a failure are not run (no model call after a failed cheap check)."""
    a, b, c = Fixed("a", True), Fixed("b", False), Fixed("c", True)
    verdicts = run_checks(Answer(), [], [a, b, c])
    assert [v.check for v in verdicts] == ["a", "b"]
    assert c.calls == 0
    assert not all_passed(verdicts)
    assert first_failure(verdicts) == verdicts[1]


def test_verdict_is_frozen() -> None:
    """A verdict cannot be changed after it is made."""
    verdict = Verdict.passed("x")
    with pytest.raises(AttributeError):
        verdict.ok = False  # type: ignore[misc]  # assigning is the failure under test


def test_from_problems_sets_ok() -> None:
    """A verdict with problems is not ok; one without is."""
    assert Verdict.from_problems("x", []).ok
    assert not Verdict.from_problems("x", ["p"]).ok
