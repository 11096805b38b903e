"""Words typed without spaces under stress are cut back into their syllables."""

from __future__ import annotations

import pytest

from understanding.run_together import read_as_typed, read_run_together


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("mẹtôinuốtnhầm3viênthuốcngủ", "mẹ tôi nuốt nhầm 3 viên thuốc ngủ"),
        ("emchánsốnglắmrồi", "em chán sống lắm rồi"),
        ("BÉUỐNGHẾTCHAISIRÔ", "BÉ UỐNG HẾT CHAI SI RÔ"),
        ("chồngtôiuốngcảvỉdigoxin", "chồng tôi uống cả vỉ digoxin"),
        ("congìnhanhhơnkhông", "con gì nhanh hơn không"),
    ],
)
def test_a_run_is_cut_into_its_words(typed: str, meant: str) -> None:
    assert read_run_together(typed) == meant


@pytest.mark.parametrize(
    "said",
    [
        "paracetamol 500mg cho người lớn",
        "hydrochlorothiazide uống sáng hay tối",
        "bé 3 tuổi uống được không",
        "amoxicillin/clavulanat",
    ],
)
def test_words_with_spaces_and_drug_names_stay(said: str) -> None:
    assert read_run_together(said) == said


def test_the_edge_reads_both_run_together_words_and_input_keys() -> None:
    assert read_as_typed("vợtôiuốngnhầmthuốc") == "vợ tôi uống nhầm thuốc"
    assert read_as_typed("ba toi lo uoongs 2 vi thuoocs") == "ba toi lo uong 2 vi thuoc"
