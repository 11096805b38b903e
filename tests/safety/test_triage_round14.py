"""Round 14: a history that is over told before a new question, an animal that took it, a
doubt told (not asked), an outcome asked to be confirmed, one ordinary measure given."""

from __future__ import annotations

import pytest

from core.frame import HowTo, QueryFrame, Triage, TurnType
from safety.asked_not_told import in_doubt, outcome_asked
from safety.cue_matching import TurnText
from safety.past_events import animal_took, question_after_history
from safety.told_amounts import one_measure
from safety.triage import classify
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


def test_a_long_past_settled_swallow_is_background_to_the_question() -> None:
    said = (
        "mấy năm trước cháu tôi có nuốt nhầm 2 viên sắt, đi viện bác sĩ nói không sao, giờ "
        "cháu khỏe rồi. Cho hỏi sắt với canxi uống cùng lúc được không"
    )
    assert question_after_history(TurnText.of(said)) is not None
    assert _kind(said, "ferrous_sulfate") is None


def test_a_poisoning_long_ago_then_well_is_not_an_emergency_bare() -> None:
    said = "hoi nho toi tung bi ngo doc thuoc, gio khoe roi. metformin uong truoc hay sau an"
    assert _kind(said, "metformin") is None


def test_an_earlier_slip_a_doctor_settled_leaves_the_dose_question() -> None:
    said = (
        "tuần trước con lỡ uống 2 lần siro cách nhau 2 tiếng, đã hỏi bác sĩ bảo không sao. "
        "Giờ muốn hỏi bé 12kg uống paracetamol mấy ml"
    )
    assert _kind(said, "paracetamol") is None


def test_a_new_taking_after_a_settled_history_is_still_an_emergency() -> None:
    said = "năm ngoái bé nuốt 3 viên, bác sĩ bảo không sao. Giờ bé lại nuốt 8 viên rồi"
    assert _kind(said, "paracetamol") is Triage.EMERGENCY


def test_a_recent_taking_still_well_without_a_doctor_is_still_an_emergency() -> None:
    said = "hôm kia bé uống 10 viên, giờ vẫn khỏe, cho hỏi có sao không"
    assert question_after_history(TurnText.of(said)) is None
    assert _kind(said, "paracetamol") is Triage.EMERGENCY


def test_a_sign_after_the_history_keeps_the_whole_turn() -> None:
    said = "năm ngoái bé nuốt 1 viên, bs bảo ko sao, giờ khỏe rồi, nhưng nay lại nôn"
    assert question_after_history(TurnText.of(said)) is None


def test_a_former_reaction_beside_a_question_now_is_history() -> None:
    said = "lần trước con uống cefuroxim xong bị nổi mẩn, lần này bé 13kg dùng bao nhiêu"
    assert _kind(said, "cefuroxime") is None


def test_an_animal_that_swallowed_a_tablet_is_a_vets_case() -> None:
    assert animal_took(TurnText.of("con mèo nhà mình liếm mất nửa viên paracetamol"))
    assert _kind("con mèo nhà mình nuốt mất nửa viên paracetamol rồi", "paracetamol") is None
    bare = "con cho nha minh can nat 2 vien cetirizin roi, co can dua di thu y khong"
    assert _kind(bare, "cetirizine") is None
    # a child in the same turn is still the child's emergency
    child = "bé với con chó nghịch vỉ thuốc, bé nuốt 3 viên rồi"
    assert _kind(child, "paracetamol") is Triage.EMERGENCY


def test_a_doubt_told_before_how_much_is_not_a_question() -> None:
    said = TurnText.of("hộp thuốc huyết áp của bà bị mở, không biết thằng bé ăn bao nhiêu")
    assert in_doubt(said, "bao nhiêu")
    assert not in_doubt(TurnText.of("bé 12kg uống bao nhiêu ml"), "bao nhiêu")


def test_so_followed_by_a_doubt_is_not_should() -> None:
    said = (
        "con 3 tuoi lay hop thuoc cua ba, vien vang ra ghe, dem khong kip nen khong biet "
        "con co nuot vien nao khong"
    )
    assert _kind(said) in (Triage.EMERGENCY, Triage.SAFETY_CHECK)


def test_an_outcome_asked_to_be_confirmed_is_knowledge() -> None:
    asked = TurnText.of("dung qua lieu thi bi xuat huyet phai khong")
    assert outcome_asked(asked)
    assert _kind("uống nhiều quá thì chảy máu đúng không", "warfarin") is None
    told = "bé uống warfarin của bà xong thì chảy máu cam đúng không"
    assert not outcome_asked(TurnText.of(told))
    assert _kind(told, "warfarin") is Triage.EMERGENCY


def test_a_dose_measured_for_each_giving_names_a_medicine() -> None:
    said = "chết rồi, bà cho bé uống 1 lần, ba về lại cho thêm, mỗi lần 6ml"
    assert _kind(said) is Triage.EMERGENCY


def test_one_ordinary_measure_given_is_a_dose_not_an_event() -> None:
    assert one_measure(TurnText.of("con uống 1 thìa siro ho rồi"))
    assert _kind("con uống 1 thìa siro ho rồi") is None
    assert _kind("bé vừa uống 1 gói oresol rồi") is None
    # more than one measure, an infant, a tablet, a taking unbidden: not this rule
    assert not one_measure(TurnText.of("con uống 15ml siro ho rồi"))
    assert not one_measure(TurnText.of("bé 4 tháng uống 5ml siro ho rồi"))
    assert not one_measure(TurnText.of("bé nuốt 1 viên thuốc rơi dưới gầm tủ"))
    assert not one_measure(TurnText.of("bé tự lấy uống 5ml siro ho rồi"))
    assert not one_measure(TurnText.of("con uống 5ml siro, đúng ra 0,5ml"))


class _SureModel:
    """A self-harm model that is sure of every turn (an honest stand-in for its worst case)."""

    report_at = 0.9
    unsure_at = 0.4

    def score(self, folded: str) -> float:
        return 0.99


@pytest.mark.parametrize("how_to", [HowTo.STORAGE, HowTo.MADE_UP, HowTo.RATE])
def test_a_question_on_keeping_a_named_medicine_is_never_self_harm_by_the_model_alone(
    monkeypatch: pytest.MonkeyPatch, how_to: HowTo
) -> None:
    """A nurse asking whether the rest of an infusion keeps in the ward's fridge till
    tomorrow: no word list reads intent, so the model alone does not make it self-harm."""
    monkeypatch.setattr("safety.self_harm.self_harm_model", _SureModel)
    text = (
        "lọ kháng sinh truyền còn thừa, để tủ lạnh phòng trực tới sáng mai truyền tiếp được không"
    )
    frame = QueryFrame(turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["ceftriaxone"], how_to_take=how_to)
    assert classify(text, frame) is None
    asked = frame.model_copy(update={"how_to_take": None})
    found = classify(text, asked)
    assert found is not None and found.kind is Triage.SELF_HARM  # the model, without the care
    despair = "chán sống lắm rồi, lọ thuốc ngủ này để tủ lạnh được không"
    found = classify(despair, frame)
    assert found is not None and found.kind is Triage.SELF_HARM  # the word lists still read it
