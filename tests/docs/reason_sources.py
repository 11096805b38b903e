"""Where the code names reason codes: the engine's tables, and any bare string it passes
as a reason (there should be none: every reason is a `core.reasons.Reason` member)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import core.errors
from engine.routing import ROUTING_TABLE
from states.definition import TRANSITIONS
from states.messages import CLARIFY_QUESTIONS

REPO = Path(__file__).resolve().parents[2]
# The turn's code; evals and test fakes only read or script reasons.
SCANNED = [
    *sorted((REPO / "core").rglob("*.py")),
    *sorted((REPO / "engine").rglob("*.py")),
    *sorted((REPO / "understanding").rglob("*.py")),
    *sorted((REPO / "grounding").rglob("*.py")),
    *sorted((REPO / "states").rglob("*.py")),
]
SKIPPED = {"evals", "testing.py"}
# Call name -> position of the reason among its positional arguments.
REASON_POSITION = {
    "_abstain": 0,
    "Reply": 1,
    "Decision": 3,
    "_fixed": 3,
    "TransitionSpec": 4,
}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _text(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _literals(tree: ast.AST) -> Iterator[str | None]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield from (_text(k.value) for k in node.keywords if k.arg == "reason")
            position = REASON_POSITION.get(_name(node.func))
            if position is not None and len(node.args) > position:
                yield _text(node.args[position])
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "reason" for t in node.targets
        ):
            yield _text(node.value)


def bare_reasons() -> set[str]:
    """Reasons written as string literals where the turn code builds a reply or decision."""
    found: set[str] = set()
    for path in SCANNED:
        if SKIPPED & set(path.relative_to(REPO).parts):
            continue
        found |= {r for r in _literals(ast.parse(path.read_text("utf-8"))) if r}
    return found


def table_reasons() -> list[str]:
    """The reasons the machine's transitions, the routing table, the clarifying questions and
    the provider errors name."""
    found: list[str] = [r for t in TRANSITIONS for r in t.reasons]
    found += [r for rule in ROUTING_TABLE for r in rule.reasons]
    found += list(CLARIFY_QUESTIONS)
    found += [
        e.reason
        for e in vars(core.errors).values()
        if isinstance(e, type) and issubclass(e, core.errors.ProviderError)
    ]
    return found
