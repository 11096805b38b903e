"""Tests for grounding/bedrock_judge.py: the entailment judge's parsing fails closed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fake_bedrock import FakeBedrock, Reply, boto3_session
from grounding_samples import ev

from core.bedrock import ConverseClient
from core.budget import RequestBudget
from core.errors import GenerationUnavailable
from core.evidence import Answer, Claim
from grounding.bedrock_judge import BedrockEntailmentJudge, evidence_block
from grounding.entailment import Omission

EVIDENCE = [ev("paracetamol", "Paracetamol", "chi_dinh", "- Sốt.")]
ANSWER = Answer(claims=(Claim(text="Sốt.", citations=(0,)),))


@pytest.fixture
def fake(aws_env: None) -> Iterator[FakeBedrock]:
    server = FakeBedrock().start()
    yield server
    server.stop()


@pytest.fixture
def judge(fake: FakeBedrock) -> BedrockEntailmentJudge:
    client = ConverseClient(
        model_id="test-model",
        region="ap-southeast-1",
        endpoint_url=fake.url,
        session=boto3_session(),
    )
    return BedrockEntailmentJudge(client)


def test_report_is_parsed(fake: FakeBedrock, judge: BedrockEntailmentJudge) -> None:
    """Unsupported claims and omissions come back as a report."""
    fake.push(
        Reply(
            {
                "unsupported": [{"claim": 0, "reason": "r"}],
                "omissions": [{"evidence": 0, "text": "Sốt."}],
            }
        )
    )
    report = judge.judge("q", ANSWER, EVIDENCE, RequestBudget())
    assert report.unsupported == ((0, "r"),)
    assert report.omissions == (Omission(0, "Sốt."),)


def test_malformed_judgement_fails_closed(fake: FakeBedrock, judge: BedrockEntailmentJudge) -> None:
    """A judgement of the wrong shape is GenerationUnavailable, never 'supported'."""
    fake.push(Reply({"unsupported": "none"}))
    with pytest.raises(GenerationUnavailable):
        judge.judge("q", ANSWER, EVIDENCE, RequestBudget())


def test_judgement_about_missing_claim_fails_closed(
    fake: FakeBedrock, judge: BedrockEntailmentJudge
) -> None:
    """A judgement naming a claim that does not exist is not trusted."""
    fake.push(Reply({"unsupported": [{"claim": 7, "reason": "r"}], "omissions": []}))
    with pytest.raises(GenerationUnavailable):
        judge.judge("q", ANSWER, EVIDENCE, RequestBudget())


def test_evidence_is_numbered_from_zero_with_quarantine_flag() -> None:
    """Blocks are shown as [0], [1] … and a quarantined block is flagged."""
    table = ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", "| a |", quarantined=True)
    text = evidence_block([*EVIDENCE, table])
    assert text.startswith("[0] Paracetamol — Chỉ định\n- Sốt.")
    assert "[1] Paracetamol — Liều lượng và cách dùng (bảng cần đối chiếu bản in)" in text
