"""docs/: the project's own reference (API, reasons, corpus format, settings) matches the code,
and nothing in the repo points at a contract file outside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.reasons import Reason
from core.sections import SECTION_TITLES
from core.settings import Settings
from tests.docs.reason_sources import bare_reasons, table_reasons
from web.http_errors import MESSAGES

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"


def _table_names(doc: str) -> set[str]:
    """The backquoted names in the first column of every Markdown table row."""
    text = (DOCS / doc).read_text("utf-8")
    return set(re.findall(r"^\| `([a-z0-9_]+)` \|", text, re.MULTILINE))


@pytest.mark.parametrize("name", sorted(Settings.model_fields))
def test_every_setting_is_documented(name: str) -> None:
    """Each setting core/settings.py reads has a row in docs/settings.md."""
    assert name in _table_names("settings.md")


def test_the_reason_enum_is_the_documented_list() -> None:
    """core/reasons.py's Reason and docs/reasons.md's reason rows name the same codes."""
    text = (DOCS / "reasons.md").read_text("utf-8").split("## answerable", 1)[1]
    documented = set(re.findall(r"^\| `([a-z0-9_]+)` \|", text, re.MULTILINE))
    assert {r.value for r in Reason} == documented


def test_the_engine_names_reasons_only_through_the_enum() -> None:
    """Transitions, routing rules, questions and errors name Reason members, and no turn code
    passes a bare string as a reason."""
    assert [r for r in table_reasons() if not isinstance(r, Reason)] == []
    assert bare_reasons() == set()


def test_safety_reasons_are_documented_under_both_outcomes() -> None:
    """emergency and unsafe_use are rows under answerable and abstain; self_harm under abstain."""
    text = (DOCS / "reasons.md").read_text("utf-8")
    answerable, rest = text.split("## answerable", 1)[1].split("## clarify", 1)
    abstain = rest.split("## abstain", 1)[1]
    for reason in ("emergency", "unsafe_use"):
        assert f"| `{reason}` |" in answerable and f"| `{reason}` |" in abstain
    assert "| `self_harm` |" in abstain


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_error_code_is_documented(code: str) -> None:
    """Each error code server.py can answer has a row in docs/api.md."""
    assert re.search(rf"^\| \d{{3}} \| `{code}` \|", (DOCS / "api.md").read_text("utf-8"), re.M)


@pytest.mark.parametrize(("key", "title"), [(k.value, t) for k, t in SECTION_TITLES.items()])
def test_every_section_key_is_documented_with_its_title(key: str, title: str) -> None:
    """docs/corpus-format.md lists each section key with its printed title."""
    assert f"| `{key}` | {title} |" in (DOCS / "corpus-format.md").read_text("utf-8")


def _repo_texts() -> list[Path]:
    skip = {".venv", ".git", "node_modules", "test-artifacts", ".hypothesis"}
    found = []
    for pattern in ("*.py", "*.md", "*.js", "*.html", "*.toml"):
        found += [p for p in REPO.rglob(pattern) if not skip & set(p.relative_to(REPO).parts)]
    return found


def test_nothing_points_at_a_contract_file_outside_the_repo() -> None:
    """No file cites the outside contract file; the docs/ pages are the reference."""
    # Built from parts so this file does not match itself; CONTRACT_REASONS is a name.
    marker = re.compile(r"\bCON" + r"TRACT\b")
    offenders = [str(p.relative_to(REPO)) for p in _repo_texts() if marker.search(p.read_text())]
    assert offenders == []


@pytest.mark.parametrize("doc", sorted(p.name for p in DOCS.glob("*.md")))
def test_relative_links_in_docs_resolve(doc: str) -> None:
    """Every relative link in a docs page names a file that exists."""
    text = (DOCS / doc).read_text("utf-8")
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
        assert (DOCS / target).exists(), target
