"""Tests for grounding/limits.py: "có dùng được không" answered by the first section that speaks."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.limits import age_limits, can_use_claims, is_can_use

CONTRA = ev(
    "x", "X", "chong_chi_dinh", "Quá mẫn với thuốc.\n\nSuy gan nặng.\n\nTrẻ em dưới 15 tuổi."
)
CAUTION = ev("x", "X", "than_trong", "Thận trọng ở người suy thận. Thận trọng ở người mang thai.")
DOSE = ev(
    "x", "X", "lieu_luong_cach_dung", "*Người lớn:* 50 mg/lần. Không dùng cho trẻ dưới 2 tuổi."
)
POOL = [CONTRA, DOSE, CAUTION]


def _asked(data: dict[str, object]) -> QueryFrame:
    """The frame understanding makes of a question (what it asks read from its words)."""
    return understood(QueryFrame.model_validate(data))


def _frame(query: str, **kw: object) -> QueryFrame:
    return _asked(
        {
            "turn_type": "drug_attribute",
            "drugs": ["x"],
            "attribute": "than_trong",
            "standalone_query": query,
            **kw,
        }
    )


def test_contraindication_speaks_first() -> None:
    """Severe liver disease is named in Chống chỉ định: that section answers."""
    frame = _frame("suy gan nặng có dùng X được không", patient={"hepatic_impairment": True})
    assert is_can_use(frame)
    sections, claims = can_use_claims(POOL, "x", frame)
    assert sections == ["chong_chi_dinh"]
    assert [c.text for c in claims] == ["Suy gan nặng."]


def test_caution_answers_when_contraindications_are_silent() -> None:
    """Renal impairment is not contraindicated here: Thận trọng answers."""
    frame = _frame("suy thận dùng X được không", patient={"renal_impairment": True})
    sections, claims = can_use_claims(POOL, "x", frame)
    assert sections == ["than_trong"]
    assert claims[0].text == "Thận trọng ở người suy thận."


def test_dosing_age_limit_answers_before_caution() -> None:
    """A child of 1 year: no contraindicated age, but the dose text forbids under 2 years."""
    pool = [ev("x", "X", "chong_chi_dinh", "Quá mẫn với thuốc."), DOSE, CAUTION]
    frame = _frame("trẻ 1 tuổi dùng X được không", age_months=12)
    sections, claims = can_use_claims(pool, "x", frame)
    assert sections == ["lieu_luong_cach_dung"]
    assert claims[0].text == "Không dùng cho trẻ dưới 2 tuổi."


def test_a_plain_attribute_question_is_not_can_use() -> None:
    """'Thận trọng của X' with no patient and no 'được không' keeps the attribute answer."""
    assert not is_can_use(_frame("thận trọng khi dùng X"))


def test_age_limits_contain_the_patient() -> None:
    """A 10-year-old is inside 'Trẻ em dưới 15 tuổi'; a 16-year-old is not."""
    child = QueryFrame.model_validate({"turn_type": "dosing_calc", "age_months": 120})
    assert [c.text for c in age_limits(POOL, "x", child)] == ["Trẻ em dưới 15 tuổi."]
    older = child.model_copy(update={"age_months": 192})
    assert age_limits(POOL, "x", older) == []


def test_pregnancy_reads_contraindications_then_its_own_section() -> None:
    """A pregnancy question quotes the contraindicated trimester, then Thời kỳ mang thai."""
    contra = ev("x", "X", "chong_chi_dinh", "Quá mẫn với thuốc.\n\nBa tháng cuối của thai kỳ.")
    own = ev("x", "X", "thoi_ky_mang_thai", "Tránh dùng khi mang thai. Có thể gây hại cho thai.")
    frame = _frame(
        "bà bầu có dùng X được không", attribute="thoi_ky_mang_thai", patient={"pregnant": True}
    )
    sections, claims = can_use_claims([contra, own], "x", frame)
    assert sections == ["chong_chi_dinh", "thoi_ky_mang_thai"]
    assert [c.text for c in claims][:2] == [
        "Ba tháng cuối của thai kỳ.",
        "Tránh dùng khi mang thai.",
    ]


def test_a_bare_duoc_khong_asks_can_use() -> None:
    """'X cho trẻ 1 tuổi được không' and 'X có dùng cho trẻ sinh non không' ask can-I-use."""
    assert is_can_use(_frame("X cho trẻ 1 tuổi được không", age_months=12))
    assert is_can_use(_frame("X có dùng cho trẻ sinh non không"))
    assert not is_can_use(_frame("liều X cho trẻ sinh non"))


def test_the_book_word_for_a_lay_condition_is_searched() -> None:
    """'sinh non' is printed 'đẻ non', 'tiêu chảy' is 'ỉa chảy': the contraindication speaks."""
    contra = ev("x", "X", "chong_chi_dinh", "Quá mẫn.\n\nTrẻ đẻ non.\n\nỈa chảy cấp ở trẻ em.")
    sections, claims = can_use_claims([contra], "x", _frame("X có dùng cho trẻ sinh non không"))
    assert (sections, [c.text for c in claims]) == (["chong_chi_dinh"], ["Trẻ đẻ non."])
    _, claims = can_use_claims([contra], "x", _frame("bé bị tiêu chảy uống X được không"))
    assert [c.text for c in claims] == ["Ỉa chảy cấp ở trẻ em."]


def test_an_unestablished_age_in_the_dose_text_is_a_limit() -> None:
    """'… dưới 2 tuổi chưa được xác định' in the dose text answers a 1-year-old's question."""
    dose = ev(
        "x",
        "X",
        "lieu_luong_cach_dung",
        "Trẻ em 2 - 12 tuổi: 5 mg. An toàn ở trẻ dưới 2 tuổi chưa được xác định.",
    )
    frame = _frame("X cho trẻ 1 tuổi được không", age_months=12)
    sections, claims = can_use_claims([dose, CAUTION], "x", frame)
    assert sections == ["lieu_luong_cach_dung"]
    assert claims[0].text == "An toàn ở trẻ dưới 2 tuổi chưa được xác định."


