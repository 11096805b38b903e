"""Hypothesis strategies for frames; the reference model they are checked against lives in
tests/support/reference.py (benches use it too)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.support.reference import Reference

DRUGS = ["paracetamol", "warfarin", "aspirin", "amoxicillin"]
ATTRS = ["chong_chi_dinh", "chi_dinh", "tuong_tac_thuoc", "lieu_luong_cach_dung"]

questions = st.one_of(
    st.fixed_dictionaries(
        {
            "turn_type": st.sampled_from(
                ["dosing_calc", "drug_attribute", "interaction", "drug_overview"]
            ),
            "drugs": st.lists(st.sampled_from(DRUGS), min_size=1, max_size=2, unique=True),
        },
        optional={
            "attribute": st.sampled_from(ATTRS),
            "population": st.sampled_from(["adult", "child"]),
            "age_months": st.sampled_from([6, 60, 120]),
            "weight_kg": st.sampled_from([8, 18, 30]),
            "needs_clarify": st.booleans(),
            "non_human": st.booleans(),
            "section_overview": st.booleans(),
        },
    ),
    st.fixed_dictionaries(
        {"turn_type": st.sampled_from(["smalltalk", "out_of_scope", "condition_to_drug"])}
    ),
    st.fixed_dictionaries(
        {
            "turn_type": st.just("condition_to_drug"),
            "condition": st.sampled_from(["viêm tai giữa", "sốt"]),
        },
        optional={"condition_relation": st.sampled_from(["indication", "caution"])},
    ),
    st.fixed_dictionaries(
        {"turn_type": st.just("drug_attribute"), "unknown_drugs": st.just(["thuocx"])}
    ),
    st.fixed_dictionaries({"turn_type": st.just("drug_attribute"), "needs_clarify": st.just(True)}),
)

answers = st.one_of(
    st.fixed_dictionaries(
        {"population": st.sampled_from(["adult", "child"]), "fills_slot": st.just("population")}
    ),
    st.fixed_dictionaries(
        {"age_months": st.sampled_from([6, 60, 120]), "fills_slot": st.just("age")}
    ),
    st.fixed_dictionaries(
        {"weight_kg": st.sampled_from([8, 18, 30]), "fills_slot": st.just("weight")}
    ),
    st.fixed_dictionaries(
        {"attribute": st.sampled_from(ATTRS), "fills_slot": st.just("attribute")}
    ),
)

frames = st.one_of(questions, answers)

__all__ = ["ATTRS", "DRUGS", "Reference", "answers", "frames", "questions"]
