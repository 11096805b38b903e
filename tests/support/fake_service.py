"""The real HTTP service and engine over an external Redis, with fake models and retrieval.

For fault tests: `server.create_app` with the real runtime (`runners.testing.sample_runtime`) whose
understanding reads the frame from the turn text (JSON), whose retrieval is the
in-memory sample corpus, and which can stall in one stage so a test can kill the
process there. Environment: REDIS_URL (required) and the usual settings, plus
DUOCTHU_FAULT_SLOW_STAGE (`retrieve` | `answer`), DUOCTHU_FAULT_DELAY_S and
DUOCTHU_FAULT_MARKER (a file touched when the stall starts).

    python -m tests.support.fake_service --port 8765 [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any

from core.errors import ConfigError
from core.ports import AnswerRequest
from core.settings import EmbeddingProvider, Settings
from engine.bootstrap import Runtime
from engine.redis_client import from_url
from runners.testing import (
    SAMPLE_CATALOG,
    SAMPLE_EVIDENCE,
    FrameEchoUnderstander,
    MemoryRetriever,
    QuotingAnswerer,
    sample_runtime,
)


def _stall(stage: str) -> None:
    """Sleep in `stage` if this process was told to, after touching the marker file."""
    if os.environ.get("DUOCTHU_FAULT_SLOW_STAGE") != stage:
        return
    marker = os.environ.get("DUOCTHU_FAULT_MARKER")
    if marker:
        Path(marker).write_text(f"{stage} {os.getpid()}\n", encoding="utf-8")
    time.sleep(float(os.environ.get("DUOCTHU_FAULT_DELAY_S", "30")))


class StallingRetriever(MemoryRetriever):
    def find_by_section(self, drug_id: str, section_key: str) -> list[Any]:
        _stall("retrieve")
        return super().find_by_section(drug_id, section_key)

    def find_by_drug(self, drug_id: str) -> list[Any]:
        _stall("retrieve")
        return super().find_by_drug(drug_id)


class StallingAnswerer(QuotingAnswerer):
    def generate(self, request: AnswerRequest) -> Any:
        _stall("answer")
        return super().generate(request)


def build_fake_runtime(settings: Settings) -> Runtime:
    if not settings.redis_url:
        raise ConfigError("the fake service needs REDIS_URL (an external Redis)")
    client = from_url(settings.redis_url, timeout_s=settings.redis_timeout_s)
    runtime: Runtime = sample_runtime(
        client,
        settings,
        understander=FrameEchoUnderstander(),
        retriever=StallingRetriever(SAMPLE_EVIDENCE, SAMPLE_CATALOG),
        answerer=StallingAnswerer(),
    )
    return runtime


def app_factory() -> Any:
    """For `uvicorn --factory`: each worker builds the app from the environment."""
    from server import create_app

    settings = Settings(embedding_provider=EmbeddingProvider.DISABLED)
    return create_app(settings, build_fake_runtime)


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    uvicorn.run(
        "tests.support.fake_service:app_factory",
        factory=True,
        host="127.0.0.1",
        port=args.port,
        workers=args.workers,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
