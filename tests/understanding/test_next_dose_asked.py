"""A next dose asked for now ("giờ uống thêm được chưa") after a turn about a drug is about
that drug's dosing, for the same patient (our own sentences through the rules reader)."""

from __future__ import annotations

from core.frame import QueryFrame, TurnType
from understanding.rules import RulesUnderstander, UnderstandingContext
from understanding.testing import demo_catalog


def test_another_dose_now_keeps_the_drug_and_asks_its_dosing() -> None:
    reader = RulesUnderstander(demo_catalog())
    prior = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["ibuprofen"], "population": "child",
         "age_months": 36, "weight_kg": 14}
    )  # fmt: skip
    frame = reader.understand(
        "giờ cho uống thêm được chưa", UnderstandingContext(prior_frame=prior)
    )
    assert frame.drugs == ["ibuprofen"]
    assert frame.turn_type is TurnType.DRUG_ATTRIBUTE
    assert frame.attribute == "lieu_luong_cach_dung"
    assert (frame.age_months, frame.weight_kg) == (36, 14)


def test_another_dose_given_another_way_is_the_same_question() -> None:
    """ "bơm thêm ống nữa được không" (a rectal tube) asks the next dose as "uống thêm" does."""
    reader = RulesUnderstander(demo_catalog())
    prior = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["diazepam"], "population": "child",
         "age_months": 30, "route": "rectal"}
    )  # fmt: skip
    frame = reader.understand(
        "15 phút rồi mà chưa đỡ, bơm thêm ống nữa được không",
        UnderstandingContext(prior_frame=prior),
    )
    assert frame.drugs == ["diazepam"]
    assert frame.attribute == "lieu_luong_cach_dung"


def test_a_weight_told_after_a_maximum_asked_keeps_the_maximum() -> None:
    """ "cả ngày tối đa bao nhiêu mg?" answered from an age row, then "bé nặng 15 ký": the
    same question, its maximum too, for the weight told now."""
    reader = RulesUnderstander(demo_catalog())
    prior = reader.understand(
        "bé 4 tuổi uống ibuprofen cả ngày tối đa bao nhiêu mg", UnderstandingContext()
    )
    assert prior.max_dose
    frame = reader.understand("bé nặng 15 ký", UnderstandingContext(prior_frame=prior))
    assert frame.drugs == ["ibuprofen"] and frame.weight_kg == 15
    assert frame.max_dose
