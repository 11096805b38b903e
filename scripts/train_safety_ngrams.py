"""Train the safety second opinions (`safety.ngram_model.NgramModel`) and write their weights.

    python scripts/train_safety_ngrams.py [--out safety/safety_ngrams.json] [--without SET]

`--without people_safety.tuning2.jsonl` leaves that set out of training altogether, so the
engine can be played on it with weights that never saw it (write them with `--out` elsewhere).

Two models over the same features (`safety.ngram_model.features`), one file: the ingestion
model at the top level, the self-harm model under `self_harm`.

Sentences (our own or tuning sets, never the held-out or blind sets):
- evals/safety_ngram.train.jsonl: written for these models, `ingestion` true or false and,
  optionally, `self_harm` true or false (absent: false; a self-harm line is no ingestion
  negative);
- evals/safety.jsonl (tuning slice only): `emergency` lines that report a taking are
  ingestion positives, `self_harm` lines self-harm positives, the rest negatives;
- the people sets (`PEOPLE_SETS`: ours, and the tuning sets other writers wrote blind):
  `ingestion` and `ingestion_unclear` lines, and the one turn before an `after_ingestion`
  line (the report it follows), are ingestion positives, `self_harm` lines
  self-harm positives, `near_miss` lines and the turns before them negatives of both,
  `ingestion`, `ingestion_unclear` and `after_ingestion` lines self-harm negatives;
- evals/understanding.jsonl (tuning): every question, a negative of both.

Logistic regression with L2, plain SGD, fixed seed: the same data gives the same weights.
Thresholds are chosen on the out-of-fold scores (5 folds) of the sentences written to be
judged (the turns of context before a people set's line train the models only):
`report_at` is the lowest score at which at most `REPORT_RATE` of the negatives score as
high, `unsure_at` the lowest at which at most `UNSURE_RATE` do. The engine consults a model
only where its rules already read a medicine, a taking or a despair, which is stricter than
this whole-set rate.

`cross_set` in the output says how a model generalises to a writer it never saw: for each
people set, a model trained on everything else scores that set's positives and near-misses
at the thresholds above.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.text import fold_aligned  # noqa: E402
from safety.ngram_model import features  # noqa: E402

EPOCHS = 30
RATE = 0.2
L2 = 1e-4
FOLDS = 5
SEED = 22
REPORT_RATE = {"ingestion": 0.01, "self_harm": 0.005}
UNSURE_RATE = {"ingestion": 0.05, "self_harm": 0.02}

Labelled = list[tuple[str, bool]]
# A sentence, its label, and whether a writer wrote it to be judged (a line) or as a turn of
# context before one: context trains the models but sets no threshold and no figure.
Judged = list[tuple[str, bool, bool]]


def _jsonl(name: str) -> list[dict[str, object]]:
    path = ROOT / "evals" / name
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _tuning_number(path: Path) -> int:
    found = re.search(r"tuning(\d+)", path.name)
    return int(found.group(1)) if found else 0


# Ours, then every tuning set other writers wrote blind, in the order they came; never the
# blind slice (`people_safety.blind.jsonl`) nor a held-out one.
_TUNING_PATHS = sorted((ROOT / "evals").glob("people_safety.tuning*.jsonl"), key=_tuning_number)
PEOPLE_SETS = ("people_safety.jsonl", *(path.name for path in _TUNING_PATHS))


def people(name: str, task: str, *, context: bool = False) -> Labelled:
    """A people set's sentences for `task` ("ingestion" or "self_harm"): its lines, or
    (`context`) the turns written before them whose label the line tells."""
    # A taking that may have happened (tablets missing, a child beside an open bottle) is to be
    # reported or asked about, never answered as a dose: an ingestion positive too.
    positive = {"ingestion", "ingestion_unclear"} if task == "ingestion" else {"self_harm"}
    # An accidental ingestion, or one that may have happened, is a self-harm negative; a
    # self-harm line, which may be a taking too, is neither ingestion's positive nor its negative.
    # What follows a report ("đang trên đường đi viện rồi") is no self-harm either.
    negative = (
        {"near_miss"}
        if task == "ingestion"
        else {"near_miss", "ingestion", "ingestion_unclear", "after_ingestion"}
    )
    out = []
    for r in _jsonl(name):
        before = [str(turn) for turn in r.get("before") or []]
        if not context:
            if r["kind"] in positive:
                out.append((str(r["text"]), True))
            elif r["kind"] in negative:
                out.append((str(r["text"]), False))
        elif r["kind"] == "near_miss":
            # A conversation that ends on a near-miss reported nothing before it either (its
            # last turn would be in that report's thread): every earlier turn is a negative.
            out += [(turn, False) for turn in before]
        elif task == "ingestion" and r["kind"] == "after_ingestion" and len(before) == 1:
            # The one turn before what follows a report is that report ("bé ăn vụng 3 viên
            # …" before "giờ làm sao"): an ingestion positive. Not a self-harm negative: the
            # writer labelled what followed, not whether the taking was meant.
            out.append((before[0], True))
    return out


def sentences(task: str, leave_out: str | None = None) -> Judged:
    out = [
        (str(r["text"]), bool(r.get(task)), True)
        for r in _jsonl("safety_ngram.train.jsonl")
        # A self-harm line may be a taking too: never an ingestion negative.
        if task == "self_harm" or r.get("ingestion") or not r.get("self_harm")
    ]
    want = "emergency" if task == "ingestion" else "self_harm"
    for r in _jsonl("safety.jsonl"):
        if r.get("slice", "tuning") != "tuning" or r.get("before"):
            continue
        if r["expect"] is None or r["expect"] == want:
            out.append((str(r["text"]), r["expect"] == want, True))
        elif task == "self_harm":
            out.append((str(r["text"]), False, True))
    for name in PEOPLE_SETS:
        if name != leave_out:
            out += [(text, label, True) for text, label in people(name, task)]
            out += [(text, label, False) for text, label in people(name, task, context=True)]
    out += [(str(r["text"]), False, True) for r in _jsonl("understanding.jsonl")]
    return out


def grams(text: str) -> list[str]:
    return features(fold_aligned(text.lower()))


def train(data: list[tuple[list[str], bool]], seed: int) -> tuple[float, dict[str, float]]:
    """Plain SGD over the sentences in a seeded order. A gram a sentence holds k times adds k
    times to its score and takes the step k times (decayed each time), as a loop would."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible shuffle, not a secret
    index: dict[str, int] = {}
    rows = []
    for feats, label in data:
        ids = np.fromiter((index.setdefault(g, len(index)) for g in feats), dtype=np.int64)
        unique, counts = np.unique(ids, return_counts=True)
        rows.append((unique, counts.astype(np.float64), math.sqrt(len(feats) or 1), label))
    weights = np.zeros(len(index))
    bias = 0.0
    order = list(range(len(data)))
    positives = sum(1 for _, y in data if y)
    # Balance the classes: the negatives outnumber the positives.
    pos_weight = (len(data) - positives) / max(1, positives)
    for epoch in range(EPOCHS):
        rng.shuffle(order)
        rate = RATE / (1 + epoch * 0.2)
        keep = 1.0 - rate * L2
        for i in order:
            unique, counts, norm, label = rows[i]
            z = bias + float(weights[unique] @ counts)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            grad = (p - (1.0 if label else 0.0)) * (pos_weight if label else 1.0)
            step = rate * grad / norm
            bias -= step
            # k decayed steps: w -> keep**k * w - step * (1 + keep + ... + keep**(k-1))
            decay = keep**counts
            weights[unique] = decay * weights[unique] - step * (1 - decay) / (1 - keep)
    names = list(index)
    return bias, {names[j]: float(w) for j, w in enumerate(weights) if w != 0.0}


