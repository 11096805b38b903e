"""Every package of the product is named wherever the house lists its packages (issue 21)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
# Folders that hold Python but are not packages of the product.
NOT_PRODUCT = {"tests", "property_tests", "bench", "scripts", "evals", "data", "docs", "static"}


def _packages(root: Path) -> set[str]:
    """The top-level folders of `root` with an `__init__.py`, bar the ones that ship nothing."""
    return {
        p.parent.name
        for p in root.glob("*/__init__.py")
        if p.parent.name not in NOT_PRODUCT and not p.parent.name.startswith(".")
    }


def _pyproject() -> dict[str, Any]:
    with (REPO / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def test_the_package_finder_sees_a_new_package(tmp_path: Path) -> None:
    """A folder with an `__init__.py` counts; tests, bench and a plain folder do not."""
    for name in ("alpha", "tests", "bench"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "plain").mkdir()
    assert _packages(tmp_path) == {"alpha"}


def test_the_wheel_ships_every_package() -> None:
    """[tool.setuptools] finds each package, so an install (editable or a wheel) has it."""
    config = _pyproject()["tool"]["setuptools"]
    include = {pattern.rstrip("*") for pattern in config["packages"]["find"]["include"]}
    assert _packages(REPO) <= include
    assert config["py-modules"] == ["server"]


def test_types_and_import_layers_cover_every_package() -> None:
    """mypy checks each package and import-linter places each one in its layers."""
    tool = _pyproject()["tool"]
    assert _packages(REPO) <= set(tool["mypy"]["files"])
    linter = tool["importlinter"]
    assert _packages(REPO) <= set(linter["root_packages"])
    layered = {
        name.strip()
        for contract in linter["contracts"]
        if contract["name"].startswith("Packages:")
        for layer in contract["layers"]
        for name in re.split(r"[|:]", layer)
    }
    assert _packages(REPO) <= layered


def test_the_readme_map_names_every_package() -> None:
    """The README's "What is where" table has a row for each package."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## What is where") :]
    rows = {m.group(1) for m in re.finditer(r"^\| `([a-z_]+)/`", table, re.MULTILINE)}
    assert _packages(REPO) <= rows


def test_the_console_script_is_the_runners_cli() -> None:
    """`duocthu`, the one console script (docs/settings.md), runs runners/cli.py's main."""
    scripts = _pyproject()["project"]["scripts"]
    assert scripts == {"duocthu": "runners.cli:main"}
