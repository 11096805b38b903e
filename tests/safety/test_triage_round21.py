"""Round 21: an overdose only feared or asked as the other answer, a pain's idiom of death
however the pain is described, a complaint's faintness before a dose asked, a past reaction
that passed, the complaint of now a dose is asked for, a hospital stay typed bare, a carer's
instruction, a weekly schedule and a course after an operation (our own sentences)."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.cue_matching import TurnText
from safety.ingestion import Verdict, read_event
from safety.overdose_feared import overdose_told, without_feared_overdose
from safety.triage import classify, triage_turn
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


def _child_kind(text: str, *drugs: str) -> Triage | None:
    frame = QueryFrame(standalone_query=text, drugs=list(drugs), population="child")
    found = classify(text, frame, None)
    return None if found is None else found.kind


# -- an overdose feared, or asked as the other answer ------------------------------------------


def test_a_fear_of_overdosing_asks_the_maximum() -> None:
    said = "toi dau lung, ngay uong toi da may vien ibuprofen 400, toi so uong qua lieu"
    assert overdose_told(TurnText.of(said)) is None
    assert _kind(said, "ibuprofen") is None


def test_a_fear_typed_with_accents_asks_the_maximum() -> None:
    said = "mình lo bị quá liều nên hỏi trước, cetirizin một ngày tối đa mấy viên"
    assert _kind(said, "cetirizine") is None


def test_overdose_as_the_other_answer_of_a_yes_no_question() -> None:
    said = "sáng uống 1 viên loratadin rồi, tối uống thêm 1 viên được không hay là bị quá liều"
    assert without_feared_overdose(TurnText.of(said)) is not None
    assert _kind(said, "loratadine") is None


def test_an_overdose_told_beside_a_fear_is_still_told() -> None:
    said = "chắc mẹ tôi bị quá liều rồi, tôi sợ ngộ độc lắm"
    assert overdose_told(TurnText.of(said)) is not None
    assert _kind(said) is Triage.EMERGENCY


def test_a_slip_typed_bare_is_no_worry() -> None:
    """Bare, "lo" is also "lỡ": only typed with accents is it a worry."""
    assert without_feared_overdose(TurnText.of("con lo uong qua lieu roi")) is None


# -- a pain's idiom of death -------------------------------------------------------------------


def test_a_described_pain_said_as_death_is_no_self_harm() -> None:
    said = "dau rang nhuc nhoi am i muon chet luon, ibuprofen uong may vien"
    assert _kind(said, "ibuprofen") is not Triage.SELF_HARM


def test_a_wish_to_die_named_after_the_pain_is_still_self_harm() -> None:
    said = "đau bụng quá em muốn chết, cho em uống cả lọ cho xong"
    assert _kind(said) is Triage.SELF_HARM


# -- faintness as the strength of a complaint --------------------------------------------------


def test_faintness_of_the_complaint_before_how_many_asked() -> None:
    said = "nôn ói cả đêm muốn xỉu, người lớn uống domperidon mấy viên, sợ uống nhiều hại tim"
    assert _kind(said, "domperidone") is None


def test_faintness_after_the_dose_with_a_few_taken_is_an_emergency() -> None:
    said = "uống thuốc ngủ xong mệt muốn xỉu, uống mấy viên rồi"
    assert _kind(said) is Triage.EMERGENCY


# -- a past reaction that passed, and the complaint of now -------------------------------------


def test_a_reaction_that_passed_before_a_question_now() -> None:
    said = (
        "hôm trước uống metformin xong bị run tay vã mồ hôi, ăn bánh là hết rồi. "
        "giờ liều khởi đầu bao nhiêu"
    )
    assert _kind(said, "metformin") is None


def test_a_slip_days_back_that_passed_is_still_read() -> None:
    said = "hôm trước bé lỡ uống 4 viên, nôn ra là hết rồi. giờ bé sốt uống paracetamol bao nhiêu"
    assert _kind(said, "paracetamol") is Triage.EMERGENCY


def test_a_fever_now_a_dose_is_asked_for_after_a_settled_slip() -> None:
    said = (
        "năm ngoái bé uống nhầm siro của anh, bs bảo không sao rồi. "
        "giờ bé sốt 39,2 thì cho uống ibuprofen bao nhiêu ml"
    )
    assert _kind(said, "ibuprofen") is None


# -- what a dose conversation tells ------------------------------------------------------------


def test_a_hospital_stay_typed_bare_is_no_tablet() -> None:
    event = read_event(
        TurnText.of("con 12t bi hen, phai nam vien 3 ngay roi"), names_drug=False, child_known=True
    )
    assert event.verdict is None


def test_a_handful_of_tablets_typed_bare_is_still_a_medicine() -> None:
    said = "be boc ca nam vien sat bo vao mieng"
    assert _child_kind(said) is not None


def test_a_carers_instruction_to_give_it_is_no_event() -> None:
    said = "chau 4 tuoi 16kg, sot 38,8, ba no dan cho uong paracetamol"
    assert _child_kind(said, "paracetamol") is None


def test_a_weekly_schedule_told_is_no_event() -> None:
    said = "dạ tôi biết, mỗi tuần cháu chỉ uống một lần vào chủ nhật"
    event = read_event(TurnText.of(said), names_drug=True, child_known=True)
    assert event.verdict is None


def test_a_course_after_an_operation_is_no_event() -> None:
    said = "con gai e 14t nho rang xong ve uong amoxicilin"
    event = read_event(TurnText.of(said), names_drug=True, child_known=True)
    assert event.verdict is None


def test_a_child_who_opened_the_bottle_and_drank_is_still_a_report() -> None:
    said = "be mo nap xong uong mat nua chai siro"
    event = read_event(TurnText.of(said), names_drug=True, child_known=True)
    assert event.verdict is Verdict.REPORT


# -- a grandparent unsure what the parents gave; a dose given by syringe -----------------------


def test_a_second_carer_unsure_whether_it_was_given_is_asked() -> None:
    said = (
        "ông không nhớ con dâu đã cho thằng bé uống siro ho chưa, ông vẫn cho uống 5ml rồi, "
        "cháu 3 tuổi 14kg"
    )
    assert _child_kind(said) is not None


def test_a_wrong_bottle_given_by_syringe_to_a_baby_is_a_report() -> None:
    said = "bé nhà em 3 tháng, bà cầm nhầm lọ siro ho của chị nó, bơm cho bé 3ml"
    event = read_event(TurnText.of(said), names_drug=True, child_known=True)
    assert event.verdict is Verdict.REPORT


def test_faintness_of_the_complaint_after_a_meal_told_before() -> None:
    """A meal told the turn before is no taking: the faintness is the complaint's."""
    said = "đi ngoài liên tục muốn xỉu, người lớn uống loperamid mấy viên"
    frame = QueryFrame(standalone_query=said, drugs=["loperamide"])
    found = triage_turn(
        said, frame, answers_open_question=False, before="tối qua ăn đồ biển xong về đau bụng"
    )
    assert found is None
