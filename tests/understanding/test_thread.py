"""Readings that keep a conversation's thread: non-answers, thanks, follow-ups, patient words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, HowTo, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.slots import POST_OPERATIVE, read_age, read_patient
from understanding.smalltalk import smalltalk_kind
from understanding.text import Turn

NON_ANSWERS = [
    "không rõ",
    "không biết",
    "khong ro",
    "ừ",
    "sao cơ?",
    "để xem đã",
    "để tôi xem đã",
    "thuốc",
    "hả",
    "hả?",
    "?",
    "ủa gì cơ",
    "chưa rõ lắm",
]


@pytest.mark.parametrize("text", NON_ANSWERS)
@pytest.mark.parametrize("slot", [ClarifySlot.POPULATION, ClarifySlot.AGE_WEIGHT])
def test_non_answers_are_flagged_while_a_question_is_open(
    parse: Callable[..., QueryFrame], text: str, slot: ClarifySlot
) -> None:
    """A reply made only of hesitation is a non-answer, not an out-of-scope question."""
    frame = parse(text, slot)
    assert frame.non_answer and frame.fills_slot is None and not frame.non_human


def test_a_non_answer_never_fills_an_open_condition_question(
    parse: Callable[..., QueryFrame],
) -> None:
    """ "không biết nữa" to "which illness?" is not the condition "không biết nữa"."""
    frame = parse("không biết nữa", ClarifySlot.CONDITION, prior=TurnType.CONDITION_TO_DRUG)
    assert frame.non_answer and frame.condition is None


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("trẻ em", "population", "child"),
        ("người lớn", "population", "adult"),
        ("5 tuổi", "age_months", 60),
        ("18 ký", "weight_kg", 18),
    ],
)
def test_real_answers_are_not_non_answers(
    parse: Callable[..., QueryFrame], text: str, field: str, value: object
) -> None:
    """An answer fills the slot and is never flagged as a non-answer."""
    frame = parse(text, ClarifySlot.POPULATION if field == "population" else ClarifySlot.AGE_WEIGHT)
    assert not frame.non_answer and getattr(frame, field) == value


@pytest.mark.parametrize(
    "text", ["thời tiết hôm nay thế nào", "liều cho chó 10kg", "tôi bị bệnh gì", "ok", "cảm ơn"]
)
def test_questions_and_smalltalk_are_not_non_answers(
    parse: Callable[..., QueryFrame], text: str
) -> None:
    """Something new (off-topic, veterinary, diagnosis) or smalltalk keeps its own reading."""
    assert not parse(text, ClarifySlot.POPULATION).non_answer


def test_without_an_open_question_nothing_is_a_non_answer(
    parse: Callable[..., QueryFrame],
) -> None:
    """With no open question, "không rõ" is just an out-of-scope turn."""
    frame = parse("không rõ")
    assert frame.turn_type is TurnType.OUT_OF_SCOPE and not frame.non_answer


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("cảm ơn em nhé", "thanks"),
        ("cám ơn", "thanks"),
        ("thanks", "thanks"),
        ("cam on ban nhieu", "thanks"),
        ("xin chào", "greeting"),
        ("chào bạn", "greeting"),
        ("ok", "other"),
    ],
)
def test_thanks_are_told_apart_from_greetings(text: str, kind: str) -> None:
    """Thanks, greetings and other smalltalk are three kinds, each with its own reply."""
    assert smalltalk_kind(text) == kind


@pytest.mark.parametrize(
    "text", ["bầu uống cetirizin được không", "có bầu", "mang bầu", "bà bầu", "đang mang thai"]
)
def test_pregnancy_words(text: str) -> None:
    """The words people use for pregnancy, "bầu" alone included, set `pregnant`."""
    patient = read_patient(Turn.of(text))
    assert patient is not None and patient.pregnant


@pytest.mark.parametrize("text", ["bầu cử", "bầu trời hôm nay", "quý báu"])
def test_bau_that_is_not_pregnancy(text: str) -> None:
    """ "bầu cử", "bầu trời" and "báu" are not pregnancy."""
    patient = read_patient(Turn.of(text))
    assert patient is None or not patient.pregnant


def test_breastfeeding_words() -> None:
    """ "cho con bú" is breastfeeding, not a child."""
    patient = read_patient(Turn.of("đang cho con bú"))
    assert patient is not None and patient.breastfeeding


@pytest.mark.parametrize("text", ["sau mổ", "đau sau mổ", "sau mo uong thuoc gi", "vừa mổ xong"])
def test_post_operative_is_a_context_not_an_age(text: str) -> None:
    """ "sau mổ" was read as six months ("sáu" + "mo"): it is a post-operative context."""
    turn = Turn.of(text)
    assert read_age(turn) is None
    patient = read_patient(turn)
    assert patient is not None and POST_OPERATIVE in patient.comorbidities


@pytest.mark.parametrize(("text", "months"), [("6 mo", 6), ("sáu tháng", 6), ("bé 6th", 6)])
def test_month_ages_still_read(text: str, months: float) -> None:
    """Digits with short units and word numbers with the full unit are still ages."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


