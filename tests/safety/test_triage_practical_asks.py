"""Practical questions that only borrow an event's words (round 9): a strength said without
its bar, 'vùng' that folds like 'vụng', 'thay vô được' that folds like 'vớ được', a skill
the child lacks, stopping a course or a nurse's question: no triage."""

from __future__ import annotations

import pytest

from core.frame import HowTo, QueryFrame, Triage
from core.text import fold_words
from safety.cue_matching import TurnText
from safety.dose_amounts import taken_mg
from safety.ingestion_cues import UNSANCTIONED_CUES, UNSURE_CUES
from safety.triage import UNSAFE_USE_SECTIONS, UnsafeUse, classify


def kind(text: str, *drugs: str) -> Triage | None:
    found = classify(text, QueryFrame(drugs=list(drugs)))
    return found.kind if found else None


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        # "vùng kín" (a body part), typed without accents, is no "ăn vụng"
        ("fluconazol 150 nam vung kin uong 1 vien hay 3 vien", ("fluconazole",)),
    ],
)
def test_practical_questions_are_not_events(text: str, drugs: tuple[str, ...]) -> None:
    """Each asks how to keep, give or take the medicine: no triage."""
    assert kind(text, *drugs) is None, text


def test_words_that_fold_like_an_event_word_are_not_one() -> None:
    """'thay vô được' (put in instead) is no 'vớ được' (got hold of); a skill the child lacks
    ('không biết hít') is no doubt whether it was swallowed ('không biết bé nuốt chưa')."""
    assert UNSANCTIONED_CUES.search(TurnText.of("lấy viên nghiền thay vô được không")) is None
    assert UNSANCTIONED_CUES.search(TurnText.of("bé vớ được vỉ thuốc")) is not None
    assert UNSURE_CUES.search(TurnText.of("bé không biết hít theo nhịp")) is None
    assert UNSURE_CUES.search(TurnText.of("không biết bé nuốt chưa")) is not None


def test_a_strength_said_without_its_bar_is_no_amount_taken() -> None:
    """A storage question naming the syrup's strength '125mg 5ml': no triage."""
    text = "bé uống siro zinnat 125mg 5ml, pha xong để tủ lạnh được bao lâu"
    frame = QueryFrame(drugs=["cefuroxime"], how_to_take=HowTo.STORAGE)
    assert classify(text, frame) is None


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        ("bé ăn vụng 4 viên paracetamol 500 của mẹ", ("paracetamol",)),
        ("be an vung may vien thuoc cua ba roi", ()),
        ("bé vớ được vỉ thuốc ngủ của bà, nuốt mấy viên rồi", ()),
        ("bé uống hết 60ml siro 120mg 5ml rồi", ("paracetamol",)),
    ],
)
def test_the_events_those_words_tell_still_are(text: str, drugs: tuple[str, ...]) -> None:
    """Eaten on the sly, got hold of, a bottle drunk: still an emergency."""
    assert kind(text, *drugs) is Triage.EMERGENCY, text


def test_a_strength_without_its_bar_is_read_as_one() -> None:
    """'125mg 5ml' is mg per 5 ml: the volume taken is multiplied by it, never added."""
    assert taken_mg(fold_words("bé uống 10ml siro 125mg 5ml")) == (250.0, 1, 1)
    assert taken_mg(fold_words("siro 125mg 5ml pha xong cất tủ lạnh")) is None


@pytest.mark.parametrize(
    ("before", "text", "drugs"),
    [
        ("", "uống diazepam lâu rồi, giờ muốn bỏ hẳn thì ngưng luôn được không", ("diazepam",)),
        (
            "",
            "bệnh nhân khoa mình truyền heparin liên tục, đổi tốc độ xong bao lâu xét nghiệm lại",
            ("heparin",),
        ),
        ("", "em có cần uống luôn không hay chỉ mình vợ thôi", ("metronidazole",)),
    ],
)
def test_a_question_on_the_course_is_not_self_harm(
    before: str, text: str, drugs: tuple[str, ...]
) -> None:
    """Stopping a medicine asked, a nurse's patient, a partner's course: never self-harm."""
    assert kind(text, *drugs) is not Triage.SELF_HARM, text


def test_stopping_beside_despair_is_still_self_harm() -> None:
    """Stopping said beside despair and a big taking stays self-harm."""
    text = "chán sống lắm rồi, muốn ngưng hết thuốc rồi uống một lần cả hộp cho xong"
    assert kind(text) is Triage.SELF_HARM


