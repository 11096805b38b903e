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
