"""Retrieval: the corpus format, ingestion, and the Qdrant index (embedded and server).

Heavy modules (the Qdrant adapters, the local embedder, build) are imported by name,
not here, so importing `retrieval` stays light.
"""

from retrieval.corpus import CorpusRecord, section_key_for
from retrieval.embed import BedrockEmbedder, DisabledEmbedder, Embedder, LocalEmbedder
from retrieval.index import Hit, Index, IndexPoint, IndexSpec, QueryFilter
from retrieval.ingest import IngestReport, ingest_file, ingest_files
from retrieval.service import RetrievalService, SearchMode
from retrieval.tokenizer import SparseEncoder, SparseVector

__all__ = [
    "BedrockEmbedder",
    "CorpusRecord",
    "DisabledEmbedder",
    "Embedder",
    "Hit",
    "Index",
    "IndexPoint",
    "IndexSpec",
    "IngestReport",
    "LocalEmbedder",
    "QueryFilter",
    "RetrievalService",
    "SearchMode",
    "SparseEncoder",
    "SparseVector",
    "ingest_file",
    "ingest_files",
    "section_key_for",
]
