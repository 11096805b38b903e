"""The Vietnamese sparse tokenizer: syllables, bigrams, folded forms, BM25 weights."""

from __future__ import annotations

import pytest

from retrieval.tokenizer import SparseEncoder, syllables


def _overlap(query: str, document: str) -> int:
    enc = SparseEncoder()
    return len(set(enc.query(query).indices) & set(enc.document(document).indices))


def test_syllables_nfc_lowercase() -> None:
    """Syllables are NFC, lower-cased and split on anything but letters and digits."""
    assert syllables("Lie\u0302\u0300u DÙNG: 500 mg/kg") == ["liều", "dùng", "500", "mg", "kg"]


def test_unaccented_query_meets_accented_text() -> None:
    """'lieu dung' shares syllable and bigram terms with 'liều dùng'."""
    assert _overlap("lieu dung", "Liều dùng cho người lớn") == 3
    assert _overlap("lieu dung", "Liệu pháp") == 1


def test_accented_query_earns_more_than_unaccented() -> None:
    """A query typed with the right accents matches more terms than one without."""
    doc = "Liều dùng cho người lớn"
    assert _overlap("liều dùng", doc) > _overlap("lieu dung", doc)


def test_wrong_accent_only_meets_folded_form() -> None:
    """'liệu' (another word) meets 'liều' only through the folded term."""
    assert _overlap("liệu", "liều") == 1


def test_ascii_and_accented_words_weigh_alike() -> None:
    """A correctly typed ASCII drug name earns as much as a correctly typed accented word."""
    enc = SparseEncoder()
    ascii_q, accented_q = enc.query("paracetamol"), enc.query("liều")
    assert sum(ascii_q.values) == sum(accented_q.values) == 1.0
    assert len(enc.document("paracetamol").indices) == 2


def test_bigrams_reward_word_order() -> None:
    """Adjacent syllables in the query's order match more than the same syllables apart."""
    assert _overlap("huyết áp", "tăng huyết áp") > _overlap("huyết áp", "áp lực huyết tương")


def test_document_weights_saturate() -> None:
    """Repeating a term raises its weight with diminishing returns (BM25 saturation)."""
    enc = SparseEncoder()
    one = max(enc.document("sốt").values)
    many = max(enc.document("sốt " * 20).values)
    assert one < many < 2.2 * one


def test_stopwords_and_empty_text() -> None:
    """Stopwords alone and punctuation give an empty (falsy) vector."""
    assert not SparseEncoder().query("và của là !!!")


def test_indices_are_sorted_unique_u32() -> None:
    """Indices are sorted, unique and fit Qdrant's u32 sparse indices."""
    vec = SparseEncoder().document("Tăng huyết áp, suy tim, đau thắt ngực; tăng huyết áp.")
    assert list(vec.indices) == sorted(set(vec.indices))
    assert all(0 <= i < 2**32 for i in vec.indices)


@pytest.mark.parametrize(
    ("kwargs", "name"), [({"k1": 0}, "k1"), ({"b": 2}, "b"), ({"avg_len": 0}, "avg_len")]
)
def test_bad_parameters_are_named(kwargs: dict[str, float], name: str) -> None:
    """BM25 knobs out of range are refused by name."""
    with pytest.raises(ValueError, match=name):
        SparseEncoder(**kwargs)
