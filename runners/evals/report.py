"""JSON reports of eval runs: one file per set and run, beside the printed table.

A runner keeps printing its table and returning its exit code; it hands its figures to
`record(...)` (a no-op outside a report). `run_with_report` wraps any runner's
`main(argv)`: it keeps a copy of what the runner printed, collects what it recorded,
and writes both, with the exit code and timings, to `<dir>/<set>-<UTC time>.json`.

So that two reports can be compared safely, each also says what produced it: the build
(version, commit, Python), the providers and every setting that changes answers, and
the sha256 of each dataset the set read (its labelled files and the demo corpus).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Any, TextIO

from pydantic import BaseModel

from core.build import build_info
from core.errors import ConfigError
from core.settings import load_settings

_FIGURES: ContextVar[dict[str, Any] | None] = ContextVar("eval_figures", default=None)


def record(**figures: Any) -> None:
    """Hand named figures to the report being written, if any."""
    current = _FIGURES.get()
    if current is not None:
        current.update({name: to_jsonable(value) for name, value in figures.items()})


def to_jsonable(value: Any) -> Any:
    """Dataclasses, pydantic models, enums, paths, mappings and sequences as plain JSON."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, Mapping):
        return {_key(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [to_jsonable(v) for v in items]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return repr(value)


def _key(key: Any) -> str:
    if isinstance(key, tuple):
        return "/".join(str(k) for k in key)
    return str(key.value if isinstance(key, Enum) else key)


class _Tee(io.TextIOBase):
    """Writes go to the real stream and into a buffer."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.copy = io.StringIO()

    def write(self, text: str) -> int:
        self.copy.write(text)
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()


@contextlib.contextmanager
def _collecting() -> Iterator[dict[str, Any]]:
    figures: dict[str, Any] = {}
    token = _FIGURES.set(figures)
    try:
        yield figures
    finally:
        _FIGURES.reset(token)


ROOT = Path(__file__).resolve().parents[2]
# A set's labelled files are evals/<stem>.jsonl and evals/<stem>.heldout.jsonl.
_STEMS = {"condition": "condition_to_drug"}
# Settings that change what a turn answers (providers, models, limits, the breaker); the
# others (ports, logging, Redis timeouts) do not move a figure.
ANSWER_SETTINGS = (
    "embedding_provider",
    "understanding_provider",
    "answer_provider",
    "bedrock_model_id",
    "bedrock_embedding_model_id",
    "bedrock_rerank_model_arn",
    "max_consecutive_clarify",
    "turn_wall_clock_s",
    "turn_max_model_calls",
    "indication_candidates",
    "max_turn_chars",
    "history_lines",
    "emergency_contacts",
    "demo_corpus",
)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _shown(path: Path) -> str:
    resolved = path.resolve()
    return str(resolved.relative_to(ROOT)) if resolved.is_relative_to(ROOT) else str(path)


def datasets(name: str, argv: list[str]) -> dict[str, str]:
    """sha256 of each file the set reads: the labelled files named on its command line, else
    its own (the slice `--tuning`/`--heldout` picks), then the demo corpus it loads."""
    named = [Path(a) for a in argv if not a.startswith("-") and Path(a).is_file()]
    if not named:
        stem = _STEMS.get(name, name)
        slices = {"--tuning": [f"{stem}.jsonl"], "--heldout": [f"{stem}.heldout.jsonl"]}
        picked = next((files for flag, files in slices.items() if flag in argv), None)
        files = picked or [f"{stem}.jsonl", f"{stem}.heldout.jsonl"]
        named = [ROOT / "evals" / f for f in files if (ROOT / "evals" / f).is_file()]
    named += sorted((ROOT / "data" / "formulary").glob("*.jsonl"))
    return {_shown(p): _sha256(p) for p in named}


def provenance(name: str, argv: list[str]) -> dict[str, Any]:
    """What produced a report: build, providers, the answer-affecting settings, datasets."""
    try:
        settings = load_settings()
    except ConfigError as exc:  # the runner reports it; the report says it could not read them
        chosen: dict[str, Any] = {"error": str(exc)}
        providers: dict[str, Any] = {}
    else:
        chosen = {key: to_jsonable(getattr(settings, key)) for key in ANSWER_SETTINGS}
        chosen["index"] = "qdrant server" if settings.qdrant_url else "embedded qdrant edge"
        providers = {
            "embedding": chosen["embedding_provider"],
            "understanding": chosen["understanding_provider"],
            "answer": chosen["answer_provider"],
        }
    return {
        "build": build_info(),
        "providers": providers,
        "settings": chosen,
        "datasets": datasets(name, argv),
    }


def run_with_report(
    name: str, main: Callable[[list[str]], int], argv: list[str], report_dir: Path
) -> tuple[int, Path]:
    """Run one set's `main(argv)` as usual and write its JSON report; (exit code, path)."""
    started = datetime.now(UTC)
    clock = time.monotonic()
    tee = _Tee(sys.stdout)
    with _collecting() as figures, contextlib.redirect_stdout(tee):
        code = int(main(argv))
    report = {
        "set": name,
        "argv": argv,
        "exit_code": code,
        "gate": "pass" if code == 0 else "fail",
        "started_at": started.isoformat(timespec="seconds"),
        "duration_s": round(time.monotonic() - clock, 3),
        **provenance(name, argv),
        "figures": figures,
        "printed": tee.copy.getvalue(),
    }
    report_dir.mkdir(parents=True, exist_ok=True)
    path = report_dir / f"{name}-{started.strftime('%Y%m%dT%H%M%S%fZ')}.json"
    path.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return code, path


__all__ = ["ANSWER_SETTINGS", "datasets", "provenance", "record", "run_with_report", "to_jsonable"]
