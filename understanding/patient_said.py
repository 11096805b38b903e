"""The patient facts of a turn read against what was said before (issue 22): a leaflet's band
quoted is no patient's, a pregnancy's term is no age, a corrected age replaces the old one."""

from __future__ import annotations

from core.frame import Population
from core.ports import UnderstandingContext
from understanding.another_patient import speaker_facts
from understanding.corrections import Corrected, corrected_fact
from understanding.followups import quotes_the_label
from understanding.pregnancy import pregnancy_so_far, term_not_age
from understanding.reading import Reading
from understanding.slots import ADULT_FROM_MONTHS, MAX_AGE_MONTHS, MAX_WEIGHT_KG, MIN_WEIGHT_KG, Age
from understanding.speaker import others_child


def read_patient_against(reading: Reading, context: UnderstandingContext) -> None:
    """The turn's patient facts against what was said before: a leaflet's band quoted is not
    the patient's, a pregnancy's term is not an age, a pregnancy makes an adult patient."""
    turn = reading.turn
    if quotes_the_label(reading) or (reading.age and others_child(turn, reading.age.span[0])):
        # "thuốc ghi không dùng cho trẻ dưới 12 tuổi … là sao": the leaflet's band; "con
        # bạn em 3 tuổi cũng uống …": another family's child
        reading.age, reading.weight, reading.population = None, None, None
    if (own := speaker_facts(reading)) is not None:
        # "con em 4 tuổi bị sốt, nhưng em hỏi cho em cơ, em 32 tuổi": the speaker, an adult
        reading.age, reading.weight = own
        teen = reading.age is not None and reading.age.months < ADULT_FROM_MONTHS
        reading.population = Population.CHILD if teen else Population.ADULT
    prior = context.prior_frame
    fixed = corrected_fact(
        turn.folded, prior.age_months if prior else None, prior.weight_kg if prior else None
    )
    if fixed is not None:
        _take_correction(reading, fixed)  # "ba tui 67 chu k phai 72": the age, said again
    prior_patient = context.prior_frame.patient if context.prior_frame else None
    if term_not_age(turn, reading.age.text if reading.age else None, prior_patient):
        reading.age = None  # "được 8 tháng rồi" after "vợ tôi đang bầu": her term
        if reading.population is Population.CHILD:
            reading.population = None
    other = bool(reading.age or reading.population or reading.which_drug >= 0)
    reading.patient = pregnancy_so_far(turn, reading.patient, prior_patient, other)
    if reading.patient is not None and reading.patient.pregnant and reading.age is None:
        reading.population = Population.ADULT  # "được 18 tuần rồi": her pregnancy


def _take_correction(reading: Reading, fixed: Corrected) -> None:
    turn = reading.turn
    if fixed.weight_kg is not None and MIN_WEIGHT_KG <= fixed.weight_kg <= MAX_WEIGHT_KG:
        reading.weight = fixed.weight_kg
    if fixed.age_months is not None and fixed.age_months <= MAX_AGE_MONTHS:
        reading.age = Age(fixed.age_months, turn.snippet(*fixed.span), fixed.span)
        adult = fixed.age_months >= ADULT_FROM_MONTHS
        reading.population = Population.ADULT if adult else Population.CHILD


__all__ = ["read_patient_against"]
