"""Two real uvicorn workers over a real Redis: one scrape of /metrics counts both workers."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fault_support import Service
from prometheus_client.mmap_dict import MmapedDict

from tests.support.procs import RedisNode
from web.metrics import MULTIPROC_ENV

pytestmark = pytest.mark.faults

BURST = 8
HEALTH = 'duocthu_http_requests_total{method="GET",route="/health",status="200"}'


def _health_counts(folder: Path) -> list[float]:
    """Each worker process's /health count, read straight from its counter file."""
    counts = []
    for path in sorted(folder.glob("counter_*.db")):
        values = MmapedDict.read_all_values_from_file(str(path))  # type: ignore[no-untyped-call]
        counts.append(sum(value for key, value, *_ in values if '"/health"' in key))
    return counts


def _health(base: str) -> int:
    return httpx.get(f"{base}/health", timeout=10).status_code


def _scraped(base: str) -> float:
    text = httpx.get(f"{base}/metrics", timeout=10).text
    lines = [line for line in text.splitlines() if line.startswith(HEALTH + " ")]
    return float(lines[0].rpartition(" ")[2]) if lines else 0.0


def test_one_scrape_adds_up_both_workers(
    redis_node: RedisNode, make_service: Callable[..., Service], tmp_path: Path
) -> None:
    """/health requests spread over two workers are all counted by any one scrape."""
    folder = tmp_path / "metrics"
    folder.mkdir()
    service = make_service(redis_node.url, workers=2, **{MULTIPROC_ENV: str(folder)}).start()
    sent = 0
    # Bursts of fresh connections at once: while one worker is busy accepting, the other takes
    # some (one at a time, an idle machine may let the same worker win every accept). Stop
    # once both have answered.
    with ThreadPoolExecutor(max_workers=BURST) as pool:
        while sum(1 for count in _health_counts(folder) if count > 0) < 2:
            assert sent < 100 * BURST, "every request reached the same worker"
            codes = pool.map(lambda _: _health(service.base), range(BURST))
            assert set(codes) == {200}
            sent += BURST
    total = sum(_health_counts(folder))
    assert total >= sent  # and the start-up probe's requests
    # Whichever worker answers the scrape, it reports both workers' requests.
    assert {_scraped(service.base) for _ in range(6)} == {total}
