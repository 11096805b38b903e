"""Redis memory per conversation: many conversations, each a full mixed dialogue, then INFO.

The per-conversation caps (history lines, the answers' claims and citations kept in
history, trace entries, idempotency records) bound the size; this measures it after
enough turns to reach them (`--turns` above the 100 idempotency records), with every
key's `MEMORY USAGE` summed by kind (document, trace, idempotency records, ...) so the
figure says what a conversation is made of.

With `--real` the turns are Vietnamese questions to the real offline engine over the
demo corpus (sparse retrieval), whose answers carry several claims and citations each,
as a user's would; without it, the fake models' frames (one claim per answer).

    python -m bench.memory [--conversations 300] [--turns 150] [--real]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench.engine_turn import uptime
from tests.support.engines import sample_engine
from tests.support.procs import RedisNode

FRAMES = [
    {"turn_type": "drug_attribute", "needs_clarify": True},
    {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chong_chi_dinh"},
    {"turn_type": "dosing_calc", "drugs": ["paracetamol"]},
    {"population": "child", "fills_slot": "population"},
    {"turn_type": "smalltalk"},
]
QUESTIONS = [
    "Chống chỉ định của paracetamol là gì?",
    "Tác dụng không mong muốn của ibuprofen?",
    "Amoxicilin có dùng được cho phụ nữ có thai không?",
    "Tương tác thuốc của warfarin?",
    "cảm ơn",
]


def real_engine(url: str, data_dir: Path) -> Any:
    """The engine `duocthu serve` builds, offline, over the demo corpus (sparse only)."""
    os.environ.update(REDIS_URL=url, EMBEDDING_PROVIDER="disabled", DUOCTHU_DATA_DIR=str(data_dir))
    from engine.bootstrap import build_runtime

    return build_runtime().engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--conversations", type=int, default=300)
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--real", action="store_true", help="real offline engine, questions")
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    load_before = uptime()
    with tempfile.TemporaryDirectory(prefix="duocthu-mem-") as tmp:
        node = RedisNode(Path(tmp), "--appendonly", "no").start()
        try:
            client = node.client()
            engine = real_engine(node.url, Path(tmp)) if args.real else sample_engine(node.url)
            texts = QUESTIONS if args.real else [json.dumps(f) for f in FRAMES]
            base = int(client.info("memory")["used_memory"])
            for _ in range(args.conversations):
                cid = engine.create_conversation().conversation_id
                for i in range(args.turns):
                    text = texts[i % len(texts)]
                    engine.handle(cid, text, idempotency_key=f"key-{i:04d}-{cid[:8]}")
            used = int(client.info("memory")["used_memory"])
            keys = int(client.dbsize())
            by_kind: Counter[str] = Counter()
            for key in client.scan_iter(count=1000):
                kind = key.decode().rsplit(":", 1)[-1]
                by_kind[kind] += int(client.memory_usage(key, samples=0) or 0)
            client.close()
        finally:
            node.kill()
    result = {
        "command": "python -m bench.memory " + " ".join(sys.argv[1:] if argv is None else argv),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "engine": "real offline, demo corpus" if args.real else "fake models",
        "conversations": args.conversations,
        "turns_each": args.turns,
        "keys": keys,
        "used_memory_delta_mb": round((used - base) / 2**20, 2),
        "kb_per_conversation": round((used - base) / args.conversations / 1024, 1),
        "kb_per_conversation_by_key": {
            kind: round(size / args.conversations / 1024, 1)
            for kind, size in sorted(by_kind.items(), key=lambda kv: -kv[1])
        },
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "uptime_before": load_before,
        "uptime_after": uptime(),
    }
    out = args.out or f"bench/results/memory{'_real' if args.real else ''}.json"
    Path(out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
