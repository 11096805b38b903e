"""core/reason_labels.py: every reason code has its words, in Vietnamese NFC."""

from __future__ import annotations

import unicodedata

from core.reason_labels import REASON_LABELS, reason_label
from core.reasons import Reason


def test_every_reason_has_a_label() -> None:
    """The table names each reason code and nothing else."""
    assert set(REASON_LABELS) == {r.value for r in Reason}


def test_labels_are_nfc_sentences() -> None:
    """Each label is NFC text that starts with a capital letter."""
    for label in REASON_LABELS.values():
        assert unicodedata.normalize("NFC", label) == label
        assert label[:1].isupper(), label


def test_an_unknown_code_reads_as_itself() -> None:
    """A code the table does not know yet is shown as the code."""
    assert reason_label("not_a_reason") == "not_a_reason"
    assert reason_label(Reason.NO_DRUG) == "Chưa nêu tên thuốc"
