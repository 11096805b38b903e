"""Tests for grounding/notices.py: verify-in-print notices come from metadata only."""

from __future__ import annotations

from grounding_samples import ev

from grounding.notices import VERIFY_PDF_NOTICE, quarantine_notices


def test_one_notice_per_quarantined_section() -> None:
    """Two quarantined parts of one section give one notice naming section, drug and pages."""
    parts = [
        ev(
            "warfarin",
            "Warfarin",
            "tuong_tac_thuoc",
            "| a |",
            part=1,
            pages=(231, 233),
            quarantined=True,
        ),
        ev(
            "warfarin",
            "Warfarin",
            "tuong_tac_thuoc",
            "| b |",
            part=2,
            pages=(233, 233),
            quarantined=True,
        ),
        ev("warfarin", "Warfarin", "chi_dinh", "- Rung nhĩ."),
    ]
    notices = quarantine_notices(parts)
    assert len(notices) == 1
    assert notices[0].startswith(VERIFY_PDF_NOTICE)
    assert "Tương tác thuốc của Warfarin, tr. 231–233" in notices[0]


def test_no_quarantine_no_notice() -> None:
    """Unquarantined evidence adds no notice."""
    assert quarantine_notices([ev("warfarin", "Warfarin", "chi_dinh", "- Rung nhĩ.")]) == ()
