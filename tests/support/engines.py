"""The real engine over a Redis URL (another process's server), for fault tests and benches."""

from __future__ import annotations

from typing import Any

from engine.redis_client import from_url
from engine.turn import Engine
from runners.testing import sample_engine as _sample_engine


def sample_engine(url: str, *, timeout_s: float = 5.0, **store_options: Any) -> Engine:
    """Frames come from the turn text (JSON); retrieval is the in-memory sample corpus."""
    engine: Engine = _sample_engine(from_url(url, timeout_s=timeout_s), **store_options)
    return engine
