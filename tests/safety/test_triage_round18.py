"""Round 18: a feeling's idiom of death in chat English or as "chết đi sống lại", a history a
week or more back that came to nothing, a sign asked for after a history, a grown-up's
mouthful spat out at once, a death in the family told before a question."""

from __future__ import annotations

from core.frame import Triage
from safety.cue_matching import TurnText
from safety.past_events import question_after_history, spat_out_at_once
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


# -- idioms of death read as the feeling ------------------------------------------------------


def test_tired_to_death_in_chat_english_is_a_feeling() -> None:
    """ "mệt muốn die" after a long week is very tired, not a wish to die."""
    assert _kind("làm ca đêm cả tuần mệt muốn die, uống vitamin gì cho khỏe lại") is None


def test_pain_like_dying_and_coming_back_is_a_feeling() -> None:
    """ "đau chết đi sống lại", typed bare or with accents, is great pain."""
    said = "dau bung kinh chet di song lai, co ibuprofen trong tu, uong may vien"
    assert _kind(said, "ibuprofen") is not Triage.SELF_HARM
    assert _kind("đau lưng chết đi sống lại cả đêm, paracetamol uống được không") is None


def test_a_plain_wish_to_die_still_reads() -> None:
    """Without the feeling before it, "muốn die" still reads as intent."""
    assert _kind("chán lắm rồi, t muốn die thật sự") is Triage.SELF_HARM


# -- a history over: a week or more back, the speaker's own word, a sign asked for -----------


def test_a_double_dose_a_week_back_that_came_to_nothing_is_history() -> None:
    """Two tablets in a day a week ago, nothing since, asked whether to go on: the question."""
    said = (
        "hai tuần trước em lỡ uống 2 viên warfarin trong ngày, tới giờ không sao, "
        "không bầm tím gì, hôm nay uống tiếp bình thường được không"
    )
    rest = question_after_history(TurnText.of(said))
    assert rest is not None and "hôm nay" in rest
    assert _kind(said, "warfarin") is None


def test_a_taking_yesterday_still_needs_a_doctor_word() -> None:
    """Days back, the speaker's own word is not enough: the event is still read."""
    said = "hôm qua bé lỡ uống 5 viên paracetamol 500, đến nay không sao, giờ cho ăn được chưa"
    assert question_after_history(TurnText.of(said)) is None


def test_a_complaint_asked_for_after_a_settled_history_is_no_sign_of_it() -> None:
    """A rash now that a medicine is asked for is the complaint, not the old event's sign."""
    said = (
        "năm kia con bé nuốt nhầm 3 viên cetirizin, đi khám rồi hổng sao. "
        "giờ nó nổi mề đay thì uống cetirizin siro được không"
    )
    assert _kind(said, "cetirizine") is None


def test_a_sign_told_after_a_settled_history_keeps_the_turn() -> None:
    """A sign told now, with nothing asked for it, still keeps the whole turn as told."""
    said = "năm ngoái bé uống nhầm thuốc, bs bảo không sao. giờ bé lại nuốt 4 viên, đang nôn"
    assert question_after_history(TurnText.of(said)) is None


# -- a grown-up's mouthful spat out at once ---------------------------------------------------


def test_a_grown_up_who_spat_the_tablet_out_at_once_took_nothing() -> None:
    """An adult who mistook a tablet for a sweet and spat it out at once: no event."""
    said = "ông tưởng viên thuốc là kẹo bạc hà, ngậm vô thấy đắng nhổ ra liền, giờ ông vẫn khỏe"
    assert spat_out_at_once(TurnText.of(said))
    assert _kind(said, "paracetamol") is None


def test_a_child_who_spat_it_out_is_still_asked_about() -> None:
    """A child's mouth is not read so: some may have gone down."""
    said = "bé 2 tuổi bỏ viên thuốc vào miệng, em bắt nhổ ra liền"
    assert not spat_out_at_once(TurnText.of(said))
    assert _kind(said, "paracetamol") is not None


def test_spat_out_after_swallowing_some_is_still_an_event() -> None:
    """Some swallowed before the rest came out: the event is told."""
    said = "mẹ uống nhầm thuốc của bố, nuốt 1 viên rồi mới nhổ ra liền viên kia"
    assert not spat_out_at_once(TurnText.of(said))


# -- a death in the family told before a question ---------------------------------------------


