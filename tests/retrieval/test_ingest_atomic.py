"""Ingest is all or nothing: a crash, Ctrl-C or kill mid-ingest leaves the previous index."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from retrieval_support import RECORDS, rec, write_jsonl

from core.errors import IndexUnavailable
from retrieval.index import Index, QueryFilter
from retrieval.ingest import ingest_file
from retrieval.qdrant_edge import EdgeIndex
from retrieval.testing import HashEmbedder, MemoryIndex
from retrieval.tokenizer import SparseEncoder

ROOT = Path(__file__).resolve().parents[2]


class CrashingEmbedder(HashEmbedder):
    """Embeds `batches` batches, then raises as a provider or a dying process would."""

    def __init__(self, batches: int, error: BaseException) -> None:
        super().__init__(dim=64)
        self.left = batches
        self.error = error

    def embed_passages(self, texts: Sequence[str]) -> list[list[float]]:
        if self.left == 0:
            raise self.error
        self.left -= 1
        return super().embed_passages(texts)


def many_records(count: int, prefix: str = "thuoc") -> list[dict[str, Any]]:
    """`count` small made-up records, one drug each, enough for several batches."""
    return [
        rec(f"{prefix}_{i:03d}", f"Thuốc {i}", "chi_dinh", f"- Bệnh thử số {i} ở người lớn.")
        for i in range(count)
    ]


def snapshot(index: Index) -> tuple[int, dict[str, Any], list[str]]:
    """What a reader sees: point count, every payload by id, and a search's answer."""
    payloads = {h.id: h.payload for h in index.scroll(QueryFilter())}
    hits = index.query(dense=None, sparse=SparseEncoder().query("Gammazol nấm Candida"), limit=3)
    return index.count(), payloads, [h.id for h in hits]


@pytest.fixture(params=["memory", "edge"])
def index(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    idx: Index = MemoryIndex() if request.param == "memory" else EdgeIndex(tmp_path / "q")
    yield idx
    idx.close()


@pytest.mark.parametrize("replace", [False, True])
@pytest.mark.parametrize("error", [RuntimeError("provider down"), KeyboardInterrupt()])
def test_crash_mid_ingest_keeps_previous_index(
    tmp_path: Path, index: Index, replace: bool, error: BaseException
) -> None:
    """An embedder failing after some batches leaves the same points and answers as before."""
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS), index, HashEmbedder(), progress=False)
    before = snapshot(index)
    crashing = CrashingEmbedder(batches=3, error=error)
    big = write_jsonl(tmp_path / "b.jsonl", many_records(200))
    with pytest.raises(type(error)):
        ingest_file(big, index, crashing, replace=replace, progress=False)
    assert crashing.calls == 3 * 32  # it did get part of the way
    assert snapshot(index) == before


def test_reingest_writes_nothing(tmp_path: Path, embedder: HashEmbedder) -> None:
    """Re-ingesting an unchanged file embeds nothing and leaves the live generation as is."""
    path = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    index = EdgeIndex(tmp_path / "q")
    ingest_file(path, index, embedder, progress=False)
    live = json.loads((tmp_path / "q" / "live.json").read_text())["generation"]
    calls = embedder.calls
    report = ingest_file(path, index, embedder, progress=False)
    assert (report.embedded, embedder.calls) == (0, calls)
    assert json.loads((tmp_path / "q" / "live.json").read_text())["generation"] == live
    index.close()


def test_incremental_ingest_embeds_only_new_chunks(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A plain ingest of old and new lines embeds the new ones and keeps the old ones."""
    index = EdgeIndex(tmp_path / "q")
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS[:4]), index, embedder, progress=False)
    report = ingest_file(
        write_jsonl(tmp_path / "b.jsonl", RECORDS), index, embedder, progress=False
    )
    assert report.embedded == 6
    assert index.count() == 10
    index.close()


def test_unwritable_index_fails_before_embedding(tmp_path: Path) -> None:
    """When the staging generation cannot be made, nothing is embedded and nothing changes."""
    index = MemoryIndex()
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS), index, HashEmbedder(), progress=False)
    index.fail_with = IndexUnavailable("disk gone")
    crashing = CrashingEmbedder(batches=0, error=AssertionError("embedded"))
    with pytest.raises(IndexUnavailable):
        ingest_file(
            write_jsonl(tmp_path / "b.jsonl", many_records(3)), index, crashing, progress=False
        )
    assert crashing.calls == 0


# -- a real process, interrupted -------------------------------------------------------

_DRIVER = """
import os, sys, time, runpy
from retrieval.tokenizer import SparseEncoder

marker, pause_after = sys.argv[1], int(sys.argv[2])
document = SparseEncoder.document
done = [0]

def slow_document(self, text):
    done[0] += 1
    if done[0] == pause_after:
        open(marker, "w").close()  # the test may now signal this process
        time.sleep(600)
    return document(self, text)

SparseEncoder.document = slow_document
sys.argv = ["runners.cli", *sys.argv[3:]]
runpy.run_module("runners.cli", run_name="__main__")
"""


def _env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "QDRANT_URL"}
    env.update(DUOCTHU_DATA_DIR=str(data_dir), EMBEDDING_PROVIDER="disabled")
    return env


def _edge_state(data_dir: Path) -> tuple[int, dict[str, Any], list[str]]:
    index = EdgeIndex(data_dir / "qdrant")
    try:
        return snapshot(index)
    finally:
        index.close()


@pytest.mark.parametrize("replace", [False, True])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGKILL])
def test_signal_mid_ingest_keeps_previous_index(
    tmp_path: Path, replace: bool, signum: signal.Signals
) -> None:
    """Ctrl-C or a kill of `python -m runners.cli ingest` halfway leaves the old index serving."""
    data = tmp_path / "data"
    old = write_jsonl(tmp_path / "old.jsonl", RECORDS)
    first = subprocess.run(
        [sys.executable, "-m", "runners.cli", "ingest", str(old), "--no-progress"],
        cwd=ROOT,
        env=_env(data),
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert first.returncode == 0, first.stderr
    before = _edge_state(data)
    new = write_jsonl(tmp_path / "new.jsonl", many_records(300))
    driver = tmp_path / "driver.py"
    driver.write_text(_DRIVER, encoding="utf-8")
    marker = tmp_path / "halfway"
    argv = ["ingest", str(new), "--no-progress", *(["--replace"] if replace else [])]
    proc = subprocess.Popen(
        [sys.executable, str(driver), str(marker), "150", *argv],
        cwd=ROOT,
        env=_env(data),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the ingest never got halfway"
            time.sleep(0.05)
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if signum == signal.SIGINT:
        assert proc.returncode == 130
        assert err.strip().splitlines() == ["ingest interrupted: the previous index is unchanged"]
    else:
        assert proc.returncode == -signal.SIGKILL
    assert _edge_state(data) == before
    # The next ingest cleans what the killed one left and still loads completely.
    again = subprocess.run(
        [sys.executable, "-m", "runners.cli", *argv],
        cwd=ROOT,
        env=_env(data),
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stderr
    count, _, _ = _edge_state(data)
    assert count == (300 if replace else 300 + before[0])
    assert len(list((data / "qdrant" / "generations").iterdir())) == 1
