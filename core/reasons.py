"""Reason codes: why a turn ended the way it did (docs/reasons.md lists each with its outcome).

A reason is a stable name the chat page, the metrics, the eval sets and outside checks key on;
code that ends a turn names one of these members, never a bare string. The members are
strings, so a reason compares and serialises as its code.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Every reason code a turn may carry."""

    # answerable (emergency and unsafe_use also abstain)
    SINGLE_DRUG = "single_drug"
    INTERACTION = "interaction"
    CONDITION_TO_DRUG = "condition_to_drug"
    SMALLTALK = "smalltalk"
    EMERGENCY = "emergency"
    UNSAFE_USE = "unsafe_use"

    # clarify
    MISSING_POPULATION = "missing_population"
    MISSING_PEDIATRIC_AGE_OR_WEIGHT = "missing_pediatric_age_or_weight"
    NEEDS_MORE_INFO = "needs_more_info"
    AMBIGUOUS_CONDITION = "ambiguous_condition"
    NO_CONDITION = "no_condition"
    NO_INDICATION = "no_indication"
    MISSING_ATTRIBUTE = "missing_attribute"
    NO_DRUG = "no_drug"
    AMBIGUOUS_ROUTE = "ambiguous_route"
    SAFETY_CHECK = "safety_check"

    # abstain
    OUT_OF_SCOPE = "out_of_scope"
    UNSUPPORTED_REVERSE_RELATION = "unsupported_reverse_relation"
    DRUG_NOT_IN_FORMULARY = "drug_not_in_formulary"
    CLARIFY_LOOP_EXHAUSTED = "clarify_loop_exhausted"
    SELF_HARM = "self_harm"
    NO_INTERACTION_EVIDENCE = "no_interaction_evidence"
    NO_EVIDENCE = "no_evidence"
    NO_SAFETY_EVIDENCE = "no_safety_evidence"
    GROUNDING_FAILED = "grounding_failed"
    BUDGET_EXHAUSTED = "budget_exhausted"
    UNDERSTANDING_FAILED = "understanding_failed"
    GENERATION_UNAVAILABLE = "generation_unavailable"


__all__ = ["Reason"]
