"""Round 15: an idiom of death said before the feeling, a denial that names the kind, a dose
spat out, a medicine kept out of reach, a long-past taking that came to nothing, a medicine
nobody can name, one medicine taken for another, "hay" as "or", a doubt of how much, and a
multiple of the dose told in English."""

from __future__ import annotations

from core.frame import Triage
from safety.asked_not_told import in_doubt, kept_away_asked, redose_asked
from safety.cue_matching import TurnText
from safety.ngram_model import without_idioms
from safety.past_events import question_after_history
from safety.safety_cues import (
    AT_ONCE_CUES,
    DENIAL,
    HABIT_CUES,
    INGESTION_CUES,
    UNSANCTIONED_CUES,
)
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


# -- idioms and denials: a feeling, not intent ---------------------------------------------


def test_death_said_before_tiredness_is_the_tiredness() -> None:
    folded = TurnText.of("làm đồ án chết mệt luôn, uống gì cho đỡ buồn ngủ").folded
    assert "chet" not in without_idioms(folded)
    assert "chet" not in without_idioms("troi nong chet, uong gi cho mat")


def test_death_after_the_feeling_wanting_it_still_reads() -> None:
    assert "chet" in without_idioms("chan doi qua, chi muon chet")
    assert _kind("chán đời quá, chỉ muốn chết") is Triage.SELF_HARM


def test_an_exam_weary_student_asking_for_a_stimulant_is_not_self_harm() -> None:
    assert _kind("ôn thi chết mệt, có thuốc nào uống cho tỉnh không") is None


def test_a_denial_that_names_the_kind_of_wish_is_a_denial() -> None:
    assert DENIAL.search(TurnText.of("ko phải kiểu muốn chết đâu").folded) is not None
    assert DENIAL.search(TurnText.of("đâu phải em muốn chết").folded) is not None
    said = "mấy hôm nay chán, ngủ không được, không phải kiểu muốn chết nha, hỏi thuốc ngủ thôi"
    assert _kind(said, "diazepam") is not Triage.SELF_HARM


def test_a_wish_to_die_without_a_denial_is_still_self_harm() -> None:
    assert _kind("em không muốn sống nữa, em muốn chết") is Triage.SELF_HARM


# -- a dose spat out; a medicine kept away: asked, nothing happened ------------------------


def test_a_dose_a_child_spat_out_asked_again_is_a_redose_question() -> None:
    said = TurnText.of("con uống hạ sốt xong nhè ra gần hết, giờ cho uống lại được không")
    assert redose_asked(said)


def test_where_to_keep_a_medicine_from_small_children_is_prevention() -> None:
    said = "cất vỉ thuốc ngủ chỗ nào để bé khỏi lấy được vậy"
    assert kept_away_asked(TurnText.of(said))
    assert _kind(said, "diazepam") is None
    assert kept_away_asked(TurnText.of("thuốc ngủ cất ở đâu để tụi nhỏ không lấy được"))


def test_a_child_who_already_got_the_pack_is_not_prevention() -> None:
    said = TurnText.of("bé lấy được vỉ thuốc rồi, giờ cất đâu cho bé khỏi lấy")
    assert not kept_away_asked(said)


# -- a history that came to nothing ---------------------------------------------------------


def test_a_long_past_slip_that_came_to_nothing_leaves_the_question() -> None:
    said = (
        "hai năm trước tôi lỡ uống 2 viên thuốc ngủ mà cũng không bị gì, giờ muốn hỏi "
        "người lớn uống mấy viên"
    )
    assert question_after_history(TurnText.of(said)) is not None
    assert _kind(said, "diazepam") is None


def test_a_recent_slip_said_to_be_nothing_is_not_settled() -> None:
    said = TurnText.of("hôm qua lỡ uống 2 viên thuốc ngủ cũng không sao, giờ hỏi mấy viên")
    assert question_after_history(said) is None


# -- reports: who took what, how much ------------------------------------------------------


def test_a_child_chewing_pills_nobody_can_name_is_an_emergency() -> None:
    said = "con tôi 3 tuổi vừa nhai 3 viên thuốc tiểu đường của bà, không biết tên thuốc gì"
    assert _kind(said) is Triage.EMERGENCY


def test_one_medicine_taken_for_another_is_a_mix_up() -> None:
    said = TurnText.of("ông tưởng thuốc ngủ là thuốc huyết áp rồi uống 2 viên")
    assert UNSANCTIONED_CUES.search(said) is not None
    assert _kind("mẹ tưởng paracetamol là vitamin C nên uống 5 viên một lúc", "paracetamol") is (
        Triage.EMERGENCY
    )


def test_a_schedule_believed_is_not_a_mix_up() -> None:
    said = TurnText.of("em tưởng là mỗi ngày 2 viên nên uống 2 viên")
    assert UNSANCTIONED_CUES.search(said) is None


def test_at_once_after_a_strength_is_at_once() -> None:
    assert AT_ONCE_CUES.search(TurnText.of("uống 3 viên 500 1 lúc")) is not None
    assert AT_ONCE_CUES.search(TurnText.of("uống 12 tiếng 1 lần")) is None


def test_hay_as_or_is_not_a_habit() -> None:
    assert HABIT_CUES.search(TurnText.of("không biết nó uống rồi hay chỉ nghịch")) is None
    assert HABIT_CUES.search(TurnText.of("bé hay nghịch tủ thuốc")) is not None
    said = (
        "về nhà thấy chai siro paracetamol mở nắp, bé 3 tuổi cạnh đó, không biết uống chưa hay "
        "chỉ nghịch"
    )
    assert _kind(said, "paracetamol") in (Triage.SAFETY_CHECK, Triage.EMERGENCY)


def test_not_sure_how_much_is_a_doubt_told() -> None:
    said = TurnText.of("không chắc nó uống bao nhiêu")
    assert in_doubt(said, "bao nhiêu")
    report = "cháu tôi tự mở tủ uống chai siro kháng sinh của anh nó, k chắc uống bao nhiêu"
    assert _kind(report, "amoxicillin") in (Triage.SAFETY_CHECK, Triage.EMERGENCY)


def test_a_multiple_of_the_dose_told_in_english_is_an_ingestion() -> None:
    assert INGESTION_CUES.search(TurnText.of("grandma took double her metformin dose")) is not None
    assert INGESTION_CUES.search(TurnText.of("she took way too many")) is not None
    assert _kind("my mom took 4x her digoxin dose today", "digoxin") is Triage.EMERGENCY


def test_an_oil_after_a_long_past_slip_is_no_sign() -> None:
    said = (
        "hồi bé tôi từng uống nhầm dầu tràm mà cũng không sao, giờ hỏi dầu tràm xoa cho con "
        "được không"
    )
    assert question_after_history(TurnText.of(said)) is not None
    with_pain = "hồi bé tôi từng uống nhầm thuốc mà cũng không sao, giờ lại đau bụng"
    assert question_after_history(TurnText.of(with_pain)) is None


def test_a_child_who_opened_the_bottle_then_keeping_asked_is_still_asked_about() -> None:
    said = "con mở được nắp chai siro sắt, giờ cất đâu cho con khỏi lấy"
    assert not kept_away_asked(TurnText.of(said))
    assert _kind(said, "ferrous_sulfate") in (Triage.SAFETY_CHECK, Triage.EMERGENCY)


def test_pills_of_someone_named_with_an_apostrophe_in_english() -> None:
    said = TurnText.of("my daughter chewed 4 of her dad's tablets")
    assert INGESTION_CUES.search(said) is not None
