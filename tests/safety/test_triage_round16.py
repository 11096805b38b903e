"""Round 16: an interjection or "in trouble with someone" said with the word for death, "kms",
a season of allergies, a year named as long past, a course told in days, a child who swigs or
bites into a medicine, the harm to an organ asked as knowledge, a rash on a day of the course,
an emptied bottle and a taker's word doubted."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.asked_not_told import harm_asked
from safety.cue_matching import TurnText, cues
from safety.ngram_model import without_idioms
from safety.past_events import question_after_history
from safety.safety_cues import ALLERGY_SIGNS, TAKE_CUES, TREATMENT_CUES, UNSURE_CUES
from safety.triage import classify


def _found(text: str, *drugs: str) -> tuple[Triage | None, str]:
    frame = QueryFrame(standalone_query=text, drugs=list(drugs))
    found = classify(text, frame, None)
    return (None, "") if found is None else (found.kind, found.section)


def _kind(text: str, *drugs: str) -> Triage | None:
    return _found(text, *drugs)[0]


# -- death said as an interjection or as trouble with someone: no intent -------------------


def test_an_interjection_before_death_opens_an_alarm_not_a_wish() -> None:
    assert "chet" not in without_idioms("oi chet, thang be vua bo vao mieng cai gi")
    said = "ôi chết, chị quay lưng một chút là cu cậu tu hết nửa lọ siro, lọ 60ml"
    assert _kind(said, "cetirizine") is Triage.EMERGENCY


def test_in_trouble_with_a_parent_is_no_self_harm() -> None:
    assert "chet" not in without_idioms("chac tao chet voi ong gia tao")
    said = (
        "thôi chết với mẹ tao rồi, mẹ dặn mua thuốc tiểu đường mà tao quên mất tên, "
        "hình như metformin"
    )
    assert _kind(said, "metformin") is not Triage.SELF_HARM


def test_a_wish_to_die_with_an_interjection_elsewhere_still_reads() -> None:
    assert _kind("ôi, em chỉ muốn chết thôi, uống gì cho đi luôn") is Triage.SELF_HARM
    # the interjection then a wish after the death word is the wish
    assert _kind("thôi chết quách đi cho xong, sống chi nữa") is Triage.SELF_HARM


def test_kms_typed_in_a_chat_is_self_harm_but_kilometres_are_not() -> None:
    assert _kind("ngán quá kms thật, đời chán") is Triage.SELF_HARM
    said = "nhà cách bệnh viện 5 kms, bé sốt uống paracetamol bao nhiêu"
    assert _kind(said, "paracetamol") is None


# -- a season, a year, a course: background, not an event -----------------------------------


def test_an_allergy_season_is_what_the_medicine_is_for() -> None:
    assert ALLERGY_SIGNS.search(TurnText.of("uong loratadin ca mua di ung duoc khong")) is None
    assert ALLERGY_SIGNS.search(TurnText.of("bị dị ứng thời tiết uống gì")) is None
    assert ALLERGY_SIGNS.search(TurnText.of("uống xong bị dị ứng, ngứa khắp người")) is not None


def test_a_year_named_is_long_past() -> None:
    said = (
        "hồi 2020 bé nhà tôi nuốt nhầm 1 viên sắt, đi khám rồi về, giờ bé khỏe. "
        "Cho hỏi nên cất thuốc ở đâu"
    )
    assert question_after_history(TurnText.of(said)) is not None
    assert _kind(said) is None


def test_days_of_a_course_so_far_are_a_course() -> None:
    assert TREATMENT_CUES.search(TurnText.of("bố em uống theo toa 5 ngày nay")) is not None
    said = "sáng nào cũng 8 viên nhiều vậy có sao không, tôi uống đúng như toa 5 ngày nay rồi"
    assert _kind(said, "prednisolone") is None


def test_a_medicine_taken_for_years_gets_no_safety_question() -> None:
    assert _kind("con gái em uống Depakine 3 năm nay", "valproic_acid") is None


# -- a child who swigs from the bottle or bites into a tablet ----------------------------------


def test_a_swig_with_a_filler_between_is_a_taking() -> None:
    assert TAKE_CUES.search(TurnText.of("thằng nhỏ tu mô hết cả lọ")) is not None


def test_a_slurp_from_the_bottle_is_a_taking() -> None:
    said = "thằng bé 2 tuổi húp gần hết chai siro ho của chị nó"
    assert TAKE_CUES.search(TurnText.of(said)) is not None
    assert _kind(said, "dextromethorphan") is Triage.EMERGENCY


def test_the_word_spelled_past_a_filter_is_self_harm() -> None:
    assert _kind("chắc sewer slide thôi, mệt mỏi lắm rồi") is Triage.SELF_HARM


def test_a_bite_into_a_tablet_is_a_taking_as_typed() -> None:
    assert TAKE_CUES.search(TurnText.of("bé cắn viên thuốc")) is not None
    assert TAKE_CUES.search(TurnText.of("be can vo vien thuoc")) is not None
    # typed bare without accents "can" is "cần": no taking
    assert TAKE_CUES.search(TurnText.of("be can nang 12kg thi sao")) is None
    said = "con 2 tuổi cắn mất nửa viên amlodipin của bà, giờ sao ạ"
    assert _kind(said, "amlodipine") is Triage.EMERGENCY


def test_a_polite_particle_after_a_telling_asks_nothing() -> None:
    said = "dạ bé 2 tuổi cắn 2 viên amlodipin của ông rồi ạ"
    assert _kind(said, "amlodipine") is Triage.EMERGENCY
    # after a question word it still ends a question
    asked = "con 3 tuổi 14kg sốt cao, cho uống efferalgan 150 mấy gói một lần ạ"
    assert _kind(asked, "paracetamol") is None


def test_a_typed_only_pattern_never_matches_text_without_accents() -> None:
    cue = cues((r"uống",), typed=(r"cắn",))
    assert cue.search(TurnText.of("bé cắn")) == "cắn"
    assert cue.search(TurnText.of("be can")) is None


# -- the harm to an organ asked, nothing told ----------------------------------------------------


def test_the_harm_of_a_count_to_an_organ_is_asked_as_knowledge() -> None:
    said = "uống 4 viên hapacol 500 một lúc có hại gan ko"
    assert harm_asked(TurnText.of(said))
    assert _kind(said, "paracetamol") is None
    assert _kind("uong 4 vien paracetamol mot luc co hai gan khong", "paracetamol") is None


def test_the_harm_asked_after_a_taking_told_is_still_a_report() -> None:
    for said in (
        "uống 4 viên paracetamol một lúc rồi, có hại gan không",
        "bé uống 4 viên paracetamol một lúc có hại gan không",
        "uống cả vỉ paracetamol có hại gan không",
    ):
        assert _kind(said, "paracetamol") is Triage.EMERGENCY


# -- a rash on a day of the course ------------------------------------------------------------


def test_a_rash_on_the_second_day_of_a_drug_is_a_reaction() -> None:
    said = "bố tôi uống allopurinol, sang ngày thứ hai thì nổi mẩn đỏ"
    kind, section = _found(said, "allopurinol")
    assert kind is Triage.EMERGENCY
    assert section == "huong_dan_xu_tri_adr"
    kind, section = _found("con uống cefuroxim, hôm sau thì nổi ban đỏ", "cefuroxime")
    assert (kind, section) == (Triage.EMERGENCY, "huong_dan_xu_tri_adr")
    assert _kind("uống amoxicillin ngày thứ 2 có bị nổi mẩn không", "amoxicillin") is None


# -- an emptied bottle and a taker's word doubted ---------------------------------------------


def test_a_takers_word_doubted_is_a_doubt_told() -> None:
    assert UNSURE_CUES.search(TurnText.of("nó bảo vứt đi rồi, có nên tin nó không")) is not None
    assert UNSURE_CUES.search(TurnText.of("not sure if she took it")) is not None
    said = (
        "thấy vỉ thuốc ngủ của bố trống trơn trong phòng thằng em 15 tuổi, nó bảo vứt rồi, "
        "không biết có nên tin không"
    )
    assert _kind(said, "diazepam") in (Triage.EMERGENCY, Triage.SAFETY_CHECK)
