"""REDIS_URL with a Sentinel set: turns go to the master Sentinel names, and keep going
after Sentinel fails over to the replica (committed turns survive; replication is async,
so the test waits for the replica before killing the master)."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from core.errors import StateStoreUnavailable
from engine.redis_client import from_url
from runners.testing import sample_engine
from tests.support.procs import RedisNode, free_port, server_binary, wait_for

pytestmark = [
    pytest.mark.faults,
    pytest.mark.skipif(server_binary() is None, reason="redis-server is not installed"),
]

CLARIFY = json.dumps({"turn_type": "drug_attribute", "needs_clarify": True})


@pytest.fixture
def sentinel_set(tmp_path: Path) -> Iterator[tuple[RedisNode, RedisNode, int]]:
    master = RedisNode(tmp_path / "master").start()
    replica = RedisNode(tmp_path / "replica", "--replicaof", "127.0.0.1", str(master.port))
    replica.start()
    port = free_port()
    conf = tmp_path / "sentinel.conf"
    conf.write_text(
        f"port {port}\nbind 127.0.0.1\ndir {tmp_path}\n"
        f"sentinel monitor mymaster 127.0.0.1 {master.port} 1\n"
        "sentinel down-after-milliseconds mymaster 500\n"
        "sentinel failover-timeout mymaster 3000\n",
        encoding="utf-8",
    )
    binary = server_binary()
    assert binary is not None
    log = (tmp_path / "sentinel.log").open("ab")
    proc = subprocess.Popen([binary, str(conf), "--sentinel"], stdout=log, stderr=log)
    try:
        probe = redis.Redis(host="127.0.0.1", port=port, socket_timeout=0.5)
        wait_for(probe.ping, 20, "sentinel")
        wait_for(
            lambda: replica.client().info("replication")["master_link_status"] == "up",
            20,
            "replica link",
        )
        yield master, replica, port
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()
        replica.stop()
        master.stop()


def test_turns_follow_sentinel_through_a_failover(
    sentinel_set: tuple[RedisNode, RedisNode, int],
) -> None:
    """Turns work via redis+sentinel://; after the master dies they resume on the promoted
    replica, and every turn committed (and replicated) before the kill is still there."""
    master, replica, port = sentinel_set
    engine = sample_engine(from_url(f"redis+sentinel://127.0.0.1:{port}/mymaster", timeout_s=1))
    cid = engine.create_conversation().conversation_id
    for _ in range(2):
        engine.handle(cid, CLARIFY)
    assert master.client().wait(1, 5000) == 1  # the replica has both turns
    master.kill()

    deadline = time.monotonic() + 60
    while True:
        try:
            result = engine.handle(cid, CLARIFY)
            break
        except StateStoreUnavailable:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    assert result.turn == 3
    assert result.clarify_streak == 3
    assert replica.client().info("replication")["role"] == "master"
