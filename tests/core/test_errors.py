"""core.errors: one exception root, drawn in the module docstring."""

from __future__ import annotations

import inspect
import re

import pytest

import core.errors
from core.errors import DuocthuError
from engine.machine import TransitionRefused
from states import MachineDefinitionError

TREE = inspect.getdoc(core.errors) or ""
DEFINED_HERE = [
    obj
    for obj in vars(core.errors).values()
    if inspect.isclass(obj) and issubclass(obj, BaseException)
]


@pytest.mark.parametrize(
    "error", [*DEFINED_HERE, TransitionRefused, MachineDefinitionError], ids=lambda c: c.__name__
)
def test_every_error_is_under_the_root_and_drawn(error: type[BaseException]) -> None:
    """Every exception duocthu defines descends from DuocthuError and appears in the tree."""
    assert issubclass(error, DuocthuError)
    assert re.search(rf"^[\s│├└─]*{error.__name__}\b", TREE, re.MULTILINE)


def test_errors_outside_the_module_stay_catchable_as_builtins() -> None:
    """A refused transition is still a RuntimeError; a bad definition still a ValueError."""
    assert issubclass(TransitionRefused, RuntimeError)
    assert issubclass(MachineDefinitionError, ValueError)
