"""Round 16 (doses): a weight put right in the same breath, "à quên" that adds to what was
told, a diagnosis told right after the patient, the bottle kept when only the indication is
put right (our own sentences through the rules reader)."""

from __future__ import annotations

from core.frame import QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding.conditions import asks_diagnosis
from understanding.corrections import corrected_fact
from understanding.rules import RulesUnderstander
from understanding.testing import demo_catalog
from understanding.text import Turn

# A dose asked for a five-year-old of 18 kg: the prior frame the corrections below follow.
_AMOXICILLIN_FOR_A_FIVE_YEAR_OLD = {
    "turn_type": "dosing_calc",
    "drugs": ["amoxicillin"],
    "attribute": "lieu_luong_cach_dung",
    "population": "child",
    "age_months": 60,
    "weight_kg": 18,
}


def _read(text: str, prior: dict[str, object] | None = None) -> QueryFrame:
    context = UnderstandingContext(
        prior_frame=QueryFrame.model_validate(prior) if prior is not None else None
    )
    return RulesUnderstander(demo_catalog()).understand(text, context)


def test_a_weight_put_right_at_once_is_the_one_that_counts() -> None:
    """ "12 ký, à không, 13 ký mới đúng": the second figure replaces the first."""
    frame = _read("cháu 3 tuổi, cân tuần trước 12 ký, à không, 13 ký mới đúng, ibuprofen mấy ml")
    assert frame.weight_kg == 13
    fixed = corrected_fact("be 5 tuoi a nham 6 tuoi", None, None)
    assert fixed is not None and fixed.age_months == 72


def test_two_different_facts_beside_a_repair_word_correct_nothing() -> None:
    assert corrected_fact("be 3 tuoi, a khong, 15 kg", None, None) is None
    assert corrected_fact("be 3 tuoi khong sot 15kg", None, None) is None


def test_oh_i_forgot_to_say_is_no_missed_dose() -> None:
    """ "à quên, …" adds to what was told; "quên uống 1 liều" is still a missed dose."""
    prior = dict(_AMOXICILLIN_FOR_A_FIVE_YEAR_OLD)
    told = _read("à quên, cháu bị viêm tai chứ không phải viêm họng", prior)
    assert told.how_to_take is None
    assert told.turn_type is TurnType.DOSING_CALC
    missed = _read("hôm qua quên uống 1 liều amoxicillin thì sao")
    assert missed.how_to_take is not None


def test_a_diagnosis_told_after_the_patient_is_no_diagnosis_asked() -> None:
    assert not asks_diagnosis(Turn.of("cháu 5 tuổi 18kg chẩn đoán viêm phổi, amoxicilin bao nhiêu"))
    assert not asks_diagnosis(Turn.of("Chẩn đoán: sốt xuất huyết. Paracetamol liều?"))
    assert asks_diagnosis(Turn.of("bé 3 tuổi chẩn đoán giúp em với"))
    assert asks_diagnosis(Turn.of("ho mấy tuần nay chẩn đoán là gì"))


def test_the_bottle_said_before_goes_on_when_the_indication_is_put_right() -> None:
    prior = {
        **_AMOXICILLIN_FOR_A_FIVE_YEAR_OLD,
        "condition_words": "chau 5 tuoi 18kg viem hong, siro 250 mg/5 ml moi lan may ml",
    }
    frame = _read("à quên, cháu bị viêm tai giữa chứ không phải viêm họng", prior)
    assert frame.turn_type is TurnType.DOSING_CALC
    assert "250 mg/5 ml" in frame.condition_words
    assert "viem hong, siro" not in frame.condition_words  # the old indication stays behind
