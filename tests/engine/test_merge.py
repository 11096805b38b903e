"""Prior-frame merge: non-answers, slot fills and the case patient across follow-ups."""

from __future__ import annotations

from core.frame import ClarifySlot, ConditionQuery, PatientContext, QueryFrame, Relation
from engine.conversation import OpenQuestion
from engine.merge import made_progress, resolve_frame

PRIOR = QueryFrame(turn_type="dosing_calc", drugs=["paracetamol"], population="child")
AGE_QUESTION = OpenQuestion(reason="missing_pediatric_age_or_weight", slot=ClarifySlot.AGE_WEIGHT)
NON_ANSWER = QueryFrame(turn_type="out_of_scope", non_answer=True, standalone_query="không rõ")


def test_a_non_answer_routes_the_open_question_again() -> None:
    """A non-answer resolves to the prior frame, marked so the question is re-asked."""
    frame = resolve_frame(NON_ANSWER, PRIOR, AGE_QUESTION, None)
    assert frame.non_answer
    assert (frame.turn_type, frame.drugs, frame.population) == (
        "dosing_calc",
        ["paracetamol"],
        "child",
    )


def test_a_non_answer_with_nothing_open_stays_out_of_scope() -> None:
    """Without an open question there is nothing to re-ask."""
    frame = resolve_frame(NON_ANSWER, PRIOR, None, None)
    assert frame.turn_type == "out_of_scope"


def test_an_answer_after_a_re_ask_is_not_marked_a_non_answer() -> None:
    """The re-ask mark of the stored prior frame never leaks into the merged answer."""
    reasked = resolve_frame(NON_ANSWER, PRIOR, AGE_QUESTION, None)
    fill = QueryFrame(
        turn_type="dosing_calc", age_months=60, weight_kg=18, fills_slot=ClarifySlot.AGE_WEIGHT
    )
    frame = resolve_frame(fill, reasked, AGE_QUESTION, None)
    assert not frame.non_answer
    assert (frame.drugs, frame.age_months, frame.weight_kg) == (["paracetamol"], 60, 18)


def test_case_patient_follows_a_drug_only_follow_up() -> None:
    """Pregnancy and renal state given earlier in the case hold for the next drug asked about."""
    case = PatientContext(pregnant=True, renal_impairment=True)
    follow_up = QueryFrame(
        turn_type="drug_attribute", drugs=["ibuprofen"], attribute="thoi_ky_mang_thai"
    )
    frame = resolve_frame(follow_up, PRIOR, None, case)
    assert frame.patient is not None
    assert frame.patient.pregnant and frame.patient.renal_impairment


def test_a_new_case_drops_the_case_patient() -> None:
    """ "người khác" keeps nothing of the previous patient."""
    case = PatientContext(pregnant=True)
    fresh = QueryFrame(turn_type="drug_attribute", drugs=["ibuprofen"], new_case=True)
    assert resolve_frame(fresh, PRIOR, None, case).patient is None


def test_a_newborn_dose_question_has_an_age() -> None:
    """ "vitamin K1 cho trẻ sơ sinh": a newborn without a day count is under one month, so
    only the weight is still missing; an age the user gave is kept as said."""
    asked = QueryFrame(
        turn_type="dosing_calc",
        drugs=["phytomenadione"],
        population="child",
        standalone_query="vitamin K1 tiêm dự phòng xuất huyết cho trẻ sơ sinh",
    )
    frame = resolve_frame(asked, None, None, None)
    assert (frame.age_months, frame.age_text, frame.population) == (0, "sơ sinh", "child")
    dated = asked.model_copy(update={"age_months": 0.3, "age_text": "10 ngày tuổi"})
    assert resolve_frame(dated, None, None, None).age_months == 0.3
    no_drug = asked.model_copy(update={"drugs": [], "turn_type": "condition_to_drug"})
    assert resolve_frame(no_drug, None, None, None).age_months is None


def test_an_indication_given_with_the_patient_facts_is_kept() -> None:
    """A slot answer that also names a condition gives the dose its indication when the
    question had none, and never replaces one the question named."""
    prior = QueryFrame(turn_type="dosing_calc", drugs=["levothyroxine"], population="child")
    fill = QueryFrame(
        turn_type="dosing_calc",
        age_months=0.3,
        weight_kg=3,
        condition="suy giáp",
        fills_slot=ClarifySlot.AGE_WEIGHT,
    )
    frame = resolve_frame(fill, prior, AGE_QUESTION, None)
    assert frame.condition is not None and frame.condition.text == "suy giáp"
    named = prior.model_copy(update={"condition": ConditionQuery(text="suy giáp bẩm sinh")})
    frame = resolve_frame(fill, named, AGE_QUESTION, None)
    assert frame.condition is not None and frame.condition.text == "suy giáp bẩm sinh"


