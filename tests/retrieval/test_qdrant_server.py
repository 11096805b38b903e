"""qdrant-client adapter: the conformance suite on QdrantClient(":memory:") and the alias swap."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from index_conformance import IndexConformance
from qdrant_client import QdrantClient
from retrieval_support import RECORDS, make_points, spec_for

from core.errors import ConfigError, IndexUnavailable
from retrieval.index import IndexPoint
from retrieval.qdrant_server import STALE_AFTER, ServerIndex
from retrieval.testing import HashEmbedder


class TestServerIndex(IndexConformance):
    @pytest.fixture
    def index(self) -> ServerIndex:
        return ServerIndex(QdrantClient(":memory:"))


def test_replace_moves_alias_and_deletes_old_collection(embedder: HashEmbedder) -> None:
    """Replace points the alias at a new collection and removes the previous one."""
    client = QdrantClient(":memory:")
    index = ServerIndex(client, name="dt")
    index.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    first = {c.name for c in client.get_collections().collections}
    index.replace(spec_for(embedder), [make_points(RECORDS[2:3], embedder)])
    second = {c.name for c in client.get_collections().collections}
    assert len(first) == len(second) == 1
    assert first != second
    assert client.get_aliases().aliases[0].collection_name in second


def test_spec_survives_a_new_adapter(embedder: HashEmbedder) -> None:
    """A second adapter on the same server reads the spec from collection metadata."""
    client = QdrantClient(":memory:")
    ServerIndex(client).upsert(spec_for(embedder), make_points(RECORDS[:1], embedder))
    assert ServerIndex(client).spec() == spec_for(embedder)


def test_unreachable_server_is_index_unavailable() -> None:
    """A server that refuses connections raises IndexUnavailable when opened."""
    with pytest.raises(IndexUnavailable):
        ServerIndex(QdrantClient(url="http://127.0.0.1:9", timeout=1, check_compatibility=False))


def test_empty_name_is_config_error() -> None:
    """An empty collection name is refused when the adapter is built."""
    with pytest.raises(ConfigError, match="name"):
        ServerIndex(QdrantClient(":memory:"), name="")


def test_corpus_created_by_another_adapter_is_seen(embedder: HashEmbedder) -> None:
    """A reader opened before the first ingest sees the corpus another writer created."""
    client = QdrantClient(":memory:")
    reader = ServerIndex(client)
    assert reader.count() == 0
    ServerIndex(client).upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    assert reader.count() == 2


def test_reader_follows_alias_after_incremental_switch(embedder: HashEmbedder) -> None:
    """A serving adapter reads the new collection once another adapter moved the alias."""
    client = QdrantClient(":memory:")
    ServerIndex(client).upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    reader = ServerIndex(client)
    assert reader.count() == 2
    writer = ServerIndex(client)
    writer.replace(spec_for(embedder), [make_points(RECORDS[2:4], embedder)], keep_live=True)
    assert reader.count() == 4
    assert len(client.get_collections().collections) == 1


def test_leftover_staging_collection_is_deleted_by_next_replace(
    tmp_path: Path, embedder: HashEmbedder
) -> None:
    """An old staging collection left by a killed ingest goes at the next one; a young one,
    maybe still being filled by another process, stays (local mode on disk)."""
    client = QdrantClient(path=str(tmp_path))
    index = ServerIndex(client, name="dt")
    index.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    old_stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(time.time() - STALE_AFTER - 60))
    young_stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime())
    for name in (f"dt-g{old_stamp}-killed", f"dt-g{young_stamp}-filling", "other"):
        client.create_collection(name, vectors_config={})
    client.close()
    client = QdrantClient(path=str(tmp_path))
    again = ServerIndex(client, name="dt")
    assert again.count() == 2
    again.replace(spec_for(embedder), [make_points(RECORDS[2:3], embedder)], keep_live=True)
    names = {c.name for c in client.get_collections().collections}
    assert f"dt-g{old_stamp}-killed" not in names
    assert {f"dt-g{young_stamp}-filling", "other"} <= names
    assert len(names) == 3
    assert again.count() == 3
    client.close()


def test_interrupted_replace_reraises_even_when_cleanup_fails(
    embedder: HashEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a replace surfaces as Ctrl-C even if the staging cleanup itself fails."""
    client = QdrantClient(":memory:")
    index = ServerIndex(client)
    index.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))

    def broken(*_: object, **__: object) -> bool:
        raise ConnectionError("server went away")

    monkeypatch.setattr(client, "delete_collection", broken)

    def batches() -> Iterator[list[IndexPoint]]:
        yield make_points(RECORDS[2:3], embedder)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        index.replace(spec_for(embedder), batches(), keep_live=True)
    assert index.count() == 2
