"""Which checks an answer must pass, built per request, and one call that runs them.

The engine calls `checks_for(generator, request, catalog)` (or `default_checks`) after
generation and abstains `grounding_failed` on the first failed `Verdict`. A model-backed
check may raise a `ProviderError`; the engine fails the turn closed with its reason.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from engine.catalog import DrugCatalog
from engine.ports import AnswerMode, AnswerRequest
from grounding.candidates import CandidateSetCheck, NoRankingCheck
from grounding.checks import Check, Verdict, run_checks
from grounding.citations import CitationCheck
from grounding.entailment import EntailmentCheck, EntailmentModel
from grounding.evidence import Answer
from grounding.numeric import NumericCheck
from grounding.questions import generation_question


@runtime_checkable
class JudgedGenerator(Protocol):
    """A generator whose answers must also pass model entailment (the Bedrock answerer)."""

    @property
    def entailment_model(self) -> EntailmentModel | None: ...


def default_checks(
    request: AnswerRequest,
    catalog: DrugCatalog,
    *,
    entailment: EntailmentModel | None = None,
) -> tuple[Check, ...]:
    """Citation, numeric, then (list mode) candidate set and no-ranking, then entailment."""
    checks: list[Check] = [CitationCheck(), NumericCheck(patient_text=request.question)]
    if request.mode is AnswerMode.LIST:
        candidate_ids = {c.drug_id for c in request.candidates}
        checks.append(CandidateSetCheck(candidate_ids, catalog=catalog))
        checks.append(NoRankingCheck())
    if entailment is not None:
        # The same withheld question the answerer judged with, so the cached judgement is reused.
        question = generation_question(request, catalog)
        checks.append(EntailmentCheck(entailment, question=question, budget=request.budget))
    return tuple(checks)


def checks_for(
    generator: object, request: AnswerRequest, catalog: DrugCatalog
) -> tuple[Check, ...]:
    """`default_checks` plus entailment when the generator is judged by a model."""
    model = generator.entailment_model if isinstance(generator, JudgedGenerator) else None
    return default_checks(request, catalog, entailment=model)


def verify_answer(
    answer: Answer, request: AnswerRequest, catalog: DrugCatalog, *, generator: object = None
) -> list[Verdict]:
    """Run `checks_for(generator, …)` on `answer` against `request.evidence`."""
    return run_checks(answer, request.evidence, checks_for(generator, request, catalog))


__all__ = ["JudgedGenerator", "checks_for", "default_checks", "verify_answer"]