def test_another_population_drops_the_childs_age_and_weight() -> None:
    """ "người lớn" to "how old is the child?" keeps neither the child's age nor weight."""
    prior = PRIOR.model_copy(update={"weight_kg": 14.0, "age_months": 36.0, "age_text": "3 tuổi"})
    adult = QueryFrame(
        turn_type="dosing_calc", population="adult", fills_slot=ClarifySlot.POPULATION
    )
    frame = resolve_frame(adult, prior, AGE_QUESTION, None)
    assert (frame.population, frame.age_months, frame.age_text, frame.weight_kg) == (
        "adult",
        None,
        None,
        None,
    )


def test_a_population_given_for_the_first_time_keeps_the_weight() -> None:
    """ "người lớn" to "adult or child?" after "50 kg" keeps the 50 kg."""
    prior = QueryFrame(turn_type="dosing_calc", drugs=["paracetamol"], weight_kg=50.0)
    question = OpenQuestion(reason="missing_population", slot=ClarifySlot.POPULATION)
    adult = QueryFrame(
        turn_type="dosing_calc", population="adult", fills_slot=ClarifySlot.POPULATION
    )
    frame = resolve_frame(adult, prior, question, None)
    assert (frame.population, frame.weight_kg) == ("adult", 50.0)


def test_another_childs_age_drops_the_first_childs_weight() -> None:
    """ "còn em nó 8 tháng" after a 3-year-old of 14 kg: the 14 kg is not the baby's."""
    prior = PRIOR.model_copy(update={"weight_kg": 14.0, "age_months": 36.0, "age_text": "3 tuổi"})
    baby = QueryFrame(
        turn_type="dosing_calc", population="child", age_months=8.0, fills_slot=ClarifySlot.AGE
    )
    frame = resolve_frame(baby, prior, AGE_QUESTION, None)
    assert (frame.age_months, frame.weight_kg) == (8.0, None)


def test_a_woman_nursing_earlier_in_the_case_is_the_adult_patient() -> None:
    """After "em đang cho con bú", a question with no patient of its own is hers."""
    question = QueryFrame(turn_type="drug_attribute", drugs=["cetirizine"], population="child")
    frame = resolve_frame(question, None, None, PatientContext(breastfeeding=True))
    assert frame.population == "adult"


def test_progress_is_an_answer_bringing_a_missing_fact() -> None:
    """The age answering "bao nhiêu tuổi?" is progress; a non-answer, the same age again,
    or nothing open is not."""
    fill = QueryFrame(turn_type="dosing_calc", age_months=60, fills_slot=ClarifySlot.AGE_WEIGHT)
    merged = resolve_frame(fill, PRIOR, AGE_QUESTION, None)
    assert made_progress(fill, merged, PRIOR, AGE_QUESTION)
    assert not made_progress(fill, merged, PRIOR, None)
    assert not made_progress(fill, merged, merged, AGE_QUESTION)  # the age was known
    again = resolve_frame(NON_ANSWER, PRIOR, AGE_QUESTION, None)
    assert not made_progress(NON_ANSWER, again, PRIOR, AGE_QUESTION)


CASE_TOLD = QueryFrame(
    turn_type="out_of_scope",
    population="child",
    age_text="11 tuổi",
    age_months=132,
    weight_kg=45,
    condition=ConditionQuery(text="sau mổ"),
)


def test_a_dose_question_after_the_case_is_told_keeps_its_patient() -> None:
    """'Cháu 11 tuổi 45 kg vừa mổ xong' then a dose question: the same child, same condition."""
    asked = QueryFrame(turn_type="dosing_calc", drugs=["paracetamol"])
    frame = resolve_frame(asked, CASE_TOLD, None, None)
    assert (frame.population, frame.age_months, frame.weight_kg) == ("child", 132, 45)
    assert frame.condition is not None and frame.condition.text == "sau mổ"


