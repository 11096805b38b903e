"""The embedded redis-server ends with its owner, and a server left on the data dir is
adopted on purpose or stopped, never reused silently."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import httpx
import pytest

from engine.embedded_redis import (
    EmbeddedClient,
    redis_server_binary,
    servers_in,
    socket_path,
)
from tests.support.procs import free_port, wait_for

REPO = Path(__file__).resolve().parents[2]

_OWNER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from engine.redis_client import embedded
    client = embedded(Path(sys.argv[1]))
    client.set("owned", "yes")
    print("ready", flush=True)
    time.sleep(600)
    """
)


def _owner(data: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", _OWNER, str(data)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    with proc.stdout:
        assert proc.stdout.readline().strip() == "ready"
    return proc


def _gone(folder: Path) -> bool:
    return not servers_in(folder)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_server_ends_when_its_owner_process_dies(tmp_path: Path, sig: signal.Signals) -> None:
    """SIGTERM or SIGKILL of the owning process leaves no redis-server of ours running."""
    owner = _owner(tmp_path)
    folder = tmp_path / "redis"
    assert len(servers_in(folder)) == 1
    assert servers_in(folder)[0].parent == owner.pid
    owner.send_signal(sig)
    owner.wait(timeout=10)
    wait_for(lambda: _gone(folder), 10, "the embedded redis-server to exit with its owner")


def test_last_stop_server_stops_it_and_data_survives(tmp_path: Path) -> None:
    """The last holder's stop_server() stops it; the next start reads the same data back."""
    client = EmbeddedClient(tmp_path / "redis")
    client.set("k", "v")
    second = EmbeddedClient(tmp_path / "redis")
    assert second.server is client.server  # one server per folder in a process
    client.stop_server()
    assert second.get("k") == b"v"  # still held by the other client
    second.close()
    assert second.get("k") == b"v"  # close() only drops connections; the client reconnects
    second.stop_server()
    assert _gone(tmp_path / "redis")
    again = EmbeddedClient(tmp_path / "redis")
    try:
        assert again.get("k") == b"v"
    finally:
        again.stop_server()


def test_leftover_server_is_stopped_with_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A server orphaned by an earlier run (daemonized, no live owner) is stopped first."""
    folder = tmp_path / "redis"
    folder.mkdir()
    subprocess.run(
        [
            redis_server_binary(),
            "--port",
            "0",
            "--unixsocket",
            str(socket_path(folder)),
            "--dir",
            str(folder),
            "--daemonize",
            "yes",
        ],
        cwd=folder,
        check=True,
    )
    wait_for(lambda: len(servers_in(folder)) == 1, 10, "the orphan to start")
    orphan = servers_in(folder)[0].pid
    with caplog.at_level(logging.WARNING, logger="duocthu.redis"):
        client = EmbeddedClient(folder)
    try:
        assert client.ping()
        assert [s.pid for s in servers_in(folder)] == [client.server.pid]
        assert orphan != client.server.pid
        assert f"stopping leftover embedded redis-server pid {orphan}" in caplog.text
    finally:
        client.stop_server()


def test_server_of_a_live_owner_is_adopted_with_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A second process on the same data dir uses the running server and says so."""
    owner = _owner(tmp_path)
    try:
        with caplog.at_level(logging.WARNING, logger="duocthu.redis"):
            client = EmbeddedClient(tmp_path / "redis")
        assert client.get("owned") == b"yes"
        assert client.server.adopted_from == owner.pid
        assert client.server.pid is None  # not ours to stop
        assert f"owned by running process {owner.pid}" in caplog.text
        client.stop_server()
        assert len(servers_in(tmp_path / "redis")) == 1  # an adopter leaves it running
    finally:
        owner.kill()
        owner.wait(timeout=10)
    wait_for(lambda: _gone(tmp_path / "redis"), 10, "the owner's redis-server to exit")


@pytest.mark.faults
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_duocthu_serve_leaves_no_redis_server(tmp_path: Path, sig: signal.Signals) -> None:
    """`duocthu serve` stopped by SIGTERM or SIGKILL takes its embedded Redis with it."""
    port = free_port()
    env = {
        **os.environ,
        "DUOCTHU_DATA_DIR": str(tmp_path / "data"),
        "EMBEDDING_PROVIDER": "disabled",
        "PIN_CPU": "off",
    }
    env.pop("REDIS_URL", None)
    env.pop("QDRANT_URL", None)
    log = (tmp_path / "serve.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "runners.cli", "serve", "--port", str(port)],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    folder = tmp_path / "data" / "redis"

    def healthy() -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/ready", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(healthy, 120, "duocthu serve to be ready")
        servers = servers_in(folder)
        assert [s.parent for s in servers] == [proc.pid]
    finally:
        proc.send_signal(sig)
        proc.wait(timeout=30)
        log.close()
    wait_for(lambda: _gone(folder), 10, "the embedded redis-server to exit")
