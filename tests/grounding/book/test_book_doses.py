"""What a dose line says besides whom it is for (grounding/book/doses.py)."""

from __future__ import annotations

import pytest

from core.text import fold
from grounding.book.doses import adjusts, prints_amount


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Suy gan: liều cần giảm một nửa.", True),
        ("Dùng 75% liều thường dùng.", True),
        ("Giảm 50 mg mỗi ngày.", True),
        ("Cần điều chỉnh liều theo Clcr.", True),
        ("Theo dõi chức năng thận.", False),
    ],
)
def test_a_line_that_changes_the_usual_dose_adjusts(line: str, expected: bool) -> None:
    """A line that halves, cuts or scales the usual dose adjusts it; a caution does not."""
    assert adjusts(fold(line)) is expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Dưới 6 tuổi: uống 50 mg/ngày.", True),
        ("Tiêm 5 000 đơn vị.", True),
        ("Uống 2 ml mỗi lần.", True),
        ("Trẻ em dưới 12 tuổi hoặc dưới 40 kg.", False),
        ("Trẻ em dưới 2 tuổi.", False),
    ],
)
def test_an_amount_is_a_number_with_a_unit_given(line: str, expected: bool) -> None:
    """An amount given makes a dose row; an age or a body weight does not."""
    assert prints_amount(fold(line)) is expected
