"""A new corpus reaches every running process without a restart (issue 24): `duocthu ingest`
while `duocthu serve` runs and a second process holds a runtime on the same data dir; both
answer for the new drug within seconds and `/ready` reports the new corpus version.
Ingests on one data dir wait for each other, saying so."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serve_support import REPO, RealServe

from core.settings import Settings
from engine.bootstrap import Runtime, build_runtime
from retrieval.ingest_lock import hold_ingest_lock, release_ingest_lock
from tests.support.procs import wait_for

pytestmark = pytest.mark.faults

QUESTION = "Chống chỉ định của Zentamol là gì?"
# A made-up drug, written for this test only.
NEW_CORPUS = "\n".join(
    [
        '{"drug_id": "zentamol", "drug_name": "Zentamol", "inn": "Zentamol", '
        '"section_key": "chong_chi_dinh", "text": "Người quá mẫn với zentamol. Người suy gan '
        'nặng.", "source": "test corpus (issue 24)"}',
        '{"drug_id": "zentamol", "drug_name": "Zentamol", "inn": "Zentamol", '
        '"section_key": "chi_dinh", "text": "Giảm đau nhẹ trong thử nghiệm phần mềm.", '
        '"source": "test corpus (issue 24)"}',
    ]
)


def _ingest(data_dir: Path, corpus: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "DUOCTHU_DATA_DIR": str(data_dir), "EMBEDDING_PROVIDER": "disabled"}
    for name in ("REDIS_URL", "QDRANT_URL"):
        env.pop(name, None)
    return subprocess.Popen(
        [sys.executable, "-m", "runners.cli", "ingest", str(corpus), "--no-progress"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _http_reason(base: str) -> tuple[str, list[str]]:
    with httpx.Client(base_url=base, timeout=10) as http:
        body = http.post("/v1/conversations").json()
        auth = {"Authorization": f"Bearer {body['token']}"}
        url = f"/v1/conversations/{body['conversation_id']}/turns"
        result = http.post(url, json={"text": QUESTION}, headers=auth).json()
    return result["reason"], [c["drug_id"] for c in result["citations"]]


def _runtime_reason(runtime: Runtime) -> tuple[str, list[str]]:
    engine = runtime.engine
    created = engine.create_conversation()
    result = engine.handle(created.conversation_id, QUESTION, token=created.token)
    return result.reason, [c.drug_id for c in result.citations]


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[tuple[RealServe, Runtime]]:
    """`duocthu serve` on a fresh data dir, and a second runtime in this process on it."""
    serve = RealServe(tmp_path / "data", tmp_path / "serve.log")
    serve.start()
    second = build_runtime(
        Settings(duocthu_data_dir=tmp_path / "data", embedding_provider="disabled")
    )
    second.start_following(0.2)
    try:
        yield serve, second
    finally:
        second.close()
        serve.stop()


def test_an_ingest_reaches_every_running_process_and_ready_names_its_version(
    serving: tuple[RealServe, Runtime], tmp_path: Path
) -> None:
    """Before the ingest neither process knows Zentamol; after it, both answer it from its
    own section, and /ready's corpus version and drug count move with it."""
    serve, second = serving
    before: dict[str, Any] = httpx.get(f"{serve.base}/ready").json()["corpus"]
    assert before["version"] and before["drugs"] > 0
    assert _http_reason(serve.base)[0] != "single_drug"
    assert _runtime_reason(second)[0] != "single_drug"
    corpus = tmp_path / "new.jsonl"
    corpus.write_text(NEW_CORPUS + "\n", encoding="utf-8")
    ingest = _ingest(serve.data_dir, corpus)
    output, _ = ingest.communicate(timeout=180)
    assert ingest.returncode == 0, output

    answered = ("single_drug", ["zentamol"])
    wait_for(lambda: _http_reason(serve.base) == answered, 60, "serve to answer Zentamol")
    wait_for(lambda: _runtime_reason(second) == answered, 60, "the second process to follow")
    after = httpx.get(f"{serve.base}/ready").json()["corpus"]
    assert after["version"] != before["version"]
    assert after["drugs"] == before["drugs"] + 1
    assert second.corpus() == after


def test_two_ingests_on_one_data_dir_run_one_after_the_other(tmp_path: Path) -> None:
    """A second ingest waits for the first, saying so in one line, and then succeeds."""
    data = tmp_path / "data"
    corpus = tmp_path / "new.jsonl"
    corpus.write_text(NEW_CORPUS + "\n", encoding="utf-8")
    held = hold_ingest_lock(data)
    try:
        waiting = _ingest(data, corpus)
        assert waiting.stdout is not None
        line = waiting.stdout.readline()
        assert "another ingest (pid" in line and "waiting for it to finish" in line
        assert waiting.poll() is None
    finally:
        release_ingest_lock(held)
    output, _ = waiting.communicate(timeout=180)
    assert waiting.returncode == 0, output
    both = [_ingest(data, corpus) for _ in range(2)]
    results = [(p.communicate(timeout=180)[0], p.returncode) for p in both]
    assert [code for _, code in results] == [0, 0], results
