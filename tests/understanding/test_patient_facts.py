"""Patient facts as people say them (issue 22): pregnancy terms, infant ages, nursing mothers."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, PatientContext, Population, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.slots import read_age, read_patient, read_weight
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    ("text", "weeks", "trimester"),
    [
        ("bầu 10 tuần uống warfarin được không", 10, 1),
        ("thai 32 tuần dùng ibuprofen được không", 32, 3),
        ("em bầu tuần thứ 15 dùng paracetamol", 15, 2),
        ("mang thai tháng thứ 7", 30, 3),
        ("bau 4 thang ruoi bi ho", 19, 2),
        ("3 tháng cuối dùng aspirin được không", None, 3),
        ("ba thang giua thai ky", None, 2),
        ("đang ở tam cá nguyệt thứ ba", None, 3),
        ("mình có bầu hai tháng", 9, 1),
    ],
)
def test_pregnancy_terms(text: str, weeks: int | None, trimester: int) -> None:
    """Weeks, months and trimesters of a pregnancy become patient facts."""
    patient = read_patient(Turn.of(text))
    assert patient is not None and patient.pregnant
    assert (patient.pregnancy_weeks, patient.pregnancy_trimester) == (weeks, trimester)


@pytest.mark.parametrize(
    "text",
    [
        "em bầu 12 tuần bị sốt, uống paracetamol được không",
        "đang cho con bú thì uống cetirizin được không",
        "vợ em đang bầu được 14 tuần, bé lớn 3 tuổi rồi, giờ vợ bị sốt",
    ],
)
def test_pregnant_or_nursing_woman_is_an_adult_patient(parse: Parse, text: str) -> None:
    """Pregnancy or breastfeeding of the patient makes her an adult patient; a child's age
    said beside it is her child's."""
    frame = parse(text)
    assert frame.population is Population.ADULT and frame.age_months is None


def test_pregnant_teenager_stays_a_child(parse: Parse) -> None:
    """A teenager's own age keeps a pregnant patient a child."""
    frame = parse("con gái 16 tuổi có thai uống paracetamol được không")
    assert frame.population is Population.CHILD and frame.age_months == 192


@pytest.mark.parametrize(
    ("text", "kg"), [("4 ký 2, sốt sau tiêm", 4.2), ("nặng 10kg2, cho uống", 10.2)]
)
def test_weight_tenths_before_a_comma(text: str, kg: float) -> None:
    """ "4 ký 2," is 4,2 kg: the comma after the tenth ends the weight."""
    assert read_weight(Turn.of(text)) == pytest.approx(kg)


def test_age_said_as_this_year() -> None:
    """ "bố em năm nay 70" is seventy years old."""
    age = read_age(Turn.of("Bố em năm nay 70, bị suy tim"))
    assert age is not None and age.months == 840


def test_three_months_of_treatment_is_no_pregnancy() -> None:
    """ "3 tháng đầu điều trị" is a course, not a trimester."""
    assert read_patient(Turn.of("3 tháng đầu điều trị cần xét nghiệm gì")) is None


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("bé mới 1 tháng", 1.0),
        ("bé được 20 ngày", 0.66),
        ("con em 6 tuần", 1.38),
        ("bé nhà mình mới 45 ngày", 1.48),
        ("be moi 10 ngay", 0.33),
        ("bé mới được một tháng", 1.0),
        ("bé mới đẻ được 5 ngày", 0.16),
    ],
)
def test_infant_ages_without_tuoi(text: str, months: float) -> None:
    """Days, weeks or months said of a child are its age."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == pytest.approx(months, abs=0.01)


@pytest.mark.parametrize(
    "text",
    [
        "uống ibuprofen 3 ngày rồi",
        "bé sốt 3 ngày nay",
        "con ho 1 tuần nay",
        "đã 3 tháng không uống",
    ],
)
def test_durations_are_no_ages(text: str) -> None:
    """How long something lasted is not an age."""
    assert read_age(Turn.of(text)) is None


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("sắp đi biển 1 tháng, nên mang mấy vỉ paracetamol", None),
        ("về quê ăn tết 2 tháng, mua sẵn thuốc gì", None),
        ("chồng em đi công tác nước ngoài khoảng 3 tháng", None),
        ("ve que 1 thang thi mang theo bao nhieu thuoc", None),
        ("về quê, bé 2 tháng bị sốt", 2.0),
        ("bé 3 tháng đi biển được không", 3.0),
    ],
)
def test_a_time_away_is_no_age(text: str, months: float | None) -> None:
    """How long a trip lasts is no infant's age; a baby named in the turn keeps hers."""
    age = read_age(Turn.of(text))
    assert (age.months if age else None) == months


