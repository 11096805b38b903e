"""What only a Cluster shows: one slot per conversation, spread over masters, scripts loaded
on demand on every master, and the URL that selects a Cluster client."""

from __future__ import annotations

import pytest
import redis

from engine.redis_client import from_url
from engine.store import RedisStateStore
from engine.turn import Engine
from runners.testing import sample_engine
from tests.support.procs import LoopbackCluster
from web.ratelimit import RateLimiter

pytestmark = pytest.mark.cluster

CLARIFY = '{"turn_type": "drug_attribute", "needs_clarify": true}'


def engine_on(client: redis.RedisCluster) -> Engine:
    engine: Engine = sample_engine(client)
    return engine


def test_a_conversation_lives_on_one_slot(redis_client: redis.RedisCluster) -> None:
    """After a turn, every key of the conversation hashes to the same Cluster slot."""
    engine = engine_on(redis_client)
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, CLARIFY, idempotency_key="k1")
    keys = redis_client.keys(f"*{{{cid}}}*")
    assert len(keys) >= 4
    assert len({redis_client.keyslot(k) for k in keys}) == 1


def test_conversations_spread_over_every_master(
    redis_client: redis.RedisCluster, loopback_cluster: LoopbackCluster
) -> None:
    """Sixty conversations land on all three masters, so load is shared."""
    engine = engine_on(redis_client)
    store = engine.store
    assert isinstance(store, RedisStateStore)
    owners = set()
    for _ in range(60):
        cid = engine.create_conversation().conversation_id
        owners.add(loopback_cluster.master_for(store.keys_for(cid)["doc"]).port)
    assert len(owners) == 3


def test_scripts_reload_after_a_script_flush(redis_client: redis.RedisCluster) -> None:
    """With every master's script cache flushed, the next turn loads the scripts and succeeds."""
    engine = engine_on(redis_client)
    cid = engine.create_conversation().conversation_id
    engine.handle(cid, CLARIFY)
    redis_client.script_flush()  # redis-py sends it to every master
    assert engine.handle(cid, CLARIFY).turn == 2


def test_rate_limiter_bucket_works_on_the_cluster(redis_client: redis.RedisCluster) -> None:
    """The token bucket script runs on a Cluster and refuses once the burst is spent."""
    limiter = RateLimiter(redis_client, per_minute=60, burst=2)  # type: ignore[arg-type]
    decisions = [limiter.hit("10.0.0.9").allowed for _ in range(3)]
    assert decisions == [True, True, False]


def test_cluster_flag_in_the_url_selects_a_cluster_client(
    loopback_cluster: LoopbackCluster,
) -> None:
    """`?cluster=true` gives a RedisCluster; the same address without it a plain client."""
    clustered = from_url(loopback_cluster.url)
    plain = from_url(loopback_cluster.url.split("?")[0])
    try:
        assert isinstance(clustered, redis.RedisCluster)
        assert not isinstance(plain, redis.RedisCluster)
    finally:
        clustered.close()
        plain.close()
