"""Tests for safety/safety_cues.py: "tiêm … vào tĩnh mạch" says where a drug goes, not that
something came after it; a seizing child given the drug as treatment is a dose question."""

from __future__ import annotations

import pytest

from core.frame import Triage
from safety.triage import classify


@pytest.mark.parametrize(
    "text",
    [
        "bé 4 tuổi 16 ký co giật mãi không ngừng, y tá trạm xá tiêm diazepam vào tĩnh mạch "
        "thì liều bao nhiêu",
        "be 2 tuoi co giat, bac si tiem phenobarbital vao bap lieu bao nhieu",
    ],
)
def test_a_sign_treated_by_an_injection_into_a_vein_is_no_reaction(text: str) -> None:
    found = classify(text)
    assert found is None or found.kind is not Triage.EMERGENCY


@pytest.mark.parametrize(
    "text",
    [
        "cháu vừa tiêm kháng sinh vào tĩnh mạch thì bị co giật",
        "tiêm thuốc vào mông xong bé co giật liên tục",
    ],
)
def test_a_sign_after_an_injection_is_still_an_emergency(text: str) -> None:
    found = classify(text)
    assert found is not None and found.kind is Triage.EMERGENCY
