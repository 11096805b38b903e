"""Tests for core/prompting.py and the prompt files' contract wording."""

from __future__ import annotations

import pytest

from core.errors import ConfigError
from core.prompting import load_prompt


@pytest.mark.parametrize("name", ["answer", "repair", "entailment", "understanding"])
def test_every_prompt_has_a_version(name: str) -> None:
    """Each prompt file opens with a version line that is not part of the text."""
    prompt = load_prompt(name)
    assert prompt.version.startswith(f"{name}-")
    assert not prompt.text.startswith("version")


def test_answer_contract_forbids_ranking_and_first_line_inference() -> None:
    """The answer contract forbids preferring a drug and treats indications as not first-line."""
    text = load_prompt("answer").text
    assert "Never prefer one drug over another" in text
    assert (
        "is NOT\n   evidence that a\n   drug is first-line" in text or "NOT evidence that a" in text
    )


def test_unknown_prompt_is_a_config_error() -> None:
    """Asking for a prompt that does not exist fails fast."""
    with pytest.raises(ConfigError):
        load_prompt("nope")
