"""Whether a dose row's population and bands (age, weight, clearance) contain one patient.

`Patient` is what row selection (grounding/selection.py) reads from the frame; `fits`
decides a row, the route being decided elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.frame import QueryFrame
from core.population import (
    ADULT_MONTHS,
    ELDERLY_MONTHS,
    ELDERLY_YEARS,
    INFANT_MONTHS,
    NEWBORN_MONTHS,
)
from grounding.bands import Band
from grounding.blocks import Block, BlockKind, Who
from grounding.book.filter_words import OLDER_CHILDREN
from grounding.book.vocabulary import ADULT_WORDS, BABY, CHILD_WHO
from grounding.heads import DOSE


@dataclass(frozen=True, slots=True)
class Patient:
    """What selection needs to know about the patient, from the frame."""

    child: bool
    age_months: float | None = None
    weight_kg: float | None = None
    renal: bool = False
    clearance: float | None = None
    hepatic: bool = False
    elderly: bool = False
    dialysis: bool = False

    @classmethod
    def of(cls, frame: QueryFrame) -> Patient:
        p = frame.patient
        age_years = getattr(p, "age_years", None) if p else None
        dialysis = bool(p and p.dialysis)
        return cls(
            child=frame.is_child,
            age_months=frame.age_months,
            weight_kg=frame.weight_kg,
            renal=bool(p and (p.renal_impairment or p.egfr is not None)) or dialysis,
            clearance=p.egfr if p else None,
            hepatic=bool(p and p.hepatic_impairment),
            # "người già 80 tuổi" may be read as an age only, not as a patient's years.
            elderly=(age_years is not None and age_years >= ELDERLY_YEARS)
            or (frame.age_months is not None and frame.age_months >= ELDERLY_MONTHS)
            or frame.elderly,
            dialysis=dialysis,
        )


def _in(band: Band | None, value: float | None, *, strict: bool = False) -> bool | None:
    if band is None or value is None:
        return None
    return band.contains_strictly(value) if strict else band.contains(value)


def fits_child(block: Block, patient: Patient, *, strict: bool = False) -> bool:
    if block.who is Who.ELDERLY:
        return False
    if (
        patient.age_months is not None
        and patient.age_months < INFANT_MONTHS
        and OLDER_CHILDREN.search(block.folded[:60])
    ):
        return False
    bands = block.bands
    by_age = _in(bands.age, patient.age_months, strict=strict)
    by_weight = _in(bands.weight, patient.weight_kg, strict=strict)
    if bands.either and (by_age or by_weight):
        by_age = by_weight = True  # "dưới 3 tháng tuổi hoặc dưới 5 kg": one of them is enough
    if by_age is False or by_weight is False:
        return False
    if block.who in (Who.CHILD, Who.ANY):
        return True
    if by_age is None and _adults_by_weight(block):
        return False
    # An adult or unlabelled row reaches a child only through a band that names them.
    return bool(by_age or by_weight)


def _adults_by_weight(block: Block) -> bool:
    """ "… người lớn cân nặng dưới 50 kg …": a weight band said of adults, with
    no child named before the dose, is an adult's band, not a child's way in."""
    if block.who is not Who.ADULT:
        return False
    lead = _lead(block)
    return ADULT_WORDS.search(lead) is not None and CHILD_WHO.search(lead) is None


def _lead(block: Block) -> str:
    """The row's folded words before its first dose: whom it says it is for."""
    dose = DOSE.search(block.text)
    return block.reading.folded_span(0, dose.start()) if dose else block.folded


def _fits_adult(block: Block, patient: Patient) -> bool:
    if block.who is Who.CHILD or (block.who is Who.ELDERLY and not patient.elderly):
        return False
    age = block.bands.age
    if age is not None and age.loose_hi <= ADULT_MONTHS:
        return False
    if patient.age_months is not None and age is not None and not age.contains(patient.age_months):
        return False
    weight = block.bands.weight
    if (
        patient.weight_kg is not None
        and weight is not None
        and not weight.contains(patient.weight_kg)
    ):
        return False  # "Dưới 50 kg: 15 mg/kg" is not for an adult of 60 kg
    return not is_newborn_row(block)


def is_newborn_row(block: Block) -> bool:
    """A row said of newborns: a gestational age, or an age band ending by the first month."""
    age = block.bands.age
    return bool(block.bands.gestation_weeks or (age and age.hi <= NEWBORN_MONTHS))


def newborn_rows_first(rows: list[Block], patient: Patient) -> list[Block]:
    """For a baby under a month old, a newborn's own row replaces the rows of older children
    ("Trẻ sơ sinh 0–14 ngày" over "Trẻ em theo cân nặng", "Trẻ em: 80 mg/kg"); rows of kidney
    or liver failure, and rows naming no child, stay."""
    if patient.age_months is None or patient.age_months >= NEWBORN_MONTHS:
        return rows
    if not any(is_newborn_row(r) for r in rows):
        return rows
    return [
        r
        for r in rows
        if is_newborn_row(r)
        or r.renal
        or r.hepatic
        # "Liều cho trẻ em: … (với trẻ sơ sinh là 50 mg/kg)" gives the newborn's dose too.
        or BABY.search(r.folded)
        or not (r.who is Who.CHILD or r.bands.age is not None or r.bands.weight is not None)
    ]


def child_rows_first(rows: list[Block], patient: Patient) -> list[Block]:
    """A child with a row of the children's own on a route is not also given an adult head's
    row that reaches them only by its weight band ("*Người lớn:* … Dưới 50 kg: 15 mg/kg"
    beside "Trẻ em cân nặng < 10 kg: 10 mg/kg")."""
    if not patient.child:
        return rows
    own = [r for r in rows if r.who is Who.CHILD and not (r.renal or r.hepatic)]

    def by_weight_only(row: Block) -> bool:
        by_weight = row.bands.age is None and row.bands.weight is not None
        return row.who is Who.ADULT and by_weight and CHILD_WHO.search(_lead(row)) is None

    def shares_route(row: Block) -> bool:
        return any(not o.routes or not row.routes or set(o.routes) & set(row.routes) for o in own)

    return [r for r in rows if not (by_weight_only(r) and shares_route(r))]


def fits(block: Block, patient: Patient) -> bool:
    """Whether a row's population and bands contain the patient (route decided elsewhere)."""
    if block.kind not in (BlockKind.ROW, BlockKind.TABLE_ROW, BlockKind.CAVEAT):
        return False
    if block.renal:
        if not patient.renal:
            return False
        wrong_age = Who.ADULT if patient.child else Who.CHILD
        if block.who is wrong_age:
            return False
        band = block.bands.clearance
        if block.who is Who.ELDERLY and not patient.elderly:
            return False
        return band is None or patient.clearance is None or band.contains(patient.clearance)
    if block.hepatic:
        return patient.hepatic
    return fits_child(block, patient) if patient.child else _fits_adult(block, patient)


__all__ = [
    "ADULT_MONTHS",
    "ELDERLY_YEARS",
    "Patient",
    "child_rows_first",
    "fits",
    "fits_child",
    "is_newborn_row",
    "newborn_rows_first",
]
