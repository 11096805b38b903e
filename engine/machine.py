"""One turn's machine: the conversation's state restored on a per-thread scratch model.

The definition (states, transitions, guard names) is built once per process.
Each thread owns one machine with one `TurnModel` attached for good; a turn
resets every field of that model and sets the saved state (`restored`), so no
machine is touched by two threads (a shared machine's add/remove_model is not
thread-safe) and nothing of a conversation outlives its turn in memory: the
next turn overwrites all of it before any guard runs. Attaching a model costs
transitions ~0.1 ms a turn and a fresh `Machine` ~0.3 ms; resetting costs a few
microseconds (bench/engine_turn.py measures all three). Guards are pure
predicates over the turn model; the only callback records the path.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from transitions import EventData, Machine, MachineError

from core.errors import DuocthuError
from core.result import PathStep
from states import TRANSITIONS, State, Trigger

_STATES: list[str] = [s.value for s in State]
_TRANSITIONS: list[dict[str, object]] = [t.as_transitions_dict() for t in TRANSITIONS]


class TurnModel:
    """What the guards look at for one turn, and the path the turn took."""

    state: str

    def __init__(self, *, clarify_streak: int = 0, max_clarify: int = 1) -> None:
        self.reset(clarify_streak=clarify_streak, max_clarify=max_clarify)

    def reset(self, *, clarify_streak: int, max_clarify: int) -> None:
        """Forget the previous turn entirely (the state is set by the machine)."""
        self.clarify_streak = clarify_streak
        self.max_clarify = max_clarify
        self.answer_target = False
        self.grounded_answer = False
        self.path: list[PathStep] = []

    # Guards: pure predicates, named in states.definition.Guard.
    def can_clarify(self, _event: EventData | None = None) -> bool:
        return self.clarify_streak < self.max_clarify

    def breaker_exhausted(self, _event: EventData | None = None) -> bool:
        return self.clarify_streak >= self.max_clarify

    def has_answer_target(self, _event: EventData | None = None) -> bool:
        return self.answer_target

    def has_grounded_answer(self, _event: EventData | None = None) -> bool:
        return self.grounded_answer

    # The one callback: record the step (no I/O, no await).
    def record_step(self, event: EventData) -> None:
        transition: Any = event.transition
        self.path.append(
            PathStep(source=transition.source, trigger=event.event.name, dest=transition.dest)
        )


class TransitionRefused(DuocthuError, RuntimeError):
    """A trigger was not allowed from the current state, or its guards said no."""

    code = "transition_refused"


def new_machine(model: TurnModel | None = None, state: State = State.IDLE) -> Machine:
    """A machine over the one definition (with `model` at `state`, if given)."""
    return Machine(
        model=model,
        states=_STATES,
        transitions=_TRANSITIONS,
        initial=state.value,
        auto_transitions=False,
        send_event=True,
        after_state_change="record_step",
        ignore_invalid_triggers=False,
    )


class _Resident(threading.local):
    """This thread's machine and the scratch model attached to it once."""

    def __init__(self) -> None:
        self.model = TurnModel()
        self.machine = new_machine(self.model)
        self.busy = False


_resident = _Resident()


@contextmanager
def restored(state: State, *, clarify_streak: int, max_clarify: int) -> Iterator[TurnModel]:
    """This thread's model, reset for one turn at the saved `state`.

    The model is only valid inside the block: read `path` and `state` there.
    """
    resident = _resident
    if resident.busy:
        raise RuntimeError("restored() is not re-entrant: one turn per thread at a time")
    model = resident.model
    model.reset(clarify_streak=clarify_streak, max_clarify=max_clarify)
    resident.machine.set_state(state.value, model=model)
    resident.busy = True
    try:
        yield model
    finally:
        resident.busy = False


def fire(model: TurnModel, trigger: Trigger) -> bool:
    """Fire `trigger`; False when a guard refused it; raises on an invalid trigger."""
    try:
        result: bool = getattr(model, trigger.value)()
    except MachineError as exc:
        raise TransitionRefused(f"{trigger.value} is not allowed from {model.state}") from exc
    return result


__all__ = ["TransitionRefused", "TurnModel", "fire", "new_machine", "restored"]