def test_a_death_in_the_family_before_a_question_is_background() -> None:
    """ "bà nhà mất rồi …. Giờ …": the question after it is what is read."""
    said = (
        "Bà nhà mất rồi, tui buồn lắm mà còn con cháu phải lo. Giờ đau lưng, "
        "uống ibuprofen có hại dạ dày không"
    )
    assert _kind(said, "ibuprofen") is None
    said = "chồng tôi mất được hai năm rồi. Giờ tôi hay đau đầu, uống paracetamol có hại gan không"
    assert _kind(said, "paracetamol") is None


def test_despair_after_a_death_still_reads_as_self_harm() -> None:
    """The word lists read despair on the whole turn before any history is set aside."""
    said = "vợ tôi mất rồi, tôi không còn thiết sống. Giờ uống hết vỉ thuốc ngủ này cho xong"
    assert _kind(said, "diazepam") is Triage.SELF_HARM


def test_a_taking_told_after_a_death_is_still_an_emergency() -> None:
    """What is told after the background is read on its own, as told."""
    said = "ông mất năm ngoái. Giờ bà uống nhầm 10 viên thuốc huyết áp của ông"
    assert _kind(said, "amlodipine") is Triage.EMERGENCY


# -- a former taking of many, and more this time ----------------------------------------------


def test_more_this_time_after_many_that_did_nothing_is_self_harm() -> None:
    """Many tablets once that came to nothing, and a bigger taking planned: intent."""
    said = "bua truoc minh nuot 15 vien ma van tinh, lan nay nuot het ca hop cho xong chuyen"
    assert _kind(said) is Triage.SELF_HARM
    assert _kind("lần trước tớ uống 12 viên chả sao, lần này uống gấp ba luôn :)") is (
        Triage.SELF_HARM
    )


def test_a_dose_raised_after_one_that_did_not_help_is_asked() -> None:
    """One tablet that did not help, and two asked about: a dose question."""
    said = "lần trước uống 1 viên không đỡ đau, lần này uống gấp đôi được không"
    assert _kind(said, "paracetamol") is not Triage.SELF_HARM


# -- reports told by carers, relatives and a ward ---------------------------------------------


def test_a_weekly_drug_taken_days_in_a_row_is_an_emergency() -> None:
    """ "uống liền 4 ngày" of a once-weekly drug taken daily: days of it already, act now."""
    said = "bố uống methotrexat mỗi ngày chứ không phải mỗi tuần, uống liền 4 ngày"
    assert _kind(said, "methotrexate") is Triage.EMERGENCY


def test_a_bottle_down_to_its_bottom_after_a_child_opened_it_is_a_report() -> None:
    """A child opened a syrup bottle, and it is down to a little at the bottom: a report."""
    said = "thằng nhỏ 3 tuổi vặn nắp chai siro ho của chị nó, chai còn có chút xíu ở đáy thôi ạ"
    assert _kind(said, "dextromethorphan") is Triage.EMERGENCY


def test_a_polite_particle_at_the_end_is_no_question() -> None:
    """A report ending in a typed "ạ" is told politely, not asked."""
    from safety.ingestion_signs import _yes_no

    assert not _yes_no(TurnText.of("bé lấy được lọ thuốc, giờ lọ trống trơn ạ"))
    assert _yes_no(TurnText.of("bé uống thuốc này được không ạ"))


def test_a_count_given_by_a_relative_beyond_the_order_is_an_emergency() -> None:
    """Relatives gave extra tablets outside the ward's order, and the patient is hard to rouse."""
    said = "bn nam 68t, vợ bn khai tự đưa thêm 2 viên diazepam 5mg ngoài y lệnh, giờ gọi khó tỉnh"
    assert _kind(said, "diazepam") is Triage.EMERGENCY


def test_taking_a_patient_to_hospital_is_no_taking() -> None:
    """ "đưa đi viện" (taken to hospital) is no medicine given."""
    assert (
        _kind(
            "mai đưa bà đi viện khám, tối nay bà uống amlodipin 5mg như mọi khi được không",
            "amlodipine",
        )
        is None
    )


def test_dizziness_and_the_eye_are_no_death_in_the_family() -> None:
    """Folded, "chóng mặt" (dizzy) and "con mắt" (the eye) read like a death told: they are not."""
    said = "ông đau lưng ra trạm chích 1 mũi diclofenac. về nhà thì chóng mặt, nổi mề đay. giờ sao"
    assert question_after_history(TurnText.of(said)) is None
    assert question_after_history(TurnText.of("be bi dau con mat, gio nho thuoc gi")) is None