def _after(understander: RulesUnderstander, text: str, prior: dict[str, object]) -> QueryFrame:
    context = UnderstandingContext(prior_frame=QueryFrame.model_validate(prior))
    return understander.parse(text, context)


CHILD_DOSE = {
    "turn_type": "dosing_calc",
    "drugs": ["paracetamol"],
    "attribute": "lieu_luong_cach_dung",
    "population": "child",
    "age_months": 8,
    "age_text": "8 tháng",
    "weight_kg": 8,
}


def test_attribute_only_follow_up_keeps_the_drug(understander: RulesUnderstander) -> None:
    """ "còn tác dụng phụ?" after a paracetamol answer asks paracetamol's side effects."""
    prior = {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chi_dinh"}
    frame = _after(understander, "còn tác dụng phụ?", prior)
    assert frame.drugs == ["paracetamol"]
    assert frame.attribute == "tac_dung_khong_mong_muon"


def test_drug_only_follow_up_keeps_the_question_and_the_child(
    understander: RulesUnderstander,
) -> None:
    """ "thế ibuprofen thì sao?" after a dose for an 8-month-old of 8 kg asks the same dose."""
    frame = _after(understander, "thế ibuprofen thì sao?", CHILD_DOSE)
    assert frame.turn_type is TurnType.DOSING_CALC and frame.drugs == ["ibuprofen"]
    assert (frame.population, frame.age_months, frame.weight_kg) == ("child", 8, 8)


def test_drug_only_follow_up_keeps_the_indication_and_the_route(
    understander: RulesUnderstander,
) -> None:
    """After an oral dose for fever, "thế ibuprofen thì sao?" asks ibuprofen for fever, by mouth."""
    prior = {**CHILD_DOSE, "route": "oral", "condition": {"text": "sốt"}}
    frame = _after(understander, "thế ibuprofen thì sao?", prior)
    assert frame.drugs == ["ibuprofen"] and frame.route == "oral"
    assert frame.condition is not None and frame.condition.text == "sốt"


def test_follow_up_with_its_own_patient_keeps_none_of_the_old_one(
    understander: RulesUnderstander,
) -> None:
    """A follow-up that states an age of its own does not inherit the old child's weight."""
    frame = _after(understander, "thế ibuprofen cho bé 2 tuổi thì sao", CHILD_DOSE)
    assert frame.age_months == 24 and frame.weight_kg is None


def test_new_case_follow_up_keeps_no_patient(understander: RulesUnderstander) -> None:
    """ "người khác" starts fresh: the old child's age and weight are not carried."""
    frame = _after(understander, "thế còn ibuprofen cho người khác thì sao", CHILD_DOSE)
    assert frame.new_case and frame.age_months is None and frame.weight_kg is None


def test_pregnancy_question_after_a_drug_answer_is_about_that_drug(
    understander: RulesUnderstander,
) -> None:
    """ "có dùng cho bà bầu được không?" after amoxicillin asks amoxicillin's pregnancy section."""
    frame = _after(
        understander,
        "có dùng cho bà bầu được không?",
        {"turn_type": "drug_overview", "drugs": ["amoxicillin"]},
    )
    assert frame.turn_type is TurnType.DRUG_ATTRIBUTE and frame.drugs == ["amoxicillin"]
    assert frame.attribute == "thoi_ky_mang_thai"
    assert frame.patient is not None and frame.patient.pregnant


def test_a_new_drug_question_is_not_a_follow_up(understander: RulesUnderstander) -> None:
    """A question naming its own drug and section keeps none of the previous drug; the
    patient described before is still the patient."""
    frame = _after(understander, "chống chỉ định của aspirin", CHILD_DOSE)
    assert frame.drugs == ["aspirin"] and frame.attribute == "chong_chi_dinh"
    assert frame.age_months == CHILD_DOSE["age_months"]


def test_another_population_carries_no_age(understander: RulesUnderstander) -> None:
    """An adult's question after a child's keeps none of the child's age or weight."""
    frame = _after(understander, "người lớn uống aspirin được không", CHILD_DOSE)
    assert frame.population == "adult" and frame.age_months is None and frame.weight_kg is None


def test_a_patient_word_that_does_not_answer_the_question_is_a_non_answer(
    parse: Callable[..., QueryFrame],
) -> None:
    """ "trẻ em" to "which route?" answers nothing asked: the route question is asked again."""
    frame = parse("trẻ em", ClarifySlot.ROUTE)
    assert frame.non_answer


def test_a_route_chip_that_names_the_indication_fills_both(
    understander: RulesUnderstander,
) -> None:
    """ "Đường uống – Đau, sốt" answering a route question gives the route and the indication."""
    prior = QueryFrame.model_validate(CHILD_DOSE)
    context = UnderstandingContext(prior_frame=prior, open_slot=ClarifySlot.ROUTE)
    frame = understander.parse("Đường uống – Đau, sốt", context)
    assert frame.fills_slot is ClarifySlot.ROUTE and frame.route == "oral"
    assert frame.condition is not None and "sốt" in frame.condition.text


@pytest.mark.parametrize("text", ["bị bệnh thì uống thuốc gì?", "bé bị ốm uống thuốc gì"])
def test_being_unwell_names_no_condition(understander: RulesUnderstander, text: str) -> None:
    """ "bị bệnh" / "bị ốm" say someone is unwell, not what to look up: no condition."""
    frame = understander.parse(text, UnderstandingContext())
    assert frame.condition is None


@pytest.mark.parametrize(
    "text", ["tinh ra mg/ngay", "vay moi lan bn mg", "lieu dau bao nhieu mg", "ngay bn mg"]
)
def test_a_shorthand_dose_follow_up_keeps_the_drug_and_the_child(
    understander: RulesUnderstander, text: str
) -> None:
    """'bn' beside a unit, 'tính ra', 'liều đầu' unaccented: the same dose asked again, not
    out of scope nor the condition 'đau'."""
    prior = understander.parse("digoxin duy tri cho be 9t nang 45kg")
    frame = understander.parse(text, UnderstandingContext(prior_frame=prior))
    assert frame.turn_type is TurnType.DOSING_CALC and frame.drugs == ["digoxin"]
    assert (frame.age_months, frame.weight_kg, frame.condition) == (108, 45, None)


def test_bn_alone_is_a_patient_not_a_dose(understander: RulesUnderstander) -> None:
    """'BN 6 tuổi viêm phổi' names a patient; it asks no amount."""
    frame = understander.parse("BN 6 tuổi viêm phổi")
    assert frame.turn_type is not TurnType.DOSING_CALC


@pytest.mark.parametrize(
    "text",
    [
        "loại ống khí dung",
        "dang lo bot tiem 40mg",
        "bà không uống được nữa",
        "tuần sau đi chụp CT",
        "mình pha nguyên chai từ sáng",
    ],
)
def test_more_told_of_the_drug_keeps_it(understander: RulesUnderstander, text: str) -> None:
    """A form, a strength, a patient who cannot swallow, a test ahead, after a drug was named:
    still that drug, the question still to come."""
    prior = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["salbutamol"])
    frame = understander.parse(text, UnderstandingContext(prior_frame=prior))
    assert (frame.drugs, frame.turn_type, frame.attribute) == (
        ["salbutamol"],
        TurnType.DRUG_ATTRIBUTE,
        None,
    )


