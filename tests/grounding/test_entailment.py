"""Tests for grounding/entailment.py: the model-judged check, its cache and grounded omissions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from grounding_samples import ev

from core.budget import RequestBudget
from core.errors import GenerationUnavailable
from core.evidence import Answer, Claim, Evidence
from grounding.entailment import (
    CachingEntailment,
    EntailmentCheck,
    EntailmentReport,
    Omission,
    grounded_omissions,
    is_grounded_omission,
)

DOSE = ev(
    "paracetamol",
    "Paracetamol",
    "lieu_luong_cach_dung",
    "- Trẻ em theo cân nặng: 10–15 mg/kg mỗi lần.\n"
    "- Suy thận (ClCr < 30 ml/phút): cách nhau ít nhất 6 giờ.",
)
ANSWER = Answer(claims=(Claim(text="Trẻ em theo cân nặng: 10–15 mg/kg mỗi lần.", citations=(0,)),))


class ScriptedJudge:
    """An honest fake judge: returns a fixed report and counts calls."""

    def __init__(self, report: EntailmentReport | Exception) -> None:
        self.report = report
        self.calls = 0

    def judge(
        self,
        question: str,
        answer: Answer,
        evidence: Sequence[Evidence],
        budget: RequestBudget | None,
    ) -> EntailmentReport:
        self.calls += 1
        if isinstance(self.report, Exception):
            raise self.report
        return self.report


def test_supported_answer_passes() -> None:
    """No unsupported claims: the check passes."""
    assert EntailmentCheck(ScriptedJudge(EntailmentReport()))(ANSWER, [DOSE]).ok


def test_unsupported_claim_fails() -> None:
    """A claim the judge finds unsupported fails the check, naming the claim."""
    verdict = EntailmentCheck(ScriptedJudge(EntailmentReport(unsupported=((0, "computed"),))))(
        ANSWER, [DOSE]
    )
    assert not verdict.ok
    assert "claim 0" in verdict.problems[0]


def test_omissions_do_not_fail_the_check() -> None:
    """An omission is a repair cue, not a failure."""
    report = EntailmentReport(omissions=(Omission(0, "Suy thận (ClCr < 30 ml/phút)"),))
    assert EntailmentCheck(ScriptedJudge(report))(ANSWER, [DOSE]).ok


def test_empty_answer_spends_no_call() -> None:
    """An answer without claims is not judged."""
    judge = ScriptedJudge(EntailmentReport())
    assert EntailmentCheck(judge)(Answer(), [DOSE]).ok
    assert judge.calls == 0


def test_provider_failure_propagates() -> None:
    """A failing judge raises its ProviderError; the check never reports 'supported'."""
    check = EntailmentCheck(ScriptedJudge(GenerationUnavailable("down")))
    with pytest.raises(GenerationUnavailable):
        check(ANSWER, [DOSE])


def test_cache_reuses_a_judgement() -> None:
    """The same question, answer and evidence are judged once."""
    inner = ScriptedJudge(EntailmentReport())
    cached = CachingEntailment(inner)
    cached.judge("q", ANSWER, [DOSE], None)
    cached.judge("q", ANSWER, [DOSE], None)
    cached.judge("q", Answer(claims=(Claim(text="khác", citations=(0,)),)), [DOSE], None)
    assert inner.calls == 2


def test_grounded_omission_is_in_its_evidence() -> None:
    """An omission quoted from its evidence block is grounded."""
    assert is_grounded_omission(
        Omission(0, "Suy thận (ClCr < 30 ml/phút): cách nhau 6 giờ"), [DOSE]
    )


def test_omission_with_foreign_number_or_bad_index_is_not_grounded() -> None:
    """An omission with a number not in its evidence, or pointing nowhere, is not grounded."""
    assert not is_grounded_omission(Omission(0, "Suy thận: cách nhau ít nhất 12 giờ"), [DOSE])
    assert not is_grounded_omission(Omission(5, "Suy thận"), [DOSE])
    report = EntailmentReport(omissions=(Omission(0, "Người cao tuổi giảm liều một nửa"),))
    assert grounded_omissions(report, [DOSE]) == []
