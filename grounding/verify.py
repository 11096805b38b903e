"""Which checks an answer must pass, built per request.

The assembly (`engine.bootstrap`) hands `default_checks` to `engine.effects.Effects`, which runs
them after generation and abstains `grounding_failed` when any `Verdict` fails. A
model-backed check may raise a `ProviderError`; the engine fails the turn closed with its
reason.
"""

from __future__ import annotations

from core.catalog import DrugCatalog
from core.frame import QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.candidates import CandidateSetCheck, NoRankingCheck
from grounding.checks import Check
from grounding.citations import CitationCheck
from grounding.entailment import EntailmentCheck, EntailmentModel
from grounding.numeric import NumericCheck
from grounding.questions import generation_question
from states.messages import format_number


def patient_said(frame: QueryFrame) -> str:
    """The figures the user gave, from the frame (weight, age, clearance, INR), so a number
    of theirs in a claim is reported as theirs."""
    p = frame.patient
    said = [
        f"{format_number(frame.weight_kg)} kg" if frame.weight_kg is not None else "",
        f"{format_number(frame.body_surface_m2)} m²" if frame.body_surface_m2 is not None else "",
        frame.age_text or "",
        f"{format_number(p.egfr)} ml/phút" if p is not None and p.egfr is not None else "",
        f"INR {format_number(frame.inr)}" if frame.inr is not None else "",
    ]
    return " ; ".join(s for s in said if s)


def default_checks(
    request: AnswerRequest,
    catalog: DrugCatalog,
    *,
    entailment: EntailmentModel | None = None,
) -> tuple[Check, ...]:
    """Citation, numeric, then (list mode) candidate set and no-ranking, then entailment."""
    checks: list[Check] = [
        CitationCheck(),
        NumericCheck(
            patient_text=patient_said(request.frame),
            weight_kg=request.frame.weight_kg,
            body_surface_m2=request.frame.body_surface_m2,
        ),
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


__all__ = ["default_checks", "patient_said"]
