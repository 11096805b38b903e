"""Patient facts and how-to readings (tuning21): a mother and her child in one message, a
birth told, a school subject named like a section, the time around a dialysis session."""

from __future__ import annotations

import pytest

from core.frame import HowTo, Population
from core.sections import SectionKey
from understanding.howto import read_how_to_topics
from understanding.mother_child import gave_birth, given_to_child
from understanding.rules import RulesUnderstander
from understanding.testing import demo_catalog
from understanding.text import Turn


def _parse(text: str):  # type: ignore[no-untyped-def]
    return RulesUnderstander(demo_catalog()).parse(text)


def test_a_nursing_mother_who_gives_it_to_the_baby_asks_for_the_baby() -> None:
    frame = _parse(
        "mình đang cho con bú, con mình 5 tháng 7kg sổ mũi, cho con uống paracetamol được k"
    )
    assert frame.population is Population.CHILD
    assert frame.age_months == pytest.approx(5.0)
    assert frame.weight_kg == pytest.approx(7.0)
    assert not (frame.patient and frame.patient.breastfeeding)


def test_a_pregnant_mother_who_gives_it_to_her_toddler_asks_for_the_toddler() -> None:
    frame = _parse(
        "chị đang mang thai 30 tuần, bé lớn 4 tuổi 15kg ho, cho bé uống ibuprofen được ko"
    )
    assert frame.population is Population.CHILD
    assert frame.age_months == pytest.approx(48.0)
    assert frame.patient is None or not frame.patient.pregnant
    assert frame.patient is None or frame.patient.pregnancy_weeks is None


def test_a_pregnant_woman_who_takes_it_herself_stays_the_patient() -> None:
    frame = _parse("em có thai 12 tuần, con đầu 3 tuổi đang ốm, em uống paracetamol được không")
    assert frame.population is Population.ADULT
    assert frame.patient is not None and frame.patient.pregnant


def test_a_mother_who_tells_her_own_illness_beside_the_feeding_baby_is_the_patient() -> None:
    frame = _parse("con mình 3 tháng vẫn bú mẹ. Mình bị nổi mề đay, muốn uống loratadin được không")
    assert frame.population is Population.ADULT
    assert frame.age_months is None
    assert frame.patient is not None and frame.patient.breastfeeding


@pytest.mark.parametrize(
    "text",
    [
        "mình sinh mổ được 2 tuần, uống paracetamol có ảnh hưởng gì không",
        "chị ơi em vừa sinh xong 4 ngày, đau quá uống ibuprofen được không",
        "sau sinh được 1 tháng, em hay nhức đầu, dùng paracetamol có sao không",
    ],
)
def test_a_birth_told_means_she_is_not_pregnant(text: str) -> None:
    assert gave_birth(Turn.of(text))
    frame = _parse(text)
    assert frame.patient is not None and frame.patient.pregnant is False


@pytest.mark.parametrize(
    "text",
    [
        "cháu nội tôi sinh được 2 tuần, vàng da, có cần uống gì không",
        "bé nhà em sinh được 10 ngày",
        "em để thuốc trong tủ lạnh được không",
    ],
)
def test_a_babys_birth_or_a_bare_de_is_no_birth_of_the_speaker(text: str) -> None:
    assert not gave_birth(Turn.of(text))


@pytest.mark.parametrize(
    ("text", "given"),
    [
        ("cho bé nhà em uống siro này được không", True),
        ("bé dùng được không ạ", True),
        ("em đang cho con bú uống thuốc này được không", False),
        ("em đang cho bé bú, em uống được không", False),
    ],
)
def test_who_the_medicine_is_given_to(text: str, given: bool) -> None:
    assert given_to_child(Turn.of(text)) is given


def test_an_exam_subject_is_no_section_asked() -> None:
    frame = _parse("tuần sau em thi dược lý, ibuprofen uống trước hay sau ăn ạ")
    assert frame.attribute is not SectionKey.DUOC_LY
    assert frame.how_to_take is HowTo.FOOD


@pytest.mark.parametrize(
    "text",
    [
        "viên này uống trước hay sau khi lọc máu vậy bác sĩ",
        "mẹ tôi lọc máu, uống sau mỗi lần lọc máu hay trước",
        "uống trước buổi chạy thận được không",
    ],
)
def test_the_time_around_a_dialysis_session_is_asked(text: str) -> None:
    assert HowTo.TIME_OF_DAY in read_how_to_topics(Turn.of(text))


@pytest.mark.parametrize(
    "text",
    [
        "ceftriaxon tiêm bắp 2g thì mỗi chỗ tối đa bao nhiêu",
        "tiêm bắp 1 chỗ được ko hay chia ra, max mỗi vị trí mấy g",
    ],
)
def test_the_most_one_injection_site_takes_is_how_it_is_given(text: str) -> None:
    from understanding.howto_amount_said import asks_an_amount, asks_per_site

    turn = Turn.of(text)
    assert asks_per_site(turn)
    assert not asks_an_amount(turn)
    assert HowTo.GIVING in read_how_to_topics(turn)


def test_a_dose_asked_beside_a_site_is_still_a_dose() -> None:
    from understanding.howto_amount_said import asks_an_amount

    assert asks_an_amount(Turn.of("tiêm bắp cho bé 12kg thì bao nhiêu mg"))


@pytest.mark.parametrize(
    ("text", "handled"),
    [
        ("tối nào em cũng soạn thuốc giúp bố chồng, có cần đeo găng không", True),
        ("lỡ chạm vào viên thuốc bị vỡ có sao không", True),
        ("chia thuốc ra cho bé uống mấy lần", False),
        ("hộp chia thuốc cho ông để ở đâu", False),
    ],
)
def test_handling_a_medicine_is_not_taking_it(text: str, handled: bool) -> None:
    from understanding.howto_handling import handles_it

    assert handles_it(Turn.of(text)) is handled


def test_a_pregnant_woman_handling_it_asks_the_handling_sentence() -> None:
    frame = _parse("chị đang có thai 6 tháng, hay soạn thuốc methotrexat cho bố, có sao không")
    assert frame.patient is not None and frame.patient.pregnant
    assert frame.how_to_take is HowTo.CAUTION
    assert frame.attribute is not SectionKey.THOI_KY_MANG_THAI


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("thằng cháu học mẫu giáo bé, sốt, paracetamol được không", 36.0),
        ("cu cháu đi mẫu giáo nhỡ bị ho", 48.0),
        ("cháu gái tôi đi mẫu giáo lớn, uống paracetamol được không", 60.0),
        ("đứa nhỏ nhà tôi học lớp 2, sốt nhẹ, paracetamol dùng được không", 84.0),
    ],
)
def test_a_school_year_tells_a_childs_age(text: str, months: float) -> None:
    frame = _parse(text)
    assert frame.population is Population.CHILD
    assert frame.age_months == pytest.approx(months)


def test_a_creche_tells_a_child_without_an_age() -> None:
    frame = _parse("cháu tôi đi nhà trẻ về bị sốt, paracetamol được không")
    assert frame.population is Population.CHILD
    assert frame.age_months is None


def test_a_class_of_an_adult_is_no_age() -> None:
    assert _parse("sinh viên lớp 3 dược hỏi paracetamol").age_months is None