def test_small_talk_after_a_drug_is_still_out_of_scope(understander: RulesUnderstander) -> None:
    """Nothing about the medicine: the drug is not carried into an unrelated turn."""
    prior = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["salbutamol"])
    frame = understander.parse("hom nay troi mua to", UnderstandingContext(prior_frame=prior))
    assert frame.turn_type is TurnType.OUT_OF_SCOPE and frame.drugs == []


def test_a_complaint_with_a_how_to_question_stays_with_the_drug(
    understander: RulesUnderstander,
) -> None:
    """ "uống xong mệt quá, đổi giờ uống được không" after cetirizine: when to take it, not a
    medicine for tiredness."""
    prior = QueryFrame(turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["cetirizine"])
    frame = understander.parse(
        "uống xong buồn ngủ lắm, đổi giờ uống được không", UnderstandingContext(prior_frame=prior)
    )
    assert frame.drugs == ["cetirizine"] and frame.how_to_take is not None
    alone = understander.parse("buồn ngủ lắm, đổi giờ uống được không")
    assert alone.drugs == []


def test_a_short_ask_goes_on_with_the_how_to_answer(understander: RulesUnderstander) -> None:
    """A storage answer, then "có ảnh hưởng gì ko": the same drug and topic, with the words of
    both turns; a longer new question is not swallowed."""
    prior = QueryFrame(
        turn_type=TurnType.DRUG_ATTRIBUTE,
        drugs=["carbamazepine"],
        attribute="do_on_dinh_bao_quan",
        how_to_take=HowTo.STORAGE,
        howto_words=["ẩm"],
    )
    context = UnderstandingContext(prior_frame=prior)
    frame = understander.parse("có ảnh hưởng gì ko", context)
    assert (frame.drugs, frame.how_to_take) == (["carbamazepine"], HowTo.STORAGE)
    assert "ẩm" in frame.howto_words
    other = understander.parse("còn tác dụng phụ thì sao", context)
    assert other.how_to_take is None


