"""What a triaged reply may quote (safety.evidence_lines): no dose figure, and the warning
lines that bar a child of this age."""

from __future__ import annotations

from safety.evidence_lines import age_limit_lines, dose_mentions, limits_age


def test_dose_figures_are_found_and_plain_numbers_are_not() -> None:
    """A number with a unit is a dose figure; a phone number or a count of days is not."""
    found = dose_mentions("uống 500 mg mỗi lần, tối đa 60 mg/kg")
    assert [m.split()[0] for m in found] == ["500", "60"]
    assert dose_mentions("gọi 115 ngay, theo dõi 3 ngày") == []


def test_an_age_limit_line_bars_only_the_children_it_names() -> None:
    """'Trẻ em dưới 2 tuổi' in Chống chỉ định bars a 1-year-old, not a 3-year-old."""
    line = "Trẻ em dưới 2 tuổi."
    assert limits_age(line, 12, barred=True)
    assert not limits_age(line, 36, barred=True)
    lines = [("chong_chi_dinh", line), ("chong_chi_dinh", "Suy gan nặng.")]
    assert age_limit_lines(lines, 12) == [("chong_chi_dinh", line)]
