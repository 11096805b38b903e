"""No module of the project outside the tests is longer than the house limit (issue 13)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAX_LINES = 400
SOURCES = (
    "engine",
    "safety",
    "web",
    "runners",
    "states",
    "core",
    "understanding",
    "retrieval",
    "grounding",
    "bench",
)


def _modules(root: Path) -> list[Path]:
    found = [p for folder in SOURCES for p in sorted((root / folder).rglob("*.py"))]
    server = root / "server.py"
    return [*found, server] if server.exists() else found


def _too_long(root: Path) -> dict[str, int]:
    """Each module over `MAX_LINES` lines, by its path from `root`, with its line count."""
    counts = {
        str(p.relative_to(root)): len(p.read_text(encoding="utf-8").splitlines())
        for p in _modules(root)
    }
    return {name: n for name, n in counts.items() if n > MAX_LINES}


def test_the_size_check_names_a_long_module(tmp_path: Path) -> None:
    """A module one line over the limit is named with its count; one at the limit is not."""
    (tmp_path / "grounding").mkdir()
    (tmp_path / "grounding" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    (tmp_path / "grounding" / "fits.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    (tmp_path / "server.py").write_text("x = 1\n" * (MAX_LINES + 2), encoding="utf-8")
    assert _too_long(tmp_path) == {"grounding/long.py": MAX_LINES + 1, "server.py": MAX_LINES + 2}


def test_no_project_module_is_over_the_line_limit() -> None:
    """No non-test module of the project (its packages, bench, server.py) has over 400 lines."""
    assert _modules(REPO), "no modules found: the source folders moved"
    assert _too_long(REPO) == {}