def test_a_how_to_question_reads_what_the_turn_before_told(
    understander: RulesUnderstander,
) -> None:
    """ "tuần sau chụp CT có cản quang" (told, nothing asked), then "có phải ngưng thuốc
    không": the stop question reads "cản quang" too."""
    told = understander.parse("tuần sau chụp CT có tiêm thuốc cản quang")
    prior = told.model_copy(update={"drugs": ["metformin"], "turn_type": TurnType.DRUG_ATTRIBUTE})
    frame = understander.parse("có phải ngưng thuốc không", UnderstandingContext(prior_frame=prior))
    assert frame.drugs == ["metformin"] and frame.how_to_take is not None
    assert "cản quang" in frame.howto_pairs


def test_how_long_a_diluted_injection_keeps(understander: RulesUnderstander) -> None:
    """After a dilution answer, "để được bao lâu" asks how long the made-up solution keeps."""
    prior = QueryFrame(
        turn_type=TurnType.DRUG_ATTRIBUTE,
        drugs=["heparin"],
        attribute="lieu_luong_cach_dung",
        how_to_take=HowTo.DILUTE,
    )
    frame = understander.parse("để được bao lâu", UnderstandingContext(prior_frame=prior))
    assert (frame.how_to_take, frame.attribute) == (HowTo.MADE_UP, "do_on_dinh_bao_quan")


def test_the_leaflets_age_band_is_nobodys_age(parse: Callable[..., QueryFrame]) -> None:
    """ "hộp ghi không dùng cho trẻ dưới 6 tuổi là sao": no age, no weight; with the child's own
    age said too, the ages read are left as the age reader reads them."""
    frame = parse("hộp ghi không dùng cho trẻ dưới 6 tuổi và dưới 20kg là sao, ibuprofen ấy")
    assert (frame.age_months, frame.weight_kg) == (None, None)
    own = parse("hộp ghi không dùng cho trẻ dưới 6 tuổi, bé nhà em 4 tuổi thì sao, ibuprofen")
    assert own.age_months is not None


def test_the_form_said_before_goes_with_the_how_to_question(
    understander: RulesUnderstander,
) -> None:
    """ "Augmentin lọ bột tiêm" answered, then "pha xong để được bao lâu": the question still
    speaks of the injection."""
    prior = understander.parse("khoa mình dùng Augmentin lọ bột tiêm cho người lớn")
    frame = understander.parse("pha xong để được bao lâu", UnderstandingContext(prior_frame=prior))
    assert frame.how_to_take is HowTo.MADE_UP and "tiêm" in frame.howto_words
