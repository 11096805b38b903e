"""The console script: diagram output, the eval dispatch, and `python -m engine.cli`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.statedoc import render_state_machine_doc

REPO = Path(__file__).resolve().parents[2]


def test_diagram_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`duocthu diagram --format json` prints the machine's states and transitions."""
    assert main(["diagram", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "retrieving" in {s["name"] for s in data["states"]}


def test_diagram_doc_matches_generator(capsys: pytest.CaptureFixture[str]) -> None:
    """`duocthu diagram --doc` prints exactly the generated state-machine document."""
    assert main(["diagram", "--doc"]) == 0
    assert capsys.readouterr().out == render_state_machine_doc()


def test_module_entry_point_runs_main() -> None:
    """`python -m engine.cli` runs the CLI (CI calls the eval gates this way)."""
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli", "diagram", "--format", "mermaid"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert "stateDiagram-v2" in done.stdout


def test_unknown_eval_set_is_rejected() -> None:
    """An eval set that does not exist is a usage error, not a silent pass."""
    with pytest.raises(SystemExit) as info:
        main(["eval", "nonsense"])
    assert info.value.code == 2


@pytest.mark.parametrize(
    ("variable", "value", "needle"),
    [
        ("PIN_CPU", "first", "PIN_CPU must be auto, off or a core number"),
        ("TURN_THREADS", "0", "greater than or equal to 1"),
        ("RATE_LIMIT_BURST", "many", "valid integer"),
    ],
)
def test_a_bad_setting_is_one_clear_line_not_a_traceback(
    variable: str,
    value: str,
    needle: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`duocthu serve` with a setting that does not parse exits 2 before starting anything."""
    monkeypatch.setenv(variable, value)
    assert main(["serve", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert f"bad setting: {variable}" in err and needle in err
    assert "Traceback" not in err
