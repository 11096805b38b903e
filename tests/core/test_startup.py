"""Start-up (issue 16): one line and exit 2 for a wrong setting, an absolute data dir that
is printed, and demo data only on purpose."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import ConfigError
from core.settings import Settings
from core.startup import checked, default_data_dir
from engine.bootstrap import EMPTY_INDEX, Runtime, wants_demo_corpus

REPO = Path(__file__).resolve().parents[2]


def _serve(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "EMBEDDING_PROVIDER": "disabled",
        "DUOCTHU_DATA_DIR": str(tmp_path / "data"),
    }
    return subprocess.run(
        [sys.executable, "-m", "runners.cli", "serve", "--port", "0"],
        cwd=REPO,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"REDIS_URL": "redis://127.0.0.1:notaport/0"}, "Port could not be cast"),
        ({"REDIS_URL": "redis://127.0.0.1:1/0", "QDRANT_URL": "http://127.0.0.1:1"}, "qdrant"),
        ({"DUOCTHU_DATA_DIR": "/proc/duocthu-nope"}, "DUOCTHU_DATA_DIR"),
    ],
    ids=["bad-redis-url", "unreachable-qdrant", "bad-data-dir"],
)
def test_serve_says_what_is_wrong_in_one_line(
    tmp_path: Path, env: dict[str, str], says: str
) -> None:
    """A wrong REDIS_URL, an unreachable QDRANT_URL or an unusable data dir: exit 2, one
    error line, no traceback; the data dir in use is logged first (a line on stdout)."""
    done = _serve(tmp_path, **env)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and says in errors[0]
    if "DUOCTHU_DATA_DIR" not in env:
        first = json.loads(done.stdout.splitlines()[0])
        assert first["data_dir"] == str(tmp_path / "data")


def test_checked_turns_any_failure_into_one_config_error_line() -> None:
    """The shared start-up policy: one line naming the step, a ConfigError."""

    def broken() -> None:
        raise OSError("first line\nsecond line")

    with pytest.raises(ConfigError, match=r"^cannot start the index: OSError: first line$"):
        checked("the index", broken)


def test_the_default_data_dir_is_the_users_data_dir() -> None:
    """XDG_DATA_HOME when absolute, else ~/.local/share; always absolute."""
    assert default_data_dir({"XDG_DATA_HOME": "/x/data", "HOME": "/h"}, "linux") == Path(
        "/x/data/duocthu"
    )
    assert default_data_dir({"XDG_DATA_HOME": "rel", "HOME": "/h"}, "linux") == Path(
        "/h/.local/share/duocthu"
    )
    assert default_data_dir({"HOME": "/h"}, "darwin").is_absolute()


def test_settings_data_dir_is_absolute(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Unset, the data dir is the user's; a relative DUOCTHU_DATA_DIR is made absolute."""
    monkeypatch.delenv("DUOCTHU_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert Settings().duocthu_data_dir == tmp_path / "duocthu"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DUOCTHU_DATA_DIR", "here")
    assert Settings().duocthu_data_dir == tmp_path / "here"


def test_the_demo_corpus_is_only_loaded_on_purpose() -> None:
    """Embedded index: yes; an external index: only with DEMO_CORPUS=on."""
    assert wants_demo_corpus(Settings())
    assert not wants_demo_corpus(Settings(qdrant_url="http://q:6333"))
    assert wants_demo_corpus(Settings(qdrant_url="http://q:6333", demo_corpus=True))


def test_an_empty_index_is_not_ready_and_says_how_to_ingest(
    redis_client: object, tmp_path: Path
) -> None:
    """An empty (external) index makes /ready fail with how to load a corpus."""
    from tests.support.dialogue import scripted_service

    runtime: Runtime = scripted_service(redis_client, tmp_path).runtime  # type: ignore[arg-type]
    runtime.index.points = 0  # type: ignore[attr-defined]  # SampleIndex: nothing ingested
    index = next(c for c in runtime.ready() if c.name == "index")
    assert not index.ok
    assert index.detail == EMPTY_INDEX
    assert "duocthu ingest" in EMPTY_INDEX
