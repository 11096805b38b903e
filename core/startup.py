"""Start-up policy shared by `serve`, `chat` and `ingest`: where the data lives, and one
line (exit 2) instead of a traceback when a setting or a backend is wrong.

`checked(what, step)` runs one start-up step (build the runtime, open the index) and turns
any failure into a `ConfigError` whose message is one line naming what failed; the CLI
prints `duocthu: config_error: ...` and exits 2. A Redis that is merely unreachable does
not fail start-up: the service starts not-ready and waits for it (`/ready`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar

from core.errors import ConfigError, DuocthuError

T = TypeVar("T")
APP_DIR = "duocthu"
MAX_LINE = 300


def default_data_dir(env: dict[str, str] | None = None, platform: str = sys.platform) -> Path:
    """The platform's per-user data folder for duocthu, always absolute.

    Linux and others: `$XDG_DATA_HOME/duocthu`, else `~/.local/share/duocthu`; macOS:
    `~/Library/Application Support/duocthu`; Windows: `%LOCALAPPDATA%\\duocthu`.
    """
    env = dict(os.environ) if env is None else env
    home = Path(env.get("HOME") or Path.home())
    if platform == "win32":
        base = env.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return Path(base).absolute() / APP_DIR
    if platform == "darwin":
        return home.absolute() / "Library" / "Application Support" / APP_DIR
    xdg = env.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / APP_DIR
    return home.absolute() / ".local" / "share" / APP_DIR


def one_line(exc: BaseException) -> str:
    """The first line of an error's message, with its type when the message is empty."""
    text = str(exc).strip().splitlines()
    line = text[0] if text else type(exc).__name__
    if not isinstance(exc, DuocthuError) and text:
        line = f"{type(exc).__name__}: {line}"
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"


def checked(what: str, step: Callable[[], T]) -> T:
    """Run a start-up step; any failure becomes a one-line `ConfigError` naming `what`.

    The policy of every command that starts the engine (`serve`, `chat`, `ingest`): a
    wrong REDIS_URL, an unreachable QDRANT_URL or an unusable data dir is one line on
    stderr and exit status 2, never a traceback.
    """
    try:
        return step()
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:
        raise ConfigError(f"cannot start {what}: {one_line(exc)}") from exc


def check_data_dir(path: Path) -> Path:
    """Create the data dir if needed and prove it is a writable folder; returns it absolute."""
    path = path.expanduser().absolute()
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-check"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise ConfigError(f"DUOCTHU_DATA_DIR {path} is not a writable folder: {exc}") from exc
    return path


def announce(data_dir: Path, stream: TextIO | None = None) -> None:
    """Print where the data lives (one line on stderr), so a start from another folder
    cannot silently open an empty store."""
    print(f"duocthu: data dir {data_dir}", file=stream if stream is not None else sys.stderr)


__all__ = ["announce", "check_data_dir", "checked", "default_data_dir", "one_line"]
