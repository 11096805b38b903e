"""`duocthu serve` in a terminal and in a pipe: the log format, the one URL line, PORT/HOST."""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from core.errors import ConfigError
from runners.cli import _listen_address

REPO = Path(__file__).resolve().parents[2]
START_S = 180.0
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="needs a Linux pty")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PORT", "HOST", "LOG_FORMAT")}
    return {**env, "EMBEDDING_PROVIDER": "disabled", "DUOCTHU_DATA_DIR": str(tmp_path), **extra}


def _read_until(fd: int, buf: bytearray, needle: bytes, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while needle not in buf and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the pty closed: the child is gone
                return needle in buf
            if not chunk:
                return needle in buf
            buf.extend(chunk)
    return needle in buf


def _ready(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=10) as res:
        status: int = res.status
        return status


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _serve_at_a_terminal(env: dict[str, str], port: int, access: bytes) -> tuple[str, str]:
    """Serve with stdout on a pty: what it wrote there after a /ready, and on stderr."""
    master, slave = pty.openpty()
    cmd = [sys.executable, "-m", "runners.cli", "serve"]
    proc = subprocess.Popen(  # our own CLI, fixed argv
        cmd, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE
    )
    os.close(slave)
    buf = bytearray()
    try:
        assert _read_until(master, buf, b"Ctrl+C stops", START_S), bytes(buf)[-2000:]
        assert _ready(port) == 200
        assert _read_until(master, buf, access, 30), bytes(buf)[-2000:]
    finally:
        _stop(proc)
        _read_until(master, buf, b"\x00", 1)
        os.close(master)
    _, err = proc.communicate()
    return bytes(buf).decode("utf-8", "replace"), err.decode("utf-8", "replace")


def test_at_a_terminal_serve_writes_readable_lines_and_the_url_once(tmp_path: Path) -> None:
    """On a pty, LOG_FORMAT unset: console lines (no JSON), the page's URL on PORT once,
    the access line readable, nothing on stderr."""
    port = _free_port()
    out, err = _serve_at_a_terminal(_env(tmp_path, PORT=str(port)), port, b"route=/ready")
    lines = [line for line in out.replace("\r", "").splitlines() if line.strip()]
    assert lines
    for line in lines:
        assert not line.lstrip().startswith("{"), line
    url = f"http://127.0.0.1:{port}/"
    assert out.count(url) == 1, out
    assert "Uvicorn running on" not in out
    assert any("serving: open " + url in line for line in lines)
    assert any("duocthu.access" in line and "status=200" in line for line in lines)
    assert err == ""


def test_log_format_json_at_a_terminal_writes_json_lines(tmp_path: Path) -> None:
    """LOG_FORMAT=json on a pty: every stdout line is a JSON object; HOST is honoured."""
    port = _free_port()
    env = _env(tmp_path, PORT=str(port), HOST="127.0.0.1", LOG_FORMAT="json")
    out, err = _serve_at_a_terminal(env, port, b'"route":"/ready"')
    records = [json.loads(line) for line in out.replace("\r", "").splitlines() if line.strip()]
    urls = [r["url"] for r in records if "url" in r]
    assert urls == [f"http://127.0.0.1:{port}/"]
    assert {"ts", "level", "logger", "event"} <= set(records[0])
    assert err == ""


def test_in_a_pipe_serve_writes_only_json_lines_on_stdout(tmp_path: Path) -> None:
    """Not a terminal, LOG_FORMAT unset: stdout is JSON lines only (the data dir and the url
    among them), stderr is empty; --port wins over PORT."""
    port = _free_port()
    env = _env(tmp_path, PORT="1")
    cmd = [sys.executable, "-m", "runners.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        cmd,
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            try:
                if _ready(port) == 200:
                    break
            except OSError:
                assert proc.poll() is None, "serve exited"
                time.sleep(0.3)
    finally:
        _stop(proc)
    out, err = proc.communicate()
    records = [json.loads(line) for line in out.decode().splitlines()]
    assert [r["url"] for r in records if "url" in r] == [f"http://127.0.0.1:{port}/"]
    assert [r["data_dir"] for r in records if "data_dir" in r] == [str(tmp_path)]
    assert err.decode() == ""


def _args(host: str | None = None, port: int | None = None) -> argparse.Namespace:
    return argparse.Namespace(host=host, port=port)


def test_listen_address_reads_host_and_port_after_the_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--host/--port win; else HOST and PORT; else 127.0.0.1:8000."""
    monkeypatch.delenv("HOST", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    assert _listen_address(_args()) == ("127.0.0.1", 8000)
    monkeypatch.setenv("HOST", "0.0.0.0")  # noqa: S104 - what a platform sets
    monkeypatch.setenv("PORT", "9100")
    assert _listen_address(_args()) == ("0.0.0.0", 9100)  # noqa: S104
    assert _listen_address(_args("127.0.0.2", 9200)) == ("127.0.0.2", 9200)


@pytest.mark.parametrize("bad", ["http", "0", "70000", "-1"])
def test_a_bad_port_variable_is_named(monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    """PORT that is not a port number is a ConfigError naming PORT (the CLI's one line, exit 2)."""
    monkeypatch.setenv("PORT", bad)
    with pytest.raises(ConfigError, match="PORT"):
        _listen_address(_args())
