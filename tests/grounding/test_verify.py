"""Tests for grounding/verify.py: which checks run for which request."""

from __future__ import annotations

from collections.abc import Sequence

from grounding_samples import ev

from engine.budget import RequestBudget
from engine.catalog import DrugCatalog
from engine.frame import QueryFrame, TurnType
from engine.ports import AnswerMode, AnswerRequest
from grounding.entailment import EntailmentModel, EntailmentReport
from grounding.evidence import Answer, Claim, DrugCandidate, Evidence
from grounding.extractive import ExtractiveAnswerer
from grounding.verify import checks_for, default_checks, verify_answer

AMOX = ev("amoxicillin", "Amoxicilin", "chi_dinh", "- Viêm tai giữa cấp.")


def request(mode: AnswerMode) -> AnswerRequest:
    return AnswerRequest(
        mode=mode,
        question="thuốc cho viêm tai giữa",
        frame=QueryFrame(turn_type=TurnType.CONDITION_TO_DRUG),
        evidence=(AMOX,),
        candidates=(DrugCandidate(drug_id="amoxicillin", drug_name="Amoxicilin", score=1.0),),
    )


class Unsupported:
    def judge(
        self,
        question: str,
        answer: Answer,
        evidence: Sequence[Evidence],
        budget: RequestBudget | None,
    ) -> EntailmentReport:
        return EntailmentReport(unsupported=((0, "no"),))


class Judged:
    @property
    def entailment_model(self) -> EntailmentModel:
        return Unsupported()


def test_single_mode_runs_citation_and_numeric(catalog: DrugCatalog) -> None:
    """Single answers get the citation and numeric checks only."""
    names = [getattr(c, "name", "") for c in default_checks(request(AnswerMode.SINGLE), catalog)]
    assert names == ["citation", "numeric"]


def test_list_mode_adds_candidate_and_ranking_checks(catalog: DrugCatalog) -> None:
    """List answers also get the candidate-set and no-ranking checks."""
    names = [getattr(c, "name", "") for c in default_checks(request(AnswerMode.LIST), catalog)]
    assert names == ["citation", "numeric", "candidate_set", "no_ranking"]


def test_judged_generator_adds_entailment(catalog: DrugCatalog) -> None:
    """A generator with an entailment model gets the entailment check; the extractive one not."""
    answer = Answer(
        claims=(
            Claim(text="Amoxicilin: Viêm tai giữa cấp.", citations=(0,), drug_id="amoxicillin"),
        )
    )
    req = request(AnswerMode.LIST)
    assert all(
        v.ok for v in verify_answer(answer, req, catalog, generator=ExtractiveAnswerer(catalog))
    )
    verdicts = verify_answer(answer, req, catalog, generator=Judged())
    assert verdicts[-1].check == "entailment"
    assert not verdicts[-1].ok
    assert len(checks_for(Judged(), req, catalog)) == 5
