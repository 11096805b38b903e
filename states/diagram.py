"""The machine for reviewers: Mermaid (rendered by `transitions` from the live machine),
JSON (from the definition) and, where Graphviz is installed, SVG."""

from __future__ import annotations

import shutil
import subprocess
from typing import Any

from states.definition import (
    CLARIFYING_STATES,
    INITIAL_STATE,
    TRANSIENT_STATES,
    TRANSITIONS,
    TURN_END_STATES,
    Guard,
    State,
)


class _DrawingModel:
    """Guards answer nothing here: drawing only reads their names."""

    def __getattr__(self, name: str) -> Any:
        if name in {g.value for g in Guard}:
            return lambda *a, **k: True
        raise AttributeError(name)


def mermaid(current: str | None = None) -> str:
    """The Mermaid state diagram of the machine as it runs, `current` highlighted."""
    from transitions.extensions import GraphMachine  # noqa: PLC0415 - import only when drawing

    model = _DrawingModel()
    GraphMachine(
        model=model,
        states=[s.value for s in State],
        transitions=[t.as_transitions_dict() for t in TRANSITIONS],
        initial=(current or INITIAL_STATE.value),
        auto_transitions=False,
        graph_engine="mermaid",
        show_conditions=True,
        title="duocthu dialogue",
    )
    text: str = model.get_graph().draw(None)  # GraphMachine adds get_graph to the model
    return text.rstrip() + "\n"


def as_json() -> dict[str, Any]:
    """States, turn-end flags and transitions with guards and reasons, as plain data."""
    return {
        "initial": INITIAL_STATE.value,
        "states": [
            {
                "name": s.value,
                "turn_end": s in TURN_END_STATES,
                "transient": s in TRANSIENT_STATES,
                "clarifying": s in CLARIFYING_STATES,
            }
            for s in State
        ],
        "transitions": [
            {
                "trigger": t.trigger.value,
                "sources": [s.value for s in t.sources],
                "dest": t.dest.value,
                "guards": [g.value for g in t.guards],
                "reasons": list(t.reasons),
            }
            for t in TRANSITIONS
        ],
    }


def dot(current: str | None = None) -> str:
    """Graphviz DOT source, one edge per (source, dest) with its triggers."""
    lines = ["digraph duocthu {", "  rankdir=LR;", '  node [shape=box, style="rounded"];']
    for s in State:
        style = ', style="rounded,filled", fillcolor="#f4b183"' if s.value == current else ""
        shape = ", shape=ellipse" if s in TRANSIENT_STATES else ""
        lines.append(f'  "{s.value}" [label="{s.value}"{shape}{style}];')
    labels: dict[tuple[str, str], list[str]] = {}
    for t in TRANSITIONS:
        guard = f" [{', '.join(g.value for g in t.guards)}]" if t.guards else ""
        for src in t.sources:
            labels.setdefault((src.value, t.dest.value), []).append(t.trigger.value + guard)
    for (source, dest), names in labels.items():
        label = "\\n".join(names)
        lines.append(f'  "{source}" -> "{dest}" [label="{label}", fontsize=9];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def graphviz_available() -> bool:
    return shutil.which("dot") is not None


def svg(current: str | None = None) -> str:
    """SVG through Graphviz `dot`; raises RuntimeError when Graphviz is not installed."""
    exe = shutil.which("dot")
    if exe is None:
        raise RuntimeError("Graphviz 'dot' is not installed")
    done = subprocess.run(  # noqa: S603 - fixed executable, our own DOT on stdin
        [exe, "-Tsvg"], input=dot(current), capture_output=True, text=True, check=True, timeout=10
    )
    return done.stdout


__all__ = ["as_json", "dot", "graphviz_available", "mermaid", "svg"]
