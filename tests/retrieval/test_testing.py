"""The in-memory fakes pass the same index conformance suite as the Qdrant adapters."""

from __future__ import annotations

import pytest
from index_conformance import IndexConformance

from retrieval.testing import HashEmbedder, MemoryIndex


class TestMemoryIndex(IndexConformance):
    @pytest.fixture
    def index(self) -> MemoryIndex:
        return MemoryIndex()


def test_hash_embedder_is_deterministic_and_unit_length() -> None:
    """The fake embedder gives the same unit vector for the same text."""
    embedder = HashEmbedder(dim=16)
    a, b = embedder.embed_query("liều dùng"), embedder.embed_passages(["liều dùng"])[0]
    assert a == b
    assert abs(sum(x * x for x in a) - 1.0) < 1e-9


def test_memory_index_fail_with_raises() -> None:
    """Setting `fail_with` makes every call raise that error."""
    index = MemoryIndex()
    index.fail_with = RuntimeError("down")
    with pytest.raises(RuntimeError, match="down"):
        index.count()
