"""Tests for grounding/limits.py: "có dùng được không" answered by the first section that speaks."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.limits import age_limits, can_use_claims, is_can_use

CONTRA = ev(
    "x", "X", "chong_chi_dinh", "Quá mẫn với thuốc.\n\nSuy gan nặng.\n\nTrẻ em dưới 15 tuổi."
)
CAUTION = ev("x", "X", "than_trong", "Thận trọng ở người suy thận. Thận trọng ở người mang thai.")
DOSE = ev(
    "x", "X", "lieu_luong_cach_dung", "*Người lớn:* 50 mg/lần. Không dùng cho trẻ dưới 2 tuổi."
)
POOL = [CONTRA, DOSE, CAUTION]


def _frame(query: str, **kw: object) -> QueryFrame:
    return QueryFrame.model_validate(
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
