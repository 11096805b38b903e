"""`PerThread`: one kept connection per thread for a standalone client, none for Sentinel."""

from __future__ import annotations

import threading

import redis
from redis.sentinel import Sentinel

from engine.redis_client import PerThread


def test_each_thread_keeps_its_own_connection(redis_client: redis.Redis) -> None:
    clients = PerThread(redis_client)
    mine = clients.get()
    assert clients.get() is mine  # the same client, and connection, on every call here
    assert mine.connection is not None
    assert mine.connection_pool is redis_client.connection_pool
    other: list[redis.Redis | redis.RedisCluster] = []
    thread = threading.Thread(target=lambda: other.append(clients.get()))
    thread.start()
    thread.join()
    assert other[0] is not mine
    assert other[0].connection is not mine.connection
    mine.set("per-thread-probe", "1")
    assert other[0].get("per-thread-probe") == redis_client.get("per-thread-probe")


def test_a_kept_connection_survives_a_dropped_socket(redis_client: redis.Redis) -> None:
    """The connection reconnects on the next command, as a pooled one would."""
    mine = PerThread(redis_client).get()
    assert mine.ping()
    assert mine.connection is not None
    mine.connection.disconnect()
    assert mine.ping()


def test_sentinel_clients_are_shared_not_kept() -> None:
    """A Sentinel pool finds the master per checkout; PerThread must not pin a connection."""
    client = Sentinel([("127.0.0.1", 1)]).master_for("mymaster")
    assert PerThread(client).get() is client
