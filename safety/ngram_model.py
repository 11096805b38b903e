"""The safety second opinions: small logistic models over character n-grams of a turn.

Two models, one file of weights (`safety/safety_ngrams.json`, written by
`scripts/train_safety_ngrams.py`): an ingestion reported (`model`, read by
`safety.ingestion`) and intent to die or to harm oneself in any register (`self_harm_model`,
read by `safety.self_harm`). The features (`features`) are the character 3–5-grams of the
folded words, the words and the word pairs, a feeling's idiom of death read as the feeling.
No embedding provider is needed, so CI and production read alike.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import repeat
from pathlib import Path

from safety.cue_matching import keep_per_text
from safety.safety_cues import DEATH_FIRST_IDIOM, DENIAL, EXCLAMATION, FEELING_IDIOM

MODEL_PATH = Path(os.environ.get("SAFETY_NGRAMS") or Path(__file__).with_name("safety_ngrams.json"))
"""The committed weights; `SAFETY_NGRAMS=path` plays the engine on other weights (a model
trained without one set, `scripts/train_safety_ngrams.py --without SET --out path`)."""


_WORD = re.compile(r"[a-z0-9]+")


_DIGITS = re.compile(r"\d+")


@lru_cache(maxsize=16)
def without_idioms(folded: str) -> str:
    """The folded text with a feeling's idiom of death ("mệt muốn chết") read as the feeling
    ("mệt lắm"), an exclamation ("chết thật, …") and a denial ("ko phải tự tử đâu") as no
    death; the same length, so spans still point into the turn's other forms. Read once per
    turn text (triage and the features both ask)."""
    folded = FEELING_IDIOM.sub(lambda m: _as_lam(m, "death"), folded)
    folded = DEATH_FIRST_IDIOM.sub(lambda m: _as_lam(m, _named(m)), folded)
    folded = DENIAL.sub(lambda m: _as_lam(m, "death"), folded)
    return EXCLAMATION.sub(lambda m: _as_lam(m, _named(m)), folded)


def _named(match: re.Match[str]) -> str:
    """The group of the death word an idiom's alternative matched."""
    return next(name for name, value in match.groupdict().items() if value is not None)


def _as_lam(match: re.Match[str], group: str) -> str:
    start, end = match.span(group)
    whole = match.group(0)
    offset = start - match.start()
    return whole[:offset] + "lam".ljust(end - start) + whole[offset + end - start :]


def features(folded: str) -> list[str]:
    """Character 3–5-grams of the folded words (digits as 0), and the words and word pairs;
    a feeling's idiom of death ("mệt muốn chết") is read as the feeling alone."""
    return list(_features(folded))


@lru_cache(maxsize=16)
def _features(folded: str) -> tuple[str, ...]:
    """`features`, built once per turn text: both models and every rule asking read it."""
    words = _WORD.findall(_DIGITS.sub("0", without_idioms(folded)))
    padded = " " + " ".join(words) + " "
    grams = [padded[i : i + n] for n in (3, 4, 5) for i in range(len(padded) - n + 1)]
    grams += [f"w:{w}" for w in words]
    grams += [f"b:{a}_{b}" for a, b in itertools.pairwise(words)]
    return tuple(grams)


keep_per_text(_features.cache_clear)
keep_per_text(without_idioms.cache_clear)


@dataclass(frozen=True)
class NgramModel:
    """Logistic regression over `features`; weights and thresholds are data."""

    bias: float
    weights: dict[str, float]
    report_at: float
    unsure_at: float

    def score(self, folded: str) -> float:
        # The same sum, term by term in the same order, as over `features(folded)`.
        z = self.bias + sum(map(self.weights.get, _features(folded), repeat(0.0)))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    @classmethod
    def from_json(cls, raw: str, key: str | None = None) -> NgramModel:
        """The model at the top level of `raw`, or under `key` (the self-harm model)."""
        data = json.loads(raw)
        if key is not None:
            data = data[key]
        return cls(
            bias=float(data["bias"]),
            weights={k: float(v) for k, v in data["weights"].items()},
            report_at=float(data["report_at"]),
            unsure_at=float(data["unsure_at"]),
        )


@cache
def model() -> NgramModel | None:
    """The committed ingestion model, read once per process (None when the file is absent)."""
    if not MODEL_PATH.exists():
        return None
    return NgramModel.from_json(MODEL_PATH.read_text(encoding="utf-8"))


@cache
def self_harm_model() -> NgramModel | None:
    """The committed self-harm model (intent to die or to harm oneself, in any register),
    read once per process; None when the file or its `self_harm` part is absent."""
    if not MODEL_PATH.exists():
        return None
    raw = MODEL_PATH.read_text(encoding="utf-8")
    if "self_harm" not in json.loads(raw):
        return None
    return NgramModel.from_json(raw, key="self_harm")


__all__ = ["MODEL_PATH", "NgramModel", "features", "model", "self_harm_model", "without_idioms"]
