"""Tests for grounding/render.py: the message, and citations built from metadata only."""

from __future__ import annotations

from grounding_samples import SOURCE, ev

from core.evidence import Answer, Claim
from grounding.render import citations_for, pages, render_answer

POOL = [
    ev("paracetamol", "Paracetamol", "chi_dinh", "- Sốt.", pages=(100, 100)),
    ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", "- Trẻ em: 10–15 mg/kg."),
    ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", "| a | b |", part=1, quarantined=True),
]


def test_only_cited_evidence_is_listed_and_renumbered() -> None:
    """Uncited evidence is not listed; claims are renumbered in order of first use."""
    answer = Answer(claims=(Claim(text="Trẻ em: 10–15 mg/kg.", citations=(1,)),))
    citations, claims = citations_for(answer, POOL)
    assert [c.section_key for c in citations] == ["lieu_luong_cach_dung"]
    assert claims[0].citations == (0,)
    assert citations[0].source == SOURCE


def test_message_layout() -> None:
    """Lead, bulleted claims with [n] markers, notices, then the numbered source list."""
    answer = Answer(
        lead="Liều dùng Paracetamol theo Dược thư:",
        claims=(
            Claim(text="Trẻ em: 10–15 mg/kg.", citations=(1,)),
            Claim(text="Sốt.", citations=(0, 1)),
        ),
        notices=("Một phần thông tin cần đối chiếu với bản in của Dược thư.",),
    )
    message = render_answer(answer, POOL).message
    assert message.splitlines() == [
        "Liều dùng Paracetamol theo Dược thư:",
        "- Trẻ em: 10–15 mg/kg. [1]",
        "- Sốt. [2][1]",
        "Một phần thông tin cần đối chiếu với bản in của Dược thư.",
        "Nguồn:",
        "[1] Paracetamol — Liều lượng và cách dùng, tr. 101–102",
        "[2] Paracetamol — Chỉ định, tr. 100",
    ]


def test_quarantined_citation_is_marked() -> None:
    """A cited quarantined chunk is marked verify_pdf and flagged in the list."""
    answer = Answer(claims=(Claim(text="a — b", citations=(2,)),))
    rendered = render_answer(answer, POOL)
    assert rendered.citations[0].verify_pdf
    assert "cần đối chiếu bản in" in rendered.message


def test_pages_forms() -> None:
    """Pages read 'tr. 101' for one page and 'tr. 101–102' for a range."""
    citations, _ = citations_for(Answer(claims=(Claim(text="x", citations=(0, 1)),)), POOL)
    assert [pages(c) for c in citations] == ["tr. 100", "tr. 101–102"]


def test_parts_of_one_section_share_one_source_line() -> None:
    """Two chunks of one section on the same pages: one [1] and one 'Nguồn' line in the text."""
    parts = [
        ev("x", "X", "lieu_luong_cach_dung", "- Trẻ em: 10 mg."),
        ev("x", "X", "lieu_luong_cach_dung", "- Người lớn: 20 mg.", part=1),
    ]
    answer = Answer(
        claims=(
            Claim(text="Trẻ em: 10 mg.", citations=(0,)),
            Claim(text="Người lớn: 20 mg.", citations=(1,)),
        )
    )
    rendered = render_answer(answer, parts)
    assert len(rendered.citations) == 2  # the turn result still names each chunk
    assert rendered.message.splitlines()[:2] == ["- Trẻ em: 10 mg. [1]", "- Người lớn: 20 mg. [1]"]
    assert rendered.message.count("X — Liều lượng và cách dùng") == 1


def test_each_citation_carries_its_passage_verbatim() -> None:
    """A citation's `passage` is the cited evidence's own text, character for character."""
    answer = Answer(claims=(Claim(text="x", citations=(2, 1)),))
    citations, _ = citations_for(answer, POOL)
    assert [c.passage for c in citations] == [POOL[2].text, POOL[1].text]
