"""The embedded Redis under a real `duocthu serve` (issue 24): supervised (killed, it comes
back and the death is logged and counted; when it cannot, /health fails), one server per
data dir, and a full disk reported in one line with no redis-server left behind."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serve_support import RealServe

from core.errors import StateStoreUnavailable
from engine.embedded_redis import EmbeddedRedis, servers_in
from tests.support.procs import wait_for

pytestmark = pytest.mark.faults


@pytest.fixture
def serves(tmp_path: Path) -> Iterator[list[RealServe]]:
    made: list[RealServe] = []
    yield made
    for serve in made:
        serve.stop()


def _turn(base: str) -> int:
    with httpx.Client(base_url=base, timeout=10) as http:
        created = http.post("/v1/conversations")
        if created.status_code != 201:
            return created.status_code
        body = created.json()
        auth = {"Authorization": f"Bearer {body['token']}"}
        url = f"/v1/conversations/{body['conversation_id']}/turns"
        return http.post(url, json={"text": "Xin chào"}, headers=auth).status_code


def test_a_killed_embedded_redis_is_restarted_logged_and_counted(
    tmp_path: Path, serves: list[RealServe]
) -> None:
    """kill -9 of the redis-server child: it is started again, turns work again, the death
    and the restart are a log line and a metric each, and /health stayed 200."""
    serve = RealServe(tmp_path / "data", tmp_path / "serve.log")
    serves.append(serve.start())
    assert _turn(serve.base) == 200
    [first] = serve.redis_pids()
    subprocess.run(["kill", "-9", str(first)], check=True)
    wait_for(lambda: serve.redis_pids() not in ([], [first]), 60, "a new redis-server")
    wait_for(lambda: _turn(serve.base) == 200, 60, "turns to work again")
    assert serve.status("/health") == 200
    assert serve.metric("duocthu_embedded_redis_deaths_total") == 1
    assert serve.metric("duocthu_embedded_redis_restarts_total") == 1
    log = serve.log_text()
    assert f"redis-server pid {first}" in log and "died" in log
    assert "restarted as pid" in log


def test_an_embedded_redis_that_cannot_come_back_fails_liveness(
    tmp_path: Path, serves: list[RealServe]
) -> None:
    """When the redis-server cannot be started again (its folder gone), the supervisor gives
    up after its restarts: /health answers 503 and the giving up is logged and counted."""
    serve = RealServe(tmp_path / "data", tmp_path / "serve.log")
    serves.append(serve.start())
    [pid] = serve.redis_pids()
    folder = serve.redis_folder
    folder.rename(folder.with_name("redis.moved"))
    folder.write_text("not a folder")  # every restart now fails
    subprocess.run(["kill", "-9", str(pid)], check=True)
    wait_for(lambda: serve.status("/health") == 503, 120, "/health to fail")
    assert serve.metric("duocthu_embedded_redis_gave_up") == 1
    assert serve.metric("duocthu_embedded_redis_deaths_total") >= 6
    assert "giving up: the service is not live" in serve.log_text()


def test_a_second_serve_on_one_data_dir_is_refused_naming_the_holder(
    tmp_path: Path, serves: list[RealServe]
) -> None:
    """Two `duocthu serve` on one data dir: the second exits 2 with one line naming the
    first's pid; the first keeps serving, alone with its redis-server."""
    first = RealServe(tmp_path / "data", tmp_path / "first.log")
    serves.append(first.start())
    second = RealServe(tmp_path / "data", tmp_path / "second.log")
    serves.append(second)
    proc = second.launch()
    assert proc.wait(timeout=120) == 2
    assert first.proc is not None
    errors = [line for line in second.log_text().splitlines() if "error" in line]
    assert len(errors) == 1
    assert f"already served by pid {first.proc.pid}" in errors[0]
    assert _turn(first.base) == 200
    assert len(first.redis_pids()) == 1


# -- a full disk: a small tmpfs, where this machine lets a test mount one -----------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 48 MiB tmpfs; skipped (with the reason) where mounting is not allowed."""
    mount = tmp_path / "small"
    mount.mkdir()
    tried = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
        check=False,
    )
    if tried.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {tried.stderr.strip() or tried.returncode}")
    try:
        yield mount
    finally:
        for server in servers_in(mount / "data" / "redis"):
            with contextlib.suppress(ProcessLookupError):
                subprocess.run(["kill", "-9", str(server.pid)], check=False)
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(mount: Path, *, leave: int = 0) -> None:
    """Fill the file system, then give back `leave` bytes."""
    filler = mount / "filler"
    with filler.open("wb", buffering=0) as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 4096)
    if leave:
        os.truncate(filler, filler.stat().st_size - leave)


def test_serve_on_a_full_disk_is_one_line_and_leaves_no_redis_server(
    small_disk: Path, tmp_path: Path, serves: list[RealServe]
) -> None:
    """A data dir on a full file system: `serve` exits 2 with one line saying so, and no
    redis-server is left running in it; a server that was running stops cleanly too."""
    serve = RealServe(small_disk / "data", tmp_path / "serve.log")
    serves.append(serve.start())
    _fill(small_disk)
    serve.stop()
    # uvicorn ends by raising the SIGTERM it caught again, once it has shut down.
    assert serve.proc is not None and serve.proc.returncode in (0, -15)
    assert "Traceback" not in serve.log_text()
    wait_for(lambda: servers_in(serve.redis_folder) == [], 30, "the redis-server to stop")
    again = RealServe(small_disk / "data", tmp_path / "again.log")
    serves.append(again)
    proc = again.launch()
    assert proc.wait(timeout=120) == 2
    errors = [line for line in again.log_text().splitlines() if "error" in line]
    assert len(errors) == 1 and "MiB free" in errors[0], errors
    assert servers_in(again.redis_folder) == []


def test_an_embedded_redis_that_cannot_write_is_one_line_and_killed(small_disk: Path) -> None:
    """The write probe at start: a Redis whose append-only file cannot grow is reported in
    one line naming the folder, and its child is stopped (nothing orphaned)."""
    folder = small_disk / "data" / "redis"
    server = EmbeddedRedis(folder, stop_grace_s=2)
    server.start()
    server.stop()
    _fill(small_disk, leave=8192)  # room for the owner file, not for the probe's write
    again = EmbeddedRedis(folder, stop_grace_s=2)
    with pytest.raises(StateStoreUnavailable) as info:
        again.start()
    message = str(info.value)
    assert "\n" not in message and str(folder) in message and "cannot save" in message
    assert again.pid is None
    wait_for(lambda: servers_in(folder) == [], 30, "the redis-server to be stopped")
    shutil.rmtree(small_disk / "data", ignore_errors=True)
