"""The machine for auditors: one edge list with triggers, guards, reasons and routing rules,
rendered as Mermaid, JSON and SVG (our own layout, `engine.svg`; no Graphviz).

Edges whose sources are every turn-end state are drawn once, from the composite
`any_turn_end`, instead of once per state. The static renderings mark no state;
only an explicit `current` is highlighted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.diagram_routes import (
    DEFAULT_MAX_CLARIFY,
    GROUNDED_ANSWER_CHECKS,
    answer_routes,
    guard_definitions,
    guard_label,
    routes_label,
)
from engine.routing import RETRIEVAL_EFFECTS, ROUTING_TABLE, Effect, Rule
from states.definition import (
    CLARIFYING_STATES,
    FIXED_TEXT_TRIGGERS,
    INITIAL_STATE,
    TRANSIENT_STATES,
    TRANSITIONS,
    TURN_END_STATES,
    State,
    TransitionSpec,
    Trigger,
)

ANY_TURN_END = "any_turn_end"
"""The composite source: an edge from here leaves every turn-end state."""


@dataclass(frozen=True)
class Edge:
    """One drawn arrow: a trigger with its guards, reasons and the routing rules choosing it."""

    source: str
    dest: str
    trigger: str
    guards: tuple[str, ...]
    reasons: tuple[str, ...]
    rules: tuple[int, ...]
    evidence: bool
    """True only where the turn is answered from retrieved, checked evidence."""
    max_clarify: int = DEFAULT_MAX_CLARIFY
    """The configured breaker limit (MAX_CONSECUTIVE_CLARIFY) the guard labels name."""

    def label_lines(self) -> list[str]:
        """Trigger [guards, each with what it checks], then the routes into `answering`,
        reasons and rules: what a reviewer reads beside the arrow."""
        guards = [guard_label(g, self.max_clarify) for g in self.guards]
        head = self.trigger + (f" [{'; '.join(guards)}]" if guards else "")
        lines = [head]
        if self.dest == State.ANSWERING and not self.evidence:
            lines.append("fixed text, NOT evidence")
        if self.evidence:
            lines += routes_label()
        if self.reasons:
            lines.append("reason: " + ", ".join(self.reasons))
        if self.rules:
            lines.append("rule " + ", ".join(str(n) for n in self.rules))
        return lines


def _rule_chooses(rule: Rule, spec: TransitionSpec) -> bool:
    """Whether routing `rule` can fire `spec` (a trigger from a turn-end state)."""
    if spec.trigger is Trigger.START_NEW_CASE:
        return False  # a new case is recognised before routing, not by a rule
    if spec.trigger is Trigger.START_RETRIEVAL:
        # Triage with a named drug quotes that drug's evidence through retrieval.
        return rule.effect in RETRIEVAL_EFFECTS or rule.effect is Effect.TRIAGE
    if spec.trigger is Trigger.TRIP_BREAKER:
        return rule.effect is Effect.CLARIFY  # the clarification that would be one too many
    return bool(set(rule.reasons) & set(spec.reasons))


def rules_for(spec: TransitionSpec) -> tuple[int, ...]:
    """The routing rules whose decision fires `spec` from a turn-end state. Edges out of
    `retrieving` have none: evidence and grounding decide them."""
    if not set(spec.sources) & set(TURN_END_STATES):
        return ()
    return tuple(r.number for r in ROUTING_TABLE if _rule_chooses(r, spec))


def edges(max_clarify: int = DEFAULT_MAX_CLARIFY) -> list[Edge]:
    """Every transition as drawn: `any_turn_end` where a trigger leaves each turn-end state;
    guard labels name the breaker limit `max_clarify`."""
    out: list[Edge] = []
    ends = set(TURN_END_STATES)
    for spec in TRANSITIONS:
        sources = set(spec.sources)
        drawn: list[str] = []
        if ends <= sources:
            drawn.append(ANY_TURN_END)
            sources -= ends
        drawn += [s.value for s in State if s in sources]
        for source in drawn:
            transient = source in {s.value for s in TRANSIENT_STATES}
            rules = () if transient else rules_for(spec)
            out.append(
                Edge(
                    source=source,
                    dest=spec.dest.value,
                    trigger=spec.trigger.value,
                    guards=tuple(g.value for g in spec.guards),
                    reasons=spec.reasons,
                    rules=rules,
                    evidence=spec.trigger is Trigger.ANSWER_FROM_EVIDENCE,
                    max_clarify=max_clarify,
                )
            )
    return out


def check_current(current: str | None) -> None:
    if current is not None and current not in {s.value for s in State}:
        raise ValueError(f"current must be a state name, got {current!r}")


def mermaid(current: str | None = None, max_clarify: int = DEFAULT_MAX_CLARIFY) -> str:
    """Mermaid source: no state highlighted unless `current` is given."""
    check_current(current)
    lines = [
        "---",
        "title: duocthu dialogue",
        "---",
        "stateDiagram-v2",
        "  direction TB",
        "  classDef composite stroke-dasharray:5 5,fill:#f6f6f6",
        "  classDef transient stroke-dasharray:2 2",
        "  classDef current fill:#f4b183,stroke:#c0504d,stroke-width:3px",
        f'  state "any turn-end state" as {ANY_TURN_END}',
        f"  class {ANY_TURN_END} composite",
    ]
    lines += [f'  state "{s.value}" as {s.value}' for s in State]
    lines += [f"  class {s.value} transient" for s in State if s in TRANSIENT_STATES]
    lines.append(f"  [*] --> {INITIAL_STATE.value}")
    for e in edges(max_clarify):
        lines.append(f"  {e.source} --> {e.dest}: {' / '.join(e.label_lines())}")
    if current is not None:
        lines.append(f"  class {current} current")
    return "\n".join(lines) + "\n"


def routing_table() -> list[dict[str, Any]]:
    """The routing rules in order, each with the triggers it can fire."""
    by_rule: dict[int, list[str]] = {}
    for e in edges():
        for n in e.rules:
            if e.trigger not in by_rule.setdefault(n, []):
                by_rule[n].append(e.trigger)
    return [
        {
            "number": r.number,
            "name": r.name,
            "when": r.doc,
            "effect": r.effect.value,
            "reasons": list(r.reasons),
            "triggers": by_rule.get(r.number, []),
        }
        for r in ROUTING_TABLE
    ]


def outcome_paths(max_clarify: int = DEFAULT_MAX_CLARIFY) -> list[dict[str, Any]]:
    """Every way a turn can end, as steps a person reads on a phone: each route into
    `answering` from evidence (the dose route on its own), then every other edge into a
    turn-end state, after `start_retrieval` when it leaves `retrieving`."""
    drawn = edges(max_clarify)
    start = next(e for e in drawn if e.trigger == Trigger.START_RETRIEVAL.value)
    transient = {s.value for s in TRANSIENT_STATES}

    def step(e: Edge) -> str:
        guards = (
            f" [{'; '.join(guard_label(g, max_clarify) for g in e.guards)}]" if e.guards else ""
        )
        return f"{e.source} → {e.trigger}{guards} → {e.dest}"

    out: list[dict[str, Any]] = [
        {
            "to": State.ANSWERING.value,
            "route": r.name,
            "title": r.title,
            "steps": list(r.steps),
            "reasons": list(r.reasons),
            "rules": list(r.rules),
            "checks": list(r.checks),
            "evidence": True,
        }
        for r in answer_routes(max_clarify)
    ]
    for e in drawn:
        if e.evidence or e.trigger in (Trigger.START_RETRIEVAL.value, Trigger.START_NEW_CASE.value):
            continue
        steps = ([step(start)] if e.source in transient else []) + [step(e)]
        out.append(
            {
                "to": e.dest,
                "route": e.trigger,
                "title": e.trigger,
                "steps": steps,
                "reasons": list(e.reasons),
                "rules": list(start.rules if e.source in transient else e.rules),
                "checks": [],
                "evidence": False,
            }
        )
    return out


def as_json(max_clarify: int = DEFAULT_MAX_CLARIFY) -> dict[str, Any]:
    """States, transitions, the drawn edges, the routing table, the guard definitions (with
    the configured breaker limit and the checks behind `has_grounded_answer`), and the paths
    to each outcome."""
    return {
        "initial": INITIAL_STATE.value,
        "max_consecutive_clarify": max_clarify,
        "states": [
            {
                "name": s.value,
                "turn_end": s in TURN_END_STATES,
                "transient": s in TRANSIENT_STATES,
                "clarifying": s in CLARIFYING_STATES,
            }
            for s in State
        ],
        "composite": {
            "name": ANY_TURN_END,
            "members": [s.value for s in TURN_END_STATES],
        },
        "transitions": [
            {
                "trigger": t.trigger.value,
                "sources": [s.value for s in t.sources],
                "dest": t.dest.value,
                "guards": [g.value for g in t.guards],
                "reasons": list(t.reasons),
                "rules": list(rules_for(t)),
                "evidence": t.trigger is Trigger.ANSWER_FROM_EVIDENCE,
                "fixed_text": t.trigger in FIXED_TEXT_TRIGGERS,
            }
            for t in TRANSITIONS
        ],
        "edges": [
            {
                "source": e.source,
                "dest": e.dest,
                "trigger": e.trigger,
                "guards": list(e.guards),
                "reasons": list(e.reasons),
                "rules": list(e.rules),
                "evidence": e.evidence,
                "label": e.label_lines(),
            }
            for e in edges(max_clarify)
        ],
        "guards": [
            {"name": name, "holds_when": text}
            for name, text in guard_definitions(max_clarify).items()
        ],
        "grounded_answer_checks": [
            {"name": name, "applies": applies, "passes_when": text}
            for name, applies, text in GROUNDED_ANSWER_CHECKS
        ],
        "routing_table": routing_table(),
        "paths": outcome_paths(max_clarify),
    }


__all__ = [
    "ANY_TURN_END",
    "DEFAULT_MAX_CLARIFY",
    "Edge",
    "as_json",
    "check_current",
    "edges",
    "mermaid",
    "outcome_paths",
    "routing_table",
    "rules_for",
]
