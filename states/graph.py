"""Pure checks that the machine definition is sane; run in a test and at start-up.

A failure names the offending states, so a reviewer sees what broke.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# The one exception root; core.errors imports nothing, so this adds no cycle.
from core.errors import DuocthuError
from states.definition import (
    INITIAL_STATE,
    TRANSIENT_STATES,
    TRANSITIONS,
    State,
    TransitionSpec,
)


class MachineDefinitionError(DuocthuError, ValueError):
    """The state machine definition breaks an invariant; the message names the states."""

    code = "machine_definition_error"


def edges(specs: Iterable[TransitionSpec] = TRANSITIONS) -> dict[State, set[State]]:
    out: dict[State, set[State]] = {s: set() for s in State}
    for spec in specs:
        for src in spec.sources:
            out[src].add(spec.dest)
    return out


def _closure(start: Iterable[State], graph: Mapping[State, set[State]]) -> set[State]:
    seen = set(start)
    stack = list(seen)
    while stack:
        for nxt in graph[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def unreachable_states(specs: Iterable[TransitionSpec] = TRANSITIONS) -> set[State]:
    """States no sequence of triggers reaches from the initial state."""
    return set(State) - _closure([INITIAL_STATE], edges(specs))


def trap_states(specs: Iterable[TransitionSpec] = TRANSITIONS) -> set[State]:
    """States with no way out at all (every state here must accept another turn)."""
    graph = edges(specs)
    return {s for s in State if not graph[s]}


def states_without_turn_end(specs: Iterable[TransitionSpec] = TRANSITIONS) -> set[State]:
    """States from which no turn-end state can be reached."""
    graph = edges(specs)
    return {s for s in State if not (_closure(graph[s] | {s}, graph) - set(TRANSIENT_STATES))}


def transient_states_without_unguarded_exit(
    specs: Iterable[TransitionSpec] = TRANSITIONS,
) -> set[State]:
    """Transient states the engine could get stuck in: each needs an exit with no guard."""
    specs = list(specs)
    stuck = set()
    for state in TRANSIENT_STATES:
        exits = [
            sp
            for sp in specs
            if state in sp.sources and sp.dest not in TRANSIENT_STATES and not sp.guards
        ]
        if not exits:
            stuck.add(state)
    return stuck


def transient_states_ending_turns(specs: Iterable[TransitionSpec] = TRANSITIONS) -> set[State]:
    """Transient states that some edge declares as a turn's end (with reason codes)."""
    return {sp.dest for sp in specs if sp.dest in TRANSIENT_STATES and sp.reasons}


def check_definition(specs: Iterable[TransitionSpec] = TRANSITIONS) -> None:
    """Raise `MachineDefinitionError` naming every broken invariant, or return None."""
    specs = list(specs)
    problems = []
    checks = (
        ("unreachable from idle", unreachable_states(specs)),
        ("trap (no outgoing transition)", trap_states(specs)),
        ("cannot reach a turn-end state", states_without_turn_end(specs)),
        ("transient without an unguarded exit", transient_states_without_unguarded_exit(specs)),
        ("transient but ends a turn", transient_states_ending_turns(specs)),
    )
    for label, bad in checks:
        if bad:
            problems.append(f"{label}: {', '.join(sorted(s.value for s in bad))}")
    if problems:
        raise MachineDefinitionError("; ".join(problems))


__all__ = [
    "MachineDefinitionError",
    "check_definition",
    "edges",
    "states_without_turn_end",
    "transient_states_ending_turns",
    "transient_states_without_unguarded_exit",
    "trap_states",
    "unreachable_states",
]
