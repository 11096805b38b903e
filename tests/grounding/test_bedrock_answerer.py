"""Tests for grounding/bedrock_answerer.py against our local Converse server.

Every scripted fault must end in the right error or failed verdict within the turn's
budget; the engine-side checks (`default_checks` with the
Bedrock entailment judge) are run as `engine.bootstrap` wires them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fake_bedrock import FakeBedrock, Hang, Malformed, Reply, Throttle, boto3_session
from grounding_samples import ev

from core.bedrock import ConverseClient
from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.errors import GenerationUnavailable, RequestBudgetExhausted
from core.evidence import Answer, DrugCandidate, Evidence
from core.frame import ClarifySlot, QueryFrame
from core.ports import AnswerClarify, AnswerMode, AnswerRequest
from core.prompting import load_prompt
from grounding.bedrock_answerer import BedrockAnswerer, BedrockEntailmentJudge
from grounding.checks import run_checks
from grounding.limit_scope import WEIGHT_FOR_DOSE
from grounding.verify import default_checks

CHI_DINH = ev("paracetamol", "Paracetamol", "chi_dinh", "- Đau nhẹ và vừa.\n- Sốt.")
NO_ENTAILMENT_PROBLEMS: dict[str, Any] = {"unsupported": [], "omissions": []}


@pytest.fixture
def fake(aws_env: None) -> Iterator[FakeBedrock]:
    server = FakeBedrock().start()
    yield server
    server.stop()


@pytest.fixture
def answerer(fake: FakeBedrock, catalog: DrugCatalog) -> BedrockAnswerer:
    client = ConverseClient(
        model_id="test-model",
        region="ap-southeast-1",
        endpoint_url=fake.url,
        session=boto3_session(),
    )
    return BedrockAnswerer(client, catalog)


def attribute_request(budget: RequestBudget | None = None) -> AnswerRequest:
    frame = QueryFrame(turn_type="drug_attribute", drugs=["paracetamol"], attribute="chi_dinh")
    return AnswerRequest(
        mode=AnswerMode.SINGLE,
        question="Paracetamol dùng để làm gì?",
        frame=frame,
        evidence=(CHI_DINH,),
        budget=budget or RequestBudget(),
    )


def claims(*items: tuple[str, list[int]], drug_id: str | None = None) -> dict[str, Any]:
    return {
        "evidence_sufficient": True,
        "claims": [
            {"text": t, "citations": c, **({"drug_id": drug_id} if drug_id else {})}
            for t, c in items
        ],
    }


def failed_checks(
    answer: Answer, request: AnswerRequest, catalog: DrugCatalog, gen: BedrockAnswerer
) -> list[str]:
    """The checks the assembly runs on a Bedrock answer (judge on the answerer's client)."""
    checks = default_checks(request, catalog, entailment=BedrockEntailmentJudge(gen.client))
    return [v.check for v in run_checks(answer, request.evidence, checks) if not v.ok]


def test_grounded_answer_passes_and_entailment_is_not_repeated(
    fake: FakeBedrock, answerer: BedrockAnswerer, catalog: DrugCatalog
) -> None:
    """Generation + entailment = 2 calls; the engine's entailment check reuses the judgement."""
    fake.push(Reply(claims(("Sốt.", [0]))), Reply(NO_ENTAILMENT_PROBLEMS))
    request = attribute_request()
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    assert [c.text for c in answer.claims] == ["Sốt."]
    assert failed_checks(answer, request, catalog, answerer) == []
    assert len(fake.requests) == 2
    assert request.budget is not None and request.budget.model_calls == 2
    tools = [r["toolConfig"]["toolChoice"]["tool"]["name"] for r in fake.requests]
    assert tools == ["submit_answer", "report_entailment"]
    assert fake.requests[0]["system"][0]["text"] == load_prompt("answer").text


def test_a_separate_judge_on_the_same_client_reuses_the_judgement(
    fake: FakeBedrock, answerer: BedrockAnswerer, catalog: DrugCatalog
) -> None:
    """Checks wired with their own BedrockEntailmentJudge on the answerer's client add no call."""
    fake.push(Reply(claims(("Sốt.", [0]))), Reply(NO_ENTAILMENT_PROBLEMS))
    request = attribute_request()
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    checks = default_checks(request, catalog, entailment=BedrockEntailmentJudge(answerer.client))
    assert all(v.ok for v in run_checks(answer, request.evidence, checks))
    assert len(fake.requests) == 2


def test_insufficient_without_question_retries_once(
    fake: FakeBedrock, answerer: BedrockAnswerer
) -> None:
    """'Insufficient' with no clarifying question is retried exactly once, then answered."""
    fake.push(
        Reply({"evidence_sufficient": False, "claims": []}),
        Reply(claims(("Sốt.", [0]))),
        Reply(NO_ENTAILMENT_PROBLEMS),
    )
    answer = answerer.generate(attribute_request())
    assert isinstance(answer, Answer) and answer.claims
    assert len(fake.requests) == 3


def test_insufficient_twice_is_an_empty_answer(
    fake: FakeBedrock, answerer: BedrockAnswerer
) -> None:
    """Two 'insufficient' replies give an answer with no claims and no third call."""
    fake.default = Reply({"evidence_sufficient": False, "claims": []})
    answer = answerer.generate(attribute_request())
    assert isinstance(answer, Answer) and answer.claims == ()
    assert len(fake.requests) == 2


def test_clarifying_question_is_not_retried(fake: FakeBedrock, answerer: BedrockAnswerer) -> None:
    """'Insufficient' with a clarifying question becomes a clarification, with no retry."""
    fake.push(
        Reply(
            {"evidence_sufficient": False, "clarifying_question": "Bạn hỏi dạng nào?", "claims": []}
        )
    )
    result = answerer.generate(attribute_request())
    assert isinstance(result, AnswerClarify)
    assert result.slot is ClarifySlot.DETAIL
    assert len(fake.requests) == 1


def test_claim_citing_wrong_evidence_fails_citation_check(
    fake: FakeBedrock, answerer: BedrockAnswerer, catalog: DrugCatalog
) -> None:
    """A claim citing evidence that does not exist fails grounding; no entailment call is spent."""
    fake.push(Reply(claims(("Sốt.", [3]))))
    request = attribute_request()
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    assert failed_checks(answer, request, catalog, answerer) == ["citation"]
    assert len(fake.requests) == 1


def test_invented_number_fails_numeric_check(
    fake: FakeBedrock, answerer: BedrockAnswerer, catalog: DrugCatalog
) -> None:
    """A claim with a number the evidence does not have fails the numeric check."""
    fake.push(Reply(claims(("Sốt: 500 mg mỗi lần.", [0]))))
    request = attribute_request()
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    assert failed_checks(answer, request, catalog, answerer) == ["numeric"]


def test_unsupported_claim_fails_entailment(
    fake: FakeBedrock, answerer: BedrockAnswerer, catalog: DrugCatalog
) -> None:
    """A claim the judge calls unsupported fails the engine's entailment check, from the cache."""
    fake.push(
        Reply(claims(("Paracetamol là thuốc hạ sốt an toàn nhất.", [0]))),
        Reply(
            {"unsupported": [{"claim": 0, "reason": "không có trong bằng chứng"}], "omissions": []}
        ),
    )
    request = attribute_request()
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    assert failed_checks(answer, request, catalog, answerer) == ["entailment"]
    assert len(fake.requests) == 2


def test_grounded_omission_triggers_one_repair_and_recheck(
    fake: FakeBedrock, answerer: BedrockAnswerer, catalog: DrugCatalog
) -> None:
    """A grounded omission: one repair, one re-judgement, which the engine's check reuses."""
    fake.push(
        Reply(claims(("Đau nhẹ và vừa.", [0]))),
        Reply({"unsupported": [], "omissions": [{"evidence": 0, "text": "Sốt."}]}),
        Reply(claims(("Đau nhẹ và vừa.", [0]), ("Sốt.", [0]))),
        Reply(NO_ENTAILMENT_PROBLEMS),
    )
    request = attribute_request()
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    assert [c.text for c in answer.claims] == ["Đau nhẹ và vừa.", "Sốt."]
    assert failed_checks(answer, request, catalog, answerer) == []
    assert len(fake.requests) == 4


def test_ungrounded_omission_triggers_no_repair(
    fake: FakeBedrock, answerer: BedrockAnswerer
) -> None:
    """An omission that is not in the evidence it names is ignored: no repair call."""
    fake.push(
        Reply(claims(("Sốt.", [0]))),
        Reply(
            {"unsupported": [], "omissions": [{"evidence": 0, "text": "Viêm khớp dạng thấp nặng"}]}
        ),
    )
    answerer.generate(attribute_request())
    assert len(fake.requests) == 2


def test_list_claim_naming_non_candidate_fails(
    fake: FakeBedrock, answerer: BedrockAnswerer, catalog: DrugCatalog
) -> None:
    """A list answer naming a drug retrieval did not find fails the candidate-set check."""
    amox = ev("amoxicillin", "Amoxicilin", "chi_dinh", "- Viêm tai giữa cấp.")
    request = AnswerRequest(
        mode=AnswerMode.LIST,
        question="Thuốc nào dùng cho viêm tai giữa?",
        frame=QueryFrame(turn_type="condition_to_drug", condition="viêm tai giữa"),
        evidence=(amox,),
        candidates=(
            DrugCandidate(drug_id="amoxicillin", drug_name="Amoxicilin", score=1, evidence=(amox,)),
        ),
        budget=RequestBudget(),
    )
    fake.push(Reply(claims(("Cefuroxim: Viêm tai giữa cấp.", [0]), drug_id="cefuroxime")))
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    assert failed_checks(answer, request, catalog, answerer) == ["candidate_set"]


def test_throttling_is_generation_unavailable(fake: FakeBedrock, answerer: BedrockAnswerer) -> None:
    """Throttled generation fails the turn closed."""
    fake.default = Throttle()
    with pytest.raises(GenerationUnavailable):
        answerer.generate(attribute_request())


def test_hang_is_generation_unavailable_within_budget(
    fake: FakeBedrock, answerer: BedrockAnswerer
) -> None:
    """A hung model ends in GenerationUnavailable inside a short turn budget."""
    fake.default = Hang(30.0)
    with pytest.raises(GenerationUnavailable):
        answerer.generate(attribute_request(RequestBudget(max_wall_clock_s=1.0)))


def test_malformed_reply_is_generation_unavailable(
    fake: FakeBedrock, answerer: BedrockAnswerer
) -> None:
    """A malformed body or a tool input of the wrong shape fails closed."""
    fake.push(Malformed())
    with pytest.raises(GenerationUnavailable):
        answerer.generate(attribute_request())
    fake.push(Reply({"claims": "không phải danh sách"}))
    with pytest.raises(GenerationUnavailable):
        answerer.generate(attribute_request())


def test_budget_runs_out_before_entailment(fake: FakeBedrock, answerer: BedrockAnswerer) -> None:
    """With one model call allowed, the entailment call raises RequestBudgetExhausted."""
    fake.push(Reply(claims(("Sốt.", [0]))))
    with pytest.raises(RequestBudgetExhausted):
        answerer.generate(attribute_request(RequestBudget(max_model_calls=1)))
    assert len(fake.requests) == 1


def test_route_ambiguity_is_decided_without_a_model_call(
    fake: FakeBedrock, answerer: BedrockAnswerer
) -> None:
    """Several routes, no oral row and none asked: clarify from code, no model call."""
    frame = QueryFrame(
        turn_type="dosing_calc",
        drugs=["paracetamol"],
        population="child",
        age_months=60,
        weight_kg=18,
    )
    no_oral = ev(
        "paracetamol",
        "Paracetamol",
        "lieu_luong_cach_dung",
        "Đặt trực tràng:\n- Trẻ em 4 - 6 tuổi: 250 mg mỗi lần.\n"
        "Tiêm tĩnh mạch:\n- Trẻ em trên 10 kg: 15 mg/kg mỗi lần.",
    )
    request = AnswerRequest(mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=(no_oral,))
    result = answerer.generate(request)
    assert isinstance(result, AnswerClarify) and result.reason == "ambiguous_route"
    assert fake.requests == []


def test_patient_values_never_reach_the_model(
    fake: FakeBedrock,
    answerer: BedrockAnswerer,
    catalog: DrugCatalog,
    paracetamol_dose: list[Evidence],
) -> None:
    """The generation prompt carries no raw age or weight from the patient."""
    frame = QueryFrame(
        turn_type="dosing_calc",
        drugs=["paracetamol"],
        population="child",
        age_months=60,
        weight_kg=18,
        route="oral",
    )
    request = AnswerRequest(
        mode=AnswerMode.SINGLE,
        question="Liều paracetamol cho bé 5 tuổi nặng 18 kg, đường uống",
        frame=frame,
        evidence=tuple(paracetamol_dose),
        budget=RequestBudget(),
    )
    fake.push(Reply(claims(("Trẻ em 4–6 tuổi: 240 mg mỗi lần, cách nhau 4–6 giờ.", [0]))))
    fake.push(Reply(NO_ENTAILMENT_PROBLEMS))
    answer = answerer.generate(request)
    user_text = fake.requests[0]["messages"][0]["content"][0]["text"]
    assert "18 kg" not in user_text and "5 tuổi" not in user_text
    assert isinstance(answer, Answer)
    assert failed_checks(answer, request, catalog, answerer) == []
    assert len(fake.requests) == 2  # the engine's entailment check reused the judgement


def test_interaction_without_mention_spends_no_call(
    fake: FakeBedrock, answerer: BedrockAnswerer, interaction_evidence: list[Evidence]
) -> None:
    """No line names the other drug: an empty answer, decided by code."""
    frame = QueryFrame(turn_type="interaction", drugs=["paracetamol", "aspirin"])
    request = AnswerRequest(
        mode=AnswerMode.INTERACTION, question="q", frame=frame, evidence=tuple(interaction_evidence)
    )
    result = answerer.generate(request)
    assert isinstance(result, Answer) and result.claims == ()
    assert fake.requests == []


def test_worked_out_amount_comes_from_code_not_the_model(
    fake: FakeBedrock,
    answerer: BedrockAnswerer,
    catalog: DrugCatalog,
    paracetamol_dose: list[Evidence],
) -> None:
    """The model never sees the amount for the weight; the answer carries code's derivation."""
    frame = QueryFrame(
        turn_type="dosing_calc",
        drugs=["paracetamol"],
        population="child",
        age_months=60,
        weight_kg=18,
        route="oral",
    )
    request = AnswerRequest(
        mode=AnswerMode.SINGLE,
        question="Liều paracetamol cho bé 5 tuổi nặng 18 kg, đường uống",
        frame=frame,
        evidence=tuple(paracetamol_dose),
        budget=RequestBudget(),
    )
    fake.push(Reply(claims(("Trẻ em theo cân nặng: 10–15 mg/kg mỗi lần.", [0]))))
    fake.push(Reply(NO_ENTAILMENT_PROBLEMS))
    answer = answerer.generate(request)
    user_text = fake.requests[0]["messages"][0]["content"][0]["text"]
    assert "270" not in user_text
    assert isinstance(answer, Answer)
    worked = [c for c in answer.claims if c.derivation is not None]
    assert [c.text for c in worked] == ["18 kg × 10–15 mg/kg = 180–270 mg mỗi lần"]
    assert worked[0].derivation is not None and worked[0].derivation.result == "180–270 mg"
    assert failed_checks(answer, request, catalog, answerer) == []
    assert len(fake.requests) == 2  # the amount is not judged by a model


def test_what_a_child_s_dose_still_needs_is_code_s_line_on_the_bedrock_path(
    fake: FakeBedrock, answerer: BedrockAnswerer
) -> None:
    """ "Bé 5 tuổi sốt, uống paracetamol được không": whatever the model writes, the line that
    asks the weight the dose needs is added by code, as on the offline path."""
    caution = ev(
        "paracetamol", "Paracetamol", "than_trong", "Trẻ sốt kéo dài quá 3 ngày cần đi khám."
    )
    frame = QueryFrame(
        turn_type="drug_attribute",
        drugs=["paracetamol"],
        attribute="than_trong",
        population="child",
        age_months=60,
        asks="can_use",
        condition={"text": "sốt", "normalized": "sốt"},
    )
    request = AnswerRequest(
        mode=AnswerMode.SINGLE,
        question="Bé 5 tuổi sốt, uống paracetamol được không",
        frame=frame,
        evidence=(caution,),
        budget=RequestBudget(),
    )
    fake.push(Reply(claims(("Trẻ sốt kéo dài quá 3 ngày cần đi khám.", [0]))))
    fake.push(Reply(NO_ENTAILMENT_PROBLEMS))
    answer = answerer.generate(request)
    assert isinstance(answer, Answer)
    assert answer.notices == (WEIGHT_FOR_DOSE,)
