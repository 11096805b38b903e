"""A skin allergy test ahead ("đi test dị ứng da", "thử dị ứng") names a test, not a reaction:
asked with stopping the medicine before it, it is a how-to question, not an emergency."""

from __future__ import annotations

import pytest

from core.frame import Triage
from safety.triage import classify


@pytest.mark.parametrize(
    "text",
    [
        "tháng sau bé đi test dị ứng da, đang uống loratadin thì nghỉ trước mấy hôm",
        "mai em đi thử dị ứng, đang uống cetirizin có phải ngưng không",
    ],
)
def test_a_skin_test_ahead_is_no_reaction(text: str) -> None:
    """No triage: the test is planned, nothing happened after a dose."""
    assert classify(text) is None


def test_an_allergy_after_a_dose_still_is() -> None:
    """ "uống … xong bị dị ứng nổi mẩn": a reaction told, the emergency reply."""
    found = classify("uống cetirizin xong bị dị ứng nổi mẩn khắp người")
    assert found is not None and found.kind is Triage.EMERGENCY
