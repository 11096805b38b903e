"""The dialogue machine as data: states, event-named triggers, pure guards by name.

This module is the one definition every conversation's machine is built from.
It imports nothing of ours; `states.graph` proves it sane and `engine.diagram`
renders it for reviewers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from core.reasons import Reason


class State(StrEnum):
    """The contract's dialogue states (docs/state-machine.md)."""

    IDLE = "idle"
    CLARIFYING_POPULATION = "clarifying_population"
    CLARIFYING_AGE_WEIGHT = "clarifying_age_weight"
    CLARIFYING_QUERY = "clarifying_query"
    RETRIEVING = "retrieving"
    ANSWERING = "answering"
    ABSTAINED = "abstained"


TRANSIENT_STATES: frozenset[State] = frozenset({State.RETRIEVING})
TURN_END_STATES: tuple[State, ...] = tuple(s for s in State if s not in TRANSIENT_STATES)
CLARIFYING_STATES: frozenset[State] = frozenset(
    {State.CLARIFYING_POPULATION, State.CLARIFYING_AGE_WEIGHT, State.CLARIFYING_QUERY}
)


class Trigger(StrEnum):
    """Events that move a conversation; each is named for what happened."""

    START_NEW_CASE = "start_new_case"
    ASK_POPULATION = "ask_population"
    ASK_AGE_WEIGHT = "ask_age_weight"
    ASK_DETAIL = "ask_detail"
    TRIP_BREAKER = "trip_breaker"
    REFUSE = "refuse"
    REFUSE_FOR_SAFETY = "refuse_for_safety"
    REPLY_SMALLTALK = "reply_smalltalk"
    ACKNOWLEDGE = "acknowledge"
    START_RETRIEVAL = "start_retrieval"
    ANSWER_FROM_EVIDENCE = "answer_from_evidence"
    ASK_ROUTE = "ask_route"
    ABSTAIN_AFTER_RETRIEVAL = "abstain_after_retrieval"


class Guard(StrEnum):
    """Pure predicates over the turn model, by name (see `engine.machine.TurnModel`)."""

    CAN_CLARIFY = "can_clarify"
    """The clarify streak is below the limit: one more clarification is allowed."""
    BREAKER_EXHAUSTED = "breaker_exhausted"
    """The streak is at the limit: the next clarification would be one too many."""
    HAS_ANSWER_TARGET = "has_answer_target"
    """The frame names something to retrieve for: drugs, or a condition."""
    HAS_GROUNDED_ANSWER = "has_grounded_answer"
    """Generation produced claims and every grounding check passed."""


GUARD_DEFINITIONS: dict[Guard, str] = {
    Guard.CAN_CLARIFY: "clarify streak < MAX_CONSECUTIVE_CLARIFY (4): another question allowed",
    Guard.BREAKER_EXHAUSTED: "clarify streak ≥ MAX_CONSECUTIVE_CLARIFY: the breaker trips",
    Guard.HAS_ANSWER_TARGET: "the resolved frame names formulary drugs or a condition",
    Guard.HAS_GROUNDED_ANSWER: "generation produced claims and every grounding check passed",
}
"""What each guard checks, in words, for the documentation and the diagram's JSON."""

# Triggers that end a turn in `answering` without evidence: fixed text, no retrieval. The
# diagram marks them so that `answering` alone is never read as "answered from evidence".
FIXED_TEXT_TRIGGERS: frozenset[Trigger] = frozenset({Trigger.REPLY_SMALLTALK, Trigger.ACKNOWLEDGE})


@dataclass(frozen=True)
class TransitionSpec:
    """One edge family: `trigger` from each of `sources` to `dest` when all guards hold."""

    trigger: Trigger
    sources: tuple[State, ...]
    dest: State
    guards: tuple[Guard, ...] = ()
    reasons: tuple[Reason, ...] = field(default=())
    """The reason codes this edge can end a turn with (documentation and checks)."""

    def as_transitions_dict(self) -> dict[str, object]:
        return {
            "trigger": self.trigger.value,
            "source": [s.value for s in self.sources],
            "dest": self.dest.value,
            "conditions": [g.value for g in self.guards],
        }


_ENDS = TURN_END_STATES

