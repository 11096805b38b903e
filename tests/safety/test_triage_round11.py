"""Round 11: how-to and dose questions that told a usual amount or a complaint, read as
questions; words typed without accents that fold like a safety word."""

from __future__ import annotations

from core.frame import Triage
from safety.cue_matching import TurnText
from safety.safety_answer import SafetyAnswer, safety_answer
from safety.triage import classify


def test_advice_on_a_dose_typed_without_accents_is_not_self_harm() -> None:
    found = classify("nha thuoc minh can tu van lieu dung cho khach bi ho")
    assert found is None or found.kind is not Triage.SELF_HARM
    found = classify("nho ad tu van dung sao cho dung")
    assert found is None or found.kind is not Triage.SELF_HARM


def test_an_adults_usual_tablets_told_before_a_question_are_no_event() -> None:
    assert classify("tôi uống 2 viên hapacol lúc 7h sáng, nặng 60kg") is None
    assert classify("Bố em bị tiểu đường uống Glucophage 850 ngày 1 viên rưỡi") is None


def test_an_adults_many_tablets_or_anothers_medicine_still_counts() -> None:
    found = classify("tôi vừa uống 2 viên thuốc ngủ của chồng")
    assert found is not None and found.kind in (Triage.EMERGENCY, Triage.SAFETY_CHECK)


def test_a_count_found_whole_is_nothing_taken() -> None:
    assert classify("đếm lại vẫn đủ 20 viên, vỉ còn nguyên, con chưa bóc được") is None
    answer = safety_answer(TurnText.of("dạ không sao, đếm lại vẫn đủ 20 viên, hộp còn nguyên"))
    assert answer is SafetyAnswer.NOT_TAKEN


def test_period_pain_is_what_a_painkiller_is_for() -> None:
    found = classify("con bé 13 tuổi đau bụng kinh quá, cho uống 2 viên paracetamol có sao không")
    assert found is None


def test_a_complaint_before_giving_asked_is_no_sign() -> None:
    assert classify("thằng bé 10 tuổi nhức đầu chóng mặt, cho uống 2 viên có nhiều không") is None


def test_a_sign_after_the_taking_is_still_an_event() -> None:
    found = classify("bé 4 tuổi uống 3 viên của bà rồi, giờ chóng mặt nôn ói")
    assert found is not None and found.kind is Triage.EMERGENCY


def test_tet_nhat_typed_without_accents_is_not_picked_up() -> None:
    found = classify("tet nhat an nhau suot ma dang uong thuoc tieu duong thi sao")
    assert found is None or found.kind is not Triage.EMERGENCY


def test_stopping_for_a_sign_that_keeps_coming_is_a_question() -> None:
    found = classify("mẹ em muốn ngưng aspirin vì hay bị bầm tím, tự ngưng được không ạ")
    assert found is None


def test_tablets_missing_after_a_child_got_at_the_pack_is_an_event() -> None:
    found = classify(
        "cu nhà em 2 tuổi leo lên bàn lấy vỉ thuốc tim của bà, đếm thiếu mất 3 viên, "
        "có cần chở đi viện không"
    )
    assert found is not None and found.kind is Triage.EMERGENCY


def test_not_knowing_how_many_were_eaten_is_doubt_not_a_question() -> None:
    found = classify("con bé 4 tuổi nhai mấy viên sắt của mẹ, ko nhớ bao nhiêu, hộp vơi nhiều")
    assert found is not None and found.kind is Triage.EMERGENCY


def test_millilitres_given_for_drops_is_an_overdose() -> None:
    found = classify("chết rồi, tôi cho bé 4 tháng uống 10ml vitamin D chứ không phải 10 giọt")
    assert found is not None and found.kind is Triage.EMERGENCY
    found = classify("lấy xi lanh hút tới vạch 8 cho bé uống, tưởng là 8 giọt, giờ bé li bì")
    assert found is not None and found.kind is Triage.EMERGENCY


def test_drops_rather_than_millilitres_asked_is_no_overdose() -> None:
    assert classify("thuốc nhỏ cho bé là 5 giọt chứ không phải 5ml đúng không ạ") is None


def test_an_adults_one_dose_taken_twice_is_still_read() -> None:
    found = classify("mới biết ông uống 2 lần rồi, sáng 1 viên, trưa thêm 1 viên nữa, ông mệt")
    assert found is not None and found.kind in (Triage.EMERGENCY, Triage.SAFETY_CHECK)


def test_a_whole_strip_told_in_english_is_an_ingestion() -> None:
    found = classify("my mum took the whole strip of her heart pills, 14 tabs, an hour ago")
    assert found is not None and found.kind is Triage.EMERGENCY
