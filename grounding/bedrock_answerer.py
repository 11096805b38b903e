"""The Bedrock answerer (`ANSWER_PROVIDER=bedrock`): structured claims citing evidence indices.

One turn spends at most: generation, one retry (only when the model says the evidence is
insufficient and asks nothing), entailment, one completeness repair (only for a grounded
omission) and its re-check — five calls, each behind `budget.require()`. Code decides
what it can decide without a model: route ambiguity, and "no line names the other drug".
The repair lives here because it is a generation act; the engine's `EntailmentCheck`
then re-judges the final answer from the cache every judge on the same client shares,
so it costs no extra call.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.bedrock import ConverseClient, ToolSpec
from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.errors import GenerationUnavailable
from core.evidence import Answer, Claim
from core.frame import ClarifySlot, TurnType
from core.ports import AnswerClarify, AnswerMode, AnswerRequest
from core.prompting import load_prompt
from core.reasons import Reason
from core.text import nfc
from grounding.bedrock_judge import BedrockEntailmentJudge, claims_block, evidence_block
from grounding.checks import all_passed, run_checks
from grounding.entailment import EntailmentModel, Omission, grounded_omissions
from grounding.extractive import ExtractiveAnswerer
from grounding.limit_scope import DOSE_OFFERS
from grounding.listing import NOT_AN_ENDORSEMENT
from grounding.notices import quarantine_notices
from grounding.questions import generation_question
from grounding.quote_only import derived_claims, quote_only
from grounding.verify import default_checks

MAX_CLAIMS = 20
MAX_CLARIFY_CHARS = 300

ANSWER_TOOL = ToolSpec(
    name="submit_answer",
    description="Submit the grounded answer as claims that cite evidence blocks by index.",
    schema={
        "type": "object",
        "properties": {
            "evidence_sufficient": {"type": "boolean"},
            "clarifying_question": {"type": "string"},
            "claims": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string"},
                        "citations": {"type": "array", "items": {"type": "integer"}},
                        "drug_id": {"type": "string"},
                    },
                    "required": ["text", "citations"],
                },
            },
        },
        "required": ["evidence_sufficient", "claims"],
    },
)


class _DraftClaim(BaseModel):
    model_config = ConfigDict(extra="ignore")
    text: str
    citations: list[int] = Field(default_factory=list)
    drug_id: str | None = None


class _Draft(BaseModel):
    model_config = ConfigDict(extra="ignore")
    evidence_sufficient: bool
    clarifying_question: str | None = None
    claims: list[_DraftClaim] = Field(default_factory=list, max_length=MAX_CLAIMS)


class BedrockAnswerer:
    """`AnswerGenerator` on Bedrock Converse; see the module docstring for the call budget."""

    def __init__(
        self, client: ConverseClient, catalog: DrugCatalog, *, entailment: bool = True
    ) -> None:
        self.client = client
        self.catalog = catalog
        self._extractive = ExtractiveAnswerer(catalog)
        self._entailment: EntailmentModel | None = (
            BedrockEntailmentJudge(client) if entailment else None
        )

    @property
    def entailment_model(self) -> EntailmentModel | None:
        return self._entailment

    def generate(self, request: AnswerRequest) -> Answer | AnswerClarify:
        planned = self._extractive.generate(request)
        if isinstance(planned, AnswerClarify):
            return planned
        answer = self._generate(request, quote_only(planned))
        if isinstance(answer, AnswerClarify) or not answer.claims:
            return answer
        # What a child's dose still needs is code's line too, whatever the model wrote.
        offers = tuple(n for n in planned.notices if n in DOSE_OFFERS)
        if offers:
            answer = answer.model_copy(update={"notices": (*answer.notices, *offers)})
        derived = derived_claims(planned)
        if not derived:
            return answer
        # The worked-out amounts come from code, never from the model: added after it wrote
        # and was judged, with the lead that says nothing is left to the reader's sum.
        return answer.model_copy(
            update={"lead": planned.lead, "claims": (*answer.claims, *derived)}
        )

    def _generate(self, request: AnswerRequest, plan: Answer) -> Answer | AnswerClarify:
        decided_by_code = request.mode is AnswerMode.INTERACTION or (
            request.frame.turn_type is TurnType.DOSING_CALC and not request.frame.section_overview
        )
        if decided_by_code and not plan.claims:
            return plan
        question = generation_question(request, self.catalog)
        draft = self._draft(request, question, plan)
        if isinstance(draft, AnswerClarify) or not draft.claims:
            return draft
        return self._judge_and_repair(request, question, draft)

    def _user_message(self, request: AnswerRequest, question: str, plan: Answer) -> str:
        parts = [f"Chế độ: {request.mode.value}", f"Câu hỏi: {question}"]
        if request.mode is AnswerMode.LIST:
            listed = ", ".join(f"{c.drug_id} ({c.drug_name})" for c in request.candidates)
            parts.append(f"Danh sách thuốc ứng viên (drug_id): {listed}")
        if plan.claims and request.frame.turn_type is TurnType.DOSING_CALC:
            lines = "\n".join(f"- {c.text}" for c in plan.claims)
            parts.append(f"Các dòng liều đã được chọn theo bệnh nhân:\n{lines}")
        parts.append(f"Bằng chứng:\n{evidence_block(request.evidence)}")
        return "\n\n".join(parts)

    def _call(self, system: str, user: str, budget: RequestBudget | None, purpose: str) -> _Draft:
        data = self.client.call_tool(
            system=system, user=user, tool=ANSWER_TOOL, budget=budget, purpose=purpose
        )
        try:
            return _Draft.model_validate(data)
        except ValidationError as exc:
            raise GenerationUnavailable(f"{purpose}: malformed answer") from exc

    def _draft(self, request: AnswerRequest, question: str, plan: Answer) -> Answer | AnswerClarify:
        system = load_prompt("answer").text
        user = self._user_message(request, question, plan)
        draft = self._call(system, user, request.budget, "generation")
        if not draft.evidence_sufficient and not (draft.clarifying_question or "").strip():
            retry_note = (
                "\n\nLần trước bạn báo bằng chứng không đủ mà không hỏi lại. Hãy đọc lại từng "
                "khối bằng chứng; chỉ báo không đủ nếu thật sự không khối nào trả lời câu hỏi."
            )
            draft = self._call(system, user + retry_note, request.budget, "generation retry")
        if not draft.evidence_sufficient:
            asked = nfc((draft.clarifying_question or "").strip())[:MAX_CLARIFY_CHARS]
            if asked:
                return AnswerClarify(
                    reason=Reason.NEEDS_MORE_INFO, question=asked, slot=ClarifySlot.DETAIL
                )
            return plan.model_copy(update={"claims": (), "notices": ()})
        return self._answer(request, plan, draft)

    def _answer(self, request: AnswerRequest, plan: Answer, draft: _Draft) -> Answer:
        claims = tuple(
            Claim(text=nfc(c.text.strip()), citations=tuple(c.citations), drug_id=c.drug_id)
            for c in draft.claims
        )
        patient = request.frame.patient
        endorsement = (
            (NOT_AN_ENDORSEMENT,)
            if request.mode is AnswerMode.LIST and patient and patient.needs_safety_review()
            else ()
        )
        return Answer(
            lead=plan.lead,
            claims=claims,
            notices=(*quarantine_notices(request.evidence), *endorsement),
            list_mode=request.mode is AnswerMode.LIST,
        )

    def _judge_and_repair(self, request: AnswerRequest, question: str, answer: Answer) -> Answer:
        if not all_passed(
            run_checks(answer, request.evidence, default_checks(request, self.catalog))
        ):
            return answer  # the engine's checks reject it; no model call is spent on it
        if self._entailment is None:
            return answer
        report = self._entailment.judge(question, answer, request.evidence, request.budget)
        omissions = grounded_omissions(report, request.evidence)
        if report.unsupported or not omissions:
            return answer
        repaired = self._repair(request, question, answer, omissions)
        checks = default_checks(request, self.catalog)
        if all_passed(run_checks(repaired, request.evidence, checks)):
            # The re-check; cached, so the engine's EntailmentCheck reuses this judgement.
            self._entailment.judge(question, repaired, request.evidence, request.budget)
        return repaired

    def _repair(
        self, request: AnswerRequest, question: str, answer: Answer, omissions: list[Omission]
    ) -> Answer:
        missing = "\n".join(f"- [{o.evidence_index}] {o.text}" for o in omissions)
        user = (
            f"{self._user_message(request, question, answer)}\n\n"
            f"Bản trả lời hiện tại:\n{claims_block(answer)}\n\nCác ý còn thiếu:\n{missing}"
        )
        draft = self._call(load_prompt("repair").text, user, request.budget, "repair")
        if not draft.evidence_sufficient or not draft.claims:
            return answer
        return self._answer(request, answer, draft)


def answer_data(answer: Answer) -> dict[str, Any]:
    """An answer as the tool input a model would have sent (tests and fakes)."""
    return {
        "evidence_sufficient": bool(answer.claims),
        "claims": [
            {
                "text": c.text,
                "citations": list(c.citations),
                **({"drug_id": c.drug_id} if c.drug_id else {}),
            }
            for c in answer.claims
        ],
    }


# BedrockEntailmentJudge is re-exported: bootstrap code imports it from here.
__all__ = ["ANSWER_TOOL", "BedrockAnswerer", "BedrockEntailmentJudge", "answer_data"]