def test_a_dose_question_with_its_own_patient_or_a_new_case_keeps_none() -> None:
    """A stated patient, or a new case, replaces the case's; other questions are untouched."""
    adult = QueryFrame(turn_type="dosing_calc", drugs=["ibuprofen"], population="adult")
    assert resolve_frame(adult, CASE_TOLD, None, None).weight_kg is None
    new = QueryFrame(turn_type="dosing_calc", drugs=["ibuprofen"], new_case=True)
    assert resolve_frame(new, CASE_TOLD, None, None).age_months is None
    attribute = QueryFrame(turn_type="drug_attribute", drugs=["ibuprofen"], attribute="chi_dinh")
    assert resolve_frame(attribute, CASE_TOLD, None, None).age_months is None


def test_the_case_condition_carries_when_the_patient_was_already_carried() -> None:
    """Understanding may carry the case's patient itself; the condition the case was told
    with still becomes the dose's indication."""
    asked = QueryFrame(
        turn_type="dosing_calc",
        drugs=["azithromycin"],
        population="child",
        age_text="11 tuổi",
        age_months=132,
        weight_kg=45,
    )
    frame = resolve_frame(asked, CASE_TOLD, None, None)
    assert frame.condition is not None and frame.condition.text == "sau mổ"
    other = asked.model_copy(update={"age_months": 36, "age_text": "3 tuổi", "weight_kg": 14})
    assert resolve_frame(other, CASE_TOLD, None, None).condition is None


def test_a_child_with_an_age_after_a_pregnancy_is_not_pregnant() -> None:
    """The case's pregnancy does not carry onto a baby asked about with its own age."""
    case = PatientContext(pregnant=True, pregnancy_weeks=28, pregnancy_trimester=3)
    baby = QueryFrame(
        turn_type="drug_attribute",
        drugs=["ceftriaxone"],
        population="child",
        age_months=0.5,
        weight_kg=3.4,
    )
    frame = resolve_frame(baby, PRIOR, None, case)
    assert frame.patient is None or not frame.patient.pregnant
    assert frame.patient is None or frame.patient.pregnancy_weeks is None


def test_a_child_with_an_age_after_a_nursing_mother_is_not_nursing() -> None:
    """ "em đang cho con bú", then "còn bé 7 tháng 7 ký …": nursing is the mother's fact."""
    case = PatientContext(breastfeeding=True)
    baby = QueryFrame(
        turn_type="drug_attribute",
        drugs=["cetirizine"],
        population="child",
        age_months=7,
        weight_kg=7,
    )
    frame = resolve_frame(baby, PRIOR, None, case)
    assert frame.patient is None or not frame.patient.breastfeeding
    assert frame.population == "child"


def test_a_component_named_after_a_combination_keeps_the_combination() -> None:
    """'Mỗi lần bao nhiêu mg amoxicilin?' after an Augmentin question asks the combination's
    dose in its component's mg; another drug named is a new question about that drug."""
    case = QueryFrame(
        turn_type="dosing_calc", drugs=["amoxicillin_clavulanate"], population="child",
        age_text="4 tuổi", age_months=48, weight_kg=16,
    )  # fmt: skip
    component = QueryFrame(turn_type="dosing_calc", drugs=["amoxicillin"])
    assert resolve_frame(component, case, None, None).drugs == ["amoxicillin_clavulanate"]
    other = QueryFrame(turn_type="dosing_calc", drugs=["ibuprofen"])
    assert resolve_frame(other, case, None, None).drugs == ["ibuprofen"]


def test_the_case_words_choose_the_row_of_a_follow_up_dose_question() -> None:
    """'Bé 10 tháng viêm màng não, dùng cefuroxim' then 'tổng liều một ngày bao nhiêu mg?':
    the case's words stay with the follow-up (its reading may have kept only 'viêm'); a
    follow-up naming another condition keeps only its own."""
    case = QueryFrame(
        turn_type="dosing_calc", drugs=["cefuroxime"], population="child", age_text="10 tháng",
        age_months=10, weight_kg=10, condition=ConditionQuery(text="viêm"),
        condition_words="be 10 thang viem mang nao dung cefuroxim",
    )  # fmt: skip
    asked = QueryFrame(
        turn_type="dosing_calc", drugs=["cefuroxime"], condition_words="tong lieu mot ngay"
    )
    frame = resolve_frame(asked, case, None, None)
    assert "viem mang nao" in frame.condition_words and "tong lieu" in frame.condition_words
    other = asked.model_copy(
        update={"condition": ConditionQuery(text="viêm phổi"), "condition_words": "viem phoi"}
    )
    assert resolve_frame(other, case, None, None).condition_words == "viem phoi"


