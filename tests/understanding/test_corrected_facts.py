"""A fact said again, corrected (issue 22): the new figure takes the unit of the one it
replaces, from the turn or from what was said before (understanding.corrections)."""

from __future__ import annotations

import pytest

from core.frame import Population, QueryFrame
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.corrections import corrected_fact

OLD_MAN = {
    "turn_type": "drug_attribute",
    "drugs": ["allopurinol"],
    "population": "adult",
    "age_months": 780,
    "age_text": "65 tuổi",
}
CHILD = {
    "turn_type": "dosing_calc",
    "drugs": ["paracetamol"],
    "population": "child",
    "age_months": 48,
    "weight_kg": 14,
}


def _after(understander: RulesUnderstander, text: str, prior: dict[str, object]) -> QueryFrame:
    context = UnderstandingContext(prior_frame=QueryFrame.model_validate(prior))
    return understander.parse(text, context)


def test_a_bare_figure_corrects_the_age_it_replaces(understander: RulesUnderstander) -> None:
    """ "56 chứ không phải 65": 65 was the age in years, so 56 is too; the drug stays."""
    frame = _after(understander, "ấy chết, mẹ tôi 56 chứ không phải 65, bấm lộn", OLD_MAN)
    assert frame.age_months == 56 * 12
    assert frame.population is Population.ADULT
    assert frame.drugs == ["allopurinol"]


def test_the_wrong_figure_first(understander: RulesUnderstander) -> None:
    """ "không phải 14 mà là 16": the weight said before, corrected; the age stays."""
    frame = _after(understander, "à không phải 14 mà là 16, em nhìn nhầm", CHILD)
    assert (frame.age_months, frame.weight_kg) == (48, 16)


def test_a_unit_in_the_turn_decides() -> None:
    fixed = corrected_fact("be 3 tuoi chu ko phai 5 tuoi", None, None)
    assert fixed is not None and fixed.age_months == 36 and fixed.weight_kg is None


@pytest.mark.parametrize(
    "text",
    ["uong 2 vien chu khong phai 3 vien", "sot 38 chu khong phai 39 do", "em 20 chu k phai 30"],
)
def test_other_figures_correct_no_fact(text: str) -> None:
    """Tablets, degrees, or a figure that was no fact said before: no age, no weight."""
    assert corrected_fact(text, 780, 60) is None
