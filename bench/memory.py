"""Redis memory per conversation: many conversations, each a full mixed dialogue, then INFO.

The per-conversation caps (history lines, trace entries, idempotency records) bound
the size; this measures it after enough turns to reach them.

    python -m bench.memory [--conversations 300] [--turns 60]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
from pathlib import Path

from tests.support.engines import sample_engine
from tests.support.procs import RedisNode

FRAMES = [
    {"turn_type": "drug_attribute", "needs_clarify": True},
    {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chong_chi_dinh"},
    {"turn_type": "dosing_calc", "drugs": ["paracetamol"]},
    {"population": "child", "fills_slot": "population"},
    {"turn_type": "smalltalk"},
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--conversations", type=int, default=300)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--out", default="bench/results/memory.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="duocthu-mem-") as tmp:
        node = RedisNode(Path(tmp), "--appendonly", "no").start()
        try:
            client = node.client()
            engine = sample_engine(node.url)
            base = int(client.info("memory")["used_memory"])
            for _ in range(args.conversations):
                cid = engine.create_conversation().conversation_id
                for i in range(args.turns):
                    frame = json.dumps(FRAMES[i % len(FRAMES)])
                    engine.handle(cid, frame, idempotency_key=f"key-{i:04d}-{cid[:8]}")
            used = int(client.info("memory")["used_memory"])
            keys = int(client.dbsize())
            client.close()
        finally:
            node.kill()
    result = {
        "command": "python -m bench.memory " + " ".join(sys.argv[1:] if argv is None else argv),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "conversations": args.conversations,
        "turns_each": args.turns,
        "keys": keys,
        "used_memory_delta_mb": round((used - base) / 2**20, 2),
        "kb_per_conversation": round((used - base) / args.conversations / 1024, 1),
    }
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
