"""Entailment: a model judges whether the cited evidence supports each claim (Bedrock only).

The judge also reports omissions: facts in the evidence that answer the question but are
missing from the answer. Only a *grounded* omission (its text really is in the evidence it
points at) may trigger the one completeness repair, which `BedrockAnswerer` performs
before returning (see `grounding.bedrock_answerer`); this check then re-judges the final
answer. Judgements are cached per (question, answer, evidence), so the engine's check of
the answer the answerer already judged costs no second model call.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from core.budget import RequestBudget
from core.evidence import Answer, Evidence
from core.quantities import evidence_quantities, extract_quantities
from core.text import fold_words
from grounding.checks import Verdict

# Share of an omission's words that must occur in the evidence it cites to count as grounded.
OMISSION_WORD_OVERLAP = 0.7


@dataclass(frozen=True, slots=True)
class Omission:
    """A fact the judge says the answer left out, with the evidence index it comes from."""

    evidence_index: int
    text: str


@dataclass(frozen=True, slots=True)
class EntailmentReport:
    """Unsupported claims (index, why) and omissions, as the judge reported them."""

    unsupported: tuple[tuple[int, str], ...] = ()
    omissions: tuple[Omission, ...] = ()


@runtime_checkable
class EntailmentModel(Protocol):
    """Judges claims against their cited evidence.

    Contract: one model call per `judge` at most (a cache may make it zero), preceded by
    `budget.require()`; a provider failure raises `GenerationUnavailable` (or
    `RequestBudgetExhausted`); an unparseable judgement is a failure, never "supported".
    """

    def judge(
        self,
        question: str,
        answer: Answer,
        evidence: Sequence[Evidence],
        budget: RequestBudget | None,
    ) -> EntailmentReport: ...


def judgement_key(question: str, answer: Answer, evidence: Sequence[Evidence]) -> str:
    """What a judgement depends on: the question, the claims with citations, the evidence."""
    digest = hashlib.sha256()
    digest.update(question.encode())
    for claim in answer.claims:
        digest.update(f"\x00{claim.text}\x01{claim.citations}".encode())
    for ev in evidence:
        digest.update(f"\x02{ev.chunk_id}\x03{ev.text}".encode())
    return digest.hexdigest()


class JudgementCache:
    """A small thread-safe LRU of entailment reports by `judgement_key`."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._items: OrderedDict[str, EntailmentReport] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> EntailmentReport | None:
        with self._lock:
            report = self._items.get(key)
            if report is not None:
                self._items.move_to_end(key)
            return report

    def put(self, key: str, report: EntailmentReport) -> None:
        with self._lock:
            self._items[key] = report
            while len(self._items) > self.size:
                self._items.popitem(last=False)


class CachingEntailment:
    """An `EntailmentModel` that remembers recent judgements of the model it wraps."""

    def __init__(self, model: EntailmentModel, *, cache: JudgementCache | None = None) -> None:
        self.model = model
        self.cache = cache or JudgementCache()

    def judge(
        self,
        question: str,
        answer: Answer,
        evidence: Sequence[Evidence],
        budget: RequestBudget | None,
    ) -> EntailmentReport:
        key = judgement_key(question, answer, evidence)
        report = self.cache.get(key)
        if report is None:
            report = self.model.judge(question, answer, evidence, budget)
            self.cache.put(key, report)
        return report


def is_grounded_omission(omission: Omission, evidence: Sequence[Evidence]) -> bool:
    """The omitted text is really in the evidence it names: its numbers and most of its words."""
    if not 0 <= omission.evidence_index < len(evidence):
        return False
    source = evidence[omission.evidence_index]
    pool = evidence_quantities(source)
    if any((q.value, q.unit) not in pool for q in extract_quantities(omission.text)):
        return False
    words = [w for w in fold_words(omission.text).split() if len(w) > 1]
    if not words:
        return False
    source_words = set(fold_words(source.text).split())
    return sum(w in source_words for w in words) / len(words) >= OMISSION_WORD_OVERLAP


def grounded_omissions(report: EntailmentReport, evidence: Sequence[Evidence]) -> list[Omission]:
    return [o for o in report.omissions if is_grounded_omission(o, evidence)]


class EntailmentCheck:
    """Fails an answer with any claim the judge finds unsupported by the evidence it cites.

    Omissions never fail the check: they are the answerer's cue for its one repair.
    """

    name = "entailment"

    def __init__(
        self,
        model: EntailmentModel,
        *,
        question: str = "",
        budget: RequestBudget | None = None,
    ) -> None:
        self.model = model
        self.question = question
        self.budget = budget

    def __call__(self, answer: Answer, evidence: Sequence[Evidence]) -> Verdict:
        # Worked-out amounts are arithmetic, recomputed by the numeric check; a model judges
        # only the quoted claims (the answerer judged the same, so the cache answers).
        answer = answer.model_copy(
            update={"claims": tuple(c for c in answer.claims if c.derivation is None)}
        )
        if not answer.claims:
            return Verdict.passed(self.name)
        report = self.model.judge(self.question, answer, evidence, self.budget)
        return Verdict.from_problems(
            self.name,
            (f"claim {n} is not supported by its evidence: {why}" for n, why in report.unsupported),
        )


__all__ = [
    "CachingEntailment",
    "EntailmentCheck",
    "EntailmentModel",
    "EntailmentReport",
    "JudgementCache",
    "Omission",
    "grounded_omissions",
    "is_grounded_omission",
    "judgement_key",
]
