"""Round 16, patient facts told in the flow of a talk: a complaint told after a drug question
keeps that drug (the patient's age and weight, a nursing mother, the taking since then); a
nursing mother's baby's age is not hers; a bound not yet reached is no age; a pregnancy's
months after which child it is, a comma between."""

from __future__ import annotations

from core.frame import QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.pregnancy import pregnancy_term
from understanding.slots import read_age
from understanding.text import Turn


def _after(understander: RulesUnderstander, text: str, prior: dict[str, object]) -> QueryFrame:
    context = UnderstandingContext(prior_frame=QueryFrame.model_validate(prior))
    return understander.parse(text, context)


_ASKED = {"turn_type": "drug_attribute", "drugs": ["ibuprofen"], "attribute": "than_trong"}


def test_a_childs_age_weight_and_complaint_keep_the_drug(understander: RulesUnderstander) -> None:
    """Asked whether a medicine suits a child, then the child and the fever: its dose."""
    frame = _after(understander, "chau 2 tuoi, nang 12 ky, bi sot cao tu sang", _ASKED)
    assert frame.drugs == ["ibuprofen"] and frame.turn_type is TurnType.DOSING_CALC
    assert frame.age_months == 24 and frame.weight_kg == 12


def test_a_complaint_said_with_which_drug_asked_is_a_new_question(
    understander: RulesUnderstander,
) -> None:
    frame = _after(understander, "chau 2 tuoi bi sot thi uong thuoc gi", _ASKED)
    assert "ibuprofen" not in frame.drugs


def test_a_nursing_mothers_complaint_asks_her_section(understander: RulesUnderstander) -> None:
    prior = {"turn_type": "drug_attribute", "drugs": ["loratadine"], "attribute": "than_trong"}
    text = "tôi đang cho con bú, con tôi được 3 tháng, tôi bị ngứa nổi mề đay khắp người"
    frame = _after(understander, text, prior)
    assert frame.drugs == ["loratadine"] and frame.attribute == "thoi_ky_cho_con_bu"


def test_a_complaint_since_taking_it_asks_its_effects(understander: RulesUnderstander) -> None:
    prior = {"turn_type": "drug_attribute", "drugs": ["amlodipine"], "attribute": "chi_dinh"}
    frame = _after(understander, "dùng được 2 tháng nay rồi, sao giờ bị phù chân", prior)
    assert frame.drugs == ["amlodipine"] and frame.attribute == "tac_dung_khong_mong_muon"


def test_more_of_it_asked_with_the_complaint_is_the_dose(understander: RulesUnderstander) -> None:
    prior = {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "than_trong"}
    frame = _after(understander, "van sot 39 do, cho uong them 1 goi nua duoc khong", prior)
    assert frame.drugs == ["paracetamol"] and frame.turn_type is TurnType.DOSING_CALC


def test_a_nursing_mother_asking_for_herself_is_the_adult(
    understander: RulesUnderstander,
) -> None:
    text = "tôi hỏi cho tôi thôi, đang cho con bú, bé được 4 tháng, tôi bị đau răng quá"
    frame = understander.parse(text, UnderstandingContext())
    assert frame.population is not None and frame.population.value == "adult"
    assert frame.age_months is None


def test_a_bound_not_yet_reached_is_no_age() -> None:
    age = read_age(Turn.of("à con số sai, cháu 18 tháng, chưa đủ 2 tuổi đâu"))
    assert age is not None and age.months == 18
    assert read_age(Turn.of("bé chưa tới 10 tuổi")) is None


def test_a_pregnancys_months_after_which_child_with_a_comma() -> None:
    term = pregnancy_term(Turn.of("có bầu con đầu, mới được 5 tháng, bị ho"))
    assert term.get("pregnancy_trimester") == 2


def test_a_siblings_age_before_the_speakers_turn_is_not_hers(
    understander: RulesUnderstander,
) -> None:
    text = "hồi tháng trước chị gái mình 12 tuổi cũng bị vậy, giờ đến lượt mình, uống gì"
    frame = understander.parse(text, UnderstandingContext())
    assert frame.age_months is None
