"""The facets of a patient's safety review (pregnancy, renal, a current medicine, …) and the
values an assessment of them is made of: statuses, quoted lines, per-candidate results.

`safety.assessment` fills them from the book; `safety.safety_report` turns them into lines
and notices.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Facet(StrEnum):
    PREGNANCY = "pregnancy"
    BREASTFEEDING = "breastfeeding"
    RENAL = "renal"
    HEPATIC = "hepatic"
    ALLERGY = "allergy"
    COMORBIDITY = "comorbidity"
    CURRENT_MEDICINE = "current_medicine"


class FacetStatus(StrEnum):
    """What the text says, strongest first; a facet takes the strongest of its lines."""

    CONTRAINDICATED_IN_TEXT = "contraindicated_in_text"
    MENTIONED_CAUTION = "mentioned_caution"
    DOSE_ADJUSTMENT_IN_TEXT = "dose_adjustment_in_text"
    MENTIONED = "mentioned"
    NO_STATEMENT_FOUND = "no_statement_found"
    NOT_CHECKED = "not_checked"
    """None of the facet's sections exists for this drug: nothing could be read."""


class QuotedLine(BaseModel):
    """One verbatim line of a safety section and the evidence it came from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    evidence_index: int
    chunk_id: str
    drug_id: str
    section_key: str
    status: FacetStatus


class FacetAssessment(BaseModel):
    """One facet of one candidate: the status the text supports, and the lines it rests on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    facet: Facet
    subject: str | None = None
    """The allergen, comorbidity or current medicine; None for pregnancy, renal, …"""
    status: FacetStatus
    sections_checked: tuple[str, ...] = ()
    sections_missing: tuple[str, ...] = ()
    evidence_indices: tuple[int, ...] = ()
    chunk_ids: tuple[str, ...] = ()
    lines: tuple[QuotedLine, ...] = ()

    @property
    def checked(self) -> bool:
        return self.status is not FacetStatus.NOT_CHECKED


class MedicationCandidateAssessment(BaseModel):
    """Every facet of one candidate drug; states the text, never a verdict on suitability."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    drug_id: str
    drug_name: str
    facets: list[FacetAssessment] = Field(default_factory=list)

    def status(self, facet: Facet, subject: str | None = None) -> FacetStatus | None:
        for item in self.facets:
            if item.facet is facet and (subject is None or item.subject == subject):
                return item.status
        return None


__all__ = [
    "Facet",
    "FacetAssessment",
    "FacetStatus",
    "MedicationCandidateAssessment",
    "QuotedLine",
]
