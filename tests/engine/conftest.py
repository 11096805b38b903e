"""Builders for engines over a real Redis with the honest fakes of runners.testing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import redis

from core.frame import QueryFrame
from engine.turn import Engine
from runners.testing import (
    SAMPLE_CATALOG,
    SAMPLE_EVIDENCE,
    MemoryRetriever,
    ScriptedUnderstander,
    sample_engine,
)


@pytest.fixture
def make_engine(redis_client: redis.Redis) -> Callable[..., Engine]:
    """Engine factory: scripted frames, in-memory evidence, quoting answerer, real Redis."""

    def build(
        frames: dict[str, QueryFrame] | None = None,
        *,
        default: Callable[..., QueryFrame] | None = None,
        items: list[Any] | None = None,
        answerer: Any = None,
        understander: Any = None,
        **engine_kwargs: Any,
    ) -> Engine:
        return sample_engine(
            redis_client,
            understander=understander or ScriptedUnderstander(frames or {}, default=default),
            retriever=MemoryRetriever(SAMPLE_EVIDENCE if items is None else items, SAMPLE_CATALOG),
            answerer=answerer,
            engine_options=engine_kwargs,
            lock_wait_ms=2000,
        )

    return build
