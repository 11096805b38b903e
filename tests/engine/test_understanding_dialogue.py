"""A paediatric dosing dialogue typed without diacritics, through Engine.handle with the rules."""

from __future__ import annotations

from collections.abc import Callable

from engine.turn import Engine
from runners.testing import SAMPLE_CATALOG
from understanding import RulesUnderstander


def test_unaccented_paediatric_dialogue_reaches_an_answer(
    make_engine: Callable[..., Engine],
) -> None:
    """Population, then weight, then age are asked for and merged; then the dose is answered."""
    engine = make_engine(understander=RulesUnderstander(SAMPLE_CATALOG))
    cid = engine.create_conversation().conversation_id
    turns = ["lieu paracetamol bao nhieu", "tre em", "be nang 18 ky", "5 tuoi"]
    results = [engine.handle(cid, t) for t in turns]
    assert [r.state for r in results] == [
        "clarifying_population",
        "clarifying_age_weight",
        "clarifying_age_weight",
        "answering",
    ]
    assert [r.reason for r in results[:3]] == [
        "missing_population",
        "missing_pediatric_age_or_weight",
        "missing_pediatric_age_or_weight",
    ]
    final = results[-1]
    assert final.outcome == "answerable" and final.citations
    assert final.frame["drugs"] == ["paracetamol"] and final.frame["population"] == "child"
    assert final.frame["age_months"] == 60 and final.frame["weight_kg"] == 18


def test_one_shot_unaccented_question_is_answered(make_engine: Callable[..., Engine]) -> None:
    """Everything in one unaccented turn: no clarification is needed."""
    engine = make_engine(understander=RulesUnderstander(SAMPLE_CATALOG))
    cid = engine.create_conversation().conversation_id
    result = engine.handle(cid, "lieu paracetamol cho tre 5 tuoi nang 18kg")
    assert (result.state, result.outcome) == ("answering", "answerable")


def test_veterinary_turn_abstains_through_the_engine(make_engine: Callable[..., Engine]) -> None:
    """The scope guard's frame makes the engine abstain out_of_scope."""
    engine = make_engine(understander=RulesUnderstander(SAMPLE_CATALOG))
    cid = engine.create_conversation().conversation_id
    result = engine.handle(cid, "lieu paracetamol cho con cho 10kg")
    assert (result.outcome, result.reason) == ("abstain", "out_of_scope")
