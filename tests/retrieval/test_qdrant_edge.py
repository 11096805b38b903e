"""Qdrant Edge adapter: the conformance suite, persistence and the generation switch."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from index_conformance import IndexConformance
from retrieval_support import RECORDS, make_points, spec_for

from core.errors import IndexUnavailable
from retrieval.index import IndexPoint, QueryFilter
from retrieval.qdrant_edge import EdgeIndex
from retrieval.testing import HashEmbedder


class TestEdgeIndex(IndexConformance):
    @pytest.fixture
    def index(self, tmp_path: Path) -> Iterator[EdgeIndex]:
        idx = EdgeIndex(tmp_path / "qdrant")
        yield idx
        idx.close()


def test_reopen_keeps_points_and_spec(tmp_path: Path, embedder: HashEmbedder) -> None:
    """Closing and reopening the directory serves the same corpus and spec."""
    index = EdgeIndex(tmp_path)
    index.upsert(spec_for(embedder), make_points(RECORDS, embedder))
    count = index.count()
    index.close()
    again = EdgeIndex(tmp_path)
    assert again.count() == count
    assert again.spec() == spec_for(embedder)
    assert again.scroll(QueryFilter(("betamol",), ("lieu_luong_cach_dung",)))
    again.close()


def test_replace_switches_live_pointer_and_drops_old(
    tmp_path: Path, embedder: HashEmbedder
) -> None:
    """After replace, live.json names the new generation and the old one is removed."""
    index = EdgeIndex(tmp_path)
    index.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    first = json.loads((tmp_path / "live.json").read_text())["generation"]
    index.replace(spec_for(embedder), [make_points(RECORDS[2:4], embedder)])
    second = json.loads((tmp_path / "live.json").read_text())["generation"]
    assert first != second
    assert [p.name for p in (tmp_path / "generations").iterdir()] == [second]
    index.close()


def test_unfinished_generation_never_serves(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A generation left behind by a crashed ingest is ignored on reopen."""
    index = EdgeIndex(tmp_path)
    index.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    index.close()
    (tmp_path / "generations" / "g-crashed").mkdir()
    again = EdgeIndex(tmp_path)
    assert again.count() == 2
    again.close()


def test_corrupt_live_file_is_index_unavailable(tmp_path: Path) -> None:
    """A live pointer naming a missing shard raises IndexUnavailable, not a raw error."""
    (tmp_path / "live.json").write_text(json.dumps({"generation": "nope", "spec": {}}))
    with pytest.raises(IndexUnavailable, match="qdrant edge"):
        EdgeIndex(tmp_path)


def test_replace_keeping_live_switches_pointer(tmp_path: Path, embedder: HashEmbedder) -> None:
    """An incremental write fills a new generation and live.json moves to it at the end."""
    index = EdgeIndex(tmp_path)
    index.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    first = json.loads((tmp_path / "live.json").read_text())["generation"]
    index.replace(spec_for(embedder), [make_points(RECORDS[2:4], embedder)], keep_live=True)
    second = json.loads((tmp_path / "live.json").read_text())["generation"]
    assert first != second
    assert [p.name for p in (tmp_path / "generations").iterdir()] == [second]
    index.close()
    again = EdgeIndex(tmp_path)
    assert again.count() == 4
    again.close()


def test_leftover_generation_is_removed_by_next_replace(
    tmp_path: Path, embedder: HashEmbedder
) -> None:
    """A staging generation left by a killed ingest is deleted when the next one starts."""
    index = EdgeIndex(tmp_path)
    index.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    index.close()
    leftover = tmp_path / "generations" / "g-killed"
    leftover.mkdir()
    (leftover / "segment").write_text("half written")
    again = EdgeIndex(tmp_path)
    seen: list[bool] = []

    def batches() -> Iterator[list[IndexPoint]]:
        seen.append(leftover.exists())
        yield make_points(RECORDS[2:3], embedder)

    again.replace(spec_for(embedder), batches(), keep_live=True)
    assert seen == [False]
    assert again.count() == 3
    again.close()


def test_data_dir_under_a_file_is_index_unavailable(tmp_path: Path) -> None:
    """An index directory that is (or lies under) a plain file is refused when opened."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for directory in (blocker, blocker / "qdrant"):
        with pytest.raises(IndexUnavailable, match="not a usable directory"):
            EdgeIndex(directory)


def test_reader_follows_pointer_switched_by_another_writer(
    tmp_path: Path, embedder: HashEmbedder
) -> None:
    """A serving adapter opens the generation live.json names after another one switched it."""
    writer = EdgeIndex(tmp_path)
    writer.upsert(spec_for(embedder), make_points(RECORDS[:2], embedder))
    reader = EdgeIndex(tmp_path)
    assert reader.count() == 2
    writer.replace(spec_for(embedder), [make_points(RECORDS[2:4], embedder)], keep_live=True)
    assert reader.count() == 4
    writer.replace(spec_for(None), [make_points(RECORDS[:1])])
    assert reader.spec() == spec_for(None)
    assert reader.count() == 1
    writer.close()
    reader.close()
