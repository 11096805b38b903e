"""The entailment judge on Bedrock Converse, and how evidence and claims are shown to models.

Judges built on the same `ConverseClient` share one judgement cache, so the answerer's
own judgement and the engine's `EntailmentCheck` (however either was wired) cost one call.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from weakref import WeakKeyDictionary

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.bedrock import ConverseClient, ToolSpec
from core.budget import RequestBudget
from core.errors import GenerationUnavailable
from core.evidence import Answer, Evidence
from core.prompting import load_prompt
from core.text import nfc
from grounding.entailment import EntailmentReport, JudgementCache, Omission, judgement_key

ENTAILMENT_TOOL = ToolSpec(
    name="report_entailment",
    description="Report unsupported claims and grounded omissions.",
    schema={
        "type": "object",
        "properties": {
            "unsupported": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"claim": {"type": "integer"}, "reason": {"type": "string"}},
                    "required": ["claim", "reason"],
                },
            },
            "omissions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"evidence": {"type": "integer"}, "text": {"type": "string"}},
                    "required": ["evidence", "text"],
                },
            },
        },
        "required": ["unsupported", "omissions"],
    },
)


class _Unsupported(BaseModel):
    claim: int
    reason: str = ""


class _Omitted(BaseModel):
    evidence: int
    text: str


class _Judgement(BaseModel):
    model_config = ConfigDict(extra="ignore")
    unsupported: list[_Unsupported] = Field(default_factory=list)
    omissions: list[_Omitted] = Field(default_factory=list)


def evidence_block(evidence: Sequence[Evidence]) -> str:
    """The numbered evidence as the model sees it (0-based, matching claim citations)."""
    blocks = []
    for i, ev in enumerate(evidence):
        flag = " (bảng cần đối chiếu bản in)" if ev.quarantined else ""
        blocks.append(f"[{i}] {ev.drug_name} — {ev.section_title}{flag}\n{ev.text}")
    return "\n\n".join(blocks)


def claims_block(answer: Answer) -> str:
    return "\n".join(f"({n}) {c.text} -> {list(c.citations)}" for n, c in enumerate(answer.claims))


_SHARED: WeakKeyDictionary[ConverseClient, JudgementCache] = WeakKeyDictionary()
_SHARED_LOCK = threading.Lock()


def shared_cache(client: ConverseClient) -> JudgementCache:
    """The judgement cache of every judge on `client`."""
    with _SHARED_LOCK:
        cache = _SHARED.get(client)
        if cache is None:
            cache = _SHARED[client] = JudgementCache()
        return cache


class BedrockEntailmentJudge:
    """`EntailmentModel` on Converse: at most one call per distinct judgement."""

    def __init__(self, client: ConverseClient) -> None:
        self.client = client
        self.cache = shared_cache(client)

    def judge(
        self,
        question: str,
        answer: Answer,
        evidence: Sequence[Evidence],
        budget: RequestBudget | None,
    ) -> EntailmentReport:
        key = judgement_key(question, answer, evidence)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        report = self._call(question, answer, evidence, budget)
        self.cache.put(key, report)
        return report

    def _call(
        self,
        question: str,
        answer: Answer,
        evidence: Sequence[Evidence],
        budget: RequestBudget | None,
    ) -> EntailmentReport:
        prompt = load_prompt("entailment")
        user = (
            f"Câu hỏi: {question}\n\nBằng chứng:\n{evidence_block(evidence)}\n\n"
            f"Các khẳng định của câu trả lời:\n{claims_block(answer)}"
        )
        data = self.client.call_tool(
            system=prompt.text, user=user, tool=ENTAILMENT_TOOL, budget=budget, purpose="entailment"
        )
        try:
            parsed = _Judgement.model_validate(data)
        except ValidationError as exc:
            raise GenerationUnavailable("entailment: malformed judgement") from exc
        if any(not 0 <= u.claim < len(answer.claims) for u in parsed.unsupported):
            raise GenerationUnavailable("entailment: judgement names a claim that does not exist")
        return EntailmentReport(
            unsupported=tuple((u.claim, u.reason) for u in parsed.unsupported),
            omissions=tuple(Omission(o.evidence, nfc(o.text)) for o in parsed.omissions),
        )


__all__ = [
    "ENTAILMENT_TOOL",
    "BedrockEntailmentJudge",
    "claims_block",
    "evidence_block",
    "shared_cache",
]
