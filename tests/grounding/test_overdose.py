"""Tests for grounding/overdose.py: an overdose answer keeps the treatment, not only the signs."""

from __future__ import annotations

from grounding_samples import ev

from grounding.overdose import SIGN_SENTENCES, overdose_claims

SECTION = (
    "*Biểu hiện*\n\nBuồn nôn. Nôn. Đau bụng. Vàng da. Rối loạn đông máu.\n\n"
    "### *Điều trị*\n\nRửa dạ dày sớm. Dùng thuốc giải độc đặc hiệu càng sớm càng tốt."
)


def test_treatment_follows_a_few_signs() -> None:
    """Signs are cut to a few sentences; every treatment sentence is kept, heads dropped."""
    claims = [c.text for c in overdose_claims([(0, ev("x", "X", "qua_lieu_xu_tri", SECTION))])]
    assert claims[:SIGN_SENTENCES] == ["Buồn nôn.", "Nôn."]
    assert claims[SIGN_SENTENCES:] == [
        "Rửa dạ dày sớm.",
        "Dùng thuốc giải độc đặc hiệu càng sớm càng tốt.",
    ]
    assert not any("*" in c or c == "Điều trị" for c in claims)


def test_inline_treatment_head_starts_the_treatment() -> None:
    """'*Xử trí:* …' on the same line as its text still opens the treatment part."""
    text = "*Triệu chứng:* Ngủ lịm. Co đồng tử. Hạ huyết áp.\n\n*Xử trí:* Duy trì thông khí."
    claims = [c.text for c in overdose_claims([(0, ev("x", "X", "qua_lieu_xu_tri", text))])]
    assert claims[-1] == "Xử trí: Duy trì thông khí."


def test_a_sentence_leading_into_the_treatment_starts_it() -> None:
    """No "Xử trí:" head: "…, cách xử trí chung như sau:" opens the treatment part."""
    text = (
        "Ngộ độc hiếm gặp. Có thể hạ huyết áp. Nhịp tim chậm.\n\n"
        "Khi quá liều thuốc cùng nhóm, cách xử trí chung như sau:\n\n"
        "Rửa dạ dày và cho uống than hoạt. Tiêm tĩnh mạch calci gluconat 10 ml."
    )
    claims = [c.text for c in overdose_claims([(0, ev("x", "X", "qua_lieu_xu_tri", text))])]
    assert claims[:SIGN_SENTENCES] == ["Ngộ độc hiếm gặp.", "Có thể hạ huyết áp."]
    assert claims[-1] == "Tiêm tĩnh mạch calci gluconat 10 ml."
    assert "Nhịp tim chậm." not in claims


def test_the_antidote_dose_printed_late_is_kept() -> None:
    """Ten sentences of care, then the antidote's doses: the doses are quoted all the same."""
    care = " ".join(f"Bước chăm sóc số {n}." for n in range(1, 11))
    text = (
        f"*Biểu hiện*\n\nNôn.\n\n### *Điều trị*\n\n{care} "
        "Cho uống thuốc giải độc Y liều đầu 100 mg/kg. Hoặc truyền 50 mg/kg trong 4 giờ."
    )
    claims = [c.text for c in overdose_claims([(0, ev("x", "X", "qua_lieu_xu_tri", text))])]
    assert "Cho uống thuốc giải độc Y liều đầu 100 mg/kg." in claims
    assert claims[-1] == "Hoặc truyền 50 mg/kg trong 4 giờ."
    assert claims[1] == "Bước chăm sóc số 1."


INR_SECTION = (
    "Cách xử trí tùy theo INR đo được.\n\n"
    "Nếu INR dưới 4 và không chảy máu: ngừng một liều thuốc X.\n\n"
    "Nếu INR > 4 nhưng < 8, có nguy cơ chảy máu: ngừng thuốc X. Cho uống thuốc Z 2 mg.\n\n"
    "Nếu INR > 8, không chảy máu: cho uống thuốc Z 6 mg.\n\n"
    "Theo dõi INR mỗi ngày."
)


def test_an_inr_given_keeps_only_its_paragraph() -> None:
    """INR 6 quotes the 4–8 paragraph; the paragraphs for INR < 4 and > 8 are left out."""
    parts = [(0, ev("x", "X", "qua_lieu_xu_tri", INR_SECTION))]
    claims = [c.text for c in overdose_claims(parts, inr=6.0)]
    assert "Cho uống thuốc Z 2 mg." in claims
    assert not any("6 mg" in c or "dưới 4" in c for c in claims)
    assert "Theo dõi INR mỗi ngày." in claims


def test_without_an_inr_every_paragraph_stays() -> None:
    """No INR in the question: every INR paragraph is quoted, as before."""
    parts = [(0, ev("x", "X", "qua_lieu_xu_tri", INR_SECTION))]
    claims = " ".join(c.text for c in overdose_claims(parts))
    assert "2 mg" in claims and "6 mg" in claims
