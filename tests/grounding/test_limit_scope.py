"""Tests for grounding/limit_scope.py: whose and which use a barring line is said of."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import Route
from core.text import fold
from grounding.asked import AskedWords
from grounding.limit_scope import another_heads_refusal, bars_by_weight, names_condition, only_who


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


def test_a_weight_refusal_holds_for_its_route_only() -> None:
    """'Không dùng thuốc đạn cho trẻ dưới 15 kg' bars 12 kg rectally, not by mouth, not 20 kg."""
    text = "Không dùng thuốc đạn cho trẻ dưới 15 kg."
    folded = fold(text)
    assert bars_by_weight(text, folded, 12, Route.RECTAL)
    assert not bars_by_weight(text, folded, 12, Route.ORAL)
    assert not bars_by_weight(text, folded, 20, Route.RECTAL)
    assert not bars_by_weight(
        "Trẻ dưới 15 kg: 5 mg/kg.", fold("Trẻ dưới 15 kg: 5 mg/kg."), 12, None
    )


def test_chong_and_the_condition_names_a_drug_class() -> None:
    """'thuốc chống nôn' is a class of drugs; 'trẻ đang nôn' names the condition."""
    assert not names_condition(fold("Dùng với thuốc chống nôn khác."), "nôn")
    assert names_condition(fold("Trẻ đang nôn, chống nôn không đỡ."), "nôn")
    # A class of drugs named by what it treats is not a patient who has it.
    assert not names_condition(fold("Mọi thuốc giảm đau hay hạ sốt loại khác cũng gây ban."), "sốt")
    assert names_condition(fold("Không dùng quá 3 ngày để hạ sốt."), "sốt")
