"""Shared by every eval runner: the runtime built once per process, the engine protocol, slices.

The real runtime over the demo corpus (offline providers), the arguments every runner
takes, and the tuning/held-out slice names and filter.
"""

from __future__ import annotations

import argparse
import atexit
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from core.result import TurnResult

TUNING = "tuning"
HELDOUT = "heldout"


class TurnEngine(Protocol):
    """What the runners need of `engine.turn.Engine` (a fake in tests)."""

    def create_conversation(self) -> Any: ...

    def handle(self, conversation_id: str, text: str) -> TurnResult: ...


# -- the real engine, built once per process ---------------------------------
_RUNTIMES: dict[str, Any] = {}


def shared_engine(data_dir: Path | None = None) -> TurnEngine:
    """The real engine over the demo corpus (see `shared_runtime`)."""
    engine: TurnEngine = shared_runtime(data_dir).engine
    return engine


def shared_runtime(data_dir: Path | None = None) -> Any:
    """The real runtime over the demo corpus; built once per process and data dir.

    Without `data_dir` a temporary directory is used (the first build ingests the demo
    corpus into a fresh embedded index, which takes minutes on a slow machine).
    """
    key = str(data_dir) if data_dir is not None else ""
    if key not in _RUNTIMES:
        from core.settings import (  # noqa: PLC0415
            AnswerProvider,
            Settings,
            UnderstandingProvider,
        )
        from engine.bootstrap import build_runtime  # noqa: PLC0415 - heavy; only when running

        if data_dir is None:
            tmp = tempfile.TemporaryDirectory(prefix="duocthu-eval-")
            atexit.register(tmp.cleanup)
            data_dir = Path(tmp.name)
        # Offline providers always; the embedder follows EMBEDDING_PROVIDER (default local),
        # so CI can run the gates sparse-only without a long first embedding.
        runtime = build_runtime(
            Settings(
                duocthu_data_dir=data_dir,
                redis_url=None,
                qdrant_url=None,
                understanding_provider=UnderstandingProvider.RULES,
                answer_provider=AnswerProvider.EXTRACTIVE,
            )
        )
        atexit.register(runtime.close)
        _RUNTIMES[key] = runtime
    return _RUNTIMES[key]


def parse_common(prog: str, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("path", nargs="?", type=Path, help="a labelled JSONL set (default: both)")
    parser.add_argument("--heldout", action="store_true", help="only the held-out slice")
    parser.add_argument("--tuning", action="store_true", help="only the tuning slice")
    parser.add_argument("--data-dir", type=Path, help="reuse this data dir (default: a temp dir)")
    parser.add_argument("--show-misses", type=int, default=0, metavar="N")
    parser.add_argument("--no-progress", action="store_true")
    # `duocthu eval` with no set passes the same arguments to every runner.
    args, _unknown = parser.parse_known_args(argv)
    return args


def keep_slice(items: Sequence[Any], args: argparse.Namespace) -> list[Any]:
    if args.heldout:
        return [i for i in items if i.slice == HELDOUT]
    if args.tuning:
        return [i for i in items if i.slice != HELDOUT]
    return list(items)


__all__ = [
    "HELDOUT",
    "TUNING",
    "TurnEngine",
    "keep_slice",
    "parse_common",
    "shared_engine",
    "shared_runtime",
]
