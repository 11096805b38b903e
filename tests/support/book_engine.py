"""The rules engine over a few passages of our own, in the book's shapes, on a real Redis: the
fixture turn tests of one drug's rows share."""

from __future__ import annotations

from collections.abc import Sequence

import redis

from core.catalog import DrugCatalog
from core.evidence import Evidence
from engine.effects import Effects
from engine.store import RedisStateStore
from engine.turn import Engine, TurnResult
from grounding.extractive import ExtractiveAnswerer
from grounding.render import render_answer
from grounding.verify import default_checks
from runners.testing import MemoryRetriever
from understanding import RulesUnderstander


def book_effects(passages: Sequence[Evidence], catalog: DrugCatalog) -> Effects:
    """Extractive answers and the default checks over `passages`."""
    return Effects(
        MemoryRetriever(list(passages), catalog),
        ExtractiveAnswerer(catalog),
        checks=lambda request: default_checks(request, catalog),
        renderer=render_answer,
        catalog=catalog,
    )


def book_engine(client: redis.Redis, passages: Sequence[Evidence], catalog: DrugCatalog) -> Engine:
    """Offline understanding and `book_effects` over `passages`, state in `client`."""
    effects = book_effects(passages, catalog)
    return Engine(
        store=RedisStateStore(client, lock_wait_ms=2000),
        understander=RulesUnderstander(catalog),
        effects=effects,
        catalog=catalog,
    )


def talk(engine: Engine, *texts: str) -> list[TurnResult]:
    """One new conversation, each text a user turn, the results in order."""
    cid = engine.create_conversation().conversation_id
    return [engine.handle(cid, t) for t in texts]
