"""Mixed dialogues at a steady rate for a long time: RSS, Redis memory and p99 must stay flat.

Starts a loopback redis-server and `duocthu serve` (one worker, offline providers),
gives each simulated user one conversation for the whole run (so the per-conversation
caps on history, trace and idempotency records are what keeps memory bounded), and
sends turns open-loop at --rate turns/s. Every --window seconds it records the
server's RSS, Redis used_memory, p50/p99 and errors of that window.

    python -m bench.soak [--seconds 600] [--rate 30] [--users 20] [--window 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench._load import ServeProcess, create_conversations, drive, percentile
from tests.support.procs import RedisNode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--rate", type=float, default=30.0)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--window", type=float, default=30.0)
    parser.add_argument("--out", default="bench/results/soak.json")
    args = parser.parse_args(argv)
    windows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="duocthu-soak-") as tmp:
        node = RedisNode(Path(tmp) / "redis", "--appendonly", "yes").start()
        serve = ServeProcess(node.url, 1, Path(tmp) / "serve").start()
        client = node.client()
        try:
            convs = asyncio.run(create_conversations(serve.base, args.users))
            elapsed = 0.0
            while elapsed < args.seconds:
                span = min(args.window, args.seconds - elapsed)
                tally = asyncio.run(drive(serve.base, convs, span, rate_per_s=args.rate))
                elapsed += span
                window = {
                    "at_s": round(elapsed, 1),
                    "turns": len(tally.latencies_ms),
                    "p50_ms": percentile(tally.latencies_ms, 50),
                    "p99_ms": percentile(tally.latencies_ms, 99),
                    "errors": sum(tally.errors.values()),
                    "error_kinds": tally.errors,
                    "server_rss_mb": round(serve.rss_kb() / 1024, 1),
                    "redis_used_memory_mb": round(
                        int(client.info("memory")["used_memory"]) / 2**20, 2
                    ),
                    "redis_keys": int(client.dbsize()),
                }
                print(json.dumps(window), flush=True)
                windows.append(window)
        finally:
            client.close()
            serve.stop()
            node.kill()
            if any(w["errors"] for w in windows):
                # The server's own account of the failures, before the directory goes.
                lines = serve.log.read_text(errors="replace").splitlines()
                failures = [ln for ln in lines if "request_failed" in ln or "Error" in ln]
                print("\n".join(failures[-20:]), file=sys.stderr)
    later = windows[len(windows) // 2 :] or windows
    result = {
        "command": "python -m bench.soak " + " ".join(sys.argv[1:] if argv is None else argv),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "setup": "duocthu serve, 1 worker, rules + extractive, qdrant :memory:, embeddings "
        "disabled; loopback redis-server 7 with AOF; open-loop load on the same machine",
        "errors": sum(w["errors"] for w in windows),
        "turns": sum(w["turns"] for w in windows),
        "rss_mb_first_last": [windows[0]["server_rss_mb"], windows[-1]["server_rss_mb"]],
        "rss_mb_second_half_range": [
            min(w["server_rss_mb"] for w in later),
            max(w["server_rss_mb"] for w in later),
        ],
        "redis_mb_first_last": [
            windows[0]["redis_used_memory_mb"],
            windows[-1]["redis_used_memory_mb"],
        ],
        "p99_ms_range": [min(w["p99_ms"] for w in windows), max(w["p99_ms"] for w in windows)],
        "windows": windows,
    }
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k != "windows"}, indent=2))
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
