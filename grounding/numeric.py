"""Numeric grounding: every number (with its unit) in a claim must be in the evidence it cites.

The numbers are read by `core.quantities`. A number the patient typed is not evidence, so it
fails here unless the evidence has it too. The one way past: a claim carrying a
`derivation` whose arithmetic `grounding.derivation` reproduces from the cited evidence's
own words and the weight the user gave; its worked numbers then count as grounded.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.evidence import Answer, Evidence
from core.quantities import Quantity, evidence_quantities, extract_quantities
from grounding.checks import Verdict
from grounding.claim_check import check_claim, derived_quantities


def _grounded(q: Quantity, pool: set[tuple[str, str | None]]) -> bool:
    if q.unit is None:
        return any(value == q.value for value, _ in pool)
    return (q.value, q.unit) in pool


class NumericCheck:
    """Every number in a claim is in the evidence that claim cites; lead numbers in any evidence.

    `patient_text` (the user's own words) only sharpens the problem message: a number
    found there but not in the evidence is reported as coming from the patient.
    """

    name = "numeric"

    def __init__(
        self,
        *,
        patient_text: str = "",
        weight_kg: float | None = None,
        body_surface_m2: float | None = None,
    ) -> None:
        self._patient = {(q.value, q.unit) for q in extract_quantities(patient_text)}
        self._weight = weight_kg
        self._surface = body_surface_m2

    def __call__(self, answer: Answer, evidence: Sequence[Evidence]) -> Verdict:
        problems: list[str] = []
        pools = [evidence_quantities(ev) for ev in evidence]
        for n, claim in enumerate(answer.claims):
            pool: set[tuple[str, str | None]] = set()
            for idx in claim.citations:
                if 0 <= idx < len(pools):
                    pool |= pools[idx]
            if claim.derivation is not None:
                cited = [evidence[i].text for i in claim.citations if 0 <= i < len(evidence)]
                wrong = check_claim(
                    claim.text,
                    claim.derivation,
                    cited,
                    weight_kg=self._weight,
                    body_surface_m2=self._surface,
                )
                problems.extend(f"claim {n}: {p}" for p in wrong)
                if wrong:
                    continue
                pool = pool | derived_quantities(claim.derivation)
            for q in extract_quantities(claim.text):
                if not _grounded(q, pool):
                    problems.append(self._problem(f"claim {n}", q))
        everything = set().union(*pools) if pools else set()
        for q in extract_quantities(answer.lead):
            if not _grounded(q, everything):
                problems.append(self._problem("lead", q))
        return Verdict.from_problems(self.name, problems)

    def _problem(self, where: str, q: Quantity) -> str:
        origin = " (only in the patient's message)" if _grounded(q, self._patient) else ""
        return f"{where}: {q.shown()!r} is not in the cited evidence{origin}"


__all__ = ["NumericCheck"]
