"""The routing table, one test per row, plus the rows whose order matters."""

from __future__ import annotations

import pytest

from core.frame import ConditionQuery, Population, QueryFrame, Relation, Triage
from engine.routing import ROUTING_TABLE, Effect, route
from states.messages import age_weight_question


def frame(**kw: object) -> QueryFrame:
    return QueryFrame.model_validate(kw)


ROWS = [
    (
        0,
        frame(turn_type="dosing_calc", drugs=["paracetamol"], triage="emergency"),
        Effect.TRIAGE,
        "emergency",
    ),
    (
        1,
        frame(turn_type="dosing_calc", drugs=["paracetamol"], non_human=True),
        Effect.ABSTAIN,
        "out_of_scope",
    ),
    (
        2,
        frame(turn_type="dosing_calc", drugs=["paracetamol"]),
        Effect.CLARIFY,
        "missing_population",
    ),
    (
        3,
        frame(turn_type="dosing_calc", drugs=["paracetamol"], population="child", weight_kg=18),
        Effect.CLARIFY,
        "missing_pediatric_age_or_weight",
    ),
    (
        4,
        frame(
            turn_type="drug_attribute",
            drugs=["paracetamol"],
            needs_clarify=True,
            attribute="chi_dinh",
        ),
        Effect.CLARIFY,
        "needs_more_info",
    ),
    (
        5,
        frame(
            turn_type="condition_to_drug",
            condition=ConditionQuery(text="nhiễm trùng", ambiguous=True),
        ),
        Effect.CLARIFY,
        "ambiguous_condition",
    ),
    (
        6,
        frame(turn_type="condition_to_drug", condition="hen", condition_relation="caution"),
        Effect.ABSTAIN,
        "unsupported_reverse_relation",
    ),
    (
        7,
        frame(turn_type="condition_to_drug", condition="viêm tai giữa"),
        Effect.CONDITION_TO_DRUG,
        "condition_to_drug",
    ),
    (8, frame(turn_type="condition_to_drug"), Effect.CLARIFY, "no_condition"),
    (
        9,
        frame(
            turn_type="condition_relation",
            condition="suy thận",
            condition_relation="contraindication",
        ),
        Effect.ABSTAIN,
        "unsupported_reverse_relation",
    ),
    (
        10,
        frame(turn_type="drug_attribute", drugs=["paracetamol"]),
        Effect.CLARIFY,
        "missing_attribute",
    ),
    (11, frame(turn_type="smalltalk"), Effect.SMALLTALK, "smalltalk"),
    (12, frame(turn_type="out_of_scope"), Effect.ABSTAIN, "out_of_scope"),
    (
        13,
        frame(turn_type="drug_attribute", unknown_drugs=["thuocx"], attribute="chi_dinh"),
        Effect.ABSTAIN,
        "drug_not_in_formulary",
    ),
    (14, frame(turn_type="drug_attribute", attribute="chi_dinh"), Effect.CLARIFY, "no_drug"),
    (
        15,
        frame(turn_type="interaction", drugs=["warfarin", "aspirin"]),
        Effect.INTERACTION,
        "interaction",
    ),
    (
        16,
        frame(turn_type="drug_attribute", drugs=["paracetamol"], attribute="chi_dinh"),
        Effect.SINGLE_DRUG,
        "single_drug",
    ),
]


@pytest.mark.parametrize(("rule", "f", "effect", "reason"), ROWS, ids=[f"rule{r[0]}" for r in ROWS])
def test_each_row_matches_its_frame(rule: int, f: QueryFrame, effect: Effect, reason: str) -> None:
    """Each routing row decides its own effect and reason for a frame made for it."""
    decision = route(f)
    assert (decision.rule, decision.effect, decision.reason) == (rule, effect, reason)


def test_rules_are_numbered_in_order() -> None:
    """The table holds rules 0..16 in order, each with a name and a description."""
    assert [r.number for r in ROUTING_TABLE] == list(range(17))
    assert all(r.name and r.doc for r in ROUTING_TABLE)


def test_scope_guard_beats_missing_population() -> None:
    """A veterinary dosing question abstains before it could ever look recoverable."""
    f = frame(turn_type="dosing_calc", drugs=["paracetamol"], non_human=True)
    assert route(f).rule == 1


def test_missing_population_comes_before_generic_clarify() -> None:
    """Dosing without population asks for the population even if understanding flagged more."""
    f = frame(turn_type="dosing_calc", drugs=["paracetamol"], needs_clarify=True)
    assert route(f).reason == "missing_population"


def test_child_needs_both_age_and_weight() -> None:
    """A child's dose is routed to retrieval only when age and weight are both known."""
    base = {"turn_type": "dosing_calc", "drugs": ["paracetamol"], "population": "child"}
    assert route(frame(**base, age_months=60)).reason == "missing_pediatric_age_or_weight"
    assert route(frame(**base, weight_kg=18)).reason == "missing_pediatric_age_or_weight"
    assert route(frame(**base, age_months=60, weight_kg=18)).rule == 16


