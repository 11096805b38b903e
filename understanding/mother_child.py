"""A mother and her child in one message (issue 22): whose facts are the patient's.

A pregnant or nursing woman who names a child speaks for herself unless she says the medicine
is given to the child ("cho bé uống", "bé dùng được không"); a woman who says she gave birth
("em mới sinh mổ được 10 ngày", "sau sinh") is not pregnant. Pure functions of the `Turn`.
"""

from __future__ import annotations

import re

from core.frame import PatientContext, Population
from understanding.pregnancy import nursing_mother, without_nursing
from understanding.slots import ADULT_FROM_MONTHS, CHILD_BELOW_KG, Age
from understanding.text import Turn

TEEN_FROM_MONTHS = 144.0  # a pregnancy said with an age from here on is the teenager's own

# The medicine is given to the child: "cho bé uống", "cho con nhà em dùng", "bé uống được
# không". The child takes it, so the child's age and weight are the patient's.
_CHILD_WORDS = r"(?:be|con|chau|em be|chau be|be con)"
_OWNER = r"(?: (?:nha|cua) (?:em|e|minh|toi|tui|chi))?|(?: (?:em|e|minh|toi|tui))?"
_TAKES = r"(?:uong|dung|xai|ngam|bu thuoc)"
_GIVEN_TO_CHILD = re.compile(
    rf"(?<![a-z])cho {_CHILD_WORDS}(?:{_OWNER}) (?:co the |duoc )?{_TAKES}(?![a-z])"
    rf"|(?<![a-z])be(?:{_OWNER}) (?:co the |duoc |nen )?{_TAKES}(?![a-z])"
)

# She gave birth: the caesarean or the birth is the mother's ("sinh mổ được 5 ngày", "sau
# sinh"), or she says so of herself at the start of a clause ("em mới sinh được 1 tuần").
# "cháu tôi sinh được 3 tuần" is a baby's age: the subject must be the speaker herself.
_BIRTH_FOLDED = re.compile(
    r"(?<![a-z])(?:sinh mo|mo de|sinh thuong|sau sinh|hau san|san phu sau sinh)(?![a-z])"
    r"|(?:^|[,.;:!?]\s*|(?<![a-z])oi )(?:em|e|toi|tui|minh|chi)"
    r" (?:moi |vua |da )?sinh(?: con| be| em be)?(?: xong| duoc| \d)"
)
# "đẻ" only with its accents: bare "de" is also "để" ("em để thuốc ...").
_BIRTH_MARKED = re.compile(
    r"(?<!\w)(?:đẻ mổ|đẻ thường|sau đẻ)(?!\w)"
    r"|(?:^|[,.;:!?]\s*|(?<!\w)ơi )(?:em|e|tôi|tui|mình|chị)"
    r" (?:mới |vừa |đã )?đẻ(?: xong| được| \d)"
)


def given_to_child(turn: Turn) -> bool:
    """The message gives the medicine to a child ("cho bé uống", "bé dùng được không")."""
    return bool(_GIVEN_TO_CHILD.search(turn.folded))


def gave_birth(turn: Turn) -> bool:
    """The speaker says she has given birth ("sinh mổ được 5 ngày", "em vừa đẻ xong")."""
    return bool(_BIRTH_FOLDED.search(turn.folded) or _BIRTH_MARKED.search(turn.original.lower()))


def _childs_own(patient: PatientContext | None) -> PatientContext | None:
    """The patient without the mother's pregnancy and nursing."""
    if patient is None:
        return None
    mothers = {"pregnant": None, "pregnancy_weeks": None, "pregnancy_trimester": None}
    rest = without_nursing(patient.model_copy(update=mothers))
    return None if rest is None or rest == PatientContext() else rest


def whose_facts(
    turn: Turn,
    age: Age | None,
    weight: float | None,
    population: Population | None,
    patient: PatientContext | None,
) -> tuple[Age | None, float | None, Population | None, PatientContext | None]:
    """Sort a turn's facts between a mother and her child: a pregnant or nursing woman is an
    adult patient and a child's age or weight in her turn is her child's ("cho con 2 tháng bú"),
    unless she gives the medicine to the child, or the age is a teenager's own; a child told
    with breastfeeding ("bé 15 ngày tuổi bú mẹ") is the patient, without the mother's facts."""
    pregnant = patient is not None and bool(patient.pregnant)
    expecting = pregnant and not (age and TEEN_FROM_MONTHS <= age.months < ADULT_FROM_MONTHS)
    child_told = population is Population.CHILD and bool(age or weight)
    if (expecting or nursing_mother(turn, child_told=child_told)) and not (
        child_told and given_to_child(turn)
    ):
        age = age if age and age.months >= ADULT_FROM_MONTHS else None
        weight = weight if weight and weight >= CHILD_BELOW_KG else None
        population = Population.ADULT
    elif child_told:
        patient = _childs_own(patient) if given_to_child(turn) else without_nursing(patient)
    born = population is not Population.CHILD and gave_birth(turn)
    if born and not (patient and patient.pregnant):
        patient = (patient or PatientContext()).merged_with(PatientContext(pregnant=False))
    return age, weight, population, patient


__all__ = ["TEEN_FROM_MONTHS", "gave_birth", "given_to_child", "whose_facts"]
