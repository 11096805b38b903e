"""One call from an `AnswerRequest` to what the engine shows: generate, check, render.

The engine may call the steps itself; this is the same sequence in one place so every
path (single drug, interaction, list) abstains for the same reasons. Provider errors
(`GenerationUnavailable`, `RequestBudgetExhausted`) propagate: the engine fails closed
with the error's `reason`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.catalog import DrugCatalog
from engine.ports import AnswerClarify, AnswerGenerator, AnswerMode, AnswerRequest
from grounding.checks import Verdict, first_failure, run_checks
from grounding.render import RenderedAnswer, render_answer
from grounding.verify import checks_for

NO_EVIDENCE = "no_evidence"
NO_INTERACTION_EVIDENCE = "no_interaction_evidence"
GROUNDING_FAILED = "grounding_failed"


@dataclass(frozen=True, slots=True)
class Grounded:
    """Exactly one of: `rendered` (answered), `clarify`, or an `abstain_reason`."""

    rendered: RenderedAnswer | None = None
    clarify: AnswerClarify | None = None
    abstain_reason: str | None = None
    verdicts: tuple[Verdict, ...] = ()

    @property
    def failed(self) -> Verdict | None:
        return first_failure(self.verdicts)


def ground(generator: AnswerGenerator, request: AnswerRequest, catalog: DrugCatalog) -> Grounded:
    """Generate, then run `checks_for(generator, …)`; any failed check abstains, nothing leaks."""
    result = generator.generate(request)
    if isinstance(result, AnswerClarify):
        return Grounded(clarify=result)
    if not result.claims:
        empty = NO_INTERACTION_EVIDENCE if request.mode is AnswerMode.INTERACTION else NO_EVIDENCE
        return Grounded(abstain_reason=empty)
    verdicts = tuple(run_checks(result, request.evidence, checks_for(generator, request, catalog)))
    if first_failure(verdicts) is not None:
        return Grounded(abstain_reason=GROUNDING_FAILED, verdicts=verdicts)
    return Grounded(rendered=render_answer(result, request.evidence), verdicts=verdicts)


__all__ = ["GROUNDING_FAILED", "NO_EVIDENCE", "NO_INTERACTION_EVIDENCE", "Grounded", "ground"]