def test_a_question_for_her_husband_drops_her_pregnancy() -> None:
    """ "hỏi cho chồng em, anh ấy 38 tuổi" after her pregnancy: he keeps her renal state only."""
    case = PatientContext(pregnant=True, pregnancy_weeks=16, renal_impairment=True)
    for said in ("thôi e hỏi cho chồng e, anh ấy 38 tuổi", "hoi cho chong em uong duoc ko"):
        his = QueryFrame(
            turn_type="dosing_calc", drugs=["paracetamol"], age_months=456, standalone_query=said
        )
        if "38" not in said:
            his = his.model_copy(update={"age_months": None})
        frame = resolve_frame(his, PRIOR, None, case)
        assert frame.patient is not None
        assert not frame.patient.pregnant and frame.patient.pregnancy_weeks is None


def test_her_husbands_words_keep_her_pregnancy() -> None:
    """ "chồng em bảo bầu không uống được" is still asked for her."""
    case = PatientContext(pregnant=True, pregnancy_weeks=16)
    hers = QueryFrame(
        turn_type="drug_attribute",
        drugs=["paracetamol"],
        standalone_query="chồng em bảo bầu không uống được thuốc này",
    )
    frame = resolve_frame(hers, PRIOR, None, case)
    assert frame.patient is not None and frame.patient.pregnant


def test_a_baby_born_early_is_asked_its_age_once() -> None:
    """ "heparin cho trẻ sinh non": the age is asked; left unanswered, the baby is dosed as a
    newborn instead of being asked again; another child left unanswered is asked again."""
    early = QueryFrame(
        turn_type="dosing_calc",
        drugs=["heparin"],
        population="child",
        weight_kg=2,
        standalone_query="heparin cho trẻ sinh non nặng 2 kg",
    )
    assert resolve_frame(early, None, None, None).age_months is None
    age_question = OpenQuestion(reason="missing_pediatric_age_or_weight", slot=ClarifySlot.AGE)
    frame = resolve_frame(NON_ANSWER, early, age_question, None)
    assert (frame.age_months, frame.age_text, frame.non_answer) == (0, "sơ sinh", False)
    older = early.model_copy(update={"standalone_query": "heparin cho bé nặng 12 kg"})
    again = resolve_frame(NON_ANSWER, older, age_question, None)
    assert again.non_answer and again.age_months is None


def test_a_replys_words_join_the_questions_words_unless_it_names_an_indication() -> None:
    """ "bé 9 ký, ngày uống 3 lần, mỗi lần mấy ml" answering the age question: its words (the
    doses a day, the ml asked) join the question's; a reply naming an indication keeps the
    question's words (its indication is the condition)."""
    prior = PRIOR.model_copy(update={"condition_words": "siro ventolin 2mg/5ml cho tre"})
    fill = QueryFrame(
        turn_type="dosing_calc", weight_kg=9, fills_slot=ClarifySlot.WEIGHT,
        condition_words="be 9 ky, ngay uong 3 lan, moi lan may ml",
    )  # fmt: skip
    frame = resolve_frame(fill, prior, AGE_QUESTION, None)
    assert frame.condition_words == (
        "siro ventolin 2mg/5ml cho tre be 9 ky, ngay uong 3 lan, moi lan may ml"
    )
    told = fill.model_copy(
        update={"condition": ConditionQuery(text="ho", normalized="ho"), "condition_words": "ho"}
    )
    assert resolve_frame(told, prior, AGE_QUESTION, None).condition_words == (
        "siro ventolin 2mg/5ml cho tre"
    )


def test_a_patient_told_after_a_dose_question_without_one_completes_that_case() -> None:
    """'digoxin dung dịch 0,05mg/ml, mỗi lần mấy vạch' answered without a patient, then 'Bé 7
    tháng, 8 ký, ngày uống 2 lần': the same case, whose words (the liquid, the ml asked)
    stay with the dose question; a patient other than the case's keeps only its own."""
    asked = QueryFrame(
        turn_type="dosing_calc", drugs=["digoxin"], population="child",
        condition_words="digoxin dung dich 0,05mg/ml, moi lan may vach",
    )  # fmt: skip
    told = QueryFrame(
        turn_type="dosing_calc", drugs=["digoxin"], population="child", age_months=7,
        weight_kg=8, condition_words="be 7 thang, 8 ky, ngay uong 2 lan",
    )  # fmt: skip
    frame = resolve_frame(told, asked, None, None)
    assert "0,05mg/ml" in frame.condition_words and "ngay uong 2 lan" in frame.condition_words
    older = asked.model_copy(update={"age_months": 60, "weight_kg": 18})
    assert resolve_frame(told, older, None, None).condition_words == told.condition_words


