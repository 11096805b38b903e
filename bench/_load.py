"""Shared pieces of the HTTP load benches: the service process, a dialogue driver, Redis stats.

The service is `duocthu serve` itself (real understanding, retrieval and answers;
Qdrant in local `:memory:` mode per worker, embeddings off) over an external Redis.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import redis

from tests.support.procs import free_port, wait_for

# A mixed dialogue: a retrieval answer, a paediatric dose with three clarifications, smalltalk.
DIALOGUE = [
    "Chống chỉ định của paracetamol?",
    "Liều paracetamol?",
    "Trẻ em",
    "bé nặng 18 ký",
    "5 tuổi",
    "xin chào",
    "Tương tác giữa warfarin và aspirin?",
]


class ServeProcess:
    """`duocthu serve --workers N` on 127.0.0.1 against `redis_url`; stopped with SIGTERM."""

    def __init__(self, redis_url: str, workers: int, data_dir: Path, **env: str) -> None:
        self.port = free_port()
        self.workers = workers
        self.env = {
            **os.environ,
            "REDIS_URL": redis_url,
            "QDRANT_URL": ":memory:",
            "EMBEDDING_PROVIDER": "disabled",
            "DUOCTHU_DATA_DIR": str(data_dir),
            "RATE_LIMIT_PER_MINUTE": "10000000",
            "RATE_LIMIT_BURST": "1000000",
            **env,
        }
        self.log = data_dir / "serve.log"
        data_dir.mkdir(parents=True, exist_ok=True)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServeProcess:
        run_cli = "import sys; from runners.cli import main; sys.exit(main(sys.argv[1:]))"
        cmd = [sys.executable, "-c", run_cli, "serve", "--port", str(self.port)]
        cmd += ["--workers", str(self.workers)]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(cmd, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        wait_for(self._ready, 180, f"duocthu serve on port {self.port}")
        return self

    def _ready(self) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise RuntimeError(f"duocthu serve exited; see {self.log}")
        try:
            # Every worker must answer ready; a few in a row is a fair sign they all have.
            return all(
                httpx.get(f"{self.base}/ready", timeout=5).status_code == 200 for _ in range(8)
            )
        except httpx.HTTPError:
            return False

    def rss_kb(self) -> int:
        """Resident memory of the server and all its worker processes."""
        if self.proc is None:
            return 0
        pids = [self.proc.pid, *_children(self.proc.pid)]
        total = 0
        for pid in pids:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            except OSError:
                pass
        return total

    def cpu_s(self) -> float:
        """CPU seconds (user + system) used so far by the server and its workers."""
        if self.proc is None:
            return 0.0
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in [self.proc.pid, *_children(self.proc.pid)]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / ticks

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return out
    for kid in kids:
        out += [int(kid), *_children(int(kid))]
    return out


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    outcomes: dict[str, int] = field(default_factory=dict)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def create_conversations(base: str, n: int) -> list[tuple[str, str]]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        out = []
        for _ in range(n):
            body = (await http.post("/v1/conversations")).json()
            out.append((body["conversation_id"], body["token"]))
        return out


async def drive(
    base: str,
    convs: list[tuple[str, str]],
    seconds: float,
    *,
    rate_per_s: float | None = None,
    tally: Tally | None = None,
) -> Tally:
    """Each conversation is one user sending the dialogue in a loop, one turn at a time.

    With `rate_per_s`, turns start on a fixed schedule across all users (open loop);
    without, every user sends as fast as replies come (closed loop)."""
    tally = tally or Tally()
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=len(convs), max_keepalive_connections=len(convs))
    gap = len(convs) / rate_per_s if rate_per_s else 0.0

    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:

        async def user(i: int, cid: str, token: str) -> None:
            headers = {"Authorization": f"Bearer {token}"}
            n = 0
            next_at = time.perf_counter() + (gap * i / len(convs))
            while time.perf_counter() < deadline:
                if gap:
                    await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
                    next_at += gap
                text = DIALOGUE[n % len(DIALOGUE)]
                n += 1
                started = time.perf_counter()
                try:
                    r = await http.post(
                        f"/v1/conversations/{cid}/turns", json={"text": text}, headers=headers
                    )
                except httpx.HTTPError as exc:
                    tally.error(type(exc).__name__)
                    continue
                tally.latencies_ms.append((time.perf_counter() - started) * 1000)
                if r.status_code != 200:
                    tally.error(str(r.status_code))
                else:
                    reason = r.json()["reason"]
                    tally.outcomes[reason] = tally.outcomes.get(reason, 0) + 1

        await asyncio.gather(*(user(i, c, t) for i, (c, t) in enumerate(convs)))
    return tally


def percentile(samples: list[float], p: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))], 2)


def command_stats(client: redis.Redis) -> dict[str, int]:
    """Top-level calls per command (INFO commandstats counts what clients sent, not the
    calls made inside scripts)."""
    stats: dict[str, Any] = client.info("commandstats")
    return {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()}


def stats_delta(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    keys = set(before) | set(after)
    return {
        k: after.get(k, 0) - before.get(k, 0)
        for k in sorted(keys)
        if after.get(k, 0) - before.get(k, 0)
    }


class CommandCounter:
    """Counts top-level commands sent to Redis (MONITOR; calls made inside scripts excluded)."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self.top: dict[str, int] = {}
        self.inside_scripts = 0
        self._stop = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> CommandCounter:
        self._thread.start()
        self._ready.wait(10)
        return self

    def _run(self) -> None:
        with self._client.monitor() as m:  # type: ignore[no-untyped-call]  # unannotated in redis-py
            self._ready.set()
            while not self._stop:
                cmd = m.next_command()
                words = str(cmd.get("command", "")).split()
                name = words[0].lower() if words else "?"
                if cmd.get("client_type") == "lua":
                    self.inside_scripts += 1
                elif name != "monitor":
                    self.top[name] = self.top.get(name, 0) + 1

    def __exit__(self, *exc: object) -> None:
        self._stop = True
        self._client.ping()  # one more line wakes the monitor loop
        self._thread.join(timeout=10)
