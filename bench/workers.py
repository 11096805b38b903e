"""Throughput of `duocthu serve` with 1, 2 and 4 workers over one external Redis on this machine,
and the Redis round trips per turn.

Each run starts `duocthu serve --workers N` (offline rules understanding, extractive
answers, Qdrant local `:memory:` per worker, embeddings off) against a loopback
redis-server, creates one conversation per simulated user, then drives mixed
dialogues (retrieval answers, paediatric clarifications, smalltalk) closed-loop.
Round trips per turn come from MONITOR over a separate sequential phase: commands
the service sent, not the calls Lua scripts made inside Redis; INFO commandstats
totals (which include the inside calls) are reported beside them.

    python -m bench.workers [--workers 1 2 4] [--seconds 20] [--users 16]
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

from bench._load import (
    DIALOGUE,
    CommandCounter,
    ServeProcess,
    command_stats,
    create_conversations,
    drive,
    percentile,
    stats_delta,
)
from tests.support.procs import LoopbackCluster, RedisNode


def round_trips(node: RedisNode, base: str) -> dict[str, Any]:
    """Sequential turns under MONITOR: top-level commands per turn, by command."""
    convs = asyncio.run(create_conversations(base, 2))
    client = node.client()
    with CommandCounter(client) as counter:
        codes = _sequential(base, convs[0], 3 * len(DIALOGUE))
    client.close()
    turns = codes.count(200)
    top = {k: v for k, v in counter.top.items() if k not in {"ping", "info"}}
    return {
        "turns": turns,
        "top_level_commands_per_turn": round(sum(top.values()) / turns, 2),
        "by_command_per_turn": {k: round(v / turns, 2) for k, v in sorted(top.items())},
        "calls_inside_scripts_per_turn": round(counter.inside_scripts / turns, 2),
    }


async def _sequential_async(base: str, conv: tuple[str, str], n: int) -> list[int]:
    import httpx

    cid, token = conv
    codes = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for i in range(n):
            r = await http.post(
                f"/v1/conversations/{cid}/turns",
                json={"text": DIALOGUE[i % len(DIALOGUE)]},
                headers={"Authorization": f"Bearer {token}"},
            )
            codes.append(r.status_code)
    return codes


def _sequential(base: str, conv: tuple[str, str], n: int) -> list[int]:
    return asyncio.run(_sequential_async(base, conv, n))


def redis_cpu_s(client: Any) -> float:
    """CPU seconds the Redis server has used (user + system, main thread and children)."""
    cpu = client.info("cpu")
    return float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])


def one(
    node: RedisNode, url: str, workers: int, *, seconds: float, users: int, tmp: Path
) -> dict[str, Any]:
    """One run; commands are counted on `node` only when it is the whole Redis."""
    serve = ServeProcess(url, workers, tmp / f"w{workers}").start()
    try:
        convs = asyncio.run(create_conversations(serve.base, users))
        asyncio.run(drive(serve.base, convs, min(3.0, seconds)))  # warm every worker
        client = node.client()
        before, cpu0, served0 = command_stats(client), redis_cpu_s(client), serve.cpu_s()
        tally = asyncio.run(drive(serve.base, convs, seconds))
        after, cpu1, served1 = command_stats(client), redis_cpu_s(client), serve.cpu_s()
        client.close()
        turns = len(tally.latencies_ms)
        whole = url == node.url
        trips = round_trips(node, serve.base) if workers == 1 and whole else None
        delta = stats_delta(before, after)
        delta.pop("info", None)
        per_turn = round(sum(delta.values()) / max(turns, 1), 2) if whole else None
        return {
            "workers": workers,
            "users": users,
            "seconds": seconds,
            "turns": turns,
            "turns_per_s": round(turns / seconds, 1),
            "p50_ms": percentile(tally.latencies_ms, 50),
            "p95_ms": percentile(tally.latencies_ms, 95),
            "p99_ms": percentile(tally.latencies_ms, 99),
            "errors": tally.errors,
            "outcomes": tally.outcomes,
            "server_rss_mb": round(serve.rss_kb() / 1024, 1),
            "server_cpu_ms_per_turn": round((served1 - served0) * 1000 / max(turns, 1), 2),
            "redis_commandstats_per_turn_incl_script_calls": per_turn,
            "redis_cpu_ms_per_turn": round((cpu1 - cpu0) * 1000 / max(turns, 1), 3)
            if whole
            else None,
            "round_trips": trips,
        }
    finally:
        serve.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--users", type=int, default=16)
    parser.add_argument("--cluster", action="store_true", help="a loopback 3-master Cluster")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    runs = []
    with tempfile.TemporaryDirectory(prefix="duocthu-workers-") as tmp:
        if args.cluster:
            cluster = LoopbackCluster(Path(tmp) / "cluster", masters=3, aof=True).start()
            node, url, stop = cluster.nodes[0], cluster.url, cluster.close
        else:
            node = RedisNode(Path(tmp) / "redis", "--appendonly", "yes").start()
            url, stop = node.url, node.kill
        try:
            for n in args.workers:
                run = one(node, url, n, seconds=args.seconds, users=args.users, tmp=Path(tmp))
                print(json.dumps(run), flush=True)
                runs.append(run)
        finally:
            stop()
    result = {
        "command": "python -m bench.workers " + " ".join(sys.argv[1:] if argv is None else argv),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "setup": "duocthu serve (rules + extractive, qdrant :memory: per worker, embeddings "
        "disabled) over "
        + ("a loopback 3-master Redis Cluster" if args.cluster else "one loopback redis-server")
        + " 7 (AOF everysec); load generator: one asyncio process on the same 2 cores, "
        "closed loop, mixed dialogues",
        "runs": runs,
    }
    name = "workers_cluster.json" if args.cluster else "workers.json"
    Path(args.out or f"bench/results/{name}").write_text(
        json.dumps(result, indent=2) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
