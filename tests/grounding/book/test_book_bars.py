"""One reader of "does this line bar this patient of this age?" (grounding/book/bars.py)."""

from __future__ import annotations

import pytest

from core.sections import SectionKey
from core.text import fold
from grounding.book import age_bar, bars
from grounding.book.bars import refuses_row

CI = SectionKey.CHONG_CHI_DINH.value
DOSING = SectionKey.LIEU_LUONG_CACH_DUNG.value
CAUTION = SectionKey.THAN_TRONG.value


@pytest.mark.parametrize(
    ("sentence", "barred", "free"),
    [
        ("Trẻ em dưới 2 tuổi.", 23.9, 24),
        ("Trẻ em < 2 tuổi.", 23.9, 24),
        ("Trẻ em nhỏ hơn 2 tuổi.", 23.9, 24),
        ("Trẻ em ≤ 2 tuổi.", 24, 24.1),
        ("Trẻ em từ 2 tuổi trở xuống.", 24, 24.1),
        ("Trẻ em không quá 6 tháng tuổi.", 6, 6.1),
        ("Trẻ em và thiếu niên dưới 16 tuổi (hội chứng Reye).", 191, 192),
        ("- Trẻ sơ sinh.", 0.5, 1),
    ],
)
def test_an_upper_age_limit_bars_up_to_its_end(sentence: str, barred: float, free: float) -> None:
    """A Chống chỉ định age limit bars ages up to its end, inclusive or strict as printed."""
    assert bars(sentence, CI, barred)
    assert not bars(sentence, CI, free)


@pytest.mark.parametrize(
    "sentence",
    [
        "Trẻ sơ sinh có tăng bilirubin máu.",
        "Với dạng thuốc tiêm bắp: không dùng cho trẻ dưới 30 tháng tuổi.",
        "Dưới 6 tuổi: uống 50 mg/ngày, chia làm nhiều lần.",
        "Dung dịch nhỏ mắt có thể dùng cho trẻ em trên 3 tuổi.",
        "Người cao tuổi trên 65 tuổi.",
    ],
)
def test_conditions_forms_doses_and_lower_limits_bar_no_age(sentence: str) -> None:
    """A newborn's condition, a form's caveat, a dose row or a lower limit bars no age."""
    assert age_bar(sentence, CI) is None


def test_outside_contraindications_only_a_refusal_bars() -> None:
    """In the dose text or Thận trọng a line bars only when it forbids, not when it doses,
    caps a course, or says the use is not established."""
    assert bars("Không khuyến cáo cho trẻ dưới 2 tuổi.", DOSING, 12)
    assert bars("Không dùng cho trẻ dưới 2 tuổi.", CAUTION, 12)
    assert not bars("Trẻ em dưới 12 tuổi: 10 - 15 mg/kg mỗi lần.", DOSING, 12)
    assert not bars("Thận trọng ở trẻ dưới 12 tuổi, theo dõi chặt.", CAUTION, 12)
    assert not bars("Không dùng quá 5 ngày cho trẻ dưới 12 tuổi.", DOSING, 12)
    assert not bars("Liều cho trẻ em dưới 12 tuổi chưa được xác định.", DOSING, 12)


def test_two_limits_in_one_line_bar_each_its_own_ages() -> None:
    """ "dưới 6 tuổi; trên 65 tuổi" bars a 5-year-old, not a 10-year-old (no union of both)."""
    line = "Trẻ em dưới 6 tuổi; người trên 65 tuổi."
    assert bars(line, CI, 60)
    assert not bars(line, CI, 120)


def test_markup_and_accents_do_not_change_the_answer() -> None:
    """The line is read as shown: emphasis and missing accents read the same."""
    assert bars("- *Tre em duoi 2 tuoi*.", CI, 12)


def test_a_refusal_of_one_form_leaves_the_use_to_the_others() -> None:
    """'… không được dùng viên bao phim 250 mg' refuses a tablet, not the drug; 'không dùng
    dạng thuốc đặt trực tràng' refuses a route, and a bare 'không khuyến cáo' the use."""
    assert not refuses_row(fold("Trẻ dưới 40 kg không được dùng viên bao phim 250 mg."))
    assert not refuses_row(fold("Không dùng dạng viên nén cho trẻ dưới 6 tuổi."))
    assert refuses_row(fold("Không dùng dạng thuốc đặt trực tràng cho trẻ dưới 6 tuổi."))
    assert refuses_row(fold("Dưới 3 tháng: không khuyến cáo."))
    assert refuses_row(fold("Không dùng viên nén; không khuyến cáo cho trẻ dưới 2 tuổi."))
