"""Fixtures for the HTTP shell: the real runtime and engine per test over the session's
real Redis, with scripted understanding and the in-memory sample corpus at the ports."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from starlette.testclient import TestClient

from core.settings import Settings
from server import create_app
from tests.support.dialogue import ScriptedService, scripted_service


@pytest.fixture
def make_client(
    redis_client: redis.Redis, tmp_path: Path
) -> Iterator[Callable[..., tuple[TestClient, ScriptedService]]]:
    """Build an app over a fresh scripted runtime with settings overrides; the lifespan runs."""
    stack: list[TestClient] = []

    def make(
        *, raise_server_exceptions: bool = True, **overrides: Any
    ) -> tuple[TestClient, ScriptedService]:
        settings = Settings(duocthu_data_dir=tmp_path, **overrides)
        service = scripted_service(redis_client, tmp_path, settings)
        app = create_app(settings, lambda _s: service.runtime)
        client = TestClient(app, raise_server_exceptions=raise_server_exceptions)
        client.__enter__()
        stack.append(client)
        return client, service

    yield make
    for client in stack:
        client.__exit__(None, None, None)


@pytest.fixture
def client(
    make_client: Callable[..., tuple[TestClient, ScriptedService]],
) -> tuple[TestClient, ScriptedService]:
    return make_client()


@pytest.fixture
def saved_logging() -> Iterator[None]:
    """Put back the handlers, levels and propagation that configuring logging changes."""
    names = ("", "duocthu", "uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
    loggers = [logging.getLogger(n) for n in (*names, "retrieval.build", "transitions")]
    saved = [(lg.handlers[:], lg.level, lg.propagate) for lg in loggers]
    yield
    for logger, (handlers, level, propagate) in zip(loggers, saved, strict=True):
        logger.handlers, logger.propagate = handlers, propagate
        logger.setLevel(level)
