"""Bare answers to an open clarification ("trẻ em", "18 ký", "uống", "paracetamol").

A bare answer yields a frame carrying only what the text says, with `fills_slot` set and
the prior frame's turn type; the engine merges it into the prior frame. A full question
(it names a drug, asks "which drug", or is long) is not an answer and returns None.
"""

from __future__ import annotations

import re
from typing import Any

from core.frame import ClarifySlot, ConditionQuery, Population, QueryFrame, Route, TurnType
from core.sections import SectionKey
from understanding import lexicon as lx
from understanding.asked import read_asked
from understanding.conditions import PATIENT_CONDITIONS, condition_from_span, make_condition
from understanding.reading import Reading
from understanding.slots import ADULT_FROM_MONTHS, CHILD_BELOW_KG, MAX_WEIGHT_KG

# A clarification answer is short; anything longer is treated as a new question.
MAX_ANSWER_TOKENS = 12
# ...unless it answers a patient question with patient facts and asks nothing ("bé sơ sinh
# 10 ngày tuổi, nặng 3 kg, đường uống, bị suy giáp"): then it may run this long.
MAX_FACTS_ANSWER_TOKENS = 28
# ...and longer still when it asks the dose again and names no medicine ("Bé sinh 36 tuần,
# giờ được 10 ngày, nặng 3 kg, sốt nhẹ. Bác sĩ bảo uống liều đầu theo cân. Liều đầu là bao
# nhiêu mg ạ?"): the dose being clarified is the one asked.
MAX_DOSE_FACTS_TOKENS = 40
_PATIENT_SLOTS = frozenset(
    (
        ClarifySlot.POPULATION,
        ClarifySlot.AGE_WEIGHT,
        ClarifySlot.AGE,
        ClarifySlot.WEIGHT,
        ClarifySlot.ROUTE,
    )
)
# A reply this short that is read as out of scope (no cue saying why) is a non-answer.
MAX_NON_ANSWER_TOKENS = 4
_BARE_NUMBER = re.compile(r"^\s*(\d{1,3}(?:[.,]\d{1,2})?)\s*$")
_BARE_ROUTES = {"dat": Route.RECTAL, "nhet": Route.RECTAL, "uong": Route.ORAL}

_DEFAULT_TURN_TYPE = {
    ClarifySlot.POPULATION: TurnType.DOSING_CALC,
    ClarifySlot.AGE_WEIGHT: TurnType.DOSING_CALC,
    ClarifySlot.AGE: TurnType.DOSING_CALC,
    ClarifySlot.WEIGHT: TurnType.DOSING_CALC,
    ClarifySlot.ROUTE: TurnType.DOSING_CALC,
    ClarifySlot.ATTRIBUTE: TurnType.DRUG_ATTRIBUTE,
    ClarifySlot.CONDITION: TurnType.CONDITION_TO_DRUG,
}