def test_adult_dosing_needs_no_age_or_weight() -> None:
    """An adult dose goes straight to the single-drug path."""
    f = frame(turn_type="dosing_calc", drugs=["paracetamol"], population=Population.ADULT)
    assert route(f).rule == 16


def test_section_overview_needs_no_population() -> None:
    """'cho xem mục liều dùng của X' is answered with the section: no population asked."""
    f = frame(turn_type="dosing_calc", drugs=["paracetamol"], section_overview=True)
    assert route(f).rule == 16


def test_a_how_to_take_question_needs_no_population() -> None:
    """ "uống lúc đói được không" is answered whoever the patient is: no population asked."""
    f = frame(turn_type="dosing_calc", drugs=["paracetamol"], how_to_take="food")
    assert route(f).rule == 16
    child = frame(
        turn_type="dosing_calc", drugs=["paracetamol"], how_to_take="food", population="child"
    )
    assert route(child).rule == 16


def test_understanding_failure_abstains_not_clarifies() -> None:
    """When the understanding call itself failed, rule 4 abstains understanding_failed."""
    f = frame(understanding_failed=True, needs_clarify=True)
    decision = route(f)
    assert (decision.rule, decision.reason) == (4, "understanding_failed")


def test_condition_clarify_flag_does_not_hijack_condition_path() -> None:
    """A condition→drug turn flagged needs_clarify still reaches the reverse lookup (audit)."""
    f = frame(turn_type="condition_to_drug", condition="viêm tai giữa", needs_clarify=True)
    assert route(f).rule == 7


def test_ambiguity_checked_before_relation() -> None:
    """A broad condition clarifies before its relation could abstain."""
    f = frame(
        turn_type="condition_to_drug",
        condition_relation=Relation.CAUTION,
        condition=ConditionQuery(text="đau", ambiguous=True),
    )
    assert route(f).rule == 5


def test_interaction_with_one_drug_is_single_drug() -> None:
    """An interaction question naming one formulary drug answers its interaction section."""
    assert route(frame(turn_type="interaction", drugs=["warfarin"])).rule == 16


def test_unknown_drug_named_alongside_nothing_abstains_before_no_drug() -> None:
    """Only unknown drugs named → drug_not_in_formulary, not a request to name a drug."""
    f = frame(turn_type="dosing_calc", unknown_drugs=["thuocx"])
    assert route(f).reason == "drug_not_in_formulary"


@pytest.mark.parametrize(("rule", "f", "effect", "reason"), ROWS, ids=[f"doc{r[0]}" for r in ROWS])
def test_rule_documents_what_it_decides(
    rule: int, f: QueryFrame, effect: Effect, reason: str
) -> None:
    """Each rule's declared effect and reasons cover what it actually decides."""
    row = ROUTING_TABLE[rule]
    assert row.effect is effect and reason in row.reasons


@pytest.mark.parametrize("reason", ["emergency", "self_harm", "unsafe_use"])
def test_triage_beats_the_scope_guard_and_every_clarify(reason: str) -> None:
    """Rule 0 wins over veterinary, missing population, missing age/weight and no-drug rules."""
    frames = [
        frame(turn_type="dosing_calc", drugs=["paracetamol"]),
        frame(turn_type="dosing_calc", drugs=["paracetamol"], population="child"),
        frame(turn_type="out_of_scope", non_human=True),
        frame(turn_type="drug_attribute", needs_clarify=True),
        frame(turn_type="condition_to_drug"),
        frame(),
    ]
    for f in frames:
        decision = route(f.model_copy(update={"triage": Triage(reason)}))
        assert (decision.rule, decision.effect, decision.reason) == (0, Effect.TRIAGE, reason)


def test_self_harm_is_meant_to_abstain_and_emergency_to_answer() -> None:
    """A self-harm decision's intended outcome is abstain; an emergency's is an answer."""
    assert route(frame(triage="self_harm")).outcome.value == "abstain"
    assert route(frame(triage="emergency", drugs=["paracetamol"])).outcome.value == "answerable"


def test_no_triage_leaves_the_table_as_it_was() -> None:
    """Without a triage flag rule 0 never matches."""
    assert route(frame(turn_type="dosing_calc", drugs=["paracetamol"])).rule == 2


def test_a_child_whose_weight_is_unknown_is_still_asked_it() -> None:
    """'chưa cân': no child's dose is answered without both age and weight (the paediatric
    invariant, rule 3); the weight is asked again, saying why and how to get it."""
    base = {"turn_type": "dosing_calc", "drugs": ["paracetamol"], "population": "child"}
    unknown = route(frame(**base, age_months=60, weight_unknown=True))
    assert (unknown.rule, unknown.reason) == (3, "missing_pediatric_age_or_weight")
    assert route(frame(**base, weight_unknown=True)).reason == "missing_pediatric_age_or_weight"
    said = age_weight_question(60, None, weight_unknown=True)
    assert "cân bé" in said and "5 tuổi" in said
    assert age_weight_question(60, None) == "Bé 5 tuổi, vậy bé nặng bao nhiêu kg?"
