"""Round 17: tablets taken one after another said without accents ("liền tù tì"), a giver
before "cho rồi", a danger sign after an amount, a student at work with a caller's case, an
antidote or the advice to give asked, the same dose given by carers who did not tell each
other, a childhood history before a question asked now."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.cue_matching import TurnText
from safety.safety_cues import DESPAIR_CUES, WORRY_CUES
from safety.told_amounts import given_unaware, twice_told
from safety.triage import classify


def _kind(text: str, *drugs: str, weight: float | None = None) -> Triage | None:
    frame = QueryFrame(standalone_query=text, drugs=list(drugs), weight_kg=weight)
    found = classify(text, frame, None)
    return None if found is None else found.kind


# -- folded "tu tu": one after another, or slowly, before a count --------------------------


def test_tablets_one_after_another_typed_bare_are_no_intent() -> None:
    said = "nhuc dau qua nen toi uong lien tu tu 6 vien ibuprofen, gio non oi lien tuc"
    assert _kind(said, "ibuprofen") is not Triage.SELF_HARM
    said = "bac uong tu tu 3 vien paracetamol trong buoi sang"
    assert _kind(said, "paracetamol") is not Triage.SELF_HARM


def test_the_word_for_suicide_typed_bare_still_reads() -> None:
    assert _kind("chan doi qua, muon tu tu cho xong") is Triage.SELF_HARM
    assert _kind("nuot 30 vien de tu tu", "paracetamol") is Triage.SELF_HARM


# -- "cho rồi" after a giver: given already, not "to be done with it" ----------------------


def test_given_already_by_someone_is_no_despair() -> None:
    assert DESPAIR_CUES.search(TurnText.of("tôi đâu biết ông nội cho rồi")) is None
    assert DESPAIR_CUES.search(TurnText.of("ca sáng đã cho rồi mà")) is None
    assert DESPAIR_CUES.search(TurnText.of("uống hết vỉ cho rồi")) is not None


def test_a_babysitter_who_gave_a_second_sachet_is_an_emergency_not_self_harm() -> None:
    said = (
        "Con trông cháu giúp chị. 7h con cho cháu uống 1 gói hạ sốt, 8h ông sang lại cho "
        "uống thêm 1 gói, con không biết ông cho rồi nên 10h cho gói nữa. Cháu 10kg ạ"
    )
    assert _kind(said, "paracetamol", weight=10.0) is Triage.EMERGENCY


# -- a danger sign after an amount ---------------------------------------------------------


def test_a_danger_sign_after_several_tablets_is_an_emergency() -> None:
    said = (
        "bố tôi đau lưng, từ trưa uống 5 viên ibuprofen 400 mua ngoài tiệm, giờ đi cầu ra "
        "phân đen như hắc ín, có nên đưa ổng đi khám ko"
    )
    assert _kind(said, "ibuprofen") is Triage.EMERGENCY


# -- a student at work with a real case; the antidote or the advice asked --------------------


def test_a_student_at_the_counter_tells_a_real_case() -> None:
    said = (
        "mình là sv dược đang đứng quầy, có anh khách vừa kể con trai 3 tuổi nhai mất 4 viên "
        "amlodipin 5mg của ông, mình nên khuyên anh ấy sao"
    )
    assert _kind(said, "amlodipine") is Triage.EMERGENCY


def test_a_student_asking_to_learn_is_still_no_event() -> None:
    said = "em là sinh viên dược năm 3, hỏi để biết thôi: trẻ nuốt nhầm thuốc thì làm gì?"
    assert _kind(said) is not Triage.EMERGENCY


def test_an_antidote_asked_is_a_worry_but_a_hangover_cure_is_not() -> None:
    assert WORRY_CUES.search(TurnText.of("chị ấy hỏi mua thuốc gì để giải")) is not None
    assert WORRY_CUES.search(TurnText.of("uống gì để giải rượu nhanh")) is None
    assert WORRY_CUES.search(TurnText.of("em phải nói với khách thế nào")) is not None


# -- the same dose given by carers who did not tell each other ------------------------------


def test_several_carers_who_told_nobody_gave_too_much() -> None:
    said = "hôm nay 2 người cho nó uống siro hạ sốt cách nhau có 1 tiếng, chẳng ai báo ai"
    assert given_unaware(TurnText.of(said)) is not None
    assert _kind(said, "paracetamol") is Triage.EMERGENCY


def test_a_ward_dose_found_given_by_the_last_shift_is_asked_about() -> None:
    said = (
        "trực tối khoa lão, em phát amlodipin 5 cho cụ 80t, phát xong mới biết ca chiều đã "
        "cho uống rồi, chưa hỏi lại được"
    )
    told = twice_told(TurnText.of(said), child_known=False)
    assert told is not None and told[1] is False  # an adult's one dose twice: asked, not sure
    assert _kind(said, "amlodipine") in (Triage.EMERGENCY, Triage.SAFETY_CHECK)


def test_a_dose_given_as_the_doctor_said_is_no_second_carer() -> None:
    assert given_unaware(TurnText.of("bác sĩ dặn cho uống rồi, giờ tái khám")) is None
    assert given_unaware(TurnText.of("hai người cùng đi mua thuốc cho bé")) is None


# -- a childhood history, then a question asked now ------------------------------------------


def test_a_childhood_poisoning_is_background_to_a_question_now() -> None:
    said = (
        "Lúc còn nhỏ em từng bị ngộ độc do uống nhiều paracetamol, phải nằm viện. Giờ em 30 tuổi, "
        "đau răng uống paracetamol 500 thì có được không"
    )
    assert _kind(said, "paracetamol") is not Triage.EMERGENCY


def test_while_the_baby_slept_is_no_childhood_long_past() -> None:
    said = "lúc bé ngủ trưa em để vỉ thuốc trên giường, giờ bé lơ mơ, vỉ thiếu 3 viên"
    assert _kind(said, "amlodipine") is Triage.EMERGENCY
