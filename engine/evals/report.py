"""JSON reports of eval runs: one file per set and run, beside the printed table.

A runner keeps printing its table and returning its exit code; it hands its figures to
`record(...)` (a no-op outside a report). `run_with_report` wraps any runner's
`main(argv)`: it keeps a copy of what the runner printed, collects what it recorded,
and writes both, with the exit code and timings, to `<dir>/<set>-<UTC time>.json`.
"""

from __future__ import annotations

import contextlib
import dataclasses
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
        "figures": figures,
        "printed": tee.copy.getvalue(),
    }
    report_dir.mkdir(parents=True, exist_ok=True)
    path = report_dir / f"{name}-{started.strftime('%Y%m%dT%H%M%S%fZ')}.json"
    path.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return code, path


__all__ = ["record", "run_with_report", "to_jsonable"]
