"""The store settles a turn's fate (issue 16): a resent commit, a cancelled begin, a key
bound to its text, and a conversation nobody used expiring early."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
import redis

from core.errors import IdempotencyKeyReused, StateStoreUnavailable
from engine.conversation import Conversation
from engine.redis_client import from_url
from engine.store import Lease, RedisStateStore, hash_token, new_conversation_id
from engine.turn import Engine
from runners.testing import SAMPLE_CATALOG
from understanding import RulesUnderstander


def _made(store: RedisStateStore) -> Conversation:
    conv = Conversation(conversation_id=new_conversation_id(), token_hash=hash_token("t"))
    store.create(conv)
    return conv


def _next(conv: Conversation) -> Conversation:
    conv.version += 1
    conv.turn += 1
    return conv


def _lease(store: RedisStateStore, cid: str) -> tuple[Lease, Conversation]:
    begun = store.begin(cid)
    assert begun.lease is not None and begun.conversation is not None
    return begun.lease, begun.conversation


def test_a_resent_commit_of_a_saved_turn_succeeds(redis_client: redis.Redis) -> None:
    """The same commit run twice (its first reply lost) answers ok and writes once."""
    store = RedisStateStore(redis_client)
    cid = _made(store).conversation_id
    lease, conv = _lease(store, cid)
    saved = _next(conv)
    store.commit(lease, saved, idempotency_key="k", result_json="{}")
    store.commit(lease, saved, idempotency_key="k", result_json="{}")
    assert store.load(cid).version == 1
    assert redis_client.llen(store.keys_for(cid)["idemq"]) == 1


def test_a_later_turn_does_not_hide_an_earlier_commit(redis_client: redis.Redis) -> None:
    """A resend that arrives after the next turn was saved still finds its own turn."""
    store = RedisStateStore(redis_client)
    cid = _made(store).conversation_id
    first, conv = _lease(store, cid)
    store.commit(first, _next(conv))
    second, conv2 = _lease(store, cid)
    store.commit(second, _next(conv2))
    store.commit(first, conv)  # the late resend of the first commit
    assert store.load(cid).version == 2


def test_a_commit_run_after_its_deadline_writes_nothing(redis_client: redis.Redis) -> None:
    """A commit that reaches Redis after its deadline is refused and nothing is written."""
    store = RedisStateStore(redis_client, settle_s=0.5)
    cid = _made(store).conversation_id
    lease, conv = _lease(store, cid)
    late = dataclasses.replace(lease, server_ms=lease.server_ms - 60_000)
    with pytest.raises(StateStoreUnavailable):
        store.commit(late, _next(conv))
    assert store.load(cid).version == 0
    assert redis_client.get(store.keys_for(cid)["lock"]) is None


def test_a_cancelled_begin_never_takes_the_lock(redis_client: redis.Redis) -> None:
    """Once a begin is cancelled under its owner's name, a late copy of it cannot lock."""
    store = RedisStateStore(redis_client)
    cid = _made(store).conversation_id
    keys = store.keys_for(cid)
    store._cancel(cid, "late-owner")
    args = ["late-owner", 90_000, 2000, "", "1", 60_000, "", ""]
    order = ["doc", "lock", "fence", "queue", "waiters", "idem", "cancelled"]
    reply = store._begin(keys=[keys[n] for n in order], args=args)
    assert reply[0] in (b"cancelled", "cancelled")
    assert redis_client.get(keys["lock"]) is None
    assert store.begin(cid).lease is not None  # the conversation is free


def test_cancel_releases_a_lock_the_timed_out_begin_took(redis_client: redis.Redis) -> None:
    """A begin that ran but whose reply timed out holds the lock; cancelling frees it."""
    store = RedisStateStore(redis_client)
    cid = _made(store).conversation_id
    lease, _ = _lease(store, cid)
    store._cancel(cid, lease.owner)
    assert redis_client.get(store.keys_for(cid)["lock"]) is None