def test_a_statement_about_all_children_in_the_dose_text_is_a_limit() -> None:
    """'*Trẻ em:* … đối với trẻ em chưa được xác định' (no age) speaks for a 10-year-old,
    before Thận trọng; a newborn-only statement does not."""
    dose = ev(
        "x",
        "X",
        "lieu_luong_cach_dung",
        "Uống: 10 mg/lần.\n\n*Trẻ sơ sinh:* Hiệu quả chưa được xác định.\n\n"
        "*Trẻ em:* Độ an toàn của thuốc đối với trẻ em chưa được xác định.",
    )
    frame = _frame("X cho trẻ 10 tuổi được không", age_months=120)
    sections, claims = can_use_claims([dose, CAUTION], "x", frame)
    assert sections == ["lieu_luong_cach_dung"]
    assert [c.text for c in claims] == [
        "Trẻ em: Độ an toàn của thuốc đối với trẻ em chưa được xác định."
    ]


def test_one_drug_read_as_an_interaction_is_still_can_use() -> None:
    """'bệnh nhân hemophilia có dùng X được không' read as an interaction of X alone."""
    contra = ev("x", "X", "chong_chi_dinh", "Quá mẫn.\n\nBệnh hemophilia.")
    frame = _frame("bệnh nhân hemophilia có dùng X được không", attribute="tuong_tac_thuoc")
    assert is_can_use(frame)
    assert [c.text for c in can_use_claims([contra], "x", frame)[1]] == ["Bệnh hemophilia."]
    two = frame.model_copy(update={"drugs": ["x", "y"]})
    assert not is_can_use(two)


def test_a_dose_question_under_a_contraindicated_age_gets_the_limit() -> None:
    """A 10-year-old under 'Không dùng cho trẻ dưới 12 tuổi' gets the limit, not a row."""
    from grounding.limits import dose_limits

    contra = ev("x", "X", "chong_chi_dinh", "Quá mẫn.\n\nKhông dùng cho trẻ dưới 12 tuổi.")
    dose = ev("x", "X", "lieu_luong_cach_dung", "_Trẻ em:_ Dưới 12 tuổi không dùng:")
    child = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "age_months": 120}
    )
    assert [c.text for c in dose_limits([contra, dose], "x", child)] == [
        "Không dùng cho trẻ dưới 12 tuổi.",
        "Trẻ em: Dưới 12 tuổi không dùng",
    ]
    older = child.model_copy(update={"age_months": 156})
    assert dose_limits([contra, dose], "x", older) == []


def test_a_conditional_newborn_line_does_not_bar_a_dose() -> None:
    """'Trẻ sơ sinh thiếu tháng đang chảy máu' has no number: a newborn's dose is still read."""
    from grounding.limits import dose_limits

    contra = ev("x", "X", "chong_chi_dinh", "Trẻ sơ sinh thiếu tháng đang có chảy máu.")
    baby = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "age_months": 0.3}
    )
    assert dose_limits([contra], "x", baby) == []


def test_the_treated_condition_does_not_bar_its_own_dose() -> None:
    """'Gút cấp' bars no adult gout dose; 'ỉa chảy cấp ở trẻ em' bars a child's."""
    from grounding.limits import dose_limits

    contra = ev("x", "X", "chong_chi_dinh", "Gút cấp.\n\nỈa chảy cấp ở trẻ em.")
    adult = _asked(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "adult",
            "condition": {"text": "gút", "normalized": "gút"},
            "standalone_query": "X bệnh gút",
        }
    )
    assert dose_limits([contra], "x", adult) == []
    child = _asked(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": 36,
            "standalone_query": "X cho trẻ bị tiêu chảy cấp",
        }
    )
    assert [c.text for c in dose_limits([contra], "x", child)] == ["Ỉa chảy cấp ở trẻ em."]


