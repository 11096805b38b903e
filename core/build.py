"""What build is running: the package version, the git commit and the Python version, for
`duocthu_build_info` and the eval reports, so two figures can be told apart by build."""

from __future__ import annotations

import functools
import platform
import subprocess
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

UNKNOWN = "unknown"
_REPO = Path(__file__).resolve().parents[1]


@functools.cache
def package_version() -> str:
    """The installed `duocthu` version; `unknown` when run from a tree not installed."""
    try:
        return version("duocthu")
    except PackageNotFoundError:
        return UNKNOWN


def _git(*args: str) -> str:
    done = subprocess.run(  # noqa: S603 - fixed argv, no user input
        ["git", "-C", str(_REPO), *args],  # noqa: S607 - the git on PATH, as a developer runs it
        capture_output=True,
        text=True,
        timeout=5,
        check=True,
    )
    return done.stdout.strip()


@functools.cache
def commit() -> str:
    """The checkout's commit (12 hex digits, `+dirty` when tracked files differ from it);
    `unknown` outside a git checkout (an installed wheel, an image without `.git`)."""
    try:
        head = _git("rev-parse", "--short=12", "HEAD")
        dirty = _git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return UNKNOWN
    return f"{head}+dirty" if dirty else head


def python_version() -> str:
    return platform.python_version()


def build_info() -> dict[str, str]:
    """`version`, `commit` and `python`, the labels of `duocthu_build_info`."""
    return {"version": package_version(), "commit": commit(), "python": python_version()}


__all__ = ["UNKNOWN", "build_info", "commit", "package_version", "python_version"]