TRANSITIONS: tuple[TransitionSpec, ...] = (
    TransitionSpec(Trigger.START_NEW_CASE, _ENDS, State.IDLE),
    TransitionSpec(
        Trigger.ASK_POPULATION,
        _ENDS,
        State.CLARIFYING_POPULATION,
        (Guard.CAN_CLARIFY,),
        (Reason.MISSING_POPULATION,),
    ),
    TransitionSpec(
        Trigger.ASK_AGE_WEIGHT,
        _ENDS,
        State.CLARIFYING_AGE_WEIGHT,
        (Guard.CAN_CLARIFY,),
        (Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT,),
    ),
    TransitionSpec(
        Trigger.ASK_DETAIL,
        _ENDS,
        State.CLARIFYING_QUERY,
        (Guard.CAN_CLARIFY,),
        (
            Reason.NEEDS_MORE_INFO,
            Reason.AMBIGUOUS_CONDITION,
            Reason.NO_CONDITION,
            Reason.NO_INDICATION,
            Reason.MISSING_ATTRIBUTE,
            Reason.NO_DRUG,
        ),
    ),
    TransitionSpec(
        Trigger.TRIP_BREAKER,
        (*_ENDS, State.RETRIEVING),
        State.ABSTAINED,
        (Guard.BREAKER_EXHAUSTED,),
        (Reason.CLARIFY_LOOP_EXHAUSTED,),
    ),
    TransitionSpec(
        Trigger.REFUSE,
        _ENDS,
        State.ABSTAINED,
        (),
        (
            Reason.OUT_OF_SCOPE,
            Reason.UNSUPPORTED_REVERSE_RELATION,
            Reason.DRUG_NOT_IN_FORMULARY,
            Reason.UNDERSTANDING_FAILED,
            Reason.BUDGET_EXHAUSTED,
        ),
    ),
    # Safety triage (routing rule 0) with nothing to quote: self-harm always; an emergency
    # or an unsafe use that names no drug. With a drug it quotes through `retrieving`.
    TransitionSpec(
        Trigger.REFUSE_FOR_SAFETY,
        _ENDS,
        State.ABSTAINED,
        (),
        (Reason.EMERGENCY, Reason.SELF_HARM, Reason.UNSAFE_USE),
    ),
    TransitionSpec(Trigger.REPLY_SMALLTALK, _ENDS, State.ANSWERING, (), (Reason.SMALLTALK,)),
    # Thanks or a greeting while a question is open: a short reply, the question stays open.
    *(
        TransitionSpec(Trigger.ACKNOWLEDGE, (state,), state, (), (Reason.SMALLTALK,))
        for state in (
            State.CLARIFYING_POPULATION,
            State.CLARIFYING_AGE_WEIGHT,
            State.CLARIFYING_QUERY,
        )
    ),
    TransitionSpec(Trigger.START_RETRIEVAL, _ENDS, State.RETRIEVING, (Guard.HAS_ANSWER_TARGET,)),
    TransitionSpec(
        Trigger.ANSWER_FROM_EVIDENCE,
        (State.RETRIEVING,),
        State.ANSWERING,
        (Guard.HAS_GROUNDED_ANSWER,),
        (
            Reason.SINGLE_DRUG,
            Reason.INTERACTION,
            Reason.CONDITION_TO_DRUG,
            Reason.EMERGENCY,
            Reason.UNSAFE_USE,
        ),
    ),
    TransitionSpec(
        Trigger.ASK_ROUTE,
        (State.RETRIEVING,),
        State.CLARIFYING_QUERY,
        (Guard.CAN_CLARIFY,),
        (Reason.AMBIGUOUS_ROUTE,),
    ),
    TransitionSpec(
        Trigger.ABSTAIN_AFTER_RETRIEVAL,
        (State.RETRIEVING,),
        State.ABSTAINED,
        (),
        (
            Reason.NO_EVIDENCE,
            Reason.NO_INTERACTION_EVIDENCE,
            Reason.NO_SAFETY_EVIDENCE,
            Reason.GROUNDING_FAILED,
            Reason.BUDGET_EXHAUSTED,
            Reason.GENERATION_UNAVAILABLE,
            Reason.DRUG_NOT_IN_FORMULARY,
            Reason.EMERGENCY,
            Reason.UNSAFE_USE,
        ),
    ),
)

INITIAL_STATE = State.IDLE

# Upper bound on transitions one turn may fire: new case, then at most one of
# (clarify | refuse | smalltalk | start_retrieval), then one exit from retrieving.
MAX_TRANSITIONS_PER_TURN = 3


__all__ = [
    "CLARIFYING_STATES",
    "FIXED_TEXT_TRIGGERS",
    "GUARD_DEFINITIONS",
    "INITIAL_STATE",
    "MAX_TRANSITIONS_PER_TURN",
    "TRANSIENT_STATES",
    "TRANSITIONS",
    "TURN_END_STATES",
    "Guard",
    "State",
    "TransitionSpec",
    "Trigger",
]