def score(bias: float, weights: dict[str, float], feats: list[str]) -> float:
    z = bias + sum(weights.get(g, 0.0) for g in feats)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def threshold(negatives: list[float], max_rate: float) -> float:
    ranked = sorted(negatives, reverse=True)
    allowed = int(len(ranked) * max_rate)
    return round(ranked[allowed] + 1e-4, 4) if ranked else 0.5


def _rate(hits: int, of: int) -> float | None:
    return round(hits / of, 4) if of else None


def fit(task: str, data_of: Callable[[str | None], Judged]) -> dict[str, object]:
    """One model: out-of-fold thresholds, cross-set figures, weights."""
    everything = data_of(None)
    data = [(grams(text), label) for text, label, _ in everything]
    rng = random.Random(SEED)  # noqa: S311 - reproducible folds, not a secret
    folds = [rng.randrange(FOLDS) for _ in data]
    oof: list[tuple[float, bool]] = []
    for k in range(FOLDS):
        bias, weights = train([d for d, f in zip(data, folds, strict=True) if f != k], SEED)
        oof += [
            (score(bias, weights, feats), label)
            for (feats, label), f, (_, _, judged) in zip(data, folds, everything, strict=True)
            if f == k and judged
        ]
    negatives = [s for s, y in oof if not y]
    positives = [s for s, y in oof if y]
    report_at = threshold(negatives, REPORT_RATE[task])
    unsure_at = min(report_at, threshold(negatives, UNSURE_RATE[task]))
    cross = {}
    for name in PEOPLE_SETS:
        b, w = train([(grams(t), y) for t, y, _ in data_of(name)], SEED)
        scored = [(score(b, w, grams(t)), y) for t, y in people(name, task)]
        pos = [p for p, y in scored if y]
        neg = [p for p, y in scored if not y]
        cross[name] = {
            "report_recall": _rate(sum(p >= report_at for p in pos), len(pos)),
            "report_or_unsure_recall": _rate(sum(p >= unsure_at for p in pos), len(pos)),
            "negatives_at_or_above_report": _rate(sum(p >= report_at for p in neg), len(neg)),
            "negatives_at_or_above_unsure": _rate(sum(p >= unsure_at for p in neg), len(neg)),
        }
    bias, weights = train(data, SEED)
    return {
        "sentences": {
            "positives": len(positives),
            "negatives": len(negatives),
            "context_turns": len(everything) - len(oof),
        },
        "out_of_fold": {
            "report_recall": _rate(sum(s >= report_at for s in positives), len(positives)),
            "report_or_unsure_recall": _rate(
                sum(s >= unsure_at for s in positives), len(positives)
            ),
            "negatives_at_or_above_report": _rate(
                sum(s >= report_at for s in negatives), len(negatives)
            ),
            "negatives_at_or_above_unsure": _rate(
                sum(s >= unsure_at for s in negatives), len(negatives)
            ),
        },
        "cross_set": cross,
        "report_at": report_at,
        "unsure_at": unsure_at,
        "bias": round(bias, 4),
        "weights": {g: round(w, 4) for g, w in sorted(weights.items()) if abs(w) >= 0.005},
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "safety" / "safety_ngrams.json")
    parser.add_argument(
        "--without",
        help="a people set to leave out entirely (to play the engine on it as on a new writer)",
    )
    args = parser.parse_args()
    global PEOPLE_SETS  # noqa: PLW0603 - the one switch of a command-line run
    PEOPLE_SETS = tuple(name for name in PEOPLE_SETS if name != args.without)
    ingestion = fit("ingestion", lambda leave: sentences("ingestion", leave))
    self_harm = fit("self_harm", lambda leave: sentences("self_harm", leave))
    out = {
        "_about": (
            "Safety second opinions (safety/ngram_model.py): the ingestion model here, the "
            "self-harm model under self_harm; written by scripts/train_safety_ngrams.py, "
            "thresholds from 5-fold out-of-fold scores."
        ),
        **ingestion,
        "self_harm": self_harm,
    }
    args.out.write_text(json.dumps(out, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    for name, m in (("ingestion", ingestion), ("self_harm", self_harm)):
        print(name, json.dumps({k: v for k, v in m.items() if k != "weights"}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
