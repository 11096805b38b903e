"""The safety question names whom it asks about: "Bé" for a child, "Người bệnh" for anyone
else (a grandmother who may have taken her tablets twice, a nurse's patient)."""

from __future__ import annotations

from core.frame import QueryFrame
from engine.responder import _about_a_child
from states.messages import clarify_text, plain_question


def _frame(**facts: object) -> QueryFrame:
    return QueryFrame.model_validate({"turn_type": "dosing_calc", "drugs": ["x"], **facts})


def test_a_child_by_population_age_or_words_is_asked_about_as_be() -> None:
    assert _about_a_child(_frame(population="child"))
    assert _about_a_child(_frame(age_months=30))
    assert _about_a_child(_frame(standalone_query="thằng cu cầm vỉ thuốc, vỏ còn 2 viên"))


def test_an_adult_or_an_unnamed_patient_is_asked_about_as_nguoi_benh() -> None:
    assert not _about_a_child(_frame(population="adult"))
    assert not _about_a_child(_frame(age_months=70 * 12))
    assert not _about_a_child(_frame(standalone_query="BN 70t không rõ đã uống digoxin chưa"))


def test_the_question_and_its_plain_form_use_the_subject() -> None:
    adult = clarify_text("safety_check", contacts="115", who="Người bệnh", whom="người bệnh")
    assert adult.startswith("Người bệnh đã uống thuốc này rồi phải không?")
    assert "đưa người bệnh đến" in adult
    assert plain_question("safety_check", slot="detail", child=True).startswith("Bé đã uống")
    assert plain_question("safety_check", slot="detail", child=False).startswith("Người bệnh")


def test_a_babys_age_in_weeks_or_days_is_said_back_so() -> None:
    """'3 tuần' (0,69 months) is echoed as "3 tuần", '20 ngày' as "20 ngày", not as months."""
    from states.messages import describe_age

    assert describe_age(3 / 4.345) == "3 tuần"
    assert describe_age(20 / 30.44) == "20 ngày"
    assert describe_age(1.5) == "1,5 tháng"
    assert describe_age(18) == "18 tháng"
