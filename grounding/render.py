"""Turn a checked `Answer` into the user's message: lead-in, cited claims, notices, sources.

Citations are built from `Evidence` metadata only, and only evidence a claim cites is
listed, renumbered in order of first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.evidence import Answer, Citation, Claim, Evidence
from core.text import nfc

VERIFY_PDF_MARK = "cần đối chiếu bản in"


def citations_for(
    answer: Answer, evidence: Sequence[Evidence]
) -> tuple[list[Citation], tuple[Claim, ...]]:
    """The cited evidence as `Citation`s and the claims renumbered to index that list (0-based).

    Indices outside `evidence` are dropped: run `CitationCheck` first, this never invents.
    """
    order: dict[int, int] = {}
    for claim in answer.claims:
        for idx in claim.citations:
            if 0 <= idx < len(evidence) and idx not in order:
                order[idx] = len(order)
    citations = [Citation.from_evidence(evidence[idx]) for idx in order]
    claims = tuple(
        claim.model_copy(
            update={"citations": tuple(order[i] for i in claim.citations if i in order)}
        )
        for claim in answer.claims
    )
    return citations, claims


def pages(citation: Citation) -> str:
    """'tr. 101' or 'tr. 101–102'; empty when the chunk has no page."""
    start, end = citation.page_start, citation.page_end
    if start is None and end is None:
        return ""
    if start is None or end is None or start == end:
        return f"tr. {start if start is not None else end}"
    return f"tr. {start}–{end}"


def citation_line(number: int, citation: Citation) -> str:
    where = pages(citation)
    line = f"[{number}] {citation.drug_name} — {citation.section_title}"
    if where:
        line += f", {where}"
    if citation.verify_pdf:
        line += f" ({VERIFY_PDF_MARK})"
    return line


def render_message(answer: Answer, claims: Sequence[Claim], citations: Sequence[Citation]) -> str:
    """The message text; `claims` and `citations` as returned by `citations_for`."""
    parts: list[str] = []
    if answer.lead:
        parts.append(answer.lead.strip())
    # Parts of one section on the same pages read as one source to the user: one number,
    # one "Nguồn" line (the turn result still lists each cited chunk).
    shown: dict[tuple[object, ...], int] = {}
    number = [shown.setdefault(_source(c), len(shown) + 1) for c in citations]
    for claim in claims:
        marks = dict.fromkeys(number[i] for i in claim.citations if 0 <= i < len(number))
        markers = "".join(f"[{n}]" for n in marks)
        parts.append(f"- {claim.text.strip()} {markers}".rstrip())
    parts.extend(notice.strip() for notice in answer.notices if notice.strip())
    if citations:
        parts.append("Nguồn:")
        firsts = {n: c for c, n in reversed(list(zip(citations, number, strict=True)))}
        parts.extend(citation_line(n, firsts[n]) for n in sorted(firsts))
    return nfc("\n".join(parts))


def _source(citation: Citation) -> tuple[object, ...]:
    c = citation
    return (c.drug_id, c.section_key, c.page_start, c.page_end, c.verify_pdf, c.source)


@dataclass(frozen=True, slots=True)
class RenderedAnswer:
    """What the engine puts in the turn result for an answered turn."""

    message: str
    claims: tuple[Claim, ...]
    citations: tuple[Citation, ...]


def render_answer(answer: Answer, evidence: Sequence[Evidence]) -> RenderedAnswer:
    """`citations_for` + `render_message` in one call."""
    citations, claims = citations_for(answer, evidence)
    return RenderedAnswer(
        message=render_message(answer, claims, citations),
        claims=claims,
        citations=tuple(citations),
    )


__all__ = [
    "RenderedAnswer",
    "citation_line",
    "citations_for",
    "pages",
    "render_answer",
    "render_message",
]
