"""The console script: diagram output, the eval dispatch, and `python -m runners.cli`."""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest

from core.settings import Settings
from core.startup import default_data_dir
from runners.cli import _COMMAND_SETTINGS, EVAL_SETS, _parser, main
from runners.statedoc import render_state_machine_doc

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
    """`python -m runners.cli` runs the CLI (CI calls the eval gates this way)."""
    done = subprocess.run(
        [sys.executable, "-m", "runners.cli", "diagram", "--format", "mermaid"],
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


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """`duocthu --version` prints the installed package's version."""
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"duocthu {version('duocthu')}"


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("command", ["serve", "chat", "ingest", "diagram", "eval"])
def test_every_option_has_help_with_its_default(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each command's options carry help text with a default, and its settings are listed
    with their environment variable and default."""
    parser = _parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[
        command
    ]
    for action in sub._actions:
        if action.help in (None, argparse.SUPPRESS) or isinstance(action, argparse._HelpAction):
            if action.help is None:
                raise AssertionError(f"{command} {action.dest} has no help")
            continue
        if action.option_strings and action.dest not in {"doc"}:
            assert "default" in action.help, (command, action.dest)
    text = _help([command], capsys)
    data_dir = f"DUOCTHU_DATA_DIR default: {default_data_dir()}"
    assert data_dir in " ".join(text.split()) or command == "diagram"
    for name in _COMMAND_SETTINGS[command]:
        assert name.upper() in text
        assert name in Settings.model_fields


def test_serve_help_names_pin_cpu_off_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """PIN_CPU is opt-in: the settings default and the help both say off."""
    assert Settings().pin_cpu == "off"
    assert "PIN_CPU default: off" in _help(["serve"], capsys)


def test_eval_help_lists_every_set_and_the_runner_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`duocthu eval --help` names each set and the per-set options."""
    text = _help(["eval"], capsys)
    for name in EVAL_SETS:
        assert f" {name} " in text
    for flag in ("--heldout", "--data-dir", "--show-misses", "--no-progress", "--report-dir"):
        assert flag in text


def test_ingest_accepts_no_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`duocthu ingest FILE --no-progress` reaches the ingester with the flag."""
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr("retrieval.ingest_command.run", lambda args: seen.append(args) or 0)
    assert main(["ingest", "x.jsonl", "--no-progress", "--replace"]) == 0
    assert [(a.files, a.no_progress, a.replace) for a in seen] == [([Path("x.jsonl")], True, True)]


@pytest.fixture
def fake_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(EVAL_SETS, "fake", "tests.runners.fake_eval_set")


@pytest.mark.usefixtures("fake_set")
def test_eval_writes_a_json_report_beside_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each run writes <set>-<time>.json with the exit code, the figures and the table."""
    assert main(["eval", "fake", "--report-dir", str(tmp_path), "--fail"]) == 1
    assert "fake set: 3/4 right" in capsys.readouterr().out
    (path,) = tmp_path.glob("fake-*.json")
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["set"] == "fake" and report["exit_code"] == 1 and report["gate"] == "fail"
    assert report["figures"] == {"right": 3, "total": 4, "argv": ["--fail"]}
    assert report["printed"] == "fake set: 3/4 right\n"


@pytest.mark.usefixtures("fake_set")
def test_eval_report_defaults_under_the_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --report-dir the report goes to DUOCTHU_DATA_DIR/eval-reports; --no-report
    writes none."""
    monkeypatch.setenv("DUOCTHU_DATA_DIR", str(tmp_path))
    assert main(["eval", "fake"]) == 0
    assert len(list((tmp_path / "eval-reports").glob("fake-*.json"))) == 1
    assert main(["eval", "fake", "--no-report"]) == 0
    assert len(list((tmp_path / "eval-reports").glob("fake-*.json"))) == 1


def _read_until(fd: int, buf: bytearray, token: bytes, timeout: float = 120) -> bool:
    end = time.monotonic() + timeout
    while token not in buf and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
    return token in buf


def _exited_within(pid: int, fd: int, buf: bytearray, seconds: float) -> bool:
    """Whether the child has exited within `seconds` (its terminal drained meanwhile);
    the child is not reaped, so `_exit_status` still reads its status."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return True
        _read_until(fd, buf, b"\x00", timeout=0.2)
    return False


def _exit_status(pid: int, fd: int, buf: bytearray, timeout: float = 120) -> int:
    """Wait for the child while still draining its terminal: a child blocked writing to a
    full pty never exits, and a bare waitpid would then hang the suite."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            _read_until(fd, buf, b"\x00", timeout=0.2)
            return os.waitstatus_to_exitcode(status)
        _read_until(fd, buf, b"\x00", timeout=0.2)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError(f"duocthu chat did not exit; its terminal showed: {bytes(buf)!r}")


@pytest.mark.skipif(sys.platform != "linux", reason="needs a Linux pty")
def test_chat_in_a_terminal_has_history_and_exits_quietly(tmp_path: Path) -> None:
    """On a pty, ↑ recalls the last line, Ctrl-D exits 0 without shutdown noise or a
    traceback, and the history file is kept under the data dir, owner-only."""
    env = {**os.environ, "EMBEDDING_PROVIDER": "disabled", "DUOCTHU_DATA_DIR": str(tmp_path)}
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child process
        os.chdir(REPO)
        os.execvpe(sys.executable, [sys.executable, "-m", "runners.cli", "chat"], env)  # noqa: S606 - our own CLI, fixed argv
    buf = bytearray()
    prompt = "Bạn> ".encode()

    def replied(n: int) -> bool:
        """Wait for the n-th smalltalk reply and the prompt after it: keys typed before
        readline reads the next line would be echoed raw."""
        end = time.monotonic() + 120
        while time.monotonic() < end:
            text = bytes(buf)
            if text.count(b"answerable/smalltalk") >= n:
                last = text.rfind(b"answerable/smalltalk")
                if prompt in text[last:]:
                    return text.count(b"answerable/smalltalk") == n
            _read_until(fd, buf, b"\x00", timeout=0.5)
        return False

    assert _read_until(fd, buf, prompt)
    os.write(fd, "xin chào\r".encode())
    assert replied(1)
    os.write(fd, b"\x1b[A\r")  # the up arrow, then Enter: the same line again
    assert replied(2)
    os.write(fd, b"\x04")
    code = _exit_status(pid, fd, buf)
    os.close(fd)
    text = bytes(buf).decode(errors="replace")
    assert code == 0
    assert "^[[A" not in text and "Traceback" not in text and "shutdown" not in text
    assert "xin chào" in (tmp_path / "chat_history").read_text(encoding="utf-8")
    assert (tmp_path / "chat_history").stat().st_mode & 0o777 == 0o600


@pytest.mark.skipif(sys.platform != "linux", reason="needs a Linux pty")
def test_chat_ctrl_c_in_a_terminal_exits_without_a_traceback(tmp_path: Path) -> None:
    """Ctrl-C at the terminal prompt ends `duocthu chat` with status 130 and no traceback."""
    env = {**os.environ, "EMBEDDING_PROVIDER": "disabled", "DUOCTHU_DATA_DIR": str(tmp_path)}
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child process
        os.chdir(REPO)
        os.execvpe(sys.executable, [sys.executable, "-m", "runners.cli", "chat"], env)  # noqa: S606 - our own CLI, fixed argv
    buf = bytearray()
    assert _read_until(fd, buf, "Bạn> ".encode())
    # A Ctrl-C typed while readline is still setting up the terminal can be swallowed; a
    # person presses it again, and so does the test (at most three times).
    for _ in range(3):
        os.write(fd, b"\x03")
        if _exited_within(pid, fd, buf, 5):
            break
    code = _exit_status(pid, fd, buf)
    os.close(fd)
    text = bytes(buf).decode(errors="replace")
    assert code == 130
    assert "Đã thoát." in text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text and "shutdown" not in text
