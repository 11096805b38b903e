"""The dialogue state machine as data, its graph checks and its diagram."""

from states.definition import (
    CLARIFYING_STATES,
    INITIAL_STATE,
    MAX_TRANSITIONS_PER_TURN,
    TRANSIENT_STATES,
    TRANSITIONS,
    TURN_END_STATES,
    Guard,
    State,
    TransitionSpec,
    Trigger,
)
from states.graph import MachineDefinitionError, check_definition

__all__ = [
    "CLARIFYING_STATES",
    "INITIAL_STATE",
    "MAX_TRANSITIONS_PER_TURN",
    "TRANSIENT_STATES",
    "TRANSITIONS",
    "TURN_END_STATES",
    "Guard",
    "MachineDefinitionError",
    "State",
    "TransitionSpec",
    "Trigger",
    "check_definition",
]