def answer_frame(r: Reading, slot: ClarifySlot, prior: QueryFrame | None) -> QueryFrame | None:
    """The frame for a bare answer to `slot`, or None when the turn is a new question."""
    if _is_new_question(r, slot):
        return None
    values: dict[str, Any] = {}
    age_months = r.age.months if r.age else None
    weight = r.weight
    bare = _BARE_NUMBER.match(r.turn.folded)
    if bare and age_months is None and weight is None:
        number = float(bare.group(1).replace(",", "."))
        if slot is ClarifySlot.AGE and number <= 120:
            age_months = number * 12
            values["age_text"] = f"{bare.group(1)} tuổi"
        elif slot is ClarifySlot.WEIGHT and 0 < number <= MAX_WEIGHT_KG:
            weight = number
    if age_months is not None:
        values["age_months"] = age_months
        values["age_text"] = r.age.text if r.age else values.get("age_text")
    if weight is not None:
        values["weight_kg"] = weight
    population = r.population or _implied_population(age_months, weight)
    if population is not None:
        values["population"] = population
    route = r.route or _bare_route(r)
    if route is not None:
        values["route"] = route
    if r.drugs:
        values["drugs"] = r.drugs
    if r.unknown:
        values["unknown_drugs"] = r.unknown
    turn_type = prior.turn_type if prior else _DEFAULT_TURN_TYPE.get(slot, TurnType.OUT_OF_SCOPE)
    filled = _filled(slot, values, r)
    if filled is None:
        return None
    if filled is ClarifySlot.ATTRIBUTE:
        attribute = r.attribute
        told_whom = attribute is None and (age_months is not None or weight is not None)
        if told_whom or (r.dosing and (attribute is None or r.dosing_at < r.attribute_at)):
            # "22 tháng, 11kg" to "what about the medicine?": whom it is for, so its dose
            attribute = SectionKey.LIEU_LUONG_CACH_DUNG
            # Dosing always goes through the population gate, whatever was asked before.
            turn_type = TurnType.DOSING_CALC
        if told_whom and prior is not None and not r.drugs:
            values["drugs"] = list(prior.drugs)  # the drug asked about, for this patient
        values["attribute"] = attribute.value if attribute else None
    if filled is ClarifySlot.CONDITION:
        values["condition"] = condition_from_span(
            r.turn, 0, len(r.turn.tokens), max_tokens=MAX_ANSWER_TOKENS
        )
    elif filled is ClarifySlot.ROUTE and r.conditions and len(r.turn.tokens) <= MAX_ANSWER_TOKENS:
        # "Đường uống – Đau, sốt": a route chip that also names the indication it doses.
        values["condition"] = condition_from_span(r.turn, 0, len(r.turn.tokens))
    elif filled in _PATIENT_SLOTS and (indication := _indication(r)) is not None:
        # "…, bị suy giáp" while a dose is being clarified: the dose's indication.
        values["condition"] = indication
    if r.patient is not None:
        values["patient"] = r.patient
    return QueryFrame(
        turn_type=turn_type,
        fills_slot=filled,
        standalone_query=r.turn.original,
        new_case=r.new_case,
        **values,
        **read_asked(r.turn, turn_type),
    )


def is_non_answer(r: Reading) -> bool:
    """The reply is only hesitation or filler ("không rõ", "để xem đã", "sao cơ?", "ừ", "thuốc").

    Nothing else of the reply may carry meaning: no drug, number, condition, section or patient
    fact; smalltalk ("ok", "cảm ơn") is not a non-answer, it gets its own short reply.
    """
    tokens = set(r.turn.tokens)
    if not tokens:
        return True  # "?" alone
    if r.smalltalk or r.drugs or r.unknown or r.conditions or r.patient is not None:
        return False
    return tokens <= lx.NON_ANSWER_WORDS and bool(tokens & lx.NON_ANSWER_CUES)


def is_empty_reply(r: Reading) -> bool:
    """A short reply that asks nothing: no drug, condition, section, dose, scope or other cue.

    It may carry a patient word that does not answer the open question ("trẻ em" to "which
    route?"): that is still not a new question, so the question is asked again.
    """
    return (
        len(r.turn.tokens) <= MAX_NON_ANSWER_TOKENS
        and not (r.drugs or r.unknown or r.conditions)
        and not (r.non_medical or r.diagnosis or r.non_human or r.smalltalk)
        and not (r.asks_about_drug or r.usability or r.which_drug >= 0 or r.section_overview)
        and not r.new_case
        # "em đang có bầu" to "what about the medicine?": its use in pregnancy is asked
        and not (r.patient is not None and (r.patient.pregnant or r.patient.breastfeeding))
    )


def _indication(r: Reading) -> ConditionQuery | None:
    """The first condition named that is not a patient fact (those go to `patient`)."""
    for hit in r.conditions:
        if hit.canonical not in PATIENT_CONDITIONS:
            start, end = r.turn.spans[hit.start][0], r.turn.spans[hit.end - 1][1]
            return make_condition(r.turn.snippet(start, end), hit.canonical)
    return None


