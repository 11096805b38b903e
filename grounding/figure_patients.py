"""Whom one per-kg figure of a dose row is for: the patients its clause names before it and
after it ("20 - 40 mg/kg/ngày, chia 3 lần, cho trẻ trên 1 tháng; 15 mg/kg/ngày …
đối với trẻ sơ sinh"), checked against the patient's weight and age."""

from __future__ import annotations

from collections.abc import Sequence

from grounding.bands import Band, Bands, parse_bands
from grounding.block import Reading
from grounding.book.vocabulary import BORN_EARLY
from grounding.derivation import Figure
from grounding.figure_labels import clause_start, trailing_for


def _inside(band: Band | None, value: float | None) -> bool:
    """A band the value is in; no band says nothing; a band and no value is not inside."""
    return band is None or (value is not None and band.contains(value))


def patient_in(bands: Bands, weight: float | None, age_months: float | None) -> bool:
    if bands.either and bands.age and bands.weight:
        return _inside(bands.age, age_months) or _inside(bands.weight, weight)
    return _inside(bands.weight, weight) and _inside(bands.age, age_months)


def figure_fits(
    said: Reading, figures: Sequence[Figure], k: int,
    patient: tuple[float | None, float | None], at_term: bool,
) -> bool:  # fmt: skip
    """The patients named before the `k`-th figure in its clause, and after it ("… 32
    mg/kg/ngày, chia 3 lần, cho trẻ sơ sinh"), include this one (weight, age in months).
    Words naming the patients of the figure before it are that figure's, not this one's."""
    weight, age = patient
    figure = figures[k]
    begin = clause_start(said.text, figure.start)
    previous = figures[k - 1] if k else None
    if previous is not None and previous.end > begin:
        begin = previous.end + len(trailing_for(said, previous, figure))
    if not patient_in(parse_bands(said.text[begin : figure.start]), weight, age):
        return False
    if BORN_EARLY.search(said.folded_span(begin, figure.start)) and at_term:
        return False  # "trẻ đẻ non: 300 microgam/kg": not a term baby's
    following = figures[k + 1] if k + 1 < len(figures) else None
    after = trailing_for(said, figure, following)
    return not after or patient_in(parse_bands(after), weight, age)


__all__ = ["figure_fits", "patient_in"]
