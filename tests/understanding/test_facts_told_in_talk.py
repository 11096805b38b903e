"""Patient facts told in the flow of a talk (round 11): home weight units, a count of months
that is how long a drug is taken, a correction, the baby of a nursing mother, a doctor's
diagnosis told, a complaint asked about the drug just named."""

from __future__ import annotations

import pytest

from core.frame import Population, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.conditions import asks_diagnosis
from understanding.slots import read_age, read_weight
from understanding.speaker import given_to_child
from understanding.text import Turn


def _after(understander: RulesUnderstander, text: str, prior: dict[str, object]) -> QueryFrame:
    context = UnderstandingContext(prior_frame=QueryFrame.model_validate(prior))
    return understander.parse(text, context)


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("chau noi toi 3 yen roi, 9 tuoi", 30.0),
        ("thang cu nha em nang 1 yen ruoi", 15.0),
        ("ông nhà tôi nặng có 45kh thôi", 45.0),
        ("me em can nang tam 50 kj", 50.0),
    ],
)
def test_home_weight_units_and_a_slipped_kilo(text: str, kg: float) -> None:
    """ "yến" is ten kilos ("rưỡi": and five); after "nặng", "45kh" is a mistyped kilo."""
    assert read_weight(Turn.of(text)) == kg


@pytest.mark.parametrize(
    "text",
    [
        "bac si cho xai metformin 6 thang roi kham lai",
        "tôi dùng atorvastatin 2 tháng nữa thì tái khám",
        "uong levothyrox 3 thang lien roi",
    ],
)
def test_months_after_taking_a_drug_are_how_long(text: str) -> None:
    """Months after "uống/dùng <drug>" and then "rồi", "nữa" or a check-up: not an age."""
    assert read_age(Turn.of(text)) is None


def test_months_of_a_child_named_after_the_verb_stay_an_age() -> None:
    """ "uống cho bé 5 tháng rồi": the child between the verb and the count is its age."""
    age = read_age(Turn.of("uống siro cho bé 5 tháng rồi có được không"))
    assert age is not None and age.months == 5


def test_a_correction_in_the_southern_word_keeps_the_weight(
    understander: RulesUnderstander,
) -> None:
    """ "nói lộn, bé 2 tuổi" corrects the age of the same child: the weight said stays."""
    prior = {"turn_type": "out_of_scope", "population": "child", "age_months": 36, "weight_kg": 13}
    frame = _after(understander, "dạ em nói lộn, bé nhà em 2 tuổi, cân thì vậy", prior)
    assert (frame.age_months, frame.weight_kg) == (24, 13)


NURSING = {
    "turn_type": "drug_attribute",
    "drugs": ["loratadine"],
    "attribute": "thoi_ky_cho_con_bu",
    "population": "adult",
    "patient": {"breastfeeding": True},
}


def test_the_baby_given_the_drug_is_the_patient(understander: RulesUnderstander) -> None:
    """After a nursing mother's question, "bé 8 tháng 8 ký, cho bé dùng được ko" asks about
    the baby: the baby's age and weight are the patient's."""
    frame = _after(understander, "con nổi mẩn nữa, bé 8 tháng 8 ký, cho bé dùng được ko", NURSING)
    assert frame.population is Population.CHILD
    assert (frame.age_months, frame.weight_kg) == (8, 8)
    assert frame.drugs == ["loratadine"]


def test_the_babys_age_alone_keeps_the_mother(understander: RulesUnderstander) -> None:
    """ "con mình được 2 tháng" only tells her baby's age: she is still the patient."""
    frame = _after(understander, "con mình được 2 tháng", NURSING)
    assert frame.age_months is None


@pytest.mark.parametrize(
    ("text", "given"),
    [
        ("cho bé uống được không", True),
        ("cháu dùng thuốc này được ko", True),
        ("con mình được 1 tháng", False),
        ("mình uống được không", False),
    ],
)
def test_given_to_child(text: str, given: bool) -> None:
    assert given_to_child(Turn.of(text)) is given


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("bác sĩ chẩn đoán viêm phế quản, kê azithromycin", False),
        ("em được chẩn đoán trào ngược, uống omeprazol", False),
        ("chẩn đoán giúp em bị gì với", True),
        ("em bị sao vậy, là bệnh gì", True),
    ],
)
def test_a_diagnosis_told_is_not_one_asked(text: str, asks: bool) -> None:
    assert asks_diagnosis(Turn.of(text)) is asks


def test_a_told_diagnosis_keeps_its_drug(understander: RulesUnderstander) -> None:
    """ "bs chẩn đoán …, cho <drug>" is a drug turn, not out of scope."""
    frame = understander.parse(
        "bs chẩn đoán viêm xoang, cho uống amoxicilin", UnderstandingContext()
    )
    assert frame.turn_type is not TurnType.OUT_OF_SCOPE
    assert frame.drugs == ["amoxicillin"]


def test_a_complaint_asked_with_the_bare_verb_is_about_the_drug(
    understander: RulesUnderstander,
) -> None:
    """ "bé 2 tháng, hơi ho, dùng được không" after a drug question asks about that drug."""
    prior = {"turn_type": "dosing_calc", "drugs": ["salbutamol"], "population": "child"}
    frame = _after(understander, "bé nhà chị 2 tháng tuổi, hơi ho, dùng được không", prior)
    assert frame.drugs == ["salbutamol"]
    assert frame.age_months == 2


def test_how_long_taken_so_far_keeps_the_drug(understander: RulesUnderstander) -> None:
    """ "dùng được 5 hôm rồi" after a drug question tells more of that drug (no age)."""
    prior = {"turn_type": "dosing_calc", "drugs": ["cefuroxime"], "population": "child"}
    frame = _after(understander, "dùng được 5 hôm rồi", prior)
    assert frame.drugs == ["cefuroxime"]
    assert frame.age_months is None


def test_a_pharmacy_brand_names_its_substance(understander: RulesUnderstander) -> None:
    """ "Nurofen" is sold as ibuprofen; the temperature and the clock are no age."""
    frame = understander.parse(
        "sốt 39 độ 2 lúc 9 giờ, cho uống nurofen được không", UnderstandingContext()
    )
    assert frame.drugs == ["ibuprofen"]
    assert frame.age_months is None and frame.weight_kg is None
