"""The ages that split patients into populations, decided once for every layer.

The book and the user both speak of newborns, infants, young children, adults and the
elderly; each reader (the dose rows, the condition list, triage) compares an age in months
with these figures, never with a number of its own.
"""

from __future__ import annotations

NEWBORN_MONTHS = 1.0
"""Below this a child is a newborn ("sơ sinh": the first 28 days, a month in the book)."""

INFANT_MONTHS = 12.0
"""Below this a child is an infant ("nhũ nhi", under one year): never an "older child"."""

YOUNG_CHILD_MONTHS = 24.0
"""Below this a child is an infant or toddler ("trẻ nhỏ dưới 2 tuổi"): the ages whose
care the safety triage watches when a drug is given ("cho bé uống")."""

ADULT_MONTHS = 18.0 * 12
"""From this age a patient is an adult (18 years); below it a child."""

ELDERLY_YEARS = 60
"""From this age (in years) a patient is elderly ("người cao tuổi")."""

ELDERLY_MONTHS = ELDERLY_YEARS * 12.0
"""The same, in months: an age band opening here or above names the elderly."""

__all__ = [
    "ADULT_MONTHS",
    "ELDERLY_MONTHS",
    "ELDERLY_YEARS",
    "INFANT_MONTHS",
    "NEWBORN_MONTHS",
    "YOUNG_CHILD_MONTHS",
]
