"""Kill a Redis Cluster master under load and measure what is lost (replication is async).

Threads each drive one conversation through the real engine over `RedisCluster`,
retrying a refused turn with its idempotency key as a client would, and record
every acknowledged turn. A master is killed with SIGKILL; its replica takes over.
Afterwards each conversation is checked: its stored turns must be a prefix-consistent
subsequence of what was sent (older, never mixed), and acknowledged turns missing
from it are the loss, with how long before the kill they were acknowledged.

    python -m bench.failover [--conversations 12] [--before 3] [--after 5] [--trials 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
from pathlib import Path

from tests.support.failover import one_trial


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--conversations", type=int, default=12)
    parser.add_argument("--before", type=float, default=3.0)
    parser.add_argument("--after", type=float, default=5.0)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--out", default="bench/results/failover.json")
    args = parser.parse_args(argv)
    trials = []
    for _ in range(args.trials):
        with tempfile.TemporaryDirectory(prefix="duocthu-failover-") as tmp:
            trial = one_trial(Path(tmp), args.conversations, args.before, args.after)
        print(json.dumps(trial))
        trials.append(trial)
    result = {
        "command": "python -m bench.failover "
        + " ".join(argv if argv is not None else sys.argv[1:]),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "setup": "3 masters + 3 replicas on loopback, cluster-node-timeout 1000 ms, "
        "appendonly no; engine over RedisCluster, one thread per conversation",
        "trials": trials,
        "turns_acked": sum(t["turns_acked"] for t in trials),
        "turns_lost": sum(t["turns_lost"] for t in trials),
        "corrupted_conversations": sum(len(t["corrupted"]) for t in trials),
        "unavailable_s_max": max(t["unavailable_s_max"] for t in trials),
    }
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k != "trials"}, indent=2))
    return 0 if result["corrupted_conversations"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
