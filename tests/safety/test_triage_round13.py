"""Round 13: a book that prints the population once as a heading, doses given as meant, a
new question after the safety question, and the emergency thread kept across turns."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.accent_forms import tone_placed
from safety.cue_matching import TurnText
from safety.dose_amounts import taken_mg
from safety.self_harm import _young_child
from safety.symptom_cues import SYMPTOM_CUES
from safety.triage import classify, triage_turn
from safety.who_took import adult_single_mg

_DOSE = "lieu_luong_cach_dung"


def _book(*lines: str):  # type: ignore[no-untyped-def]
    return lambda _drug: [(_DOSE, line) for line in lines]


def _kind(text: str, *drugs: str, age: float | None = None, book=None) -> Triage | None:  # type: ignore[no-untyped-def]
    frame = QueryFrame(standalone_query=text, drugs=list(drugs), age_months=age)
    found = classify(text, frame, book)
    return None if found is None else found.kind


_HEADED = (
    "*Người lớn:*",
    "Giảm đau:",
    "*Uống:* 300–600 mg mỗi lần, cách 6 giờ; tối đa 2 400 mg/ngày.",
    "*Trẻ em:*",
    "Uống: 900 mg mỗi lần cho trẻ trên 12 tuổi.",
)


def test_rows_under_an_adult_heading_are_the_adult_rows() -> None:
    # the indication heading ("Giảm đau:") stays under the adult one; the child heading ends it
    assert adult_single_mg([(_DOSE, line) for line in _HEADED]) == 600.0


def test_an_adult_slip_of_two_tablets_inside_a_headed_adult_dose_is_a_question() -> None:
    book = _book(*_HEADED)
    said = "chết rồi tôi lỡ uống 2 viên ibuprofen 300 một lần, có sao không"
    assert _kind(said, "ibuprofen", book=book) is None
    beyond = "chết rồi tôi lỡ uống 5 viên ibuprofen 300 một lần, có sao không"
    assert _kind(beyond, "ibuprofen", book=book) is Triage.EMERGENCY


def test_a_tiny_child_typed_bare_has_not_fainted() -> None:
    said = "con 2 tuoi bs ke siro cefuroxim ngay 2 lan, nhin con be ti xiu thay lo qua"
    assert _kind(said, "cefuroxime", age=24.0) is None
    fainted = "con 2 tuoi uong siro cefuroxim xong thi xiu, goi khong day"
    assert _kind(fainted, "cefuroxime", age=24.0) is Triage.EMERGENCY


def test_a_sign_said_as_when_to_use_the_medicine_is_not_a_reaction() -> None:
    said = "bs dặn ngậm 1 viên khi lên cơn đau ngực, hôm nay ngậm 2 lần cách 5 tiếng có ổn không"
    assert _kind(said, "glyceryl_trinitrate") is None
    after = "hôm nay ngậm 1 viên xong thì đau ngực dữ dội, vã mồ hôi"
    assert _kind(after, "glyceryl_trinitrate") is Triage.EMERGENCY


def test_a_dose_given_as_the_doctor_said_is_not_asked_whether_it_was_taken() -> None:
    said = "be 3 tuoi toi qua uong siro cefuroxim nhu bs dan, sang nay be an sang duoc"
    assert _kind(said, "cefuroxime", age=36.0) is None
    gave = "bé 14 tháng bị ho, mình cho uống siro cetirizin"
    assert _kind(gave, "cetirizine", age=14.0) is None
    # got at it, not given: still an event
    took = "con gái 2 tuổi tự mở tủ lấy siro cetirizin uống mất rồi"
    assert _kind(took, "cetirizine", age=24.0) is Triage.EMERGENCY


def test_a_tone_on_either_vowel_of_oa_oe_uy_reads_alike() -> None:
    assert tone_placed("khỏe, hòa tan, thủy đậu, quý, hoàn") == "khoẻ, hoà tan, thuỷ đậu, quý, hoàn"
    old_style = "bà uống xong giờ đi ngoài tóe loe"
    new_style = "bà uống xong giờ đi ngoài toé loe"
    assert SYMPTOM_CUES.search(TurnText.of(old_style)) is not None
    assert SYMPTOM_CUES.search(TurnText.of(new_style)) is not None


def test_still_wanting_more_after_a_whole_pack_is_not_a_course_still_ill() -> None:
    said = "bố tôi đau khớp, uống hết 1 vỉ 20 viên colchicin 1mg từ đêm qua, mà vẫn muốn uống thêm"
    assert _kind(said, "colchicine") is Triage.EMERGENCY
    course = "bố tôi uống hết 1 vỉ kháng sinh theo đơn mà vẫn ho, mua thêm được không"
    assert _kind(course, "amoxicillin") is None


def test_spoons_counted_bare_take_their_size_from_the_turn() -> None:
    assert taken_mg(TurnText.of("cho uống 3 thìa, mỗi thìa khoảng 5ml, siro 120mg/5ml").folded) == (
        360.0,
        1,
        1,
    )
    assert taken_mg(TurnText.of("lấy thìa canh đong, cho 2 thìa siro 120mg/5ml").folded) == (
        720.0,
        1,
        1,
    )
    assert taken_mg(TurnText.of("cho 2 thìa siro 120mg/5ml").folded) is None  # size unknown


def test_a_volume_told_after_the_syrups_strength_is_weighed_against_the_book() -> None:
    book = _book("Trẻ em: uống 10 mg/kg mỗi lần, tối đa 30 mg/kg/ngày.")
    before = "siro paracetamol 120mg/5ml cho con 10kg"
    text = "chồng em đong bằng thìa canh, cho uống 3 thìa liền, mỗi thìa phải 15ml"
    frame = QueryFrame(standalone_query=text, drugs=["paracetamol"], weight_kg=10.0)
    found = triage_turn(text, frame, answers_open_question=False, warnings=book, before=before)
    assert found is not None and found.kind is Triage.EMERGENCY
    small = "chồng em cho uống 2ml"
    frame = QueryFrame(standalone_query=small, drugs=["paracetamol"], weight_kg=10.0)
    found = triage_turn(small, frame, answers_open_question=False, warnings=book, before=before)
    assert found is None or found.kind is not Triage.EMERGENCY


def test_a_childs_weight_alone_makes_the_patient_a_child() -> None:
    # the self-harm model never reads a carer's slip about a 9 kg child as intent
    assert _young_child(QueryFrame(standalone_query="đổ 4 thìa", weight_kg=9.0))
    assert not _young_child(QueryFrame(standalone_query="đổ 4 thìa", weight_kg=55.0))
    assert not _young_child(QueryFrame(standalone_query="đổ 4 thìa"))


def test_a_weekly_drug_taken_daily_for_weeks_is_an_overdose_to_act_on() -> None:
    said = "bố tôi uống methotrexat 2.5mg ngày 4 viên cả tuần, tưởng là mỗi ngày"
    assert _kind(said, "methotrexate") is Triage.EMERGENCY
    weeks = "ong uong methotrexat moi ngay 3 vien, 2 tuan lien"
    assert _kind(weeks, "methotrexate") is Triage.EMERGENCY


def test_a_schedule_the_doctor_set_is_not_asked_whether_it_was_taken() -> None:
    said = "ông nội 75t uống methotrexat 2.5mg trị vảy nến, bs dặn 4 viên mỗi tuần"
    assert _kind(said, "methotrexate") is None


def test_an_amount_the_doctor_said_given_this_morning_is_not_a_report() -> None:
    said = "trưa nay cho con 2 tuổi uống 5ml siro ho như bs kê"
    assert _kind(said) is None
    beyond = "bs dặn 1 viên mà con 4 tuổi tự lấy uống 6 viên rồi"
    assert _kind(beyond) is Triage.EMERGENCY


def test_a_narrow_margin_dose_probably_taken_twice_by_one_who_forgets_is_acted_on() -> None:
    said = "ba noi hay quen lam, toi nay chac uong warfarin 2 lan roi"
    assert _kind(said, "warfarin") is Triage.EMERGENCY
    schedule = "ba noi uong warfarin ngay 1 lan, chac uong buoi toi tot hon ha"
    assert _kind(schedule, "warfarin") is None


def test_an_apology_that_opens_a_question_is_not_a_goodbye() -> None:
    assert _kind("xin lỗi anh cho em hỏi thuốc ho này uống trước ăn hay sau ăn") is None
    assert _kind("xin loi lam phien chi, vien sat uong luc nao thi tot") is None
    owned = "xin lỗi mẹ, con lỡ uống nhầm 1 viên thuốc dạ dày của mẹ"
    assert _kind(owned, "omeprazole") is not Triage.SELF_HARM
    goodbye = "con xin lỗi bố, con nuốt hết vỉ thuốc ngủ rồi"
    assert _kind(goodbye) is Triage.SELF_HARM
    family = "chị tôi để lại lá thư xin lỗi cả nhà, cạnh gối có 2 vỉ thuốc trống"
    assert _kind(family) is Triage.SELF_HARM


def test_a_sign_told_after_the_occasion_sign_still_reads() -> None:
    said = "ba em xit ventolin khi kho tho, xit xong 2 phut thi nguoi tim tai, nga xuong"
    assert _kind(said, "salbutamol") is Triage.EMERGENCY


def test_a_childs_finished_course_with_the_illness_still_there_is_not_an_event() -> None:
    course = "con gái 6 tuổi uống hết vỉ cefuroxim rồi mà chưa hết sốt, có cần mua tiếp không"
    assert _kind(course, "cefuroxime") is None
    got_at = "con gái 6 tuổi lén uống hết vỉ cefuroxim rồi mà chưa hết sốt"
    assert _kind(got_at, "cefuroxime") is Triage.EMERGENCY


def test_a_sign_now_after_a_taking_told_the_turn_before_is_acted_on() -> None:
    before = "con trai 5 tuổi uống siro ho của anh nó"
    text = "giờ thằng bé lừ đừ, gọi mãi mới dậy"
    frame = QueryFrame(standalone_query=text, drugs=["dextromethorphan"])
    found = triage_turn(text, frame, answers_open_question=False, before=before)
    assert found is not None and found.kind is Triage.EMERGENCY
    calm = "không thấy nôn, bé vẫn chơi, tối cho ăn cháo được không"
    found = triage_turn(calm, frame, answers_open_question=False, before="bé uống siro ho rồi")
    assert found is None or found.kind is not Triage.EMERGENCY
