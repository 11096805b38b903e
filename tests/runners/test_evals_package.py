"""runners.evals: every runner the CLI names has the `main` its package docstring promises."""

from __future__ import annotations

import importlib
import re

import pytest

import runners.evals
from runners.cli import EVAL_SETS


@pytest.mark.parametrize("name", sorted(EVAL_SETS))
def test_every_eval_set_has_main_and_is_named_in_the_docstring(name: str) -> None:
    """`duocthu eval SET` calls SET's `main`; the package docstring lists SET."""
    module = importlib.import_module(EVAL_SETS[name])
    assert callable(module.main)
    assert f"`{name}`" in (runners.evals.__doc__ or "")


def test_run_is_claimed_only_where_it_exists() -> None:
    """The docstring's claim about `run` names exactly the modules that have one."""
    import runners.evals

    with_run = [n for n, m in EVAL_SETS.items() if hasattr(importlib.import_module(m), "run")]
    claim = (runners.evals.__doc__ or "").split("also expose")[0].rsplit(".", 1)[-1]
    assert sorted(with_run) == sorted(re.findall(r"`(\w+)`", claim))
