"""The Bedrock rerank seam, with a small fake bedrock-agent-runtime client."""

from __future__ import annotations

from typing import Any

import pytest
from botocore.exceptions import ClientError

from core.errors import ConfigError, IndexUnavailable
from core.evidence import Evidence
from retrieval.rerank import BedrockReranker

ARN = "arn:aws:bedrock:ap-southeast-1::foundation-model/cohere.rerank-v3-5:0"


class FakeAgentRuntime:
    def __init__(self, order: list[int], *, fail: bool = False) -> None:
        self.order, self.fail, self.calls = order, fail, []  # type: list[dict[str, Any]]

    def rerank(self, **kwargs: Any) -> dict[str, Any]:
        if self.fail:
            raise ClientError({"Error": {"Code": "AccessDenied", "Message": "no"}}, "Rerank")
        self.calls.append(kwargs)
        return {
            "results": [
                {"index": i, "relevanceScore": 1.0 - n / 10} for n, i in enumerate(self.order)
            ]
        }


def _ev(n: int) -> Evidence:
    return Evidence(
        text=f"t{n}",
        drug_id="d",
        drug_name="D",
        section_key="chi_dinh",
        section_title="Chỉ định",
        chunk_id=f"c{n}",
    )


def test_rerank_reorders_and_keeps_unranked() -> None:
    """Evidence comes back in the model's order; anything it left out follows, none lost."""
    client = FakeAgentRuntime([2, 0])
    ranked = BedrockReranker(client, ARN).rerank("q", [_ev(0), _ev(1), _ev(2)])
    assert [e.chunk_id for e in ranked] == ["c2", "c0", "c1"]
    assert ranked[0].score == 1.0
    assert client.calls[0]["queries"][0]["textQuery"]["text"] == "q"


def test_rerank_failure_and_config() -> None:
    """A botocore error is IndexUnavailable; a model id that is not an ARN is refused."""
    with pytest.raises(IndexUnavailable, match="rerank"):
        BedrockReranker(FakeAgentRuntime([], fail=True), ARN).rerank("q", [_ev(0)])
    with pytest.raises(ConfigError, match="ARN"):
        BedrockReranker(FakeAgentRuntime([]), "cohere.rerank-v3-5:0")
