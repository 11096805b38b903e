"""core.build: the version, commit and Python that `duocthu_build_info` and eval reports name."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from core import build

REPO = Path(__file__).resolve().parents[2]


def test_commit_is_the_checkouts_head() -> None:
    """In a git checkout the commit is HEAD's first 12 hex digits (plus `+dirty` if edited)."""
    head = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short=12", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert build.commit().split("+")[0] == head


def test_commit_is_unknown_outside_a_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without .git (an installed wheel, an image) the commit is `unknown`, not an error."""
    monkeypatch.setattr(build, "_REPO", tmp_path)
    build.commit.cache_clear()
    try:
        assert build.commit() == build.UNKNOWN
    finally:
        build.commit.cache_clear()


def test_build_info_has_the_three_labels() -> None:
    """build_info gives version, commit and python, none empty."""
    info = build.build_info()
    assert sorted(info) == ["commit", "python", "version"]
    assert all(info.values())
