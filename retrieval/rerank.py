"""Optional reranking of search candidates through Bedrock's Rerank API (off by default).

The `Reranker` protocol and a Bedrock adapter that takes an injected
`bedrock-agent-runtime` client; `retrieval.build.build_reranker` enables it when
`BEDROCK_RERANK_MODEL_ARN` is set. It reorders `search` results only (never the
indication lookup), and stays off by default: it has not been measured on our eval
set, since no Bedrock account is reachable from the development machines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from core.errors import ConfigError, IndexUnavailable
from core.evidence import Evidence


class Reranker(Protocol):
    """Reorders evidence for a query, best first; may drop none and add none."""

    def rerank(self, query: str, evidence: Sequence[Evidence]) -> list[Evidence]: ...


class BedrockReranker:
    """`bedrock-agent-runtime.rerank` with a rerank model ARN (e.g. Cohere Rerank 3.5)."""

    def __init__(self, client: Any, model_arn: str) -> None:
        if not model_arn.startswith("arn:"):
            raise ConfigError(f"rerank model must be a model ARN, got {model_arn!r}")
        self._client = client
        self._model_arn = model_arn

    def rerank(self, query: str, evidence: Sequence[Evidence]) -> list[Evidence]:
        from botocore.exceptions import BotoCoreError, ClientError  # noqa: PLC0415

        if not evidence:
            return []
        sources = [
            {
                "type": "INLINE",
                "inlineDocumentSource": {"type": "TEXT", "textDocument": {"text": e.text}},
            }
            for e in evidence
        ]
        try:
            response = self._client.rerank(
                queries=[{"type": "TEXT", "textQuery": {"text": query}}],
                sources=sources,
                rerankingConfiguration={
                    "type": "BEDROCK_RERANKING_MODEL",
                    "bedrockRerankingConfiguration": {
                        "numberOfResults": len(sources),
                        "modelConfiguration": {"modelArn": self._model_arn},
                    },
                },
            )
        except (BotoCoreError, ClientError) as exc:
            raise IndexUnavailable(f"bedrock rerank failed: {exc}") from exc
        order = [(int(r["index"]), float(r["relevanceScore"])) for r in response["results"]]
        ranked = [evidence[i].model_copy(update={"score": s}) for i, s in order]
        seen = {i for i, _ in order}
        return ranked + [e for i, e in enumerate(evidence) if i not in seen]


__all__ = ["BedrockReranker", "Reranker"]
