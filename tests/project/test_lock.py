"""The two locks agree with `pyproject.toml`: `requirements.lock` serves, `requirements-test.lock`
adds the test extra; both hashed, and the serving one carries nothing only the tests need."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parents[2]
RUNTIME_LOCK = REPO / "requirements.lock"
TEST_LOCK = REPO / "requirements-test.lock"
PIP_LOCK = REPO / "requirements-pip.lock"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")
_VIA_PYPROJECT = re.compile(r"^\s+#\s+(via\s+|\s*)duocthu \(pyproject\.toml\)")


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    return project


def _runtime_declared() -> list[Requirement]:
    return [Requirement(r) for r in _project()["dependencies"]]


def _test_declared() -> list[Requirement]:
    extras: dict[str, list[str]] = _project().get("optional-dependencies", {})
    assert "test" in extras, "pyproject.toml lost its `test` optional-dependency group"
    return [Requirement(r) for r in extras["test"]]


def _locked(lock: Path) -> tuple[dict[str, set[str]], set[str]]:
    """Pinned versions by name (a name may be pinned per Python version), and the names the
    lock says come straight from pyproject."""
    pins: dict[str, set[str]] = {}
    direct: set[str] = set()
    current = ""
    for line in lock.read_text(encoding="utf-8").splitlines():
        pin = _PIN.match(line)
        if pin:
            current = canonicalize_name(pin.group(1))
            pins.setdefault(current, set()).add(pin.group(2))
        elif current and _VIA_PYPROJECT.match(line):
            direct.add(current)
    return pins, direct


def _problems(lock: Path, declared: list[Requirement]) -> list[str]:
    pins, _ = _locked(lock)
    problems = []
    for req in declared:
        name = canonicalize_name(req.name)
        if name not in pins:
            problems.append(f"{req.name} is in pyproject.toml but not in {lock.name}")
        for version in sorted(pins.get(name, ())):
            if not req.specifier.contains(version, prereleases=True):
                problems.append(f"{req.name}=={version} in {lock.name} is outside {req.specifier}")
    return problems


def test_every_service_dependency_is_pinned_within_its_range_in_the_runtime_lock() -> None:
    """Each `project.dependencies` entry has a pin in requirements.lock that satisfies it."""
    assert _problems(RUNTIME_LOCK, _runtime_declared()) == []


def test_every_dependency_and_test_tool_is_pinned_within_its_range_in_the_test_lock() -> None:
    """Each service dependency and each `test` extra entry is pinned in requirements-test.lock."""
    assert _problems(TEST_LOCK, [*_runtime_declared(), *_test_declared()]) == []


def _parents(lock: Path) -> dict[str, set[str]]:
    """What each pinned package is there for, from uv's `# via` notes."""
    parents: dict[str, set[str]] = {}
    current = ""
    for line in lock.read_text(encoding="utf-8").splitlines():
        pin = _PIN.match(line)
        if pin:
            current = canonicalize_name(pin.group(1))
            continue
        via = re.match(r"^\s+#\s+(?:via\s+)?([A-Za-z0-9][A-Za-z0-9._-]*)", line)
        if current and via and via.group(1) != "via":
            parents.setdefault(current, set()).add(canonicalize_name(via.group(1)))
    return parents


def test_the_runtime_lock_installs_no_test_tool() -> None:
    """A `test` extra entry (pytest, playwright, mypy, ruff...) is in the serving lock only when
    a serving package needs it (httpx, for qdrant-client)."""
    pins, _ = _locked(RUNTIME_LOCK)
    parents = _parents(RUNTIME_LOCK)
    runtime = {canonicalize_name(r.name) for r in _runtime_declared()}
    test_only = {canonicalize_name(r.name) for r in _test_declared()} - runtime
    unneeded = sorted(n for n in test_only & set(pins) if not parents.get(n, set()) & set(pins))
    assert unneeded == []
    assert not {"pytest", "playwright", "mypy", "ruff", "schemathesis"} & set(pins)


