"""Tests for grounding/verify.py: which checks run for which request."""

from __future__ import annotations

from collections.abc import Sequence

from grounding_samples import ev

from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.evidence import Answer, Claim, DrugCandidate, Evidence
from core.frame import QueryFrame, TurnType
from core.ports import AnswerMode, AnswerRequest
from grounding.checks import run_checks
from grounding.entailment import EntailmentModel, EntailmentReport
from grounding.verify import default_checks

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


def test_single_mode_runs_citation_and_numeric(catalog: DrugCatalog) -> None:
    """Single answers get the citation and numeric checks only."""
    names = [getattr(c, "name", "") for c in default_checks(request(AnswerMode.SINGLE), catalog)]
    assert names == ["citation", "numeric"]


def test_list_mode_adds_candidate_and_ranking_checks(catalog: DrugCatalog) -> None:
    """List answers also get the candidate-set and no-ranking checks."""
    names = [getattr(c, "name", "") for c in default_checks(request(AnswerMode.LIST), catalog)]
    assert names == ["citation", "numeric", "candidate_set", "no_ranking"]


def test_entailment_model_adds_the_entailment_check_last(catalog: DrugCatalog) -> None:
    """An entailment model adds the entailment check, last, and it can fail; without, none."""
    answer = Answer(
        claims=(
            Claim(text="Amoxicilin: Viêm tai giữa cấp.", citations=(0,), drug_id="amoxicillin"),
        )
    )
    req = request(AnswerMode.LIST)
    assert all(v.ok for v in run_checks(answer, req.evidence, default_checks(req, catalog)))
    model: EntailmentModel = Unsupported()
    judged = default_checks(req, catalog, entailment=model)
    verdicts = run_checks(answer, req.evidence, judged)
    assert verdicts[-1].check == "entailment"
    assert not verdicts[-1].ok
    assert len(judged) == 5
