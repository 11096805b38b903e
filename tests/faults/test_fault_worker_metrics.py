"""Two real uvicorn workers over a real Redis: one scrape of /metrics counts both workers."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from fault_support import Service
from prometheus_client.mmap_dict import MmapedDict

from tests.support.procs import RedisNode, wait_for
from web.metrics import MULTIPROC_ENV

pytestmark = pytest.mark.faults

HEALTH = 'duocthu_http_requests_total{method="GET",route="/health",status="200"}'
# A guard against a hang, not a speed test: the second worker may still be starting.
SECOND_WORKER_WAIT_S = 180


def _health_counts(folder: Path) -> dict[int, float]:
    """Each worker process's /health count by its pid, read straight from its counter file."""
    counts = {}
    for path in sorted(folder.glob("counter_*.db")):
        values = MmapedDict.read_all_values_from_file(str(path))  # type: ignore[no-untyped-call]
        pid = int(path.stem.removeprefix("counter_"))
        counts[pid] = sum(value for key, value, *_ in values if '"/health"' in key)
    return counts


def _health(base: str, timeout: float = 10) -> int:
    return httpx.get(f"{base}/health", timeout=timeout).status_code


def _scraped(base: str) -> float:
    text = httpx.get(f"{base}/metrics", timeout=10).text
    lines = [line for line in text.splitlines() if line.startswith(HEALTH + " ")]
    return float(lines[0].rpartition(" ")[2]) if lines else 0.0


def test_one_scrape_adds_up_both_workers(
    redis_node: RedisNode, make_service: Callable[..., Service], tmp_path: Path
) -> None:
    """/health requests answered by two workers are all counted by any one scrape."""
    folder = tmp_path / "metrics"
    folder.mkdir()
    service = make_service(redis_node.url, workers=2, **{MULTIPROC_ENV: str(folder)}).start()
    # The start-up probe was answered by one worker (its count lands just after the reply).
    # Which worker wins an accept is up to the kernel, and the second may still be starting,
    # so stop the first one: the next requests can only be taken by the other.
    wait_for(lambda: any(_health_counts(folder).values()), 30, "the probe's count")
    counts = _health_counts(folder)
    (first,) = [pid for pid, count in counts.items() if count > 0]
    before = sum(counts.values())
    os.kill(first, signal.SIGSTOP)
    try:
        for _ in range(3):
            assert _health(service.base, timeout=SECOND_WORKER_WAIT_S) == 200
    finally:
        os.kill(first, signal.SIGCONT)
    for _ in range(3):
        assert _health(service.base) == 200

    def both_counted() -> bool:
        counts = _health_counts(folder)
        return len(counts) == 2 and min(counts.values()) > 0 and sum(counts.values()) >= before + 6

    wait_for(both_counted, 30, "both workers' counts")
    total = sum(_health_counts(folder).values())
    # Whichever worker answers the scrape, it reports both workers' requests.
    assert {_scraped(service.base) for _ in range(6)} == {total}
