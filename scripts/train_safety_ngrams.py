"""Train the ingestion second opinion (`safety.ingestion.NgramModel`) and write its weights.

    python scripts/train_safety_ngrams.py [--out safety/safety_ngrams.json]

Sentences (our own, never the held-out or blind sets):
- evals/safety_ngram.train.jsonl: written for this model, `ingestion` true or false;
- evals/safety.jsonl (tuning slice only): `emergency` lines that report a taking are
  positives, near-misses (null) negatives;
- evals/people_safety.jsonl (ours) and evals/people_safety.tuning2.jsonl (written blind by
  another person, now a tuning set): `ingestion` lines positives, `near_miss` lines negatives;
- evals/understanding.jsonl (tuning): every question, a negative (ordinary questions).

Logistic regression with L2, plain SGD, fixed seed: the same data gives the same weights.
Thresholds are chosen on out-of-fold scores (5 folds): `report_at` is the lowest score at
which at most 1 % of the negatives score as high, `unsure_at` the lowest at which at most
5 % do. The engine consults the model only for a turn that takes or holds a medicine and is
not a dose question, which is stricter than this whole-set false-positive rate.

`cross_set` in the output says how the model generalises to a writer it never saw: for each
people set, a model trained on everything else scores that set's reports and near-misses at
the thresholds above.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.text import fold_aligned  # noqa: E402
from safety.ingestion import features  # noqa: E402

EPOCHS = 30
RATE = 0.2
L2 = 1e-4
FOLDS = 5
SEED = 22


def _jsonl(name: str) -> list[dict[str, object]]:
    path = ROOT / "evals" / name
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


PEOPLE_SETS = ("people_safety.jsonl", "people_safety.tuning2.jsonl")


def people(name: str) -> list[tuple[str, bool]]:
    out = []
    for r in _jsonl(name):
        if r["kind"] == "ingestion":
            out.append((str(r["text"]), True))
        elif r["kind"] == "near_miss":
            out.append((str(r["text"]), False))
    return out


def sentences(leave_out: str | None = None) -> list[tuple[str, bool]]:
    out = [(str(r["text"]), bool(r["ingestion"])) for r in _jsonl("safety_ngram.train.jsonl")]
    for r in _jsonl("safety.jsonl"):
        if r.get("slice", "tuning") != "tuning" or r.get("before"):
            continue
        if r["expect"] is None:
            out.append((str(r["text"]), False))
        elif r["expect"] == "emergency":
            out.append((str(r["text"]), True))
    for name in PEOPLE_SETS:
        if name != leave_out:
            out += people(name)
    out += [(str(r["text"]), False) for r in _jsonl("understanding.jsonl")]
    return out


def train(data: list[tuple[list[str], bool]], seed: int) -> tuple[float, dict[str, float]]:
    rng = random.Random(seed)  # noqa: S311 - a reproducible shuffle, not a secret
    weights: dict[str, float] = {}
    bias = 0.0
    order = list(range(len(data)))
    positives = sum(1 for _, y in data if y)
    # Balance the classes: the negatives outnumber the reports.
    pos_weight = (len(data) - positives) / max(1, positives)
    for epoch in range(EPOCHS):
        rng.shuffle(order)
        rate = RATE / (1 + epoch * 0.2)
        for i in order:
            grams, label = data[i]
            z = bias + sum(weights.get(g, 0.0) for g in grams)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            grad = (p - (1.0 if label else 0.0)) * (pos_weight if label else 1.0)
            step = rate * grad / math.sqrt(len(grams) or 1)
            bias -= step
            for g in grams:
                w = weights.get(g, 0.0)
                weights[g] = w - step - rate * L2 * w
    return bias, weights


def score(bias: float, weights: dict[str, float], grams: list[str]) -> float:
    z = bias + sum(weights.get(g, 0.0) for g in grams)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def threshold(negatives: list[float], max_rate: float) -> float:
    ranked = sorted(negatives, reverse=True)
    allowed = int(len(ranked) * max_rate)
    return round(ranked[allowed] + 1e-4, 4) if ranked else 0.5


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "safety" / "safety_ngrams.json")
    args = parser.parse_args()
    raw = sentences()
    data = [(features(fold_aligned(text.lower())), label) for text, label in raw]
    rng = random.Random(SEED)  # noqa: S311 - reproducible folds, not a secret
    folds = [rng.randrange(FOLDS) for _ in data]
    oof: list[tuple[float, bool]] = []
    for k in range(FOLDS):
        bias, weights = train([d for d, f in zip(data, folds, strict=True) if f != k], SEED)
        oof += [
            (score(bias, weights, grams), label)
            for (grams, label), f in zip(data, folds, strict=True)
            if f == k
        ]
    negatives = [s for s, y in oof if not y]
    positives = [s for s, y in oof if y]
    report_at = threshold(negatives, 0.01)
    unsure_at = min(report_at, threshold(negatives, 0.05))
    recall_report = sum(s >= report_at for s in positives) / len(positives)
    recall_any = sum(s >= unsure_at for s in positives) / len(positives)
    cross = {}
    for name in PEOPLE_SETS:
        rest = [(features(fold_aligned(t.lower())), y) for t, y in sentences(leave_out=name)]
        b, w = train(rest, SEED)
        scored = [(score(b, w, features(fold_aligned(t.lower()))), y) for t, y in people(name)]
        pos = [p for p, y in scored if y]
        neg = [p for p, y in scored if not y]
        cross[name] = {
            "report_recall": round(sum(p >= report_at for p in pos) / len(pos), 4),
            "report_or_unsure_recall": round(sum(p >= unsure_at for p in pos) / len(pos), 4),
            "near_misses_at_or_above_unsure": round(sum(p >= unsure_at for p in neg) / len(neg), 4),
        }
    bias, weights = train(data, SEED)
    kept = {g: round(w, 4) for g, w in sorted(weights.items()) if abs(w) >= 0.005}
    out = {
        "_about": (
            "Ingestion second opinion (safety/ingestion.py), written by "
            "scripts/train_safety_ngrams.py; thresholds from 5-fold out-of-fold scores."
        ),
        "sentences": {"positives": len(positives), "negatives": len(negatives)},
        "out_of_fold": {
            "report_recall": round(recall_report, 4),
            "report_or_unsure_recall": round(recall_any, 4),
            "negatives_at_or_above_report": round(
                sum(s >= report_at for s in negatives) / len(negatives), 4
            ),
            "negatives_at_or_above_unsure": round(
                sum(s >= unsure_at for s in negatives) / len(negatives), 4
            ),
        },
        "cross_set": cross,
        "report_at": report_at,
        "unsure_at": unsure_at,
        "bias": round(bias, 4),
        "weights": kept,
    }
    args.out.write_text(json.dumps(out, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in out.items() if k != "weights"}, ensure_ascii=False))
    print(f"{len(kept)} weights -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
