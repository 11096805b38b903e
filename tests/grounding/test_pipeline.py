"""Tests for grounding/pipeline.py: generate, check, render, and the abstain reasons."""

from __future__ import annotations

from grounding_samples import ev

from engine.catalog import DrugCatalog
from engine.frame import QueryFrame
from engine.ports import AnswerClarify, AnswerMode, AnswerRequest
from grounding.evidence import Answer, Claim, Evidence
from grounding.extractive import ExtractiveAnswerer
from grounding.pipeline import Grounded, ground

CHI_DINH = ev("paracetamol", "Paracetamol", "chi_dinh", "- Đau nhẹ và vừa.\n- Sốt.")


class Fixed:
    """An honest fake generator returning one prepared result."""

    def __init__(self, result: Answer | AnswerClarify) -> None:
        self.result = result

    def generate(self, request: AnswerRequest) -> Answer | AnswerClarify:
        return self.result


def request(
    mode: AnswerMode = AnswerMode.SINGLE, evidence: tuple[Evidence, ...] = (CHI_DINH,)
) -> AnswerRequest:
    frame = QueryFrame(turn_type="drug_attribute", drugs=["paracetamol"], attribute="chi_dinh")
    return AnswerRequest(mode=mode, question="q", frame=frame, evidence=evidence)


def test_grounded_answer_is_rendered(catalog: DrugCatalog) -> None:
    """A grounded extractive answer comes back rendered with its citations."""
    result = ground(ExtractiveAnswerer(catalog), request(), catalog)
    assert result.rendered is not None
    assert "Nguồn:" in result.rendered.message
    assert result.abstain_reason is None


def test_failed_check_abstains_without_any_answer_text(catalog: DrugCatalog) -> None:
    """An invented number abstains grounding_failed and nothing of the answer is rendered."""
    bad = Answer(lead="x", claims=(Claim(text="Sốt: 500 mg.", citations=(0,)),))
    result = ground(Fixed(bad), request(), catalog)
    assert result == Grounded(abstain_reason="grounding_failed", verdicts=result.verdicts)
    assert result.failed is not None and result.failed.check == "numeric"


def test_empty_answers_abstain_with_the_path_reason(catalog: DrugCatalog) -> None:
    """No claims: no_evidence, or no_interaction_evidence on the interaction path."""
    assert ground(Fixed(Answer()), request(), catalog).abstain_reason == "no_evidence"
    interaction = ground(Fixed(Answer()), request(AnswerMode.INTERACTION), catalog)
    assert interaction.abstain_reason == "no_interaction_evidence"


def test_clarify_passes_through(catalog: DrugCatalog) -> None:
    """A generator's clarification is handed back unchanged."""
    ask = AnswerClarify(reason="ambiguous_route", question="?", slot="route", quick_replies=("a",))
    assert ground(Fixed(ask), request(), catalog).clarify == ask
