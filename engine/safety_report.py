"""What a patient's safety assessment adds to a list answer: quoted claims and plain notices.

Lines the assessment chose (engine/assessment.py) become list-mode claims citing the
answer's evidence pool; facets with no line found, or no section to read, become notices
that never say "safe".
"""

from __future__ import annotations

from collections.abc import Sequence

from core.evidence import Claim, Evidence
from core.text import fold
from engine.assessment import Facet, FacetAssessment, FacetStatus, MedicationCandidateAssessment


def has_safety_evidence(assessments: Sequence[MedicationCandidateAssessment]) -> bool:
    """True when at least one facet of one candidate could be read in its sections."""
    return any(item.checked for a in assessments for item in a.facets)


def assessment_claims(
    assessments: Sequence[MedicationCandidateAssessment],
    pool: Sequence[Evidence],
    *,
    existing: Sequence[Claim] = (),
    max_per_drug: int = 6,
) -> list[Claim]:
    """Verbatim quoted lines as list-mode claims, each citing its index in `pool`.

    `pool` is the evidence the answer is checked against (indication + safety). A line
    is cited by chunk id, so it must be in `pool`; a line from another drug's monograph
    (a current medicine's interaction section) is left out, because a list-mode claim
    may cite only its own candidate's evidence. Lines already quoted by an `existing`
    claim are not repeated, and only drugs that an `existing` claim lists get lines: an
    empty list stays empty (the engine abstains), and a candidate whose indication line
    was not shown never appears through its safety lines alone.
    """
    listed = {c.drug_id for c in existing if c.drug_id}
    where = {ev.chunk_id: i for i, ev in enumerate(pool)}
    seen = [fold(c.text) for c in existing]
    claims: list[Claim] = []
    for assessment in assessments:
        if assessment.drug_id not in listed:
            continue
        count = 0
        for item in assessment.facets:
            for line in item.lines:
                index = where.get(line.chunk_id)
                if index is None or line.drug_id != assessment.drug_id or count >= max_per_drug:
                    continue
                if pool[index].quarantined or any(fold(line.text) in s for s in seen):
                    continue
                title = pool[index].section_title
                text = f"{assessment.drug_name} — {title}: {line.text}"
                seen.append(fold(line.text))
                claims.append(Claim(text=text, citations=(index,), drug_id=assessment.drug_id))
                count += 1
    return claims


_FACET_LABELS = {
    Facet.PREGNANCY: "thời kỳ mang thai",
    Facet.BREASTFEEDING: "thời kỳ cho con bú",
    Facet.RENAL: "suy thận",
    Facet.HEPATIC: "suy gan",
}


def facet_label(item: FacetAssessment) -> str:
    """The facet in Vietnamese, for notices ("dị ứng penicilin", "tương tác với warfarin")."""
    if item.facet is Facet.ALLERGY:
        return f"dị ứng {item.subject}"
    if item.facet is Facet.CURRENT_MEDICINE:
        return f"tương tác với {item.subject}"
    if item.facet is Facet.COMORBIDITY:
        return str(item.subject)
    return _FACET_LABELS[item.facet]


def assessment_notices(assessments: Sequence[MedicationCandidateAssessment]) -> tuple[str, ...]:
    """Plain notices for facets with no line found or not checkable; never "safe"."""
    notices: list[str] = []
    for assessment in assessments:
        silent = [
            facet_label(i) for i in assessment.facets if i.status is FacetStatus.NO_STATEMENT_FOUND
        ]
        unread = [facet_label(i) for i in assessment.facets if i.status is FacetStatus.NOT_CHECKED]
        if silent:
            notices.append(
                f"{assessment.drug_name}: không tìm thấy nội dung về {', '.join(silent)} "
                "trong các mục đã xem của Dược thư (điều này không có nghĩa là an toàn)."
            )
        if unread:
            notices.append(
                f"{assessment.drug_name}: không kiểm tra được {', '.join(unread)} "
                "vì không có mục tương ứng trong dữ liệu."
            )
    return tuple(notices)


__all__ = ["assessment_claims", "assessment_notices", "facet_label", "has_safety_evidence"]