@pytest.mark.parametrize(("text", "kg"), [("8 ký rưỡi", 8.5), ("12 ki ruoi", 12.5), ("14 kí", 14)])
def test_half_kilos(text: str, kg: float) -> None:
    """ "ký rưỡi" adds half a kilo."""
    assert read_weight(Turn.of(text)) == kg


def test_pregnancy_in_weeks_asks_the_pregnancy_section(parse: Parse) -> None:
    """ "bầu 10 tuần … được không" is a pregnancy question, not a dose (no course length)."""
    frame = parse("bầu 10 tuần uống warfarin được không")
    assert frame.turn_type is TurnType.DRUG_ATTRIBUTE
    assert frame.attribute == "thoi_ky_mang_thai"
    assert frame.patient is not None and frame.patient.pregnancy_weeks == 10


def test_a_nursing_mother_is_the_patient(parse: Parse) -> None:
    """A mother speaking of her 2-month-old baby is an adult breastfeeding patient."""
    frame = parse("đang cho con 2 tháng bú uống ibuprofen được không")
    assert frame.population is Population.ADULT
    assert frame.age_months is None
    assert frame.patient == PatientContext(breastfeeding=True)


def test_a_pregnancy_term_after_a_pregnancy_question(understander: RulesUnderstander) -> None:
    """ "em đang 9 tuần" after a pregnancy question is that pregnancy's term, same drug."""
    prior = QueryFrame(
        turn_type=TurnType.DRUG_ATTRIBUTE,
        drugs=["warfarin"],
        attribute="thoi_ky_mang_thai",
        patient=PatientContext(pregnant=True),
    )
    frame = understander.parse("em đang 9 tuần", UnderstandingContext(prior_frame=prior))
    assert frame.drugs == ["warfarin"]
    assert frame.patient is not None and frame.patient.pregnancy_weeks == 9


def test_another_patient_in_a_follow_up(understander: RulesUnderstander) -> None:
    """ "còn ông 70 tuổi" re-asks the dose for that patient, none of the child's facts kept."""
    prior = QueryFrame(
        turn_type=TurnType.DOSING_CALC,
        drugs=["paracetamol"],
        attribute="lieu_luong_cach_dung",
        population=Population.CHILD,
        age_months=36,
        weight_kg=14,
    )
    frame = understander.parse("còn ông 70 tuổi", UnderstandingContext(prior_frame=prior))
    assert (frame.turn_type, frame.drugs) == (TurnType.DOSING_CALC, ["paracetamol"])
    assert (frame.population, frame.age_months, frame.weight_kg) == (Population.ADULT, 840, None)


@pytest.mark.parametrize(
    ("text", "weeks", "trimester"),
    [("mẹ bầu 28w uống cetirizin", 28, 3), ("bau bi 7 thang uong loratadin", 30, 3)],
)
def test_pregnancy_terms_in_slang(text: str, weeks: int | None, trimester: int) -> None:
    """ "28w" is weeks; "bầu bí 7 tháng" a month of the pregnancy."""
    patient = read_patient(Turn.of(text))
    assert patient is not None
    assert (patient.pregnancy_weeks, patient.pregnancy_trimester) == (weeks, trimester)


def test_a_pregnancy_month_is_nobodys_age(parse: Parse) -> None:
    """ "có thai được 2 tháng" is the pregnancy's term, not a 2-month-old patient."""
    frame = parse("có thai được 2 tháng uống amoxicillin được không")
    assert (frame.age_months, frame.population) == (None, Population.ADULT)