def test_a_weekly_drug_taken_daily_quotes_the_dosing_warning_first() -> None:
    """The weekly day is quoted from the dosing text's own warning sentence first, which also
    answers a schedule checked ('mỗi ngày hay mỗi tuần')."""
    assert UNSAFE_USE_SECTIONS[UnsafeUse.WEEKLY_TAKEN_DAILY][0] == "lieu_luong_cach_dung"
    found = classify(
        "methotrexat 2,5mg uống hằng ngày hay mỗi tuần", QueryFrame(drugs=["methotrexate"])
    )
    assert found is not None and found.use is UnsafeUse.WEEKLY_TAKEN_DAILY


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("người lớn, đường uống, bị co thắt phế quản", "salbutamol"),
        ("tre em 5 tuoi, tiem tinh mach, co giat", "diazepam"),
        ("tiêm tĩnh mạch, bị co giật", "diazepam"),
    ],
)
def test_a_route_then_what_it_is_for_is_no_reaction(text: str, drug: str) -> None:
    """A reply telling the route and the illness it is for: nothing was taken yet."""
    assert kind(text, drug) is None, text


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("tiêm bắp xong bị sốc phản vệ", "ceftriaxone"),
        ("tiêm tĩnh mạch, bị co giật rồi", "diazepam"),
        ("uống salbutamol xong bị co thắt phế quản", "salbutamol"),
    ],
)
def test_a_sign_placed_after_a_dose_is_still_a_reaction(text: str, drug: str) -> None:
    """'xong', 'rồi' place the sign after the dose: the emergency reply."""
    assert kind(text, drug) is Triage.EMERGENCY, text


@pytest.mark.parametrize(
    "text",
    [
        "siro hạ sốt cho con 2 tiếng 1 lần từ tối qua đến giờ, mỗi lần 8ml, bé 12kg",
        "từ sáng tới giờ cứ 2 tiếng tôi lại uống 2 viên panadol vì đau răng",
    ],
)
def test_a_fever_medicine_given_every_few_hours_for_a_day_is_an_emergency(text: str) -> None:
    """Doses three hours apart or closer, told over a day: more than the day allows."""
    assert kind(text) is Triage.EMERGENCY, text


@pytest.mark.parametrize(
    "text",
    [
        "cho bé uống hạ sốt 3 tiếng 1 lần được không",
        "bé sốt từ hôm qua, uống hạ sốt 6 tiếng 1 lần mà chưa hạ",
        "cứ 2 tiếng lại sốt, cho uống hạ sốt có được không",
    ],
)
def test_an_interval_asked_or_within_the_book_is_not(text: str) -> None:
    """Asked whether it may be done, or 6 hours apart, or the fever's own rhythm: no triage."""
    assert kind(text) is None, text


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("uống amoxicillin xong sưng môi khó thở, có phải dị ứng không", "amoxicillin"),
        ("uong ibuprofen xong bi kho tho, phu mat co phai di ung ko", "ibuprofen"),
    ],
)
def test_a_danger_sign_after_a_dose_asked_what_it_was_is_told(text: str, drug: str) -> None:
    """Asked only whether it is an allergy: the danger sign after the dose happened."""
    assert kind(text, drug) is Triage.EMERGENCY, text


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("thuốc này uống xong có gây khó thở không", "ibuprofen"),
        ("uống amoxicillin xong nổi mẩn ngứa, có phải dị ứng không", "amoxicillin"),
    ],
)
def test_a_sign_asked_as_knowledge_or_a_mild_one_is_not(text: str, drug: str) -> None:
    """Whether the drug may cause it, or a mild rash asked about: no triage."""
    assert kind(text, drug) is None, text


def test_whether_a_sleep_is_the_medicines_doing_is_still_asked() -> None:
    """Only an allergy asked makes a danger sign told; 'có phải do thuốc' stays a question."""
    assert kind("cho bé uống thuốc xong bé ngủ li bì, có phải do thuốc không") is None


def test_eaten_on_the_sly_then_caught_is_still_told() -> None:
    """'ăn vụng bị mẹ phát hiện': the sly eating, whatever follows it."""
    assert UNSANCTIONED_CUES.search(TurnText.of("bé ăn vụng bị mẹ phát hiện")) is not None
    assert kind("bé ăn vụng bị mẹ phát hiện, mất 3 viên paracetamol") is Triage.EMERGENCY
