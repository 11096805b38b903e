"""Static checks of the machine definition: each invariant holds, and each check can fail."""

from __future__ import annotations

import pytest

from states import TRANSITIONS, State, Trigger, check_definition
from states.definition import TransitionSpec
from states.graph import (
    MachineDefinitionError,
    states_without_turn_end,
    transient_states_ending_turns,
    transient_states_without_unguarded_exit,
    trap_states,
    unreachable_states,
)


def test_shipped_definition_is_sane() -> None:
    """The real definition passes every graph check."""
    check_definition()


def test_contract_states_exist() -> None:
    """The six customer states and clarifying_query are the machine's states."""
    assert {s.value for s in State} == {
        "idle",
        "clarifying_population",
        "clarifying_age_weight",
        "clarifying_query",
        "retrieving",
        "answering",
        "abstained",
    }


def test_unreachable_state_is_named() -> None:
    """Dropping every edge into 'answering' makes it unreachable, and the check says so."""
    specs = [t for t in TRANSITIONS if t.dest is not State.ANSWERING]
    assert State.ANSWERING in unreachable_states(specs)
    with pytest.raises(MachineDefinitionError, match="answering"):
        check_definition(specs)


def test_trap_state_is_named() -> None:
    """A state with no way out is reported as a trap."""
    specs = [
        TransitionSpec(
            t.trigger,
            tuple(s for s in t.sources if s is not State.ABSTAINED),
            t.dest,
            t.guards,
            t.reasons,
        )
        for t in TRANSITIONS
    ]
    assert trap_states(specs) == {State.ABSTAINED}


def test_retrieving_needs_an_unguarded_exit() -> None:
    """Without the unguarded abstain edge the engine could get stuck in retrieving."""
    specs = [t for t in TRANSITIONS if t.trigger is not Trigger.ABSTAIN_AFTER_RETRIEVAL]
    assert transient_states_without_unguarded_exit(specs) == {State.RETRIEVING}


def test_turn_ending_in_retrieving_is_rejected() -> None:
    """An edge declaring a turn-ending reason into 'retrieving' is rejected."""
    bad = TransitionSpec(Trigger.REFUSE, (State.IDLE,), State.RETRIEVING, (), ("oops",))
    assert transient_states_ending_turns([*TRANSITIONS, bad]) == {State.RETRIEVING}


def test_every_state_reaches_a_turn_end() -> None:
    """From every state some turn-end state is reachable."""
    assert states_without_turn_end() == set()