@pytest.mark.parametrize(
    ("text", "months"),
    [("bé 1 tháng rưỡi", 1.5), ("cháu nội em 40 ngày", 1.31), ("bé được 20 ngày rồi", 0.66)],
)
def test_more_infant_ages(text: str, months: float) -> None:
    """A half month, a grandchild, and "rồi" after "được" keep the age."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == pytest.approx(months, abs=0.01)


@pytest.mark.parametrize(
    "text",
    [
        "con em 3 ngày rồi không đi ngoài",
        "con 2 tuần rồi vẫn ho",
        "bé đã 3 ngày không đi ngoài",
        "bé dùng 1 tuần chưa đỡ",
        "thuốc còn 3 ngày uống tiếp được không",
    ],
)
def test_how_long_is_not_how_old(text: str) -> None:
    """Without "mới/được", a count followed by "rồi/vẫn" is how long something lasted."""
    assert read_age(Turn.of(text)) is None


def test_kilos_and_tenths() -> None:
    """ "3 ký 2" is 3,2 kg; "18 kg 2 lần" is 18 kg."""
    assert read_weight(Turn.of("bé 3 ký 2")) == 3.2
    assert read_weight(Turn.of("nặng 18 kg 2 lần một ngày")) == 18


@pytest.mark.parametrize(
    "text",
    [
        "bé 2 tháng đang bú mẹ, mẹ uống cetirizin được không",
        "mẹ bỉm sữa con 3 tháng uống amoxicillin được không",
    ],
)
def test_the_mother_speaks_for_herself(parse: Parse, text: str) -> None:
    """The baby feeds and the mother takes the medicine: she is the adult patient."""
    frame = parse(text)
    assert (frame.population, frame.age_months) == (Population.ADULT, None)
    assert frame.patient is not None and frame.patient.breastfeeding


def test_late_is_not_a_child(parse: Parse) -> None:
    """ "trễ 3 tiếng" is late, not "trẻ" (a child)."""
    assert parse("uống warfarin trễ 3 tiếng có sao không").population is None


@pytest.mark.parametrize(
    ("text", "trimester"),
    [("giai đoạn cuối thai kỳ dùng ibuprofen", 3), ("sắp sinh rồi uống aspirin", 3)],
)
def test_late_pregnancy_in_words(text: str, trimester: int) -> None:
    """ "cuối thai kỳ", "sắp sinh": the third trimester."""
    patient = read_patient(Turn.of(text))
    assert patient is not None and patient.pregnancy_trimester == trimester


def test_the_unborn_baby_is_not_the_patient(parse: Parse) -> None:
    """ "mang bầu bé thứ 2 được 7 tháng": a pregnant woman, an adult patient, no child."""
    frame = parse("đang mang bầu bé thứ 2 được 7 tháng, uống loratadin được không")
    assert frame.population is Population.ADULT
    assert frame.patient is not None and frame.patient.pregnancy_trimester == 3


@pytest.mark.parametrize(
    ("text", "months"), [("bé vừa đầy tháng", 1.0), ("bé 1 tháng 10 ngày", 1.33)]
)
def test_a_full_month_and_months_with_days(text: str, months: float) -> None:
    """ "đầy tháng" is one month; "1 tháng 10 ngày" adds the days."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == pytest.approx(months, abs=0.01)


def test_kilos_with_a_digit_glued() -> None:
    """ "9kg5" is 9,5 kg."""
    assert read_weight(Turn.of("bé 9kg5 uống paracetamol")) == 9.5


def test_an_allergy_ends_at_the_comma() -> None:
    """ "bị dị ứng, zyrtec uống được không": zyrtec is the question, not the allergen."""
    patient = read_patient(Turn.of("bau 5 thang ruoi bi di ung, zyrtec uong dc hok"))
    assert patient is not None and patient.allergies == []
    assert patient.pregnancy_weeks == 24


def test_months_a_medicine_was_taken_are_no_age() -> None:
    """ "uống levothyrox được 6 tháng rồi" is how long, not a 6-month-old."""
    assert (
        read_age(Turn.of("uống levothyrox 50mcg được 6 tháng rồi, xét nghiệm lại khi nào")) is None
    )


def test_the_baby_in_the_womb_is_a_pregnancy(parse: Parse) -> None:
    """ "em bé trong bụng được 30 tuần": the mother is pregnant and the patient."""
    frame = parse(
        "em be trong bung duoc 30 tuan roi ma me bi dau nua dau, ibuprofen uong duoc khong"
    )
    assert frame.population is Population.ADULT
    assert frame.patient is not None and frame.patient.pregnancy_weeks == 30


def _after(
    understander: RulesUnderstander,
    before: QueryFrame,
    text: str,
    slot: ClarifySlot | None = None,
) -> QueryFrame:
    return understander.parse(text, UnderstandingContext(open_slot=slot, prior_frame=before))


def test_patient_facts_told_after_what_do_you_want_to_know_keep_the_drug(
    understander: RulesUnderstander,
) -> None:
    """Asked what they want to know of a drug, a pregnancy or a child told is about that drug."""
    asked = QueryFrame(turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["warfarin"])
    pregnant = _after(understander, asked, "em có thai 2 tháng rồi", ClarifySlot.ATTRIBUTE)
    assert pregnant.drugs == ["warfarin"] and pregnant.attribute == "thoi_ky_mang_thai"
    child = _after(understander, asked, "bé nhà em 2 tuổi 11 ký", ClarifySlot.ATTRIBUTE)
    assert child.drugs == ["warfarin"] and child.turn_type is TurnType.DOSING_CALC
    assert (child.age_months, child.weight_kg) == (24, 11)


def test_a_weight_after_an_adult_keeps_the_adult(understander: RulesUnderstander) -> None:
    """ "em 58 ký" after her pregnancy was told: still the adult patient, now with a weight."""
    before = QueryFrame(turn_type=TurnType.OUT_OF_SCOPE, population=Population.ADULT)
    frame = _after(understander, before, "em 58 ký")
    assert (frame.population, frame.weight_kg) == (Population.ADULT, 58)


