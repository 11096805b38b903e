"""Stay up (issue 24): one real `duocthu serve` on its embedded Redis, broken the ways an
attacker and an operator break it, with the figures the issue asks for.

1. Keyed turns from 16 clients on 8 conversations while the embedded redis-server is
   killed (twice: the supervisor restarts it) and paused past the store's settle window
   (SIGSTOP 6 s, so turns fail holding their locks). Counted: turns, 503s, 409s, error
   responses naming a turn that was in fact saved (misreported, must be 0), store errors
   counted against those served, and conversations still locked 3 s after the last fault
   (their failed turns' releases are kept and sent when Redis answers).
2. Hostile bodies (the corpus of tests/server/test_hostile_bodies.py and random bytes) to
   the turn and create routes: 5xx answers (must be 0).
3. A slowloris flood on loopback: slow-header sockets from one address and idle sockets
   from many, against MAX_CONNECTIONS=400; connections shed by reason, and /health
   answered meanwhile.
4. Orphans: redis-server processes left in the data dir after the server stops, after a
   second `serve` is refused on the same data dir, and after a start on a full disk (a
   48 MiB tmpfs, where this machine lets us mount one). Must be 0.

    python -m bench.stayup [--out bench/results/stayup.json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import redis

from engine.embedded_redis import servers_in, socket_path
from tests.faults.serve_support import RealServe
from tests.server.test_hostile_bodies import CORPUS
from tests.support.procs import wait_for

TEXT = "Xin chào"
CONVERSATIONS, CLIENTS_EACH = 8, 2


@dataclass
class Tally:
    answered: int = 0
    errors: list[tuple[str, dict[str, str], str, int, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _create(http: httpx.Client) -> tuple[str, dict[str, str]]:
    body = http.post("/v1/conversations").json()
    return body["conversation_id"], {"Authorization": f"Bearer {body['token']}"}


def _client(base: str, cid: str, auth: dict[str, str], name: str, stop: threading.Event,
            t: Tally) -> None:  # fmt: skip
    with httpx.Client(base_url=base, timeout=60) as http:
        n = 0
        while not stop.is_set():
            n += 1
            key = f"{name}-{n}"
            r = http.post(
                f"/v1/conversations/{cid}/turns",
                json={"text": TEXT, "idempotency_key": key},
                headers=auth,
            )
            with t.lock:
                if r.status_code == 200:
                    t.answered += 1
                else:
                    t.errors.append((cid, auth, key, r.status_code, r.json()["error"]["code"]))
                    time.sleep(0.05)


def _metric_sum(base: str, pattern: str) -> float:
    text = httpx.get(f"{base}/metrics", timeout=10).text
    return sum(float(v) for v in re.findall(pattern, text, re.M))


def redis_faults(serve: RealServe) -> dict[str, Any]:
    stop, tally = threading.Event(), Tally()
    with httpx.Client(base_url=serve.base, timeout=30) as http:
        conversations = [_create(http) for _ in range(CONVERSATIONS)]
    clients = [
        threading.Thread(
            target=_client,
            args=(serve.base, cid, auth, f"c{i}-{j}", stop, tally),
            daemon=True,
        )
        for i, (cid, auth) in enumerate(conversations)
        for j in range(CLIENTS_EACH)
    ]
    for c in clients:
        c.start()
    time.sleep(2)
    for _ in range(2):  # kill -9: the supervisor brings it back
        [pid] = serve.redis_pids()
        os.kill(pid, signal.SIGKILL)
        wait_for(lambda p=pid: serve.redis_pids() not in ([], [p]), 60, "a restart")
        time.sleep(3)
    [pid] = serve.redis_pids()
    os.kill(pid, signal.SIGSTOP)  # longer than the store's 5 s settle window
    time.sleep(6)
    os.kill(pid, signal.SIGCONT)
    recovered_at = time.monotonic()
    time.sleep(1)
    stop.set()
    for c in clients:
        c.join(timeout=120)
    time.sleep(max(0.0, 3 - (time.monotonic() - recovered_at)))
    store = redis.Redis(unix_socket_path=str(socket_path(serve.redis_folder)), socket_timeout=5)
    locked = [cid for cid, _ in conversations if store.exists(f"duocthu:{{{cid}}}:lock")]
    store.close()

    misreported, replay_codes = [], []
    with httpx.Client(base_url=serve.base, timeout=60) as http:
        committed: dict[str, set[str]] = {}
        for cid, auth in conversations:
            turns = http.get(f"/v1/conversations/{cid}/trace", headers=auth).json()["turns"]
            committed[cid] = {t["idempotency_key"] for t in turns}
        misreported = [key for cid, _, key, _, _ in tally.errors if key in committed[cid]]
        for cid, auth, key, _, _ in tally.errors:  # each failed key, sent again once
            r = http.post(
                f"/v1/conversations/{cid}/turns",
                json={"text": TEXT, "idempotency_key": key},
                headers=auth,
            )
            replay_codes.append(r.status_code)
    served_store_errors = sum(1 for *_, code in tally.errors if code in {
        "state_store_unavailable", "turn_in_progress"})  # fmt: skip
    return {
        "turns": tally.answered + len(tally.errors),
        "answered_200": tally.answered,
        "503": sum(1 for e in tally.errors if e[3] == 503),
        "409": sum(1 for e in tally.errors if e[3] == 409),
        "misreported": len(misreported),
        "store_errors_counted": _metric_sum(
            serve.base, r"^duocthu_store_errors_total\{[^}]*\} (\S+)$"
        ),
        "store_errors_served": served_store_errors,
        "redis_deaths": serve.metric("duocthu_embedded_redis_deaths_total"),
        "redis_restarts": serve.metric("duocthu_embedded_redis_restarts_total"),
        "locks_left_3s_after_recovery": len(locked),
        "lock_releases_sent_after_recovery": sum(
            int(n) for n in re.findall(r"released (\d+) lock", serve.log_text())
        ),
        "failed_keys_replayed_not_200": sum(1 for c in replay_codes if c != 200),
    }


def hostile_bodies(serve: RealServe, random_bodies: int) -> dict[str, Any]:
    rng = random.Random(24)
    bodies = [*CORPUS, *(rng.randbytes(rng.randint(0, 400)) for _ in range(random_bodies))]
    statuses: list[int] = []
    with httpx.Client(base_url=serve.base, timeout=30) as http:
        cid, auth = _create(http)
        headers = {**auth, "content-type": "application/json"}
        for body in bodies:
            for url in (f"/v1/conversations/{cid}/turns", "/v1/conversations"):
                statuses.append(http.post(url, content=body, headers=headers).status_code)
    return {
        "bodies": len(bodies),
        "requests": len(statuses),
        "5xx": sum(1 for s in statuses if s >= 500),
        "by_status": {str(s): statuses.count(s) for s in sorted(set(statuses))},
    }


def slowloris(serve: RealServe, slow: int, idle: int) -> dict[str, Any]:
    host, port = "127.0.0.1", serve.port
    socks: list[socket.socket] = []
    health: list[int] = []
    try:
        for _ in range(slow):  # one address, slow headers
            s = socket.create_connection((host, port), timeout=10, source_address=("127.0.0.2", 0))
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            socks.append(s)
        for i in range(idle):  # many addresses, nothing sent
            source = f"127.0.{1 + i // 250}.{3 + i % 250}"
            socks.append(
                socket.create_connection((host, port), timeout=10, source_address=(source, 0))
            )
        for _ in range(20):
            with contextlib.suppress(httpx.HTTPError):
                health.append(httpx.get(f"{serve.base}/health", timeout=10).status_code)
                continue
            health.append(0)
    finally:
        for s in socks:
            s.close()
    text = httpx.get(f"{serve.base}/metrics", timeout=10).text
    shed = {
        reason: float(v)
        for reason, v in re.findall(
            r'^duocthu_connections_shed_total\{reason="([^"]+)"\} (\S+)$', text, re.M
        )
    }
    return {
        "sockets_opened": len(socks),
        "connections_shed": shed,
        "connections_shed_total": sum(shed.values()),
        "health_200": health.count(200),
        "health_tries": len(health),
    }


def orphans_and_refusals(root: Path) -> dict[str, Any]:
    """A second serve on a data dir, then a stop; and a full small disk where allowed."""
    out: dict[str, Any] = {}
    first = RealServe(root / "data2", root / "first.log").start()
    second = RealServe(root / "data2", root / "second.log")
    out["second_serve_exit"] = second.launch().wait(timeout=120)
    out["second_serve_line"] = next(
        (ln for ln in second.log_text().splitlines() if "error" in ln), ""
    )
    first.stop()
    wait_for(lambda: not servers_in(first.redis_folder), 30, "redis to stop")
    orphans = len(servers_in(first.redis_folder))
    mount = root / "small"
    mount.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        out["full_disk"] = f"skipped: {mounted.stderr.strip()}"
    else:
        try:
            serve = RealServe(mount / "data", root / "disk.log").start()
            with (mount / "filler").open("wb", buffering=0) as f, contextlib.suppress(OSError):
                while True:
                    f.write(b"\0" * 65536)
            serve.stop()
            with contextlib.suppress(TimeoutError):
                wait_for(lambda: not servers_in(serve.redis_folder), 30, "redis to stop")
            again = RealServe(mount / "data", root / "disk-again.log")
            out["full_disk_exit"] = again.launch().wait(timeout=120)
            out["full_disk_line"] = next(
                (ln for ln in again.log_text().splitlines() if "error" in ln), ""
            )
            orphans += len(servers_in(serve.redis_folder))
        finally:
            for server in servers_in(mount / "data" / "redis"):
                os.kill(server.pid, signal.SIGKILL)
            subprocess.run(["umount", "-l", str(mount)], check=False)
    out["orphans"] = orphans
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--random-bodies", type=int, default=300)
    parser.add_argument("--slow", type=int, default=300)
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--out", default="bench/results/stayup.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="duocthu-stayup-") as tmp:
        root = Path(tmp)
        serve = RealServe(
            root / "data",
            root / "serve.log",
            REDIS_TIMEOUT_S="0.5",
            TRACE_TURNS="1000",
            MAX_CONNECTIONS="400",
            HEADER_READ_TIMEOUT_S="60",
        ).start()
        try:
            faults = redis_faults(serve)
            print(json.dumps({"redis_faults": faults}))
            bodies = hostile_bodies(serve, args.random_bodies)
            print(json.dumps({"hostile_bodies": bodies}))
            flood = slowloris(serve, args.slow, args.idle)
            print(json.dumps({"slowloris": flood}))
        finally:
            serve.stop()
        with contextlib.suppress(TimeoutError):
            wait_for(lambda: not servers_in(serve.redis_folder), 30, "redis to stop")
        leftover = len(servers_in(serve.redis_folder))
        rest = orphans_and_refusals(root)
        rest["orphans"] += leftover
        print(json.dumps({"orphans_and_refusals": rest}))
    result = {
        "command": "python -m bench.stayup " + " ".join(argv if argv is not None else sys.argv[1:]),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "redis_faults": faults,
        "hostile_bodies": bodies,
        "slowloris": flood,
        "orphans_and_refusals": rest,
    }
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    ok = (
        faults["misreported"] == 0
        and faults["locks_left_3s_after_recovery"] == 0
        and bodies["5xx"] == 0
        and flood["health_200"] == flood["health_tries"]
        and rest["orphans"] == 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
