"""Fixtures of the fault suite: a real redis-server (AOF, fsync always) and service builders."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fault_support import SERVICE_ENV, Service

from tests.support.procs import RedisNode, server_binary


@pytest.fixture
def redis_node(tmp_path: Path) -> Iterator[RedisNode]:
    """A redis-server with AOF fsynced on every write, on a fixed port for restarts."""
    if server_binary() is None:
        pytest.skip("redis-server is not installed (CI installs Debian's redis-server)")
    node = RedisNode(tmp_path / "redis", "--appendonly", "yes", "--appendfsync", "always")
    node.start()
    yield node
    node.kill()


@pytest.fixture
def make_service(tmp_path: Path) -> Iterator[Callable[..., Service]]:
    """Build (not start) a service against a Redis URL; every one is killed at the end."""
    made: list[Service] = []

    def make(redis_url: str, *, workers: int = 1, **env: str) -> Service:
        data = tmp_path / f"svc{len(made)}"
        data.mkdir()
        service = Service(
            redis_url,
            {**SERVICE_ENV, "DUOCTHU_DATA_DIR": str(data), **env},
            data / "log",
            workers=workers,
        )
        made.append(service)
        return service

    yield make
    for service in made:
        service.kill()