def test_a_limit_said_of_one_form_does_not_bar_every_dose() -> None:
    """'Với dạng tiêm bắp: không dùng cho trẻ dưới 30 tháng' leaves a baby's IV dose readable."""
    from grounding.limits import dose_limits

    contra = ev(
        "x",
        "X",
        "chong_chi_dinh",
        "Với dạng tiêm bắp: không dùng cho trẻ dưới 30 tháng tuổi.\n\n"
        "Trẻ sơ sinh bị tăng bilirubin huyết.",
    )
    baby = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "child", "age_months": 6}
    )
    assert dose_limits([contra], "x", baby) == []
    jaundiced = understood(baby, "X cho trẻ sơ sinh vàng da")
    assert [c.text for c in dose_limits([contra], "x", jaundiced)] == [
        "Trẻ sơ sinh bị tăng bilirubin huyết."
    ]


def test_a_graver_form_of_the_childs_condition_is_a_caveat_not_a_bar() -> None:
    """ "Không dùng chữa tiêu chảy cấp mất nước nặng cho trẻ em" does not bar a dose for a
    child with plain diarrhoea; it is quoted with the dose. A bare one still bars."""
    from grounding.limits import conditional_limits, dose_limits

    graver = ev(
        "x", "X", "chong_chi_dinh", "Không dùng chữa tiêu chảy cấp mất nước nặng cho trẻ em."
    )
    bare = ev("x", "X", "chong_chi_dinh", "Tiêu chảy cấp ở trẻ em.")
    child = _asked(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": 8,
            "standalone_query": "thuốc X cho bé 8 tháng tiêu chảy",
        }
    )
    assert dose_limits([graver], "x", child) == []
    assert [c.text for c in conditional_limits([graver], "x", child)] == [
        "Không dùng chữa tiêu chảy cấp mất nước nặng cho trẻ em."
    ]
    assert [c.text for c in dose_limits([bare], "x", child)] == ["Tiêu chảy cấp ở trẻ em."]
    assert conditional_limits([bare], "x", child) == []


def test_a_child_younger_than_every_dosed_band_gets_the_youngest_row() -> None:
    """A 4-year-old asked about a drug dosed from 6 years: the "trên 6 tuổi" row says where
    the book's doses begin, before Thận trọng; a 7-year-old is dosed, so nothing here."""
    from grounding.limits import youngest_dosed

    dose = ev(
        "x",
        "X",
        "lieu_luong_cach_dung",
        "Người lớn: 50 mg/ngày.\n\nTrẻ em trên 6 tuổi: 0,7 mg/kg/ngày.\n\n"
        "Trẻ em trên 12 tuổi: 25 mg.",
    )
    frame = _frame("X cho trẻ 4 tuổi được không", age_months=48)
    sections, claims = can_use_claims([dose, CAUTION], "x", frame)
    assert sections == ["lieu_luong_cach_dung"]
    assert [c.text for c in claims] == ["Trẻ em trên 6 tuổi"]
    older = _frame("X cho trẻ 7 tuổi được không", age_months=84)
    assert youngest_dosed([dose], "x", older) == []


def test_khong_su_dung_in_the_dose_text_is_a_limit() -> None:
    """ "Trẻ dưới 6 tháng tuổi: Không sử dụng." answers a 4-month-old's question."""
    dose = ev("x", "X", "lieu_luong_cach_dung", "Trẻ dưới 6 tháng tuổi: Không sử dụng.")
    frame = _frame("X cho bé 4 tháng được không", age_months=4)
    assert [c.text for c in can_use_claims([dose, CAUTION], "x", frame)[1]] == [
        "Trẻ dưới 6 tháng tuổi: Không sử dụng."
    ]


def test_a_newborns_dose_comes_with_the_lines_said_of_newborns() -> None:
    """A 10-day-old's IV dose quotes the calcium and bilirubin lines, not the IM form's."""
    from grounding.limits import conditional_limits

    contra = ev(
        "x",
        "X",
        "chong_chi_dinh",
        "Quá mẫn với thuốc.\n\n"
        "Với dạng thuốc tiêm bắp: không dùng cho trẻ sơ sinh.\n\n"
        "Trẻ sơ sinh bị tăng bilirubin máu.\n\n"
        "Trẻ sơ sinh đang cần truyền dung dịch chứa calci.",
    )
    baby = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "child",
         "age_months": 0.3, "route": "iv"}
    )  # fmt: skip
    assert [c.text for c in conditional_limits([contra], "x", baby)] == [
        "Trẻ sơ sinh bị tăng bilirubin máu.",
        "Trẻ sơ sinh đang cần truyền dung dịch chứa calci.",
    ]
    older = baby.model_copy(update={"age_months": 3})
    assert conditional_limits([contra], "x", older) == []


