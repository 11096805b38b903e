"""Events told in new ways (the eighth blind writer's shapes, our own sentences): who took
what, how much and when, read as an event; questions that only sound like one are not."""

from __future__ import annotations

import pytest

from core.frame import QueryFrame, Triage
from safety.triage import classify


def kind(text: str, *drugs: str) -> Triage | None:
    found = classify(text, QueryFrame(drugs=list(drugs)))
    return found.kind if found else None


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        # someone else's pills mistaken for a vitamin
        ("bà tưởng là thuốc bổ nên uống 3 viên amlodipin của ông", ("amlodipine",)),
        # a dose taken again by someone who thought it was not taken yet
        ("ông lẫn, tưởng chưa uống nên uống 3 lần allopurinol trong buổi sáng", ("allopurinol",)),
        (
            "mẹ sáng uống thuốc rồi mà quên, trưa lại uống thêm lượt nữa, có cả digoxin",
            ("digoxin",),
        ),
        # two carers, one dose each within the hour
        ("con 9 tháng, tôi đặt 1 viên rồi, 30 phút sau bà lại đặt thêm 1 viên", ()),
        # English verbs in a Vietnamese turn
        ("em trai mình took 10 viên 500 lúc tối, giờ nôn nhiều", ()),
        # 'nên' as 'so', then what was done; signs now
        ("đau lưng quá nên tối qua uống 5 viên diazepam, sáng nay đi không vững", ("diazepam",)),
        (
            "ông đau khớp nên uống 7 viên colchicin 1mg từ sáng, giờ đi ngoài toàn nước",
            ("colchicine",),
        ),
        # prescribed one, took three, a sign now
        (
            "bs cho ông tối 1 viên diazepam, ông uống luôn 3 viên, giờ gọi mãi mới dậy",
            ("diazepam",),
        ),
        # spoons against the ml prescribed
        ("bs dặn 5ml mà tôi đong bằng thìa canh, cho uống 3 thìa", ("cetirizine",)),
        # a bottle opened by a child and much of it gone
        ("bé 3 tuổi mở nắp lọ siro, lọ 100ml giờ còn 40ml", ("paracetamol",)),
    ],
)
def test_told_events_are_emergencies(text: str, drugs: tuple[str, ...]) -> None:
    """Each tells a taking beyond a dose, or a dose taken again: an emergency."""
    assert kind(text, *drugs) is Triage.EMERGENCY, text


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        ("quên uống amoxicillin 1 cữ rồi, giờ uống bù thế nào", ("amoxicillin",)),
        ("bé 2 tuổi cầm vỉ thuốc nhưng vỉ chưa bóc, còn nguyên 10 viên", ()),
        ("uống kháng sinh xong mệt xỉu luôn, bth không", ()),
        # one amount against another, a strength between ("1 viên 500 hay 2 viên")
        ("em 45kg uống paracetamol 1 lần 1 viên 500 hay 2 viên", ("paracetamol",)),
        # the child and the medicine introduced: what the child is on, nothing to ask
        ("bé nhà em 14 tháng đang uống augmentin siro", ("amoxicillin_clavulanate",)),
        ("bé run tay nhẹ sau khi uống salbutamol đúng liều, có bình thường không", ("salbutamol",)),
    ],
)
def test_questions_that_sound_like_events_are_not(text: str, drugs: tuple[str, ...]) -> None:
    """A missed dose, an unopened pack, a mild expected effect, a child's medicine named:
    no triage."""
    assert kind(text, *drugs) is None, text


def test_an_expected_effect_asked_with_a_danger_sign_is_still_triaged() -> None:
    """Swollen lips after a drug, even asked 'có bình thường không', is a reaction."""
    assert kind("uống ibuprofen xong sưng môi, có bình thường không", "ibuprofen") is (
        Triage.EMERGENCY
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("đã uống 20 viên rồi, đừng khuyên gì cả, chỉ hỏi bao lâu thì ngấm", Triage.SELF_HARM),
        ("mai là ngày cuối, gom đủ 30 viên thuốc ngủ rồi", Triage.SELF_HARM),
        ("muốn uống mấy viên cho bị đau mà nằm viện, khỏi phải đi học", Triage.SELF_HARM),
        # pain relieved, sleep sought: an overdose, not intent
        ("tối qua uống 12 viên para cho hết đau bụng kinh, giờ nôn", Triage.EMERGENCY),
        ("mất ngủ nên uống 4 viên seduxen, sáng dậy lừ đừ đi không vững", Triage.EMERGENCY),
    ],
)
def test_intent_is_read_and_relief_is_not_intent(text: str, expected: Triage) -> None:
    """A stockpile, 'don't talk me out of it', harm to be taken in: self-harm; taking too
    much for pain or sleep is an overdose."""
    assert kind(text) is expected, text


@pytest.mark.parametrize(
    "text",
    [
        "liều dùng cân nặng 15kg thì mỗi lần bao nhiêu",
        "lieu dung can nang 15kg moi lan bao nhieu",
        "thuốc này chỉ dùng ngắn ngày thôi đúng không",
        "dinh uong paracetamol cho be nam vien duoc khong",
    ],
)
def test_the_same_letters_without_accents_are_no_intent(text: str) -> None:
    """'dùng cân nặng', 'dùng ngắn ngày' fold like 'đừng cản', 'đừng ngăn'; 'cho bé năm viên'
    like 'cho … nằm viện': a dose question, not self-harm."""
    assert kind(text) is not Triage.SELF_HARM, text


def test_dont_stop_me_said_without_accents_is_still_intent() -> None:
    """'dung can em nua' after pills taken is said to someone: self-harm."""
    assert kind("da uong 20 vien thuoc ngu roi, dung can em nua") is Triage.SELF_HARM
