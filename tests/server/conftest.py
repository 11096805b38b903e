"""Fixtures for the HTTP shell: a fake runtime per test over the session's real Redis."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from server_fakes import FakeRuntime
from starlette.testclient import TestClient

from engine.settings import Settings
from server import create_app


@pytest.fixture
def make_client(
    redis_client: redis.Redis, tmp_path: Path
) -> Iterator[Callable[..., tuple[TestClient, FakeRuntime]]]:
    """Build an app over a fresh fake runtime with settings overrides; the lifespan runs."""
    stack: list[TestClient] = []

    def make(
        *, raise_server_exceptions: bool = True, **overrides: Any
    ) -> tuple[TestClient, FakeRuntime]:
        settings = Settings(duocthu_data_dir=tmp_path, **overrides)
        runtime = FakeRuntime(settings=settings, redis=redis_client)
        app = create_app(settings, lambda _s: runtime)
        client = TestClient(app, raise_server_exceptions=raise_server_exceptions)
        client.__enter__()
        stack.append(client)
        return client, runtime

    yield make
    for client in stack:
        client.__exit__(None, None, None)


@pytest.fixture
def client(
    make_client: Callable[..., tuple[TestClient, FakeRuntime]],
) -> tuple[TestClient, FakeRuntime]:
    return make_client()
