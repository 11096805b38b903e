"""Start-up errors of `duocthu serve` (issue 24): every invalid setting is one line naming
it and exit 2, before anything starts; an out-of-range port is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.settings import Settings, parse_origins
from runners.cli import main

REPO = Path(__file__).resolve().parents[2]

# Settings that take any text (names, ids, URLs proved by connecting at start-up).
FREE_TEXT = {
    "duocthu_data_dir",
    "redis_url",
    "qdrant_url",
    "qdrant_api_key",
    "qdrant_collection",
    "aws_region",
    "bedrock_model_id",
    "bedrock_embedding_model_id",
    "bedrock_endpoint_url",
    "bedrock_rerank_model_arn",
}
_INT = ["x", "1.5", "-1", str(10**12), "9" * 5000]
_FLOAT = ["x", "-1", "inf", "nan", "1e999"]
BAD: dict[str, list[str]] = {
    "embedding_provider": ["nope"],
    "local_embedding_runtime": ["onnx"],
    "understanding_provider": ["nope"],
    "answer_provider": ["nope"],
    "max_consecutive_clarify": [*_INT, "0", "21"],
    "conversation_ttl_seconds": [*_INT, "59"],
    "unused_conversation_ttl_seconds": [*_INT, "59"],
    "history_lines": [*_INT, "201"],
    "trace_turns": [*_INT, "0"],
    "lock_ttl_ms": [*_INT, "999"],
    "lock_wait_ms": _INT,
    "redis_timeout_s": [*_FLOAT, "0"],
    "turn_wall_clock_s": [*_FLOAT, "0"],
    "turn_max_model_calls": [*_INT, "0"],
    "indication_candidates": [*_INT, "0", "51"],
    "max_turn_chars": [*_INT, "0"],
    "max_body_bytes": [*_INT, "1023"],
    "rate_limit_per_minute": [*_INT, "0"],
    "rate_limit_burst": [*_INT, "0"],
    "cors_allow_origins": ["notjson", "[1]", '["https://a.example"', "ftp://x"],
    "forwarded_allow_ips": ["proxy.example", "10.0.0.300"],
    "max_header_bytes": [*_INT, "1023"],
    "max_header_count": [*_INT, "9"],
    "body_read_timeout_s": [*_FLOAT, "601"],
    "keep_alive_timeout_s": [*_INT, "0"],
    "header_read_timeout_s": [*_FLOAT, "0", "601"],
    "max_connections": [*_INT, "0"],
    "max_connections_per_client": [*_INT, "0"],
    "ready_check_interval_s": [*_FLOAT, "61"],
    "log_user_text": ["maybe", "2"],
    "log_level": ["LOUD", ""],
    "log_format": ["xml", "JSONL"],
    "turn_threads": [*_INT, "0"],
    "demo_corpus": ["maybe"],
    "emergency_contacts": ["", "no number here", "<script>115</script>"],
    "pin_cpu": ["first", "-1", "99999"],
}
CASES = [(name, value) for name, values in BAD.items() for value in values]


def test_every_setting_has_bad_values_here_or_takes_any_text() -> None:
    """A new setting must be added to this table (or to FREE_TEXT with a reason)."""
    assert set(Settings.model_fields) == set(BAD) | FREE_TEXT


@pytest.mark.parametrize(("name", "value"), CASES, ids=[f"{n}={v[:12]}" for n, v in CASES])
def test_an_invalid_setting_is_one_line_naming_it_and_exit_2(
    name: str,
    value: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`duocthu serve` with the bad value: exit 2, one `duocthu:` line naming the variable."""
    monkeypatch.setenv("DUOCTHU_DATA_DIR", str(tmp_path))
    monkeypatch.setenv(name.upper(), value)
    assert main(["serve", "--port", "1"]) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(lines) == 1, lines
    assert name.upper() in lines[0]
    assert len(lines[0]) < 400


@pytest.mark.parametrize("port", ["99999", "65536", "-1"])
def test_an_out_of_range_port_is_refused(
    port: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """uvicorn would listen on the port modulo 65,536: refused with one line and exit 2."""
    monkeypatch.setenv("DUOCTHU_DATA_DIR", str(tmp_path))
    assert main(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert f"--port must be 0..65535, got {port}" in err


def test_a_bad_setting_in_a_real_process_exits_2_without_a_traceback(tmp_path: Path) -> None:
    """The whole command, as an operator runs it: CORS_ALLOW_ORIGINS=notjson is one line."""
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "DUOCTHU_DATA_DIR": str(tmp_path / "data"),
        "CORS_ALLOW_ORIGINS": "notjson",
    }
    done = subprocess.run(
        [sys.executable, "-m", "runners.cli", "serve", "--port", "0"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .startswith("duocthu: config_error: bad setting: CORS_ALLOW_ORIGINS")
    )


def test_origins_read_as_a_json_list_or_comma_separated() -> None:
    """Both spellings of CORS_ALLOW_ORIGINS give the same origins."""
    assert parse_origins('["https://a.example", "http://b:8080"]') == [
        "https://a.example",
        "http://b:8080",
    ]
    assert parse_origins("https://a.example, http://b:8080") == [
        "https://a.example",
        "http://b:8080",
    ]
    assert parse_origins("") == []
