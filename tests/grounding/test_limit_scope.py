"""Tests for grounding/limit_scope.py: whose and which use a barring line is said of."""

from __future__ import annotations

from grounding_samples import ev

from core.text import fold
from grounding.asked import AskedWords
from grounding.limit_scope import another_heads_refusal, only_who


def test_words_of_who_the_patient_is_are_no_condition() -> None:
    """'sinh non', 'trẻ sơ sinh thiếu tháng' say only who; '… đang có chảy máu' says more."""
    assert only_who(fold("sinh non"))
    assert only_who(fold("Trẻ sơ sinh thiếu tháng"))
    assert not only_who(fold("Trẻ sơ sinh thiếu tháng đang bị xuất huyết não"))


def test_a_refusal_belongs_to_its_own_head() -> None:
    """The pain-and-fever refusal is another head's when the question names the ductus head,
    its own when the question says fever, and nobody's to judge when nothing is asked."""
    book = (
        "*Giảm đau, hạ sốt:*\n\nTrẻ dưới 3 tháng tuổi: không khuyến cáo dùng X.\n\n"
        "*Còn ống động mạch ở trẻ sơ sinh thiếu tháng:*\n\nLiều đầu 10 mg/kg."
    )
    pool = [ev("x", "X", "lieu_luong_cach_dung", book)]
    refusal = "Trẻ dưới 3 tháng tuổi: không khuyến cáo dùng X."
    assert another_heads_refusal(pool, 0, refusal, AskedWords("con ong dong mach"))
    assert not another_heads_refusal(pool, 0, refusal, AskedWords("be sot cao"))
    assert not another_heads_refusal(pool, 0, refusal, AskedWords(""))
