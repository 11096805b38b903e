"""Tests for grounding/pregnancy_term.py: the lines on this pregnancy's term come first."""

from __future__ import annotations

from core.frame import PatientContext
from core.text import fold
from grounding.pregnancy_term import speaks_of_term, term_first

LINES = [
    fold(line)
    for line in (
        "Thuốc qua được nhau thai.",
        "Không nên dùng trong 3 tháng cuối thai kỳ.",
        "Tránh dùng trong các tuần 6 - 12 thai kỳ.",
        "Có thể gây chảy máu ở trẻ sơ sinh.",
    )
]


def test_a_week_inside_a_band_of_weeks() -> None:
    """Week 10 is inside "tuần 6 - 12"; week 20 is not."""
    assert speaks_of_term(LINES[2], 10, None)
    assert not speaks_of_term(LINES[2], 20, None)


def test_a_trimester_by_name() -> None:
    """The third trimester is "3 tháng cuối"; a week in it counts too."""
    assert speaks_of_term(LINES[1], None, 3)
    assert speaks_of_term(LINES[1], 30, None)
    assert not speaks_of_term(LINES[1], None, 1)


def test_term_lines_are_chosen_and_kept_in_order() -> None:
    """10 weeks: the week line is quoted with the opening ones, in the book's order."""
    patient = PatientContext(pregnant=True, pregnancy_weeks=10, pregnancy_trimester=1)
    assert term_first(LINES, patient, 2) == [0, 2]


def test_no_term_quotes_the_opening_lines() -> None:
    """Without a term (or a pregnancy) the section's first lines are quoted."""
    assert term_first(LINES, PatientContext(pregnant=True), 2) == [0, 1]
    assert term_first(LINES, None, 3) == [0, 1, 2]


def test_words_are_read_whole() -> None:
    """ "quỹ bảo hiểm" is no "quý ba" (third trimester), "chuyển dạng" no "chuyển dạ"."""
    fund = fold("Thuốc này được quỹ bảo hiểm y tế chi trả.")
    assert not speaks_of_term(fund, None, 3)
    enzyme = fold("Thuốc ức chế enzym chuyển dạng angiotensin.")
    assert not speaks_of_term(enzyme, 38, None)
    assert speaks_of_term(fold("Tránh dùng khi chuyển dạ."), 38, None)
