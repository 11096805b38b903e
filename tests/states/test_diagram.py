"""The committed state diagram matches the code, and the renderings carry every edge."""

from __future__ import annotations

from pathlib import Path

from engine.statedoc import render_state_machine_doc
from states import TRANSITIONS, State
from states.diagram import as_json, dot, mermaid

DOC = Path(__file__).resolve().parents[2] / "docs" / "state-machine.md"


def test_committed_doc_matches_definition() -> None:
    """docs/state-machine.md is exactly what `duocthu diagram --doc` generates now."""
    assert DOC.read_text(encoding="utf-8") == render_state_machine_doc(), (
        "docs/state-machine.md is stale: run `duocthu diagram --doc > docs/state-machine.md`"
    )


def test_mermaid_has_every_trigger_and_state() -> None:
    """The Mermaid rendering names every state and every trigger."""
    text = mermaid()
    assert all(s.value in text for s in State)
    assert all(t.trigger.value in text for t in TRANSITIONS)


def test_mermaid_highlights_current_state() -> None:
    """The current state is drawn with the active class."""
    assert "Class answering s_active" in mermaid("answering")


def test_json_lists_guards_and_reasons() -> None:
    """The JSON rendering carries guards and reason codes per transition."""
    data = as_json()
    trip = next(t for t in data["transitions"] if t["trigger"] == "trip_breaker")
    assert trip["guards"] == ["breaker_exhausted"]
    assert trip["reasons"] == ["clarify_loop_exhausted"]
    assert {s["name"] for s in data["states"] if not s["turn_end"]} == {"retrieving"}


def test_dot_marks_current_state() -> None:
    """The DOT source fills the current state."""
    assert 'fillcolor="#f4b183"' in dot("idle")
