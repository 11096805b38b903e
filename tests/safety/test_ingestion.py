"""safety.ingestion: a turn read as an ingestion event, and the n-gram second opinion."""

from __future__ import annotations

import pytest

from safety.ingestion import (
    Verdict,
    model,
    read_event,
)
from safety.safety_cues import TurnText


def verdict(text: str, *, names_drug: bool = True) -> Verdict | None:
    return read_event(TurnText.of(text), names_drug=names_drug).verdict


@pytest.mark.parametrize(
    "text",
    [
        "bé nhà em 3 tuổi ăn vụng mấy viên paracetamol 500 rồi",
        "be nha em an vung may vien paracetamol roi",
        "thằng bé nghịch tủ thuốc uống mất 4 viên amlodipin của ông",
        "bé vừa tự lấy uống thêm 3 viên 400mg rồi",
        "con toi uong gan het vi thuoc ha sot paracetamol",
        "bé nhà em gặm vỡ mấy viên paracetamol sủi của bố",
        "chắc bé uống khoảng 6 viên ibuprofen 200, bé 3 tuổi 14kg",
    ],
)
def test_a_report_of_what_happened_is_a_report(text: str) -> None:
    """Who took what, how much and how (vụng, mất, tự lấy, gần hết, của bố): a report."""
    assert verdict(text) is Verdict.REPORT


@pytest.mark.parametrize(
    "text",
    [
        "bé uống 3 viên paracetamol 500",
        "be cam lo thuoc diazepam, nap mo",
        "ko biết bé có nuốt viên amlodipin nào ko",
        "bé 14kg 6 viên ibuprofen 200",
    ],
)
def test_a_turn_that_may_be_a_report_is_unsure(text: str) -> None:
    """A child with tablets and no 'rồi', or got hold of a bottle: unsure (ask first)."""
    assert verdict(text) is Verdict.UNSURE


@pytest.mark.parametrize(
    "text",
    [
        "bé 5 tuổi 18kg uống mấy viên paracetamol 250",
        "người lớn uống 2 viên paracetamol 500mg một lần có bị quá liều không",
        "uong het vi khang sinh roi van ho thi sao",
        "viên bao tan trong ruột phải nuốt nguyên viên không",
        "trẻ không nuốt được viên thuốc thì làm sao",
        "cảm ơn bác sĩ, bé đã ổn rồi",
        "bé uống paracetamol rồi mà vẫn còn sốt",
        "uống thêm một viên paracetamol nữa có được không khi vẫn còn đau",
    ],
)
def test_dose_questions_and_courses_are_not_events(text: str) -> None:
    """A dose question, a finished course, 'cảm ơn' (folds like 'cầm'): no event."""
    assert verdict(text) is None


def test_no_medicine_no_event() -> None:
    """Eating without a medicine named ('bé ăn hết bát cháo rồi') is not an ingestion."""
    assert verdict("bé ăn hết 2 bát cháo rồi", names_drug=False) is None


@pytest.mark.parametrize(
    "text",
    [
        "anh tôi uống 5 viên metformin 500 cùng lúc cho nhanh khỏi",
        "bo minh uong 4 vien amlodipin trong 1 buoi, gio chong mat",
        "bà uống 2 viên digoxin liền nhau, giờ nôn và mệt lả",
        "bé ăn mấy viên sắt của mẹ",
        "bạn em uống 7 viên paracetamol, có cần đi cấp cứu không",
    ],
)
def test_several_at_once_or_a_symptom_that_follows_is_a_report(text: str) -> None:
    """Tablets taken at once, a symptom after them, a child who ate some: a report."""
    assert verdict(text) is Verdict.REPORT


@pytest.mark.parametrize(
    "text",
    [
        "uống 8 viên paracetamol 500 một ngày có sao không",
        "uống 3 viên một lúc có được không",
        "fluconazol 150 uống 1 viên duy nhất đúng không",
    ],
)
def test_a_days_dose_or_a_question_is_not_a_report(text: str) -> None:
    """A day's amount asked about, 'duy nhất' (only), a question: not a report."""
    assert verdict(text) is not Verdict.REPORT


def test_doubt_whether_a_dose_was_taken_again_asks_first() -> None:
    """'Không rõ ông có uống thêm viên nào không': whether a dose was doubled, asked."""
    assert verdict("khong ro me co uong them vien warfarin nao khong") is Verdict.UNSURE


def test_a_sure_second_opinion_makes_an_unsure_reading_a_report() -> None:
    """Tablets after a night's drinking: the rules are unsure, the model is sure: a report."""
    event = read_event(TurnText.of("anh tôi nhậu xong về uống 4 viên thuốc ngủ"), names_drug=True)
    assert event.verdict is Verdict.REPORT
    opinion = model()
    assert opinion is not None and event.score is not None and event.score >= opinion.report_at


@pytest.mark.parametrize(
    "text",
    [
        "cháu 2 tuổi uống mấy viên sắt của mẹ",
        "cậu ấy say rồi còn uống thêm mấy viên an thần",
    ],
)
def test_a_sure_second_opinion_asks_about_a_turn_the_rules_let_pass(text: str) -> None:
    """'Uống mấy viên' is 'how many' or 'a few': with a sure model, the safety question."""
    assert verdict(text) is Verdict.UNSURE


