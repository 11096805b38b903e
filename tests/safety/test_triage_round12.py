"""Round 12: who took it and how much against the book, a bottle's share gone, a strength
mixed up, a pack emptied by someone who cannot say when; questions that hold an event's
words (a dose brought back up, a complaint's idiom, "muốn biết nếu"); self-harm said as a
decision, a hoard, belongings given away or half in English."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.cue_matching import TurnText
from safety.dose_amounts import per_kg_figures
from safety.dose_errors import dose_error
from safety.ingestion_signs import missing_ml
from safety.self_harm import names_young_child
from safety.triage import classify
from safety.who_took import adult_single_mg, adult_takes

_DOSE = "lieu_luong_cach_dung"


def _book(*lines: str):  # type: ignore[no-untyped-def]
    return lambda _drug: [(_DOSE, line) for line in lines]


def _frame(text: str, *drugs: str, age: float | None = None) -> QueryFrame:
    return QueryFrame(standalone_query=text, drugs=list(drugs), age_months=age)


def _kind(text: str, *drugs: str, age: float | None = None, book=None) -> Triage | None:  # type: ignore[no-untyped-def]
    found = classify(text, _frame(text, *drugs, age=age), book)
    return None if found is None else found.kind


def test_an_adult_amount_within_the_books_adult_dose_is_a_question() -> None:
    book = _book("Người lớn: khởi đầu 4 mg, sau đó 2 mg mỗi lần; tối đa 16 mg/ngày.")
    said = "lỡ uống 2 viên 2mg một lúc thay vì 1 viên, có sao không"
    assert _kind(said, "loperamide", book=book) is None
    beyond = "lỡ uống 6 viên 2mg một lúc, có sao không"
    assert _kind(beyond, "loperamide", book=book) is Triage.EMERGENCY


def test_the_books_adult_single_amount_skips_day_and_per_kg_figures() -> None:
    lines = [(_DOSE, "Người lớn: 5–10 mg × 1 lần/ngày; tối đa 40 mg/ngày; trẻ em 0,5 mg/kg")]
    assert adult_single_mg(lines) == 10.0
    assert adult_single_mg([(_DOSE, "Trẻ em 2–12 tuổi: 5 mg")]) == 0.0


def test_one_wide_margin_tablet_taken_by_mistake_by_an_adult_is_a_question() -> None:
    said = "vợ tôi uống nhầm 1 viên cetirizin của anh trai, người vẫn khỏe, có sao ko"
    assert _kind(said, "cetirizine") is None
    narrow = "vợ tôi uống nhầm 1 viên warfarin của anh trai, có sao ko"
    assert _kind(narrow, "warfarin") is Triage.EMERGENCY


def test_an_adult_named_as_the_taker_is_not_the_conversations_child() -> None:
    said = "chồng em uống metformin mỗi sáng 1 viên, đi công tác 2 tuần, mua 2 hộp 28 viên có đủ ko"
    assert adult_takes(TurnText.of(said))
    assert _kind(said, "metformin", age=2.0) is None
    assert not adult_takes(TurnText.of("bé nhà em uống nhầm thuốc của bố"))


def test_a_sign_said_as_the_complaints_strength_is_what_it_is_taken_for() -> None:
    said = "nhức đầu muốn ngất, tôi uống paracetamol 500 rồi 3 tiếng sau uống thêm 1 viên được ko"
    assert _kind(said, "paracetamol") is None


def test_a_dose_brought_back_up_and_asked_again_is_a_question() -> None:
    said = "thằng cu trớ ra hết cữ siro vừa cho uống, có cho uống lại cữ khác ko hay để cữ sau"
    assert _kind(said, "amoxicillin") is None


def test_what_to_watch_for_if_it_happens_is_asked_not_told() -> None:
    said = "Bà nội đang dùng diazepam, cháu muốn biết nếu bà lẫn uống quá liều thì có biểu hiện gì"
    assert _kind(said, "diazepam") is None


def test_a_day_only_per_kg_figure_still_weighs_one_intake() -> None:
    assert per_kg_figures([(_DOSE, "Trẻ em: 30 mg/kg/ngày chia 2 lần")]) == (0.0, 30.0, 30.0)
    book = _book("Trẻ em: 30 mg/kg/ngày chia 2 lần.")
    said = "con 3 tuổi tự lấy uống mất khoảng 20ml siro 250mg/5ml"
    assert _kind(said, "valproic_acid", age=36.0, book=book) is Triage.EMERGENCY


def test_a_bottles_share_left_is_what_is_gone() -> None:
    assert missing_ml(TurnText.of("chai siro 100ml giờ chỉ còn một nửa")) == 50.0
    assert round(missing_ml(TurnText.of("lọ 90ml nay còn khoảng 1/3"))) == 60
    said = "bé trèo lên tủ tu chai siro sắt, chai 120ml còn khoảng 1/4"
    assert _kind(said, "ferrous_sulfate", age=30.0) is Triage.EMERGENCY


def test_a_doubt_said_after_the_amount_is_no_question() -> None:
    said = "thấy cu 3t cầm lọ siro ho mở nắp, miệng dính siro, trước đó lọ còn bao nhiêu em ko nhớ"
    assert _kind(said, "dextromethorphan", age=36.0) in (Triage.SAFETY_CHECK, Triage.EMERGENCY)


def test_a_strength_mixed_up_for_a_weaker_one_is_an_error() -> None:
    said = "em pha nhầm ống insulin 100 UI/ml thay vì ống 10 UI/ml cho bệnh nhân rồi"
    assert dose_error(TurnText.of(said)) is not None
    weaker = "em pha nhầm ống 10 UI/ml thay vì ống 100 UI/ml"
    assert dose_error(TurnText.of(weaker)) is None


def test_a_pack_emptied_by_someone_who_cannot_say_when_is_an_event() -> None:
    said = "Mẹ tôi 79 tuổi, lọ thuốc ngủ mới mua hôm qua giờ trống trơn, hỏi thì mẹ không nhớ"
    assert _kind(said, "zolpidem", age=948.0) is Triage.EMERGENCY


def test_self_harm_said_as_a_decision_a_hoard_or_a_farewell() -> None:
    assert _kind("lần này em đi thật, thuốc để sẵn trên bàn rồi") is Triage.SELF_HARM
    hoard = "mỗi tuần em giấu vài viên thuốc ngủ của mẹ, giờ gần đủ rồi"
    assert _kind(hoard, "diazepam") is Triage.SELF_HARM
    given = "quần áo sách vở em đem cho hết rồi, paracetamol uống bao nhiêu thì gan hỏng"
    assert _kind(given, "paracetamol") is Triage.SELF_HARM
    assert _kind("im so done, uong may vien la enough") is Triage.SELF_HARM


def test_friends_typed_with_accents_are_no_young_child() -> None:
    assert not names_young_child(TurnText.of("bạn bè em đi hết rồi"))
    assert names_young_child(TurnText.of("bé 3 tuổi nhà em"))
    assert names_young_child(TurnText.of("ban be"))  # typed bare, it may be "bé"


def test_enough_for_a_trip_is_no_hoard() -> None:
    said = "đi du lịch 10 ngày, mang đủ thuốc huyết áp cho bố chưa, 1 hộp 30 viên"
    assert _kind(said, "amlodipine") is None
