"""A reply lost on the wire after Redis ran the command: the store's resend must neither
lock the conversation out nor apply the turn twice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from proxy import FaultProxy

from engine.turn import Engine
from tests.support.engines import sample_engine
from tests.support.procs import RedisNode

pytestmark = pytest.mark.faults

SMALLTALK = '{"turn_type": "smalltalk"}'


@pytest.fixture
def proxied(redis_node: RedisNode) -> Iterator[tuple[FaultProxy, Engine]]:
    proxy = FaultProxy(redis_node.port)
    # lock_wait well under lock_ttl: a lockout would surface as TurnInProgress, not a wait.
    engine = sample_engine(proxy.url, timeout_s=1.0, lock_ttl_ms=60_000, lock_wait_ms=1500)
    yield proxy, engine
    proxy.close()


def test_lost_begin_reply_is_retried_into_the_same_lease(
    proxied: tuple[FaultProxy, Engine],
) -> None:
    """begin ran and took the lock but its reply was lost: the retried begin gets that lease."""
    proxy, engine = proxied
    warm = engine.create_conversation().conversation_id
    engine.handle(warm, SMALLTALK)  # the scripts are cached, so the next command runs begin
    cid = engine.create_conversation().conversation_id
    proxy.lose_next_reply()
    assert engine.handle(cid, SMALLTALK, idempotency_key="a").turn == 1
    assert engine.handle(cid, SMALLTALK, idempotency_key="b").turn == 2
    assert [e.idempotency_key for e in engine.trace(cid)] == ["a", "b"]


def test_lost_commit_reply_is_settled_as_saved(proxied: tuple[FaultProxy, Engine]) -> None:
    """commit ran but its reply was lost: the resent commit finds its own turn and reports it
    saved (not a conflict); the keyed retry replays it once."""
    proxy, engine = proxied
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, SMALLTALK, idempotency_key="a")
    store = engine.store
    begun = store.begin(cid, idempotency_key="b")
    assert begun.lease is not None and begun.conversation is not None
    conv = begun.conversation
    conv.version += 1
    conv.turn += 1
    proxy.lose_next_reply()
    store.commit(begun.lease, conv, idempotency_key="b", result_json="{}")
    assert store.begin(cid, idempotency_key="b").replay == "{}"
    assert engine.conversation(cid).version == 2
