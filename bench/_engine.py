"""The real engine over a given Redis URL with the sample corpus and fake models (for benches)."""

from __future__ import annotations

from typing import Any

from engine.paths import Paths
from engine.redis_client import from_url
from engine.store import RedisStateStore
from engine.testing import (
    SAMPLE_CATALOG,
    SAMPLE_EVIDENCE,
    FrameEchoUnderstander,
    MemoryRetriever,
    QuotingAnswerer,
    simple_checks,
    simple_render,
)
from engine.turn import Engine


def sample_engine(url: str, *, timeout_s: float = 5.0, **store_options: Any) -> Engine:
    """Frames come from the turn text (JSON); retrieval is the in-memory sample corpus."""
    paths = Paths(
        MemoryRetriever(SAMPLE_EVIDENCE, SAMPLE_CATALOG),
        QuotingAnswerer(),
        checks=simple_checks,
        renderer=simple_render,
        catalog=SAMPLE_CATALOG,
    )
    return Engine(
        store=RedisStateStore(from_url(url, timeout_s=timeout_s), **store_options),
        understander=FrameEchoUnderstander(),
        paths=paths,
        catalog=SAMPLE_CATALOG,
    )