def test_born_early_bars_only_by_a_line_that_says_nothing_more() -> None:
    """A baby said to be born early ('sinh non') is not shut out by 'Trẻ sơ sinh thiếu tháng
    đang có chảy máu …' (a caveat of the dose), but is by a line naming only preterm babies."""
    from grounding.limits import dose_limits

    frame = _asked(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": 0.1,
            "weight_kg": 1.0,
            "standalone_query": "Trẻ sinh non 28 tuần nặng 1 kg dùng X truyền",
        }
    )
    caveat = ev("x", "X", "chong_chi_dinh", "Trẻ sơ sinh thiếu tháng đang xuất huyết tiêu hóa.")
    assert dose_limits([caveat], "x", frame) == []
    bar = ev("x", "X", "chong_chi_dinh", "Trẻ sơ sinh thiếu tháng.")
    assert [c.text for c in dose_limits([bar], "x", frame)] == ["Trẻ sơ sinh thiếu tháng."]


def test_a_refusal_under_another_indication_head_is_no_bar() -> None:
    """'Giảm đau, hạ sốt: trẻ dưới 3 tháng … không khuyến cáo' does not bar the patent-ductus
    dose of a newborn asked by its head; asked for a fever it still does."""
    from grounding.limits import dose_limits

    dose = ev(
        "x",
        "X",
        "lieu_luong_cach_dung",
        "*Trẻ em:*\n\n*Giảm đau, hạ sốt:*\n\nTrẻ dưới 3 tháng tuổi: không khuyến cáo dùng X để "
        "giảm đau, hạ sốt.\n\nTrẻ 3–6 tháng tuổi: 50 mg × 3 lần/ngày.\n\n*Còn ống động mạch ở "
        "trẻ sơ sinh thiếu tháng:*\n\nTruyền tĩnh mạch: liều đầu 10 mg/kg.",
    )
    baby = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "age_months": 0.1, "weight_kg": 1.1}
    )
    ductus = "tre sinh non con ong dong mach truyen lieu dau bao nhieu mg"
    assert dose_limits([dose], "x", baby, AskedWords(ductus)) == []
    fever = dose_limits([dose], "x", baby, AskedWords("be bi sot cao"))
    assert [c.text for c in fever] == [
        "Trẻ dưới 3 tháng tuổi: không khuyến cáo dùng X để giảm đau, hạ sốt."
    ]


def test_a_refusal_by_weight_of_the_route_asked_answers() -> None:
    """A child of 12 kg and a suppository: the dose text's refusal under 15 kg answers; the
    same child by mouth, or a child of 20 kg, is not refused by it."""
    dose = ev(
        "x",
        "X",
        "lieu_luong_cach_dung",
        "Trẻ em: uống 5 mg/kg/lần. Trẻ dưới 15 kg không dùng thuốc đạn.",
    )
    pool = [ev("x", "X", "chong_chi_dinh", "Quá mẫn với thuốc."), dose, CAUTION]
    rectal = _frame("X đặt hậu môn cho bé 12 kg được không", weight_kg=12, route="rectal")
    assert is_can_use(rectal)
    sections, claims = can_use_claims(pool, "x", rectal)
    assert sections == ["lieu_luong_cach_dung"]
    assert [c.text for c in claims] == ["Trẻ dưới 15 kg không dùng thuốc đạn."]
    oral = _frame("bé 12 kg uống X được không", weight_kg=12, route="oral")
    assert can_use_claims(pool, "x", oral)[0] != ["lieu_luong_cach_dung"]
    heavier = _frame("X đặt hậu môn cho bé 20 kg được không", weight_kg=20, route="rectal")
    assert can_use_claims(pool, "x", heavier)[0] != ["lieu_luong_cach_dung"]


def test_a_class_of_drugs_against_the_condition_does_not_name_it() -> None:
    """A child who vomits: 'dùng với thuốc chống nôn khác' names no vomiting patient."""
    pool = [ev("x", "X", "chong_chi_dinh", "Dùng cùng các thuốc chống nôn khác."), CAUTION]
    frame = _frame(
        "bé nôn dùng X được không",
        condition={"text": "nôn", "normalized": "nôn"},
        patient={"comorbidities": ["nôn"]},
    )
    assert can_use_claims(pool, "x", frame)[0] != ["chong_chi_dinh"]
    vomits = [ev("x", "X", "chong_chi_dinh", "Trẻ em đang nôn nhiều."), CAUTION]
    assert can_use_claims(vomits, "x", frame)[0] == ["chong_chi_dinh"]
