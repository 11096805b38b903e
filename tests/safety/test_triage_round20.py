"""Round 20: a teenager's dread said as death, a dose "for the child" typed bare, advice asked
urgently at the counter, a past slip a check-up settled, a claim passed on from others, a
weekly schedule told against a daily one, a pill organiser emptied ahead of its day."""

from __future__ import annotations

from core.frame import Triage
from safety.cue_matching import TurnText
from safety.hearsay import without_hearsay
from safety.ngram_model import without_idioms
from safety.pill_box import emptied_ahead
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


# -- dread of what is coming ------------------------------------------------------------------


def test_dread_said_as_death_is_read_as_the_feeling() -> None:
    assert "chet" not in without_idioms("mai nop bao cao chac em chet mat")
    assert "chet" not in without_idioms("kieu nay thi chet mat thoi")


def test_dread_beside_a_dose_question_is_no_self_harm() -> None:
    said = "mai thi hoc ky chac tao chet mat, nhuc dau qua, paracetamol uong may vien"
    assert _kind(said, "paracetamol") is None


def test_death_asked_as_a_question_is_not_an_idiom() -> None:
    """Asked with "không" after it, it asks whether it kills: it stays as typed."""
    assert "chet" in without_idioms("uong ca vi thi chet mat khong")


def test_a_wish_to_die_stays_self_harm_beside_dread() -> None:
    said = "chac em chet mat, em muon chet, uong het vi thuoc ngu nay"
    assert _kind(said) is Triage.SELF_HARM


# -- a dose "for the child" typed without accents ----------------------------------------------


def test_a_dose_for_the_child_typed_bare_is_no_goodbye() -> None:
    said = "thang truoc be uong nham 1 vien, bs bao khong sao. gio lieu dung cho con 14kg bao nhieu"
    assert _kind(said, "amoxicillin") is not Triage.SELF_HARM


def test_do_not_wait_for_me_said_last_is_still_a_goodbye() -> None:
    said = "dung cho con nua, con uong het vi thuoc roi"
    assert _kind(said) is Triage.SELF_HARM


# -- advice asked urgently at the counter ------------------------------------------------------


def test_urgent_advice_asked_for_a_child_who_swallowed_is_an_emergency() -> None:
    said = "co khach o quay: be 3 tuoi nuot 6 vien loratadin cua bo, tu van gap giup em"
    assert _kind(said, "loratadine") is Triage.EMERGENCY


# -- a past slip a check-up settled ------------------------------------------------------------


def test_a_past_slip_a_checkup_found_nothing_in_is_history() -> None:
    said = (
        "dạo trước có lần tôi uống trùng hai liều cetirizin, khám lại bình thường cả. "
        "Người lớn mỗi ngày dùng mấy mg cetirizin?"
    )
    assert _kind(said, "cetirizine") is None


# -- a claim passed on from others --------------------------------------------------------------


def test_a_claim_of_death_passed_on_then_a_dose_asked_is_no_self_harm() -> None:
    said = "bạn em bảo paracetamol uống nhiều là chết, vậy người lớn uống bao nhiêu là đúng"
    assert _kind(said, "paracetamol") is None


def test_a_claim_passed_on_is_blanked_only_when_something_is_asked_after_it() -> None:
    asked = TurnText.of("người ta nói thuốc ngủ uống nhiều là chết, có đúng không")
    assert "chết" not in without_hearsay(asked).lowered
    told = TurnText.of("người ta nói thuốc ngủ uống nhiều là chết")
    assert without_hearsay(told) is told


def test_a_claim_passed_on_beside_despair_is_still_self_harm() -> None:
    said = "nghe nói uống cả vỉ thuốc ngủ là chết, em chán sống lắm rồi, mấy viên thì đủ"
    assert _kind(said) is Triage.SELF_HARM


def test_a_claim_passed_on_then_a_plan_is_still_self_harm() -> None:
    said = "người ta bảo uống cả vỉ thuốc ngủ là chết, em định uống hết vỉ này"
    assert _kind(said) is Triage.SELF_HARM


# -- a weekly schedule told against a daily one ------------------------------------------------


def test_a_daily_schedule_denied_is_no_daily_use() -> None:
    said = "nghe nói methotrexat uống mỗi tuần chứ không phải mỗi ngày, đúng không"
    assert _kind(said, "methotrexate") is not Triage.UNSAFE_USE


def test_a_daily_schedule_told_of_a_weekly_drug_is_still_unsafe() -> None:
    said = "mẹ tôi uống methotrexat mỗi ngày một viên được không"
    assert _kind(said, "methotrexate") is Triage.UNSAFE_USE
    said = "methotrexat dung hang ngay cho khop duoc ko"  # "dùng", not "đừng"
    assert _kind(said, "methotrexate") is Triage.UNSAFE_USE


# -- a pill organiser emptied ahead of its day -------------------------------------------------


def test_tomorrows_compartment_empty_today_asks_the_safety_question() -> None:
    said = "hộp chia thuốc của ông, ngăn thứ 5 với thứ 6 trống trơn mà nay mới thứ 4, amlodipin"
    assert emptied_ahead(TurnText.of(said)) is not None
    assert _kind(said, "amlodipine") in (Triage.SAFETY_CHECK, Triage.EMERGENCY)


def test_tomorrows_compartment_empty_typed_bare() -> None:
    said = "o cua ngay mai trong hop chia ngay cua ba da trong, ba uong metformin"
    assert emptied_ahead(TurnText.of(said)) is not None


def test_a_compartment_named_with_nothing_missing_is_nothing() -> None:
    said = "mẹ dùng hộp chia thuốc 7 ngày, xếp amlodipin vào ngăn thứ hai thế nào cho tiện"
    assert emptied_ahead(TurnText.of(said)) is None
    said = "trong hop chia thuoc cua ba, ngay mai uong amlodipin may gio"
    assert emptied_ahead(TurnText.of(said)) is None
