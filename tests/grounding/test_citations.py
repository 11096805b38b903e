"""Tests for grounding/citations.py: every claim cites existing evidence."""

from __future__ import annotations

from grounding_samples import ev

from core.evidence import Answer, Claim
from grounding.citations import CitationCheck

POOL = [ev("paracetamol", "Paracetamol", "chi_dinh", "- Sốt.")]


def test_cited_claims_pass() -> None:
    """Claims citing existing evidence pass."""
    answer = Answer(claims=(Claim(text="Sốt.", citations=(0,)),))
    assert CitationCheck()(answer, POOL).ok


def test_uncited_claim_fails() -> None:
    """A claim with no citation fails."""
    answer = Answer(claims=(Claim(text="Sốt.", citations=()),))
    verdict = CitationCheck()(answer, POOL)
    assert not verdict.ok
    assert "cites no evidence" in verdict.problems[0]


def test_out_of_range_index_fails() -> None:
    """A citation index beyond the retrieved evidence fails."""
    answer = Answer(claims=(Claim(text="Sốt.", citations=(0, 3)),))
    assert not CitationCheck()(answer, POOL).ok


def test_negative_index_fails() -> None:
    """A negative citation index fails (no Python wrap-around)."""
    answer = Answer(claims=(Claim(text="Sốt.", citations=(-1,)),))
    assert not CitationCheck()(answer, POOL).ok


def test_empty_answer_passes_unless_claims_required() -> None:
    """An answer with no claims passes by default and fails with require_claims=True."""
    assert CitationCheck()(Answer(), POOL).ok
    assert not CitationCheck(require_claims=True)(Answer(), POOL).ok
