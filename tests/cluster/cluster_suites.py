"""Load another suite file's tests and module fixtures so they can be collected here too."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from _pytest.fixtures import FixtureFunctionDefinition

REPO = Path(__file__).resolve().parents[2]


def load_suite(relative: str) -> dict[str, Any]:
    """The `test_*` functions and the fixtures defined in `relative` (a path from the repo)."""
    name = "cluster_suite_" + relative.replace("/", "_").removesuffix(".py")
    spec = importlib.util.spec_from_file_location(name, REPO / relative)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {relative}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return {
        k: v
        for k, v in vars(module).items()
        if k.startswith("test_") or isinstance(v, FixtureFunctionDefinition)
    }
