"""The one shape every grounding check has, and the helpers that run a set of them.

A check is a configured callable, `Check = Callable[[Answer, Sequence[Evidence]], Verdict]`:
settings go to `__init__`, judging happens in `__call__`, and "ungrounded" is a `Verdict`,
never an exception. Only a model-backed check may raise, and only a `ProviderError`
(its provider failed), which the engine turns into a fail-closed abstention.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from core.evidence import Answer, Evidence


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one check decided about one answer; `problems` say why it failed (English, logs)."""

    ok: bool
    check: str
    problems: tuple[str, ...] = ()

    @classmethod
    def passed(cls, check: str) -> Verdict:
        return cls(ok=True, check=check)

    @classmethod
    def from_problems(cls, check: str, problems: Iterable[str]) -> Verdict:
        found = tuple(problems)
        return cls(ok=not found, check=check, problems=found)


Check = Callable[[Answer, Sequence[Evidence]], Verdict]


def run_checks(
    answer: Answer, evidence: Sequence[Evidence], checks: Iterable[Check]
) -> list[Verdict]:
    """Run checks in order, stopping after the first failure.

    Cheap deterministic checks come first in `default_checks`, so a failed citation
    check never spends a model call on entailment.
    """
    verdicts: list[Verdict] = []
    for check in checks:
        verdict = check(answer, evidence)
        verdicts.append(verdict)
        if not verdict.ok:
            break
    return verdicts


def all_passed(verdicts: Sequence[Verdict]) -> bool:
    return all(v.ok for v in verdicts)


def first_failure(verdicts: Sequence[Verdict]) -> Verdict | None:
    return next((v for v in verdicts if not v.ok), None)


__all__ = ["Check", "Verdict", "all_passed", "first_failure", "run_checks"]