@pytest.mark.parametrize(
    "text",
    [
        "bé 2 tuổi uống mấy viên sắt?",
        "bà uống 2 lần thuốc huyết áp một ngày được không",
        "uống 2 viên metformin một lần thay vì chia ra có được không",
    ],
)
def test_a_question_said_outright_is_never_asked_by_the_model(text: str) -> None:
    """A '?' or 'được không' asks: the second opinion does not make it a report."""
    assert verdict(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "vỉ thuốc ngủ của bà bị bóc mất 2 ô, thằng cu 2 tuổi ngồi ngay cạnh",
        "bé 15 tháng ngồi cạnh lọ sắt mở nắp, miệng dính bột đỏ",
        "chau 2 tuoi cam vi paracetamol, hk ro co nuot vien nao ko",
    ],
)
def test_a_childs_access_to_a_medicine_asks_first(text: str) -> None:
    """A pack opened or torn beside a child, something in the mouth, doubt: the safety question."""
    assert verdict(text) in (Verdict.UNSURE, Verdict.REPORT)


def test_a_childs_medicine_question_with_a_pack_word_is_not_access() -> None:
    """'Mở nắp chai siro xong bảo quản thế nào': a question asked outright, no event."""
    assert verdict("bé 2 tuổi, mở nắp chai siro xong bảo quản thế nào") is None


def test_taking_it_twice_because_they_did_not_remember_is_a_report() -> None:
    """'Vì không nhớ đã uống': a dose taken again, said as forgetting in other words."""
    text = "ông nội uống thuốc huyết áp 2 lần sáng nay vì không nhớ là uống rồi"
    assert verdict(text) is Verdict.REPORT


def test_doubt_alone_in_a_childs_conversation_is_no_access() -> None:
    """'Không rõ' in reply to a question about a child's dose says nothing of a taking."""
    event = read_event(TurnText.of("không rõ"), names_drug=True, child_known=True)
    assert event.verdict is None


@pytest.mark.parametrize(
    "text",
    [
        "thang be 2t choi trong phong, em vao thay hop thuoc ho cua ong het sach",
        "bé 4 tuổi nhà mình, tủ thuốc mở, vỉ diazepam của mẹ rỗng trơn",
        "bố tôi hay lẫn, chai siro ho trống trơn từ hôm qua, giờ ngủ li bì",
    ],
)
def test_a_pack_found_emptied_beside_a_child_or_a_sign_is_a_report(text: str) -> None:
    """An emptied pack with a child by it, or with a sign now: what was in it was taken."""
    assert verdict(text) is Verdict.REPORT


def test_an_emptied_pack_with_no_one_and_nothing_wrong_is_not_a_report() -> None:
    """An empty blister alone, nobody named and no sign, says nothing was taken by anyone."""
    assert verdict("hộp paracetamol nhà mình rỗng rồi, mua loại nào thay") is not Verdict.REPORT


def test_a_bitten_tablet_typed_without_accents_is_not_a_question() -> None:
    """Folded 'can' is also 'cắn': a child who bit and ate three tablets is a report."""
    assert verdict("chau 3 tuoi lay vi thuoc tim can an 4 vien") is Verdict.REPORT


def test_an_idiom_with_can_does_not_make_a_report_a_question() -> None:
    """'cần' asks only as 'có cần' or before what is needed, not inside 'quắc cần câu'."""
    assert verdict("anh ấy say quắc cần câu rồi uống 10 viên paracetamol, giờ nôn liên tục") is (
        Verdict.REPORT
    )


@pytest.mark.parametrize(
    "text", ["con trai em 6t nhap vien do viem phoi", "em là sinh viên năm 2, mẹ em vào viện"]
)
def test_a_hospital_or_a_student_is_not_a_medicine(text: str) -> None:
    """Folded 'viện' and the 'viên' of 'sinh viên' are no tablet: nothing to ask about."""
    assert read_event(TurnText.of(text), names_drug=False).verdict is None


def test_a_prescribed_count_asked_yes_or_no_is_a_question() -> None:
    """A child's count with no verb of taking, asked 'có … không', asks about the amount."""
    assert verdict("chau 4 tuoi 15kg don ke amoxicillin 250 ngay 3 vien vay co it qua ko") is None


def test_a_count_told_as_past_with_a_polite_particle_is_not_asked() -> None:
    """'… rồi ạ' ends like a question but tells: a child's count with 'rồi' is still asked about."""
    assert verdict("dạ cháu 2 tuổi cắn 3 viên sắt của mẹ rơi ra rồi ạ") is not None


@pytest.mark.parametrize(
    "text",
    [
        "bà em từ sáng tới giờ uống 4 lần amlodipin vì quên, giờ chóng mặt",
        "chú tôi uống thêm 1 liều metformin nữa, giờ vã mồ hôi run tay",
        "anh ấy tu 1 hơi hết lọ siro ho, giờ lơ mơ",
    ],
)
def test_a_dose_repeated_or_gulped_with_a_sign_now_is_a_report(text: str) -> None:
    """Taken again, several times today or gulped at once, and a sign now: it happened."""
    assert verdict(text) is Verdict.REPORT
