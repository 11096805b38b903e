"""Citation check: every claim cites at least one piece of evidence, and every index exists."""

from __future__ import annotations

from collections.abc import Sequence

from core.evidence import Answer, Evidence
from grounding.checks import Verdict


class CitationCheck:
    """Fails an answer with an uncited claim or a citation index outside the evidence pool.

    With `require_claims=True` an answer with no claims fails too; by default an empty
    answer passes here because it means "insufficient evidence" and the engine abstains
    on it before grounding matters.
    """

    name = "citation"

    def __init__(self, *, require_claims: bool = False) -> None:
        self.require_claims = require_claims

    def __call__(self, answer: Answer, evidence: Sequence[Evidence]) -> Verdict:
        problems: list[str] = []
        if self.require_claims and not answer.claims:
            problems.append("answer has no claims")
        for n, claim in enumerate(answer.claims):
            if not claim.text.strip():
                problems.append(f"claim {n} is empty")
            if not claim.citations:
                problems.append(f"claim {n} cites no evidence")
            problems.extend(
                f"claim {n} cites evidence [{idx}], but only {len(evidence)} were retrieved"
                for idx in claim.citations
                if not 0 <= idx < len(evidence)
            )
        return Verdict.from_problems(self.name, problems)


__all__ = ["CitationCheck"]
