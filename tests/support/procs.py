"""Real redis-server processes on loopback that tests and benchmarks can kill and restart.

`RedisNode` is one server with a fixed port and directory (so a restart finds its
AOF); `LoopbackCluster` is a Redis Cluster of such nodes built with
`redis-cli --cluster create`. Every server binds 127.0.0.1 only.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import redis


def server_binary() -> str | None:
    """REDIS_SERVER_BIN, else the OS's redis-server (preferred over a pyenv shim), else PATH."""
    for candidate in (os.environ.get("REDIS_SERVER_BIN"), "/usr/bin/redis-server"):
        if candidate and Path(candidate).is_file():
            return candidate
    return shutil.which("redis-server")


def cli_binary() -> str | None:
    """REDIS_CLI_BIN, else the OS's redis-cli, else PATH."""
    for candidate in (os.environ.get("REDIS_CLI_BIN"), "/usr/bin/redis-cli"):
        if candidate and Path(candidate).is_file():
            return candidate
    return shutil.which("redis-cli")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cluster_port() -> int:
    """A free port P <= 55535 whose cluster bus port P + 10000 is free too."""
    for _ in range(200):
        port = random.randint(20000, 45000)
        try:
            for p in (port, port + 10000):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
        except OSError:
            continue
        return port
    raise OSError("no free port pair for a cluster node")


def wait_for(predicate: Callable[[], object], timeout_s: float, what: str) -> None:
    """Poll `predicate()` until true; raise naming `what` on timeout."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except (OSError, redis.RedisError):
            pass
        time.sleep(0.05)
    raise TimeoutError(f"timed out after {timeout_s}s waiting for {what}")


class RedisNode:
    """One redis-server bound to 127.0.0.1 on a fixed port, restartable on the same data."""

    def __init__(self, folder: Path, *extra: str, port: int | None = None) -> None:
        binary = server_binary()
        if binary is None:
            raise FileNotFoundError("redis-server is not installed")
        self.binary = binary
        self.folder = folder
        self.port = port or free_port()
        self.extra = list(extra)
        self.proc: subprocess.Popen[bytes] | None = None
        folder.mkdir(parents=True, exist_ok=True)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self, **kwargs: object) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, **kwargs)  # type: ignore[arg-type]

    def start(self) -> RedisNode:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--dir", str(self.folder), "--save", "", "--protected-mode", "yes", *self.extra]
        log = (self.folder / "redis.log").open("ab")
        self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=self.folder)
        log.close()
        probe = self.client(socket_timeout=0.5)
        try:
            # a hang guard, not a speed test: a loaded CI machine may take a while
            wait_for(lambda: probe.ping() and _loaded(probe), 120, f"redis on port {self.port}")
        finally:
            probe.close()
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown, no final fsync (what a crash does)."""
        self._signal(signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM: a clean shutdown."""
        self._signal(signal.SIGTERM)

    def _signal(self, sig: signal.Signals) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=20)
        self.proc = None

    def restart(self) -> RedisNode:
        self.stop()
        return self.start()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


def _loaded(client: redis.Redis) -> bool:
    info = client.info("persistence")
    return int(info.get("loading", 0)) == 0


class LoopbackCluster:
    """A Redis Cluster of `masters` masters (and `replicas` replicas each) on loopback."""

    def __init__(self, root: Path, *, masters: int = 3, replicas: int = 0, aof: bool = False):
        if masters < 3:
            raise ValueError(f"a Redis Cluster needs at least 3 masters, got {masters}")
        self.root = root
        self.replicas = replicas
        extra = ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
        extra += ["--cluster-node-timeout", "1000", "--appendonly", "yes" if aof else "no"]
        # A replica that lost its master may take over even if its link was briefly down.
        extra += ["--cluster-replica-validity-factor", "0"]
        count = masters * (1 + replicas)
        self.nodes = [
            RedisNode(root / f"node{i}", *extra, port=cluster_port()) for i in range(count)
        ]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.nodes[0].port}/0?cluster=true"

    def start(self) -> LoopbackCluster:
        cli = cli_binary()
        if cli is None:
            raise FileNotFoundError("redis-cli is not installed")
        for node in self.nodes:
            node.start()
        addrs = [f"127.0.0.1:{n.port}" for n in self.nodes]
        subprocess.run(
            [
                cli,
                "--cluster",
                "create",
                *addrs,
                "--cluster-replicas",
                str(self.replicas),
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        wait_for(self._healthy, 60, "cluster_state:ok on every node")
        return self

    def _healthy(self) -> bool:
        for node in self.nodes:
            if not node.alive:
                continue
            c = node.client(socket_timeout=0.5)
            try:
                info = c.cluster("info")
                if info.get("cluster_state") != "ok":
                    return False
                if int(info.get("cluster_known_nodes", 0)) < len(self.nodes):
                    return False
                if (
                    self.replicas
                    and c.info("replication").get("role") == "slave"
                    and (c.info("replication").get("master_link_status") != "up")
                ):
                    return False
            finally:
                c.close()
        return True

    def wait_healthy(self, timeout_s: float = 30) -> None:
        wait_for(self._healthy, timeout_s, "the cluster to be healthy again")

    def master_for(self, key: str) -> RedisNode:
        """The live node that currently serves `key`'s slot as master."""
        for node in self.nodes:
            if not node.alive:
                continue
            c = node.client(socket_timeout=0.5)
            try:
                slot = int(c.cluster("keyslot", key))
                for start, end, master, *_ in c.cluster("slots"):
                    if start <= slot <= end:
                        port = int(master[1])
                        return next(n for n in self.nodes if n.port == port)
            finally:
                c.close()
        raise LookupError(f"no live node knows the master of {key!r}")

    def close(self) -> None:
        for node in self.nodes:
            node.kill()


__all__ = ["LoopbackCluster", "RedisNode", "cli_binary", "free_port", "server_binary", "wait_for"]
