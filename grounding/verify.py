"""Which checks an answer must pass, built per request.

The assembly (`engine.bootstrap`) hands `default_checks` to `engine.effects.Effects`, which runs
them after generation and abstains `grounding_failed` when any `Verdict` fails. A
model-backed check may raise a `ProviderError`; the engine fails the turn closed with its
reason.
"""

from __future__ import annotations

from core.catalog import DrugCatalog
from core.ports import AnswerMode, AnswerRequest
from grounding.candidates import CandidateSetCheck, NoRankingCheck
from grounding.checks import Check
from grounding.citations import CitationCheck
from grounding.entailment import EntailmentCheck, EntailmentModel
from grounding.numeric import NumericCheck
from grounding.questions import generation_question


def default_checks(
    request: AnswerRequest,
    catalog: DrugCatalog,
    *,
    entailment: EntailmentModel | None = None,
) -> tuple[Check, ...]:
    """Citation, numeric, then (list mode) candidate set and no-ranking, then entailment."""
    checks: list[Check] = [
        CitationCheck(),
        NumericCheck(patient_text=request.question, weight_kg=request.frame.weight_kg),
    ]
    if request.mode is AnswerMode.LIST:
        candidate_ids = {c.drug_id for c in request.candidates}
        checks.append(CandidateSetCheck(candidate_ids, catalog=catalog))
        checks.append(NoRankingCheck())
    if entailment is not None:
        # The same withheld question the answerer judged with, so the cached judgement is reused.
        question = generation_question(request, catalog)
        checks.append(EntailmentCheck(entailment, question=question, budget=request.budget))
    return tuple(checks)


__all__ = ["default_checks"]