def test_the_client_never_resends_by_itself() -> None:
    """redis-py's own retry is off: a resend could apply a turn twice."""
    client = from_url("redis://127.0.0.1:1/0", timeout_s=0.1)
    retry = client.connection_pool.connection_kwargs["retry"]
    assert retry.get_retries() == 0


def test_a_key_sent_with_another_text_is_refused(make_engine: Callable[..., Engine]) -> None:
    """The same idempotency key with a different text is IdempotencyKeyReused, not a replay."""
    engine = make_engine()
    cid = engine.create_conversation().conversation_id
    first = engine.handle(cid, "xin chào", idempotency_key="k1")
    assert engine.handle(cid, "xin chào", idempotency_key="k1") == first
    with pytest.raises(IdempotencyKeyReused):
        engine.handle(cid, "liều ibuprofen cho người lớn", idempotency_key="k1")
    assert engine.conversation(cid).version == 1


def test_an_unused_conversation_expires_early(redis_client: redis.Redis) -> None:
    """A created conversation lives unused_ttl_s; its first saved turn gives it the full TTL."""
    store = RedisStateStore(redis_client, unused_ttl_s=60, idle_ttl_s=3600, retention_s=0)
    cid = _made(store).conversation_id
    doc = store.keys_for(cid)["doc"]
    assert 0 < redis_client.pttl(doc) <= 60_000
    lease, conv = _lease(store, cid)
    store.commit(lease, _next(conv))
    assert redis_client.pttl(doc) > 60_000


def test_a_refused_begin_is_counted_as_a_failed_turn(make_engine: Callable[..., Engine]) -> None:
    """Observers hear of a turn refused at begin (the store down), as of one failing later."""
    failed: list[str] = []

    class Counting:
        def turn_completed(self, *_a: object) -> None: ...

        def turn_failed(self, _cid: str, error: BaseException) -> None:
            failed.append(type(error).__name__)

    engine = make_engine()
    engine.observers.append(Counting())
    engine.store = RedisStateStore(from_url("redis://127.0.0.1:1/0", timeout_s=0.1), settle_s=0.1)
    with pytest.raises(StateStoreUnavailable):
        engine.handle("A" * 32, "xin chào")
    assert failed == ["StateStoreUnavailable"]


def test_an_impossible_weight_is_asked_for_again(make_engine: Callable[..., Engine]) -> None:
    """'-18 kg' for a child's dose is no weight: the reply asks for it (a clarify)."""
    engine = make_engine(understander=RulesUnderstander(SAMPLE_CATALOG))
    cid = engine.create_conversation().conversation_id
    result = engine.handle(cid, "liều paracetamol cho bé 5 tuổi nặng -18 kg")
    assert result.outcome.value == "clarify"
    assert result.reason == "missing_pediatric_age_or_weight"
    assert result.frame["weight_kg"] is None


def test_a_begin_run_twice_queues_once_and_locks_once(redis_client: redis.Redis) -> None:
    """A resent begin (its reply timed out) neither queues its owner twice nor takes a
    second fence: it hands back the lease the first copy took."""
    store = RedisStateStore(redis_client)
    cid = _made(store).conversation_id
    keys = store.keys_for(cid)
    order = ["doc", "lock", "fence", "queue", "waiters", "idem", "cancelled"]
    args = ["owner-1", 90_000, 2000, "", "1", 60_000, "", ""]
    first = store._begin(keys=[keys[n] for n in order], args=args)
    again = store._begin(keys=[keys[n] for n in order], args=args)
    assert first[0] == again[0] == b"ok"
    assert first[1] == again[1]  # the same fence
    assert redis_client.lrange(keys["queue"], 0, -1).count(b"owner-1") <= 1
    # A waiter resent while queued stays queued once.
    waiter = ["owner-2", 90_000, 2000, "", "1", 60_000, "", ""]
    store._begin(keys=[keys[n] for n in order], args=waiter)
    store._begin(keys=[keys[n] for n in order], args=waiter)
    assert redis_client.lrange(keys["queue"], 0, -1).count(b"owner-2") == 1
