"""Ages as round-18 writers told them: a baby's weeks said with "mới có", a pasted form's
age field (our own sentences)."""

from __future__ import annotations

import pytest

from understanding.slots import read_age
from understanding.text import Turn


def _months(text: str) -> float | None:
    age = read_age(Turn.of(text))
    return None if age is None else age.months


def test_a_babys_weeks_said_with_moi_co() -> None:
    assert _months("cháu mới có 3 tuần mà phải truyền kháng sinh hả chị") == pytest.approx(
        0.69, abs=0.01
    )


def test_a_count_of_days_with_co_alone_is_no_age() -> None:
    assert _months("bé có 3 ngày sốt cao liên tục") is None


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("BN: Lê Văn C — Tuổi: 8 — Cân nặng: 25 kg — Chẩn đoán: viêm phổi", 96.0),
        ("tuoi: 52, chan doan: tang huyet ap", 624.0),
        ("Tuổi: 7 tháng, nặng 8 kg", 7.0),
    ],
)
def test_a_forms_age_field(text: str, months: float) -> None:
    assert _months(text) == months