@pytest.mark.parametrize(
    ("first", "then", "weight"),
    [
        ("bé nhà tôi 13 ký", "bé được 2 tuổi rưỡi rồi", 13),  # the age completes the weight
        ("con 4 tuổi 15 ký", "xin lỗi, con 5 tuổi", 15),  # a corrected age: the same child
        ("con 4 tuổi 15 ký", "còn em nó 9 tháng thì sao", None),  # another child
    ],
)
def test_a_weight_stays_with_the_same_child(
    understander: RulesUnderstander, first: str, then: str, weight: float | None
) -> None:
    """A new age keeps the weight when it completes or corrects it, not for another child."""
    before = understander.parse(first, UnderstandingContext())
    assert _after(understander, before, then).weight_kg == weight


def test_a_nursing_mother_after_her_husband_has_none_of_his_age(
    understander: RulesUnderstander,
) -> None:
    """ "chồng 45 tuổi", then "còn mình đang cho con bú": she is the patient, not 45."""
    told = "chồng mình 45 tuổi bị đau lưng, dùng diclofenac"
    before = understander.parse(told, UnderstandingContext())
    frame = _after(understander, before, "còn mình đang cho con bú thì sao")
    assert frame.age_months is None and frame.patient is not None and frame.patient.breastfeeding


def test_a_babys_age_told_to_a_nursing_mothers_question_keeps_her(
    understander: RulesUnderstander,
) -> None:
    """ "con mình được 3 tuần" after "đang cho con bú": her baby's age; she stays the patient."""
    before = understander.parse("đang cho con bú dùng cetirizin được không", UnderstandingContext())
    frame = _after(understander, before, "con mình được 3 tuần")
    assert frame.population is Population.ADULT and frame.age_months is None


@pytest.mark.parametrize(
    "text",
    ["mẹ bỉm sữa hỏi chút, uống loratadin được không", "uống amoxicilin có vào sữa không"],
)
def test_a_medicine_asked_of_her_milk_is_a_nursing_mother(text: str) -> None:
    """ "mẹ bỉm", "có vào sữa không": she breastfeeds."""
    patient = read_patient(Turn.of(text))
    assert patient is not None and patient.breastfeeding


@pytest.mark.parametrize(
    "text",
    [
        "mẹ cháu bị viêm tuyến vú, dùng cefuroxim được không",
        "me be bi sot uong paracetamol dc ko",
        "còn bà ngoại bé bị đau lưng thì uống gì",
    ],
)
def test_the_childs_mother_is_the_patient(understander: RulesUnderstander, text: str) -> None:
    """After "cháu 4 tháng, bú mẹ", "mẹ cháu bị …" is about an adult, not the 4-month-old."""
    prior = QueryFrame(
        turn_type=TurnType.OUT_OF_SCOPE,
        population=Population.CHILD,
        age_months=4,
        age_text="4 tháng",
    )
    frame = understander.parse(text, UnderstandingContext(prior_frame=prior))
    assert (frame.population, frame.age_months, frame.weight_kg) == (Population.ADULT, None, None)


def test_the_childs_own_age_keeps_the_child(understander: RulesUnderstander) -> None:
    """ "mẹ bé hỏi: bé 5 tháng 7 kg uống …": an age of its own, the child is the patient."""
    frame = understander.parse(
        "mẹ bé hỏi: bé 5 tháng 7 kg uống paracetamol liều bao nhiêu", UnderstandingContext()
    )
    assert frame.population is Population.CHILD and frame.age_months == 5


def test_the_week_a_baby_was_born_in_is_not_her_age() -> None:
    """'bé sinh 36 tuần' is the term she was born at, not 8 months; 'sinh được 3 tuần' is."""
    assert read_age(Turn.of("Bé sinh 36 tuần, giờ nặng 3 kg, sốt nhẹ")) is None
    assert read_age(Turn.of("be de 34 tuan, nay 5 ngay tuoi")).months == 0.2  # type: ignore[union-attr]
    assert read_age(Turn.of("bé mới sinh được 3 tuần")).months == 0.69  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "bé 20 ngày tuổi bú mẹ hoàn toàn, có cần bổ sung vitamin D không",
        "con em 2 tháng, 5 ký, chỉ bú sữa mẹ, bị sổ mũi uống gì",
    ],
)
def test_the_baby_who_feeds_is_the_patient(parse: Parse, text: str) -> None:
    """The baby's age or weight told, no mother who takes it: nursing is not the child's."""
    frame = parse(text)
    assert frame.population is Population.CHILD
    assert frame.patient is None or not frame.patient.breastfeeding
