"""Tests for safety.triage on a reaction told after a drug (issue 22 item 5): an emergency
quoting the drug's ADR management; an overdose still quotes the overdose section, a mild side
effect asked about is no triage, and the self-harm model does not take a reaction over."""

from __future__ import annotations

import pytest

from core.frame import QueryFrame, Triage
from core.sections import SectionKey
from safety.triage import classify, thread_triage

ADR = SectionKey.HUONG_DAN_XU_TRI_ADR.value
OVERDOSE = SectionKey.QUA_LIEU_XU_TRI.value


def _about(drug: str) -> QueryFrame:
    return QueryFrame(drugs=[drug])


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("uống 1 viên ibuprofen thôi mà giờ sưng môi, khó thở", "ibuprofen"),  # one tablet
        ("xịt thuốc hen xong lại khó thở hơn, môi tím tái", "salbutamol"),  # no excess said
        ("uong thuoc tieu duong dung don, gio vat ra, goi khong tra loi", "metformin"),
        ("bé uống kháng sinh đúng liều được 3 cữ thì mắt húp híp, môi sưng", "amoxicillin"),
        ("ông uống thuốc tim đều, mấy hôm nay bắt mạch có 40 lần/phút", "digoxin"),
    ],
)
def test_a_serious_sign_after_a_prescribed_dose_quotes_the_adr_section(
    text: str, drug: str
) -> None:
    """A serious sign after a drug taken as meant: an emergency, its ADR management."""
    found = classify(text, _about(drug))
    assert found is not None and found.kind is Triage.EMERGENCY
    assert found.section == ADR


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("tiêm kháng sinh xong được mấy phút thì khó thở, nổi mề đay, rồi ngất", "ceftriaxone"),
        ("uống thuốc tiểu đường mấy hôm nay mệt lả, giờ nằm lơ mơ gọi mới ừ", "metformin"),
    ],
)
def test_fainting_after_a_drug_is_not_self_harm(text: str, drug: str) -> None:
    """Fainting or drowsy after a dose as meant is a reaction, not self-harm."""
    found = classify(text, _about(drug))
    assert found is not None and found.kind is Triage.EMERGENCY


def test_despair_beside_a_reaction_is_still_self_harm() -> None:
    """Despair said beside what was taken keeps the self-harm reply."""
    found = classify("chán sống lắm rồi, uống cả vỉ thuốc ngủ, giờ lơ mơ", _about("diazepam"))
    assert found is not None and found.kind is Triage.SELF_HARM


def test_many_tablets_then_a_sign_quotes_the_overdose_section() -> None:
    """A child who swallowed many tablets and is drowsy: the overdose section."""
    found = classify("bé nuốt 10 viên ibuprofen giờ lơ mơ", _about("ibuprofen"))
    assert found is not None and found.kind is Triage.EMERGENCY
    assert found.section == OVERDOSE


def test_a_slip_of_a_drug_given_for_its_use_quotes_the_adr_section() -> None:
    """'lỡ cho uống' a medicine for its use with no amount, then a sign: its ADR management."""
    found = classify(
        "lỡ cho bé uống thuốc cầm tiêu chảy, giờ ngủ li bì gọi không dậy", _about("loperamide")
    )
    assert found is not None and found.kind is Triage.EMERGENCY
    assert found.section == ADR


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("uống thuốc dị ứng xong hơi lơ mơ nhẹ, có sao không", "loratadine"),
        ("tiêm heparin chỗ tiêm bầm tím nhỏ nhỏ, có sao không", "heparin"),
        ("uống aspirin hay khó chịu vùng thượng vị, có sao không", "aspirin"),
        ("uống amlodipin thấy cổ chân hơi phù nhẹ buổi chiều", "amlodipine"),
        ("dì em uống metformin thấy miệng có vị kim loại", "metformin"),
        ("uống warfarin lâu dài có chảy máu cam không", "warfarin"),
        ("con uống thuốc động kinh 1 năm nay thấy tăng cân, có thường gặp không", "valproic_acid"),
        ("đọc hướng dẫn thấy ghi tác dụng phụ đứt gân, sợ quá", "ciprofloxacin"),
        ("ông có viên ngậm dưới lưỡi để dùng khi đau ngực", "isosorbide_dinitrate"),
    ],
)
def test_a_mild_side_effect_asked_about_is_no_triage(text: str, drug: str) -> None:
    """A slight, expected side effect asked about, whether one may happen, a side effect read
    in the leaflet, the sign a drug is for, a span of years ("1 năm", not "1 nắm"), "dì em"
    (not "đi êm"), "vùng" (not "vụng"): no triage."""
    assert classify(text, _about(drug)) is None


def test_a_sign_told_in_an_emergency_thread_keeps_its_reply() -> None:
    """After an ingestion report, "nôn nhiều lắm" goes on with that emergency's reply."""
    found = classify("sáng nay nôn nhiều lắm", _about("paracetamol"))
    assert found is not None and found.section == ADR  # alone, a reaction
    kept = thread_triage(Triage.EMERGENCY.value, found, smalltalk=False)
    assert kept is not None and kept.kind is Triage.EMERGENCY and kept.section == OVERDOSE


def test_a_reaction_told_with_its_drug_in_an_emergency_thread_quotes_the_adr_section() -> None:
    """A reaction whose turn tells the drug taken is a report of its own inside the thread."""
    found = classify("uống đến hôm nay thì nổi mề đay, ngứa quá", _about("cefuroxime"))
    kept = thread_triage(Triage.EMERGENCY.value, found, smalltalk=False)
    assert kept is not None and kept.section == ADR


def test_a_sign_then_whether_to_go_on_with_the_drug_is_a_reaction() -> None:
    """ "… giờ nổi mẩn khắp người, sưng mí mắt, dùng tiếp được không": whether to keep on
    with the drug the sign came after, not a medicine asked for the sign."""
    found = classify(
        "mà giờ nổi mẩn đỏ khắp người, sưng mí mắt, dùng tiếp được không", _about("cefuroxime")
    )
    assert found is not None and found.kind is Triage.EMERGENCY and found.section == ADR
