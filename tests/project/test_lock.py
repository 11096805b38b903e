"""`requirements.lock` (what every install uses) agrees with `pyproject.toml` (the ranges)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[2]
LOCK = REPO / "requirements.lock"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def _declared() -> list[Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {})
    return [Requirement(r) for r in [*project["dependencies"], *extras.get("test", [])]]


def _locked() -> tuple[dict[str, str], set[str]]:
    """Pinned versions by name, and the names the lock says come straight from pyproject."""
    pins: dict[str, str] = {}
    direct: set[str] = set()
    current = ""
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        pin = _PIN.match(line)
        if pin:
            current = canonicalize_name(pin.group(1))
            pins[current] = pin.group(2)
        elif current and re.match(r"^\s+#\s+(via\s+|\s*)duocthu \(pyproject\.toml\)", line):
            direct.add(current)
    return pins, direct


def test_every_declared_dependency_is_pinned_within_its_range() -> None:
    """Each pyproject requirement (service and test) has a pinned version that satisfies it."""
    pins, _ = _locked()
    problems = []
    for req in _declared():
        name = canonicalize_name(req.name)
        if name not in pins:
            problems.append(f"{req.name} is in pyproject.toml but not in requirements.lock")
        elif not req.specifier.contains(pins[name], prereleases=True):
            problems.append(f"{req.name}=={pins[name]} is outside {req.specifier}")
    assert problems == []


def test_the_lock_names_no_direct_dependency_that_pyproject_dropped() -> None:
    """Everything the lock says comes from pyproject.toml is still declared there."""
    _, direct = _locked()
    declared = {canonicalize_name(r.name) for r in _declared()}
    assert direct, "the lock lost its 'via duocthu (pyproject.toml)' annotations"
    assert sorted(direct - declared) == []


def test_every_pin_carries_hashes() -> None:
    """Installs use --require-hashes: every pinned package lists at least one sha256."""
    text = LOCK.read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text)
    unhashed = [b.split()[0] for b in blocks if _PIN.match(b) and "--hash=sha256:" not in b]
    assert unhashed == []
