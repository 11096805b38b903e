"""Evidence in, claims out: the values that flow between retrieval, answering and checks.

Citations shown to the user are built from `Evidence` metadata only
(`Citation.from_evidence`), never from model-written text.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)


class Evidence(BaseModel):
    """One retrieved chunk with its provenance (the chunk payload, docs/corpus-format.md)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    drug_id: str
    drug_name: str
    section_key: str
    section_title: str
    chunk_id: str
    part_index: int = 0
    page_start: int | None = None
    page_end: int | None = None
    source: str = ""
    quarantined: bool = False
    score: float = 0.0


class Citation(BaseModel):
    """What the user sees for one cited chunk; built from retrieved metadata only."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    drug_id: str
    drug_name: str
    section_key: str
    section_title: str
    chunk_id: str
    page_start: int | None = None
    page_end: int | None = None
    source: str = ""
    verify_pdf: bool = False
    passage: str = ""
    """The cited part's own text, verbatim (docs/api.md), so a reader can check the quote."""

    @classmethod
    def from_evidence(cls, ev: Evidence) -> Citation:
        return cls(
            drug_id=ev.drug_id,
            drug_name=ev.drug_name,
            section_key=ev.section_key,
            section_title=ev.section_title,
            chunk_id=ev.chunk_id,
            page_start=ev.page_start,
            page_end=ev.page_end,
            source=ev.source,
            verify_pdf=ev.quarantined,
            passage=ev.text,
        )


class Derivation(BaseModel):
    """An amount worked out by code from a figure the evidence prints and a fact the user
    gave (docs/api.md, the turn result): `quoted` is the evidence's own words, `result` the
    amount after the cap, `cap` the book's words for the cap that applied (None if none),
    `doses_a_day` the doses the user said a day's figure the book does not split is given in
    ("bác sĩ cho chia 3 lần"), `strength` the user's words for the strength of the liquid
    the `result` is measured in ml of ("siro 120mg/5ml"); both omitted from JSON when None.
    A figure per m² is worked out from the stated `body_surface_m2` instead of `weight_kg`:
    exactly one of the two is set, the other omitted from JSON."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quoted: str
    weight_kg: int | float | None = None
    result: str
    cap: str | None = None
    doses_a_day: int | None = None
    strength: str | None = None
    body_surface_m2: int | float | None = None

    @model_validator(mode="after")
    def _one_body_measure(self) -> Derivation:
        if (self.weight_kg is None) == (self.body_surface_m2 is None):
            raise ValueError("a derivation needs exactly one of weight_kg and body_surface_m2")
        return self

    @model_serializer(mode="wrap")
    def _omit_unsaid_split(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in ("doses_a_day", "strength", "weight_kg", "body_surface_m2"):
            if data.get(name, 0) is None:
                data.pop(name)
        return data


class Claim(BaseModel):
    """One statement of an answer and the indices of the evidence it rests on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    citations: tuple[int, ...] = ()
    drug_id: str | None = None
    """In list mode, the candidate drug this claim is about (checked against the set)."""
    derivation: Derivation | None = None
    """An amount worked out by code (`grounding.derivation`), never by a model."""


class Answer(BaseModel):
    """A generated answer: a lead-in line, claims, and notices (e.g. verify in print)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    lead: str = ""
    claims: tuple[Claim, ...] = ()
    notices: tuple[str, ...] = ()
    list_mode: bool = False
    looked_in: tuple[int, ...] = ()
    """With no claims: the evidence the answerer read and found nothing fitting in (a dose
    section with no row for this patient), so the refusal can say so and cite it."""


class Answerability(StrEnum):
    """Whether a pool of evidence can be answered from (the retriever's `decide`)."""

    ANSWERABLE = "ANSWERABLE"
    VERIFY_PDF = "VERIFY_PDF"
    NOT_FOUND = "NOT_FOUND"


class DrugCandidate(BaseModel):
    """One drug found by indication lookup, with every matching part as its evidence."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    drug_id: str
    drug_name: str
    score: float
    evidence: tuple[Evidence, ...] = Field(default=())


__all__ = [
    "Answer",
    "Answerability",
    "Citation",
    "Claim",
    "Derivation",
    "DrugCandidate",
    "Evidence",
]
