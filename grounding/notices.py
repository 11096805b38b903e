"""Fixed Vietnamese notices an answer carries, written by code from evidence metadata only."""

from __future__ import annotations

from collections.abc import Iterable

from core.evidence import Evidence

VERIFY_PDF_NOTICE = "Một phần thông tin cần đối chiếu với bản in của Dược thư"


def _pages(ev: Evidence) -> str:
    if ev.page_start is None:
        return ""
    if ev.page_end is None or ev.page_end == ev.page_start:
        return f", tr. {ev.page_start}"
    return f", tr. {ev.page_start}–{ev.page_end}"


def quarantine_notices(evidence: Iterable[Evidence]) -> tuple[str, ...]:
    """One notice per quarantined section: its table must be checked against the printed book."""
    seen: dict[tuple[str, str], str] = {}
    for ev in evidence:
        key = (ev.drug_id, ev.section_key)
        if ev.quarantined and key not in seen:
            seen[key] = (
                f"{VERIFY_PDF_NOTICE}: bảng trong mục {ev.section_title} của "
                f"{ev.drug_name}{_pages(ev)} chưa được kiểm tra tự động."
            )
    return tuple(seen.values())


__all__ = ["VERIFY_PDF_NOTICE", "quarantine_notices"]
