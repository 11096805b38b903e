"""Another patient told after a child's age: the child's age is not the new patient's (our
own sentences through the rules reader)."""

from __future__ import annotations

from core.frame import QueryFrame
from understanding.rules import RulesUnderstander, UnderstandingContext
from understanding.testing import demo_catalog


def test_the_wife_after_the_boys_age_has_no_age() -> None:
    reader = RulesUnderstander(demo_catalog())
    prior = reader.parse("chai siro loratadin mua năm ngoái cho thằng út, lúc đó nó 8 tuổi")
    assert prior.age_months == 96
    frame = reader.understand(
        "giờ tới lượt vk e bị dị ứng nổi mẩn, uống ké chai đó dc k",
        UnderstandingContext(prior_frame=prior),
    )
    assert frame.another_patient
    assert frame.age_months is None


def test_another_patient_keeps_an_age_of_their_own() -> None:
    reader = RulesUnderstander(demo_catalog())
    prior = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["loratadine"], "population": "child",
         "age_months": 96}
    )  # fmt: skip
    frame = reader.understand(
        "còn bà nội 70 tuổi cũng ngứa y vậy, uống thuốc đó được không",
        UnderstandingContext(prior_frame=prior),
    )
    assert frame.age_months == 840
