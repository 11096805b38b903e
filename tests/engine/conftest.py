"""Builders for engines over a real Redis with the honest fakes of engine.testing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import redis

from core.frame import QueryFrame
from engine.effects import Effects
from engine.store import RedisStateStore
from engine.testing import (
    SAMPLE_CATALOG as CATALOG,
)
from engine.testing import (
    SAMPLE_EVIDENCE as EVIDENCE,
)
from engine.testing import (
    MemoryRetriever,
    QuotingAnswerer,
    ScriptedUnderstander,
    simple_checks,
    simple_render,
)
from engine.turn import Engine


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
        retriever = MemoryRetriever(EVIDENCE if items is None else items, CATALOG)
        effects = Effects(
            retriever,
            answerer or QuotingAnswerer(),
            checks=simple_checks,
            renderer=simple_render,
            catalog=CATALOG,
        )
        return Engine(
            store=RedisStateStore(redis_client, lock_wait_ms=2000),
            understander=understander or ScriptedUnderstander(frames or {}, default=default),
            effects=effects,
            catalog=CATALOG,
            **engine_kwargs,
        )

    return build