def test_a_days_maximum_asked_in_the_reply_is_asked() -> None:
    """ "… mỗi lần bao nhiêu và cả ngày không quá bao nhiêu" answering the age question asks
    the day's maximum too."""
    fill = QueryFrame(
        turn_type="dosing_calc", age_months=108, weight_kg=32, max_dose=True,
        fills_slot=ClarifySlot.AGE_WEIGHT,
    )  # fmt: skip
    assert resolve_frame(fill, PRIOR, AGE_QUESTION, None).max_dose
    assert not resolve_frame(fill.model_copy(update={"max_dose": False}), PRIOR, AGE_QUESTION,
                             None).max_dose  # fmt: skip


def test_a_reply_naming_the_asked_drug_again_with_its_use_is_an_answer() -> None:
    """The age asked, a reply with the age, the same drug and its use fills the question;
    a reply naming another drug is a question of its own."""
    prior = QueryFrame(turn_type="dosing_calc", drugs=["phytomenadione"], weight_kg=1.8)
    again = QueryFrame(
        turn_type="dosing_calc",
        drugs=["phytomenadione"],
        age_months=0,
        condition="xuất huyết do thiếu vitamin K",
    )
    frame = resolve_frame(again, prior, AGE_QUESTION, None)
    assert frame.weight_kg == 1.8 and frame.age_months == 0
    assert made_progress(again, frame, prior, AGE_QUESTION)
    how = again.model_copy(update={"how_to_take": "food"})  # "… uống trước hay sau ăn?"
    assert not made_progress(how, resolve_frame(how, prior, AGE_QUESTION, None), prior,
                             AGE_QUESTION)  # fmt: skip
    other = again.model_copy(update={"drugs": ["paracetamol"]})
    assert not made_progress(other, resolve_frame(other, prior, AGE_QUESTION, None), prior,
                             AGE_QUESTION)  # fmt: skip


def test_a_bare_complaint_told_while_a_drug_question_is_open_is_what_it_is_for() -> None:
    """Asked who a drug is for, "bị đau dạ dày" keeps that drug's question (with its
    condition); a complaint asked of ("bị đau dạ dày uống gì?") is a question of its own."""
    asked_who = OpenQuestion(reason="missing_population", slot=ClarifySlot.POPULATION)
    prior = QueryFrame(turn_type="dosing_calc", drugs=["azithromycin"])
    told = QueryFrame(
        turn_type="condition_to_drug",
        condition=ConditionQuery(text="đau dạ dày", normalized="đau dạ dày"),
        standalone_query="bị đau dạ dày nữa",
    )
    frame = resolve_frame(told, prior, asked_who, None)
    assert frame.drugs == ["azithromycin"] and frame.condition is not None
    asked = told.model_copy(update={"standalone_query": "đau dạ dày uống gì?"})
    assert resolve_frame(asked, prior, asked_who, None).drugs == []
    # what to watch for in that illness is a question of its own, not what the drug is for
    caution = told.model_copy(update={"condition_relation": Relation.CAUTION})
    assert resolve_frame(caution, prior, asked_who, None).drugs == []


def test_a_reply_to_the_weight_question_without_a_weight_marks_it_unknown() -> None:
    """Asked "bé nặng bao nhiêu kg?", the parent gives age, route and indication but no
    weight: the weight is marked unknown, so the question asked again says why it is needed."""
    prior = PRIOR.model_copy(update={"age_months": 40.0})
    asked = OpenQuestion(reason="missing_pediatric_age_or_weight", slot=ClarifySlot.WEIGHT)
    reply = QueryFrame(
        turn_type="dosing_calc", age_months=40, route="oral", fills_slot=ClarifySlot.AGE
    )
    frame = resolve_frame(reply, prior, asked, None)
    assert frame.weight_unknown and frame.weight_kg is None
    weighed = QueryFrame(turn_type="dosing_calc", weight_kg=15, fills_slot=ClarifySlot.WEIGHT)
    assert not resolve_frame(weighed, prior, asked, None).weight_unknown
