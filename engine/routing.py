"""The routing table: ordered rules over a resolved frame; the first match wins.

Rows follow the reference design's table. Each rule is data (number, name,
predicate, decision) so a test can hit every row and a reviewer can read the
order. Routing is pure: it decides; the engine acts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from core.frame import ClarifySlot, QueryFrame, Relation, Triage, TurnType
from core.reasons import Reason
from core.result import Outcome


class Effect(StrEnum):
    """What the engine does once a rule matched."""

    CLARIFY = "clarify"
    ABSTAIN = "abstain"
    SMALLTALK = "smalltalk"
    SINGLE_DRUG = "single_drug"
    INTERACTION = "interaction"
    CONDITION_TO_DRUG = "condition_to_drug"
    TRIAGE = "triage"
    """Safety triage (rule 0): the reason says which reply; never a dose, never a question."""


RETRIEVAL_EFFECTS = frozenset({Effect.SINGLE_DRUG, Effect.INTERACTION, Effect.CONDITION_TO_DRUG})


@dataclass(frozen=True)
class Decision:
    rule: int
    name: str
    effect: Effect
    reason: Reason
    slot: ClarifySlot | None = None

    @property
    def outcome(self) -> Outcome:
        """The intended outcome; a retrieval or triage effect may still end in an abstention."""
        if self.effect is Effect.CLARIFY:
            return Outcome.CLARIFY
        if self.effect is Effect.ABSTAIN or self.reason == Reason.SELF_HARM:
            return Outcome.ABSTAIN
        return Outcome.ANSWERABLE


@dataclass(frozen=True)
class Rule:
    number: int
    name: str
    matches: Callable[[QueryFrame], bool]
    decide: Callable[[QueryFrame], Decision]
    doc: str
    effect: Effect
    reasons: tuple[Reason, ...]


def _is_dosing_needing_population(f: QueryFrame) -> bool:
    # A how-to-take question ("uống lúc đói được không") is answered whoever the patient is.
    dosing = f.turn_type is TurnType.DOSING_CALC and f.how_to_take is None
    return dosing and bool(f.drugs) and not f.section_overview


def _age_weight_slot(f: QueryFrame) -> ClarifySlot:
    if f.age_months is None and f.weight_kg is None:
        return ClarifySlot.AGE_WEIGHT
    return ClarifySlot.AGE if f.age_months is None else ClarifySlot.WEIGHT


_NO_GENERIC_CLARIFY = frozenset(
    {TurnType.DOSING_CALC, TurnType.CONDITION_TO_DRUG, TurnType.DRUG_OVERVIEW}
)


def _rule(
    n: int,
    name: str,
    doc: str,
    matches: Callable[[QueryFrame], bool],
    decide: Callable[[QueryFrame], Decision],
    effect: Effect | None = None,
    reasons: tuple[Reason, ...] = (),
) -> Rule:
    if effect is None:  # a fixed decision documents itself
        fixed = decide(QueryFrame())
        effect, reasons = fixed.effect, (fixed.reason,)
    return Rule(n, name, matches, decide, doc, effect, reasons)


def _fixed(
    n: int, name: str, effect: Effect, reason: Reason, slot: ClarifySlot | None = None
) -> Callable[[QueryFrame], Decision]:
    decision = Decision(n, name, effect, reason, slot)
    return lambda _f: decision


def _triage_decision(f: QueryFrame) -> Decision:
    assert f.triage is not None  # noqa: S101 - rule 0 matched
    if f.triage is Triage.SAFETY_CHECK:  # was it taken? asked before anything else
        return Decision(0, "safety_triage", Effect.CLARIFY, Reason.SAFETY_CHECK, ClarifySlot.DETAIL)
    return Decision(0, "safety_triage", Effect.TRIAGE, Reason(f.triage.value))


ROUTING_TABLE: tuple[Rule, ...] = (
    _rule(
        0,
        "safety_triage",
        "safety triage of the raw text and the merged frame (safety/triage.py): an "
        "ingestion, overdose, poisoning or emergency sign; self-harm or a lethal-dose "
        "request; a use the formulary warns against. Before every clarify: never a "
        "dosing question, never a dose; a turn that may report an ingestion without saying "
        "so clearly is asked whether it was taken (safety_check)",
        lambda f: f.triage is not None,
        _triage_decision,
        Effect.TRIAGE,
        tuple(Reason(t.value) for t in Triage),
    ),
    _rule(
        1,
        "non_human_scope_guard",
        "non-human/veterinary request, before any clarify",
        lambda f: f.non_human,
        _fixed(1, "non_human_scope_guard", Effect.ABSTAIN, Reason.OUT_OF_SCOPE),
    ),
    _rule(
        2,
        "dosing_needs_population",
        "dosing of named drugs with no population (none is asked when the book's rows "
        "dose no child)",
        lambda f: _is_dosing_needing_population(f) and f.population is None and not f.book_adults,
        _fixed(
            2,
            "dosing_needs_population",
            Effect.CLARIFY,
            Reason.MISSING_POPULATION,
            ClarifySlot.POPULATION,
        ),
    ),
    _rule(
        3,
        "child_dosing_needs_age_and_weight",
        "child dosing without both age and weight",
        lambda f: (
            _is_dosing_needing_population(f)
            and f.is_child
            and (f.age_months is None or f.weight_kg is None)
        ),
        lambda f: Decision(
            3,
            "child_dosing_needs_age_and_weight",
            Effect.CLARIFY,
            Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT,
            _age_weight_slot(f),
        ),
        Effect.CLARIFY,
        (Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT,),
    ),
    _rule(
        4,
        "understanding_needs_clarify",
        "understanding asked for more, outside dosing/"
        "condition/overview; a failed understanding call abstains instead",
        lambda f: (
            (f.needs_clarify or f.understanding_failed)
            and f.turn_type not in _NO_GENERIC_CLARIFY
            and not f.section_overview
        ),
        lambda f: (
            Decision(4, "understanding_needs_clarify", Effect.ABSTAIN, Reason.UNDERSTANDING_FAILED)
            if f.understanding_failed
            else Decision(
                4,
                "understanding_needs_clarify",
                Effect.CLARIFY,
                Reason.NEEDS_MORE_INFO,
                ClarifySlot.DETAIL,
            )
        ),
        Effect.CLARIFY,
        (Reason.NEEDS_MORE_INFO, Reason.UNDERSTANDING_FAILED),
    ),
    _rule(
        5,
        "condition_ambiguous",
        "condition→drug with a broad or ambiguous condition",
        lambda f: (
            f.turn_type is TurnType.CONDITION_TO_DRUG
            and f.condition is not None
            and f.condition.ambiguous
        ),
        _fixed(
            5,
            "condition_ambiguous",
            Effect.CLARIFY,
            Reason.AMBIGUOUS_CONDITION,
            ClarifySlot.CONDITION,
        ),
    ),
    _rule(
        6,
        "condition_relation_not_indication",
        "condition→drug asking a relation other than indication",
        lambda f: (
            f.turn_type is TurnType.CONDITION_TO_DRUG
            and f.condition_relation not in (None, Relation.INDICATION)
        ),
        _fixed(
            6,
            "condition_relation_not_indication",
            Effect.ABSTAIN,
            Reason.UNSUPPORTED_REVERSE_RELATION,
        ),
    ),
    _rule(
        7,
        "condition_to_drug",
        "condition→drug with a condition: the reverse lookup",
        lambda f: f.turn_type is TurnType.CONDITION_TO_DRUG and f.condition is not None,
        _fixed(7, "condition_to_drug", Effect.CONDITION_TO_DRUG, Reason.CONDITION_TO_DRUG),
    ),
    _rule(
        8,
        "condition_missing",
        "condition→drug with no condition",
        lambda f: f.turn_type is TurnType.CONDITION_TO_DRUG,
        _fixed(8, "condition_missing", Effect.CLARIFY, Reason.NO_CONDITION, ClarifySlot.CONDITION),
    ),
    _rule(
        9,
        "reverse_relation",
        "which drugs cause / are contraindicated in X",
        lambda f: f.turn_type is TurnType.CONDITION_RELATION,
        _fixed(9, "reverse_relation", Effect.ABSTAIN, Reason.UNSUPPORTED_REVERSE_RELATION),
    ),
    _rule(
        10,
        "attribute_missing",
        "a drug named but not what about it",
        lambda f: f.turn_type is TurnType.DRUG_ATTRIBUTE and bool(f.drugs) and not f.attribute,
        _fixed(
            10, "attribute_missing", Effect.CLARIFY, Reason.MISSING_ATTRIBUTE, ClarifySlot.ATTRIBUTE
        ),
    ),
    _rule(
        11,
        "smalltalk",
        "greeting or thanks: fixed text, no retrieval",
        lambda f: f.turn_type is TurnType.SMALLTALK,
        _fixed(11, "smalltalk", Effect.SMALLTALK, Reason.SMALLTALK),
    ),
    _rule(
        12,
        "out_of_scope",
        "not about human medicines in the formulary",
        lambda f: f.turn_type is TurnType.OUT_OF_SCOPE,
        _fixed(12, "out_of_scope", Effect.ABSTAIN, Reason.OUT_OF_SCOPE),
    ),
    _rule(
        13,
        "unknown_drugs_only",
        "only drugs that are not in the formulary",
        lambda f: not f.drugs and bool(f.unknown_drugs),
        _fixed(13, "unknown_drugs_only", Effect.ABSTAIN, Reason.DRUG_NOT_IN_FORMULARY),
    ),
    _rule(
        14,
        "no_drug",
        "a drug question with no drug named",
        lambda f: not f.drugs,
        _fixed(14, "no_drug", Effect.CLARIFY, Reason.NO_DRUG, ClarifySlot.DRUG),
    ),
    _rule(
        15,
        "interaction",
        "interaction between two or more named drugs",
        lambda f: f.turn_type is TurnType.INTERACTION and len(f.drugs) >= 2,
        _fixed(15, "interaction", Effect.INTERACTION, Reason.INTERACTION),
    ),
    _rule(
        16,
        "single_drug",
        "otherwise: attribute, overview or dose of named drugs",
        lambda _f: True,
        _fixed(16, "single_drug", Effect.SINGLE_DRUG, Reason.SINGLE_DRUG),
    ),
)


def route(frame: QueryFrame) -> Decision:
    """The decision of the first rule that matches `frame` (rule 16 always matches)."""
    for rule in ROUTING_TABLE:
        if rule.matches(frame):
            return rule.decide(frame)
    raise AssertionError("rule 16 matches every frame")  # pragma: no cover


__all__ = ["RETRIEVAL_EFFECTS", "ROUTING_TABLE", "Decision", "Effect", "Rule", "route"]
