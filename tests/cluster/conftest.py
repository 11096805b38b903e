"""A real 3-master Redis Cluster on loopback for the whole session, and the shared suites.

The session's `redis_server`/`redis_client`/`redis_url` fixtures are overridden
here so the store, engine and property suites written for one Redis run
unchanged through `redis.RedisCluster`. Skips when redis-server or redis-cli is
absent (CI installs both).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis
from cluster_suites import load_suite

from engine.redis_client import from_url
from tests.support.procs import LoopbackCluster, cli_binary, server_binary


@pytest.fixture(scope="session")
def loopback_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackCluster]:
    """Three masters, no replicas, started once for the session and killed at its end."""
    if server_binary() is None or cli_binary() is None:
        pytest.skip("redis-server and redis-cli are needed for the Cluster suite")
    cluster = LoopbackCluster(tmp_path_factory.mktemp("cluster"), masters=3)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.close()


class EveryMasterKeys(redis.RedisCluster):
    """redis-py sends KEYS to one node; the suites' key checks must see every master."""

    def keys(self, pattern: Any = "*", **kwargs: Any) -> Any:
        kwargs.setdefault("target_nodes", self.PRIMARIES)
        return super().keys(pattern, **kwargs)


@pytest.fixture(scope="session")
def redis_server(loopback_cluster: LoopbackCluster) -> Iterator[redis.RedisCluster]:
    """The Cluster through the service's own URL parsing (checked), KEYS over every master."""
    probe = from_url(loopback_cluster.url)
    assert isinstance(probe, redis.RedisCluster)
    probe.close()
    client = EveryMasterKeys.from_url(
        loopback_cluster.url.split("?")[0], socket_timeout=5.0, socket_connect_timeout=5.0
    )
    yield client
    client.close()


@pytest.fixture(scope="session")
def redis_url(loopback_cluster: LoopbackCluster) -> str:
    return loopback_cluster.url


# The engine suite's builder (`make_engine`), so its tests run here unchanged.
globals().update(load_suite("tests/engine/conftest.py"))
