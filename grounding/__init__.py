"""Grounded answers: evidence models, checks, and the offline and Bedrock answerers.

Only the dependency-free names are imported eagerly; answerers, the verifier and the
Bedrock client load on first use, because `engine.ports` imports `grounding.evidence`
and an eager import of modules that need `engine.ports` would be circular (and boto3
is not needed offline).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from grounding.checks import Check, Verdict, all_passed, first_failure, run_checks
from grounding.evidence import Answer, Citation, Claim, Decision, DrugCandidate, Evidence

if TYPE_CHECKING:
    from grounding.bedrock import ConverseClient, ToolSpec
    from grounding.bedrock_answerer import BedrockAnswerer
    from grounding.bedrock_judge import BedrockEntailmentJudge
    from grounding.candidates import CandidateSetCheck, DrugMentions, NoRankingCheck
    from grounding.citations import CitationCheck
    from grounding.entailment import (
        CachingEntailment,
        EntailmentCheck,
        EntailmentModel,
        EntailmentReport,
        JudgementCache,
        Omission,
    )
    from grounding.extractive import ExtractiveAnswerer
    from grounding.notices import quarantine_notices
    from grounding.numeric import NumericCheck, extract_quantities, missing_quantities
    from grounding.prompting import load_prompt
    from grounding.questions import generation_question
    from grounding.render import RenderedAnswer, citations_for, render_answer, render_message
    from grounding.verify import default_checks

_LAZY = {
    "CitationCheck": "grounding.citations",
    "NumericCheck": "grounding.numeric",
    "extract_quantities": "grounding.numeric",
    "CandidateSetCheck": "grounding.candidates",
    "NoRankingCheck": "grounding.candidates",
    "DrugMentions": "grounding.candidates",
    "EntailmentCheck": "grounding.entailment",
    "EntailmentModel": "grounding.entailment",
    "EntailmentReport": "grounding.entailment",
    "CachingEntailment": "grounding.entailment",
    "JudgementCache": "grounding.entailment",
    "Omission": "grounding.entailment",
    "ExtractiveAnswerer": "grounding.extractive",
    "RenderedAnswer": "grounding.render",
    "citations_for": "grounding.render",
    "render_answer": "grounding.render",
    "render_message": "grounding.render",
    "quarantine_notices": "grounding.notices",
    "default_checks": "grounding.verify",
    "generation_question": "grounding.questions",
    "ConverseClient": "grounding.bedrock",
    "ToolSpec": "grounding.bedrock",
    "BedrockAnswerer": "grounding.bedrock_answerer",
    "BedrockEntailmentJudge": "grounding.bedrock_judge",
    "load_prompt": "grounding.prompting",
    "missing_quantities": "grounding.numeric",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'grounding' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "Answer",
    "BedrockAnswerer",
    "BedrockEntailmentJudge",
    "CachingEntailment",
    "CandidateSetCheck",
    "Check",
    "Citation",
    "CitationCheck",
    "Claim",
    "ConverseClient",
    "Decision",
    "DrugCandidate",
    "DrugMentions",
    "EntailmentCheck",
    "EntailmentModel",
    "EntailmentReport",
    "Evidence",
    "ExtractiveAnswerer",
    "JudgementCache",
    "NoRankingCheck",
    "NumericCheck",
    "Omission",
    "RenderedAnswer",
    "ToolSpec",
    "Verdict",
    "all_passed",
    "citations_for",
    "default_checks",
    "extract_quantities",
    "first_failure",
    "generation_question",
    "load_prompt",
    "missing_quantities",
    "quarantine_notices",
    "render_answer",
    "render_message",
    "run_checks",
]