def test_adding_the_test_lock_keeps_every_serving_pin() -> None:
    """Each package of requirements.lock has the very same version(s) in requirements-test.lock."""
    runtime, _ = _locked(RUNTIME_LOCK)
    test, _ = _locked(TEST_LOCK)
    moved = {n: (v, test.get(n)) for n, v in runtime.items() if test.get(n) != v}
    assert moved == {}


@pytest.mark.parametrize(
    ("lock", "declared"),
    [
        (RUNTIME_LOCK, _runtime_declared),
        (TEST_LOCK, lambda: [*_runtime_declared(), *_test_declared()]),
    ],
    ids=["runtime", "test"],
)
def test_a_lock_names_no_direct_dependency_that_pyproject_dropped(
    lock: Path, declared: Callable[[], list[Requirement]]
) -> None:
    """Everything a lock says comes from pyproject.toml is still declared for that lock."""
    _, direct = _locked(lock)
    names = {canonicalize_name(r.name) for r in declared()}
    assert direct, f"{lock.name} lost its 'via duocthu (pyproject.toml)' annotations"
    assert sorted(direct - names) == []


@pytest.mark.parametrize(
    "lock", [RUNTIME_LOCK, TEST_LOCK, PIP_LOCK], ids=["runtime", "test", "installer"]
)
def test_every_pin_carries_hashes(lock: Path) -> None:
    """Installs use --require-hashes: every pinned package lists at least one sha256."""
    text = lock.read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text)
    unhashed = [b.split()[0] for b in blocks if _PIN.match(b) and "--hash=sha256:" not in b]
    assert unhashed == []


def test_the_runtime_lock_carries_the_build_backend() -> None:
    """The editable install runs with --no-build-isolation: setuptools must be a serving pin."""
    pins, _ = _locked(RUNTIME_LOCK)
    assert "setuptools" in pins


def test_serve_installs_the_runtime_lock_and_only_the_test_command_adds_the_test_lock() -> None:
    """scripts/venv.sh adds requirements-test.lock only when asked; only scripts/test asks."""
    venv = (REPO / "scripts" / "venv.sh").read_text(encoding="utf-8")
    serve = (REPO / "scripts" / "serve").read_text(encoding="utf-8")
    test = (REPO / "scripts" / "test").read_text(encoding="utf-8")
    guarded = venv.split('if [ "${DUOCTHU_TEST_LOCK:-0}" = 1 ]; then', 1)
    assert len(guarded) == 2, "venv.sh no longer guards the test lock"
    assert "requirements-test.lock" not in guarded[0].split("\nif ", 1)[1]
    assert "-r requirements-test.lock" in guarded[1]
    assert "DUOCTHU_TEST_LOCK" not in serve
    assert "export DUOCTHU_TEST_LOCK=1" in test


def test_the_installer_lock_pins_only_a_pip_that_handles_extras_under_hashes() -> None:
    """requirements-pip.lock holds pip alone, at 23.3 or later: the pip that `python3.11 -m venv`
    bundles (23.2) resolves qdrant-client's `httpx[http2]` to the newest httpx instead of the
    pinned one and stops with "all requirements must have their versions pinned"."""
    pins, _ = _locked(PIP_LOCK)
    assert set(pins) == {"pip"}
    (version,) = pins["pip"]
    assert Version(version) >= Version("23.3")


def test_a_new_venv_moves_to_the_locked_pip_before_installing_the_locks() -> None:
    """scripts/venv.sh installs requirements-pip.lock first, and a change to it remakes the venv."""
    venv = (REPO / "scripts" / "venv.sh").read_text(encoding="utf-8")
    installer = venv.index("-r requirements-pip.lock")
    assert installer < venv.index("-r requirements.lock")
    assert venv.index('venv --clear "$venv_dir"') < installer
    stamp = next(line for line in venv.splitlines() if line.startswith("runtime_want="))
    assert "requirements-pip.lock" in stamp
    assert "requirements-pip.lock" in (REPO / "scripts" / "lock").read_text(encoding="utf-8")
