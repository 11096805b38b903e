"""Fixtures shared by the retrieval tests."""

from __future__ import annotations

import pytest

from retrieval.testing import HashEmbedder


@pytest.fixture
def embedder() -> HashEmbedder:
    """A deterministic 64-d fake embedder (no model download, no threads)."""
    return HashEmbedder(dim=64)