def _states_patient_facts(r: Reading, slot: ClarifySlot) -> bool:
    """A longer reply to a patient question that carries patient facts and asks nothing."""
    longest = MAX_DOSE_FACTS_TOKENS if r.dosing and not r.drugs else MAX_FACTS_ANSWER_TOKENS
    if slot not in _PATIENT_SLOTS or len(r.turn.tokens) > longest:
        return False
    facts = r.age is not None or r.weight is not None or r.population is not None
    # A dose cue is allowed: the open question is a dose question already; so is "không uống
    # được" beside a dose asked again with no medicine named (how it must be given).
    usable = r.usability and not (r.dosing and not r.drugs and not r.unknown)
    asks = r.attribute is not None or r.interaction or r.overview or usable
    asks = asks or r.section_overview or r.which_drug >= 0
    return facts and not (asks or r.non_medical or r.diagnosis or r.new_case)


def _is_new_question(r: Reading, slot: ClarifySlot) -> bool:
    if r.smalltalk or r.how_to_take is not None:
        return True  # "uống lúc đói được không" asks; its "uống" answers no route question
    if len(r.turn.tokens) > MAX_ANSWER_TOKENS and not _states_patient_facts(r, slot):
        return True
    if (r.drugs or (r.unknown and r.asks_about_drug)) and slot is not ClarifySlot.DRUG:
        return True
    return r.which_drug >= 0 and slot is not ClarifySlot.CONDITION


def _filled(slot: ClarifySlot, values: dict[str, Any], r: Reading) -> ClarifySlot | None:
    """Which slot the answer fills, named as precisely as the answer allows."""
    has_age, has_weight = "age_months" in values, "weight_kg" in values
    if slot in (ClarifySlot.AGE_WEIGHT, ClarifySlot.AGE, ClarifySlot.WEIGHT):
        if has_age and has_weight:
            return ClarifySlot.AGE_WEIGHT
        if has_age:
            return ClarifySlot.AGE
        if has_weight:
            return ClarifySlot.WEIGHT
        # "người lớn thì sao" to "how old is the child?": another patient, not an age.
        return ClarifySlot.POPULATION if values.get("population") is Population.ADULT else None
    if slot is ClarifySlot.POPULATION:
        return slot if "population" in values else None
    if slot is ClarifySlot.ROUTE:
        return slot if "route" in values else None
    if slot is ClarifySlot.DRUG:
        if r.drugs or r.unknown:
            return slot
        # "bé được 9 tháng" while the medicine is asked: the patient, kept for the dose
        return _facts_slot(has_age, has_weight)
    if slot is ClarifySlot.ATTRIBUTE:
        # an age or a weight alone tells whom the medicine is for: its dose is asked
        return slot if r.attribute is not None or r.dosing or has_age or has_weight else None
    if slot is ClarifySlot.CONDITION:
        return slot if r.turn.tokens else None
    return slot if values or r.attribute or r.patient or r.conditions else None


def _facts_slot(has_age: bool, has_weight: bool) -> ClarifySlot | None:
    """The patient slot an age and/or a weight fill, or None."""
    if has_age and has_weight:
        return ClarifySlot.AGE_WEIGHT
    if has_age:
        return ClarifySlot.AGE
    return ClarifySlot.WEIGHT if has_weight else None


def _implied_population(age_months: float | None, weight: float | None) -> Population | None:
    if age_months is not None:
        return Population.ADULT if age_months >= ADULT_FROM_MONTHS else Population.CHILD
    if weight is not None and weight < CHILD_BELOW_KG:
        return Population.CHILD
    return None


def _bare_route(r: Reading) -> Route | None:
    if r.oral:
        return Route.ORAL
    for token in r.turn.tokens:
        if token in _BARE_ROUTES:
            return _BARE_ROUTES[token]
    return None


__all__ = ["MAX_ANSWER_TOKENS", "answer_frame", "is_empty_reply", "is_non_answer"]
