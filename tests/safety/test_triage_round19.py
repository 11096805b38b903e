"""Round 19: a poisoning told with its cause, days in a row told after the count, following a
loved one into death, medicine saved up and asked of, a sign a medicine is then asked for,
what the speaker takes back."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.cue_matching import TurnText
from safety.past_events import taken_back
from safety.triage import classify
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


# -- a poisoning told with its cause -----------------------------------------------------------


def test_a_poisoning_told_with_its_cause_is_an_event() -> None:
    """A ward's note: the poisoning and who gave what, no question of knowledge."""
    said = "bn nữ 80 tuổi, ngộ độc digoxin do người nhà cho uống 1v/ngày x 6 ngày"
    assert _kind(said, "digoxin") is Triage.EMERGENCY
    said = "ông nhà ngộ độc digoxin vì uống theo đơn cũ 2 tuần"
    assert _kind(said, "digoxin") is Triage.EMERGENCY


def test_the_cause_of_a_poisoning_asked_is_knowledge() -> None:
    said = "ngộ độc paracetamol do uống nhiều thì xử trí thế nào"
    assert _kind(said, "paracetamol") is None


def test_the_dose_asked_after_a_poisoning_told_is_not_given() -> None:
    """The next turn asks whether to go on with the usual half tablet: the emergency goes on."""
    frame = QueryFrame(standalone_query="x", drugs=["digoxin"])
    first = classify("bn ngộ độc digoxin do người nhà cho uống 3 viên/ngày", frame)
    assert first is not None and first.kind is Triage.EMERGENCY


# -- days in a row told after the count -------------------------------------------------------


def test_a_weekly_drug_taken_days_in_a_row_after_the_count_is_an_emergency() -> None:
    said = "bố em uống methotrexat mỗi sáng 3 viên liên tục 5 ngày, đáng lẽ tuần 1 lần"
    assert _kind(said, "methotrexate") is Triage.EMERGENCY
    said = "ba uong methotrexat ngay nao cung 3 vien lien 5 ngay roi"
    assert _kind(said, "methotrexate") is Triage.EMERGENCY


# -- following a loved one into death ---------------------------------------------------------


def test_following_a_loved_one_into_death_is_self_harm() -> None:
    said = "bố nằm liệt mấy năm, có đêm con nghĩ cho bố uống hết rồi đi theo bố luôn cho nhẹ"
    assert _kind(said) is Triage.SELF_HARM
    assert _kind("ông đi rồi, bà cũng muốn theo ông về bên kia") is Triage.SELF_HARM
    assert _kind("me mat roi, e nghi hoai chuyen chet theo me") is Triage.SELF_HARM


def test_going_along_with_a_parent_is_not_self_harm() -> None:
    assert _kind("con đi theo mẹ về quê ăn tết, mang theo paracetamol được không") is None


# -- medicine saved up, asked of --------------------------------------------------------------


def test_medicine_saved_up_beside_despair_is_intent_even_asked() -> None:
    said = (
        "ông sống chỉ làm khổ các con, gom thuốc huyết áp mấy tháng nay, uống một lúc có được không"
    )
    assert _kind(said) is Triage.SELF_HARM


def test_a_dose_asked_of_a_medicine_kept_is_not_intent() -> None:
    assert _kind("để dành thuốc hạ sốt cho con, uống một lần mấy viên") is None


# -- a sign a medicine is then asked for, after a history -------------------------------------


def test_a_history_then_a_rash_a_medicine_is_asked_for() -> None:
    said = (
        "hồi năm kia thằng út nuốt 3 viên loratadin, đi khám bs nói ko sao. giờ nó nổi mề "
        "đay, cho uống loratadin lại có ổn ko"
    )
    assert _kind(said, "loratadine") is None


def test_a_history_then_a_sign_told_stays_an_event() -> None:
    said = "năm ngoái bé uống nhầm 2 viên, đi viện rồi về khỏe re. Giờ bé li bì, có sao ko"
    assert _kind(said, "cetirizine") is Triage.EMERGENCY


# -- what the speaker takes back --------------------------------------------------------------


def test_a_question_meant_after_a_slip_of_the_tongue_is_read_alone() -> None:
    said = "lỡ uống... à nhầm, mình muốn hỏi amoxicilin uống trước hay sau ăn"
    assert taken_back(TurnText.of(said)) == "mình muốn hỏi amoxicilin uống trước hay sau ăn"
    assert _kind(said, "amoxicillin") is None


def test_a_count_corrected_is_still_the_event() -> None:
    said = "bé nuốt 1 viên, à không, 2 viên amlodipin của ông rồi"
    assert taken_back(TurnText.of(said)) is None
    assert _kind(said, "amlodipine") is Triage.EMERGENCY


# -- a drop or a spray into the mouth; tablets counted within the hours of a day --------------


def test_eye_drops_given_into_a_babys_mouth_by_mistake_is_an_ingestion() -> None:
    said = "người giúp việc nhỏ lộn chai nhỏ mắt vô miệng thằng cu thay cho vitamin D"
    assert _kind(said, "prednisolone") is Triage.EMERGENCY


def test_tablets_counted_within_the_hours_of_a_day_are_an_overdose() -> None:
    """Taken whenever the pain came back, counted later: a day's worth and more."""
    said = (
        "anh trai em đau lưng, uống paracetamol 500 đến giờ hết 14 viên trong khoảng 18 "
        "tiếng, giờ thấy mệt, có cần vào viện ko"
    )
    assert _kind(said, "paracetamol") is Triage.EMERGENCY


def test_a_days_largest_count_asked_is_a_question() -> None:
    said = "người lớn uống paracetamol 500 tổng cộng 1 ngày tối đa bao nhiêu viên"
    assert _kind(said, "paracetamol") is None


def test_an_open_bottle_beside_a_child_and_no_count_is_not_a_dose_question() -> None:
    """ "… nên không đếm được" is "so I cannot count", not "should": nothing is asked."""
    said = (
        "hộp thuốc huyết áp của bà bị mở nắp, cháu 3 tuổi ngồi cạnh, bà ko nhớ còn mấy viên "
        "nên ko đếm dc"
    )
    assert _kind(said, "amlodipine") in (Triage.EMERGENCY, Triage.SAFETY_CHECK)
    assert _kind("bé 3 tuổi nên uống mấy viên", "paracetamol") is None
