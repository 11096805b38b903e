"""What a patient's safety assessment adds to a list answer: quoted claims and plain notices.

Lines the assessment chose (safety/assessment.py, the one safety selection) become
list-mode claims placed after each drug's indication line, citing the answer's evidence
pool; facets with no line found, or no section to read, become notices that never say
"safe".
"""

from __future__ import annotations

from collections.abc import Sequence

from core.evidence import Claim, Evidence
from safety.facets import Facet, FacetAssessment, FacetStatus, MedicationCandidateAssessment

MAX_LINES_PER_DRUG = 6


def has_safety_evidence(assessments: Sequence[MedicationCandidateAssessment]) -> bool:
    """True when at least one facet of one candidate could be read in its sections."""
    return any(item.checked for a in assessments for item in a.facets)


def _drug_lines(
    assessment: MedicationCandidateAssessment, pool: Sequence[Evidence], max_lines: int
) -> list[Claim]:
    """One candidate's chosen lines as claims, facet by facet, each line once."""
    where = {ev.chunk_id: i for i, ev in enumerate(pool)}
    claims: list[Claim] = []
    quoted: set[tuple[int, str]] = set()
    for item in assessment.facets:
        for line in item.lines:
            index = where.get(line.chunk_id)
            # Cited by chunk id, so the line must be in `pool`; another drug's monograph
            # (a current medicine's interaction section) is not this candidate's evidence.
            if index is None or line.drug_id != assessment.drug_id or pool[index].quarantined:
                continue
            # Two facets can choose one sentence ("Suy gan, suy thận nặng."): quote it once.
            if (index, line.text) in quoted or len(claims) >= max_lines:
                continue
            quoted.add((index, line.text))
            title = pool[index].section_title
            text = f"{assessment.drug_name} — {title}: {line.text}"
            claims.append(Claim(text=text, citations=(index,), drug_id=assessment.drug_id))
    return claims


def with_safety_lines(
    claims: Sequence[Claim],
    assessments: Sequence[MedicationCandidateAssessment],
    pool: Sequence[Evidence],
    *,
    max_per_drug: int = MAX_LINES_PER_DRUG,
) -> tuple[Claim, ...]:
    """The list's claims with each listed drug's chosen safety lines right after its own.

    `pool` is the evidence the answer is checked against (indication + safety); each line
    cites its index there. Only drugs the list already names get lines: an empty list
    stays empty (the engine abstains), and a candidate whose indication line was not
    shown never appears through its safety lines alone. A line the list already states
    word for word is not repeated.
    """
    lines = {a.drug_id: _drug_lines(a, pool, max_per_drug) for a in assessments}
    last = {c.drug_id: n for n, c in enumerate(claims) if c.drug_id}
    stated = {c.text for c in claims}
    out: list[Claim] = []
    for n, claim in enumerate(claims):
        out.append(claim)
        if claim.drug_id and last[claim.drug_id] == n:
            out += [c for c in lines.get(claim.drug_id, ()) if c.text not in stated]
    return tuple(out)


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


__all__ = [
    "MAX_LINES_PER_DRUG",
    "assessment_notices",
    "facet_label",
    "has_safety_evidence",
    "with_safety_lines",
]
