"""The server's start-up moves what it built out of the collector's sight (gc.freeze)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from starlette.testclient import TestClient

from core.settings import Settings
from server import create_app
from tests.support.dialogue import scripted_service


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """Start with nothing frozen; leave nothing frozen."""
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.mark.usefixtures("unfrozen")
def test_startup_freezes_the_heap_it_built(redis_client: redis.Redis, tmp_path: Path) -> None:
    """After the lifespan starts, the runtime built at start-up is in the frozen generation,
    so collections during turns do not walk it (bench/results/gc_pauses.json)."""
    settings = Settings(duocthu_data_dir=tmp_path)
    runtime = scripted_service(redis_client, tmp_path, settings).runtime
    app = create_app(settings, lambda _s: runtime)
    assert gc.get_freeze_count() == 0
    with TestClient(app) as http:
        assert http.get("/health").status_code == 200
        assert gc.get_freeze_count() > 0
        # Frozen objects are in no generation the collector walks.
        assert not any(o is runtime for o in gc.get_objects())
