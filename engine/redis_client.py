"""Build the Redis client from settings: the embedded server, a URL, Sentinel or Cluster.

Clients fail fast (short timeouts) because a turn that cannot reach its state must be
refused quickly, not hang. They never resend a command by themselves: after a timeout
Redis may still run the first copy (a paused server runs it when it resumes), so a blind
resend of a turn's begin or commit could apply it twice or report a saved turn as
failed. `engine.store` resends only scripts that are safe to run twice.
"""

from __future__ import annotations

import threading
import weakref
from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qs, urlparse

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from redis.sentinel import SentinelConnectionPool

from core.errors import ConfigError, StateStoreUnavailable
from engine.embedded_redis import EmbeddedClient


def _common(timeout_s: float) -> dict[str, Any]:
    return {
        "socket_timeout": timeout_s,
        "socket_connect_timeout": timeout_s,
        "retry": Retry(NoBackoff(), 0),
        "health_check_interval": 30,
    }


def embedded(data_dir: Path, *, timeout_s: float = 2.0) -> redis.Redis:
    """The embedded Redis persisted under `data_dir` with AOF on (survives kill -9).

    The server is this process's child and ends with it (`engine.embedded_redis`).
    """
    try:
        return EmbeddedClient(data_dir / "redis", **_common(timeout_s))
    except StateStoreUnavailable:
        raise
    except Exception as exc:
        raise StateStoreUnavailable(f"embedded Redis failed to start: {exc}") from exc


def from_url(url: str, *, timeout_s: float = 2.0) -> redis.Redis | redis.RedisCluster:
    """redis://, rediss://, unix://, redis+sentinel://host:port,host:port/master, or
    redis://…?cluster=true for a Cluster."""
    parsed = urlparse(url)
    opts = _common(timeout_s)
    if parsed.scheme == "redis+sentinel":
        from redis.sentinel import Sentinel  # noqa: PLC0415

        hosts = []
        for part in parsed.netloc.split("@")[-1].split(","):
            host, _, port = part.partition(":")
            hosts.append((host, int(port or 26379)))
        master = parsed.path.strip("/") or "mymaster"
        sentinel = Sentinel(hosts, socket_timeout=timeout_s)  # type: ignore[no-untyped-call]  # redis-py leaves Sentinel unannotated
        client: redis.Redis = sentinel.master_for(master, **opts)  # type: ignore[no-untyped-call]  # same
        return client
    if parsed.scheme not in {"redis", "rediss", "unix"}:
        raise ConfigError(
            f"REDIS_URL scheme must be redis, rediss, unix or redis+sentinel, got {parsed.scheme!r}"
        )
    if parse_qs(parsed.query).get("cluster", ["false"])[0].lower() in {"1", "true", "yes"}:
        base = url.split("?", maxsplit=1)[0]
        return redis.RedisCluster.from_url(
            base, socket_timeout=timeout_s, socket_connect_timeout=timeout_s
        )
    return redis.Redis.from_url(url, **opts)


class PerThread:
    """A client per thread, each holding one connection of the shared pool for good.

    redis-py checks a connection out of the pool and back in on every command, which
    is about half of a local command's client-side time; a turn makes three. A thread
    that keeps its own connection skips that. The clients share the pool, its
    settings (timeouts, retry) and its `close()`. A Cluster client routes each
    command to its own node connections, and a Sentinel pool finds the master when it
    hands a connection out (a kept connection would reconnect to a demoted master after
    a failover): both are used as they are.
    """

    def __init__(self, client: redis.Redis | redis.RedisCluster) -> None:
        self._client = client
        self._local = threading.local()
        self._shared = isinstance(client, redis.RedisCluster) or isinstance(
            getattr(client, "connection_pool", None), SentinelConnectionPool
        )

    def get(self) -> redis.Redis | redis.RedisCluster:
        if self._shared:
            return self._client
        try:
            mine: redis.Redis = self._local.client
        except AttributeError:
            pool = cast(redis.Redis, self._client).connection_pool
            mine = redis.Redis(connection_pool=pool, single_connection_client=True)
            self._local.client = mine
        return mine


_per_thread: weakref.WeakKeyDictionary[Any, PerThread] = weakref.WeakKeyDictionary()
_per_thread_lock = threading.Lock()


def per_thread(client: redis.Redis | redis.RedisCluster) -> PerThread:
    """The one `PerThread` for `client`, so the store and the rate limiter share a thread's
    connection instead of keeping one each."""
    with _per_thread_lock:
        found = _per_thread.get(client)
        if found is None:
            found = _per_thread[client] = PerThread(client)
        return found


__all__ = ["PerThread", "embedded", "from_url", "per_thread"]
