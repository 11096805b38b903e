"""Tests for grounding/line_links.py: what a row takes from the head above it."""

from __future__ import annotations

from grounding.heads import classify_head
from grounding.line_links import nested_indication


def test_a_phase_is_named_by_the_disease_of_its_head() -> None:
    """'Giai đoạn cấp' under 'Bệnh Z' reads 'Bệnh Z, Giai đoạn cấp'."""
    head = classify_head("Bệnh Z", 0)
    assert nested_indication(classify_head("Giai đoạn cấp", 0), head) == "Bệnh Z, Giai đoạn cấp"


def test_a_sub_case_naming_the_disease_keeps_its_own_words() -> None:
    """'Sởi có biến chứng' under 'Bệnh sởi' names its disease already: no prefix."""
    head = classify_head("Bệnh sởi", 0)
    assert nested_indication(classify_head("Sởi có biến chứng", 0), head) == "Sởi có biến chứng"
    assert nested_indication(classify_head("Giai đoạn cấp", 0), None) == "Giai đoạn cấp"
