"""Quoting a section line by line: the passages of one drug's section keep their place in
the evidence list, every shown sentence cites it, and a quarantined passage gives nothing."""

from __future__ import annotations

from grounding.quoted_lines import section_parts, sentence_claims
from tests.grounding.asked_frames import part


def test_each_sentence_cites_its_own_passage_in_the_evidence_list() -> None:
    evidence = [
        part("chi_dinh", "Giảm đau nhẹ.", drug="a"),
        part("than_trong", "Thận trọng khi suy gan. Tránh uống rượu.", drug="a"),
        part("than_trong", "Không dùng lâu ngày.", drug="b"),
    ]
    parts = section_parts(evidence, "a", "than_trong")
    assert [i for i, _ in parts] == [1]
    claims = sentence_claims(parts, prefix="- ")
    assert [(c.text, c.citations) for c in claims] == [
        ("- Thận trọng khi suy gan.", (1,)),
        ("- Tránh uống rượu.", (1,)),
    ]


def test_no_drug_or_section_named_means_any() -> None:
    evidence = [part("chi_dinh", "Một.", drug="a"), part("than_trong", "Hai.", drug="b")]
    assert [i for i, _ in section_parts(evidence, None, None)] == [0, 1]
    assert [i for i, _ in section_parts(evidence, None, "than_trong")] == [1]


def test_a_quarantined_passage_is_never_quoted() -> None:
    evidence = [
        part("than_trong", "Câu bị cách ly.", drug="a", quarantined=True),
        part("than_trong", "Câu được dùng.", drug="a"),
    ]
    claims = sentence_claims(section_parts(evidence, "a", "than_trong"))
    assert [(c.text, c.citations) for c in claims] == [("Câu được dùng.", (1,))]


def test_markup_is_removed_from_the_quoted_sentence() -> None:
    evidence = [part("lieu_luong_cach_dung", "**Người lớn**: uống _sau bữa ăn_.", drug="a")]
    claims = sentence_claims(section_parts(evidence, "a", "lieu_luong_cach_dung"))
    assert [c.text for c in claims] == ["Người lớn: uống sau bữa ăn."]
