"""What a dose line says besides whom it is for (grounding/book/doses.py)."""

from __future__ import annotations

import pytest

from core.text import fold
from grounding.book.doses import (
    DOSE,
    FIXED_DOSE,
    MASS_AMOUNT,
    adjusts,
    per_body_amounts,
    prints_amount,
)


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


def test_one_grammar_reads_every_amount() -> None:
    """The readers of the one amount grammar tell a dose, a fixed dose and a mass apart."""
    found = DOSE.search("Tiêm dưới da 5 000 ĐVQT mỗi 12 giờ")
    assert found is not None and found.start() == len("Tiêm dưới da 5 00")
    assert DOSE.search("truyền 2 ml/phút") is None
    assert DOSE.search("truyền 2 mg/phút") is not None
    assert FIXED_DOSE.search("Uống 0,6 mg/ngày") is not None
    assert FIXED_DOSE.search("Uống 10 mg/kg") is None
    assert FIXED_DOSE.search("Dung dịch 5 mg/ml") is None
    assert MASS_AMOUNT.search("uong 250 mg") is not None
    assert MASS_AMOUNT.search("uong 250 mg/ngay") is None
    text = "50 mg/kg, sau đó 30 mg / m2 (tối đa 1 g)"
    assert per_body_amounts(text, 0, len(text)) == [1, text.index("0 mg /")]
    assert per_body_amounts(text, 3, len(text)) == [text.index("0 mg /")]
