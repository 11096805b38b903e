"""Prior-frame merge and the self-contained query that generation sees.

While a clarification is open, a bare answer ("Trẻ em", "18 ký", "uống")
fills the open slot of the prior frame; a new question starts fresh and drops
stale slots. Patient facts carry over only within one case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.frame import ClarifySlot, PatientContext, Population, QueryFrame, Relation, TurnType
from core.sections import SectionKey
from core.text import fold
from engine.case_dose import case_dose_frame
from engine.conversation import OpenQuestion
from engine.followup import as_followup, is_context_followup

_SLOT_FIELDS: dict[ClarifySlot, tuple[str, ...]] = {
    ClarifySlot.POPULATION: ("population", "age_months", "age_text", "weight_kg"),
    ClarifySlot.AGE_WEIGHT: ("age_months", "age_text", "weight_kg", "population"),
    ClarifySlot.AGE: ("age_months", "age_text", "weight_kg", "population"),
    ClarifySlot.WEIGHT: ("weight_kg", "age_months", "age_text", "population"),
    # "Đường uống – Đau, sốt" answers a route question that also asked the indication.
    ClarifySlot.ROUTE: ("route", "condition"),
    ClarifySlot.DRUG: ("drugs", "unknown_drugs"),
    ClarifySlot.ATTRIBUTE: ("attribute",),
    ClarifySlot.CONDITION: ("condition",),
    ClarifySlot.DETAIL: (),
}

# Fields a fill may always add alongside its slot (a user answering "trẻ em 5 tuổi 18 kg").
_ALWAYS_MERGED = ("population", "age_months", "age_text", "weight_kg", "body_surface_m2", "route")


def _supplies(frame: QueryFrame, slot: ClarifySlot) -> bool:
    """The frame carries a value for `slot` (a code-level backstop to `fills_slot`)."""
    return any(getattr(frame, name) not in (None, [], "") for name in _SLOT_FIELDS[slot])


def is_slot_fill(
    frame: QueryFrame, question: OpenQuestion | None, prior: QueryFrame | None = None
) -> bool:
    """Is this turn an answer to the open question rather than a new question?"""
    if question is None:
        return False
    if frame.new_case or frame.non_human:
        return False
    if frame.fills_slot is not None:
        return True
    if question.slot is ClarifySlot.DRUG:
        # A bare drug name answers "which drug?"; a dosing or interaction question that
        # happens to name a drug is a new question of its own.
        bare = frame.turn_type in (TurnType.DRUG_ATTRIBUTE, TurnType.DRUG_OVERVIEW)
        return bare and bool(frame.drugs or frame.unknown_drugs) and frame.attribute is None
    if prior is not None and _names_the_asked_drug_again(frame, prior, question.slot):
        return True
    if prior is not None and _complaint_told(frame, prior):
        return True  # "cefuroxim 500 …?", asked who, then "bị viêm họng": what it is for
    # A turn naming a drug or condition of its own is a new question, not an answer.
    if frame.drugs or frame.unknown_drugs or frame.condition is not None:
        return False
    return question.slot is not ClarifySlot.DETAIL and _supplies(frame, question.slot)


def _complaint_told(frame: QueryFrame, prior: QueryFrame) -> bool:
    """A bare complaint ("bị viêm họng", "bụng cứ đầy hơi") told while a question on a drug is
    open, asking nothing and naming no drug nor patient: what the drug is for."""
    return (
        bool(prior.drugs)
        and frame.turn_type is TurnType.CONDITION_TO_DRUG
        and frame.condition is not None
        and frame.condition_relation in (None, Relation.INDICATION)
        and not (frame.drugs or frame.unknown_drugs)
        and frame.asks is None
        and "?" not in frame.standalone_query
        and frame.population is None
        and frame.age_months is None
        and frame.weight_kg is None
    )


def _names_the_asked_drug_again(frame: QueryFrame, prior: QueryFrame, slot: ClarifySlot) -> bool:
    """ "bé 0 tháng, nặng 1,8 kg, dự phòng xuất huyết do thiếu vitamin K": the reply gives the
    age or weight asked and names only the drug asked about (here with what it is for), asking
    nothing else of it: an answer, not a new question (a report of what was taken is not)."""
    return (
        slot in (ClarifySlot.AGE, ClarifySlot.AGE_WEIGHT, ClarifySlot.WEIGHT)
        and (frame.age_months is not None or frame.weight_kg is not None)
        and bool(frame.drugs)
        and set(frame.drugs) <= set(prior.drugs)
        and not frame.unknown_drugs
        and frame.attribute in (None, prior.attribute)
        and frame.turn_type is prior.turn_type
        and frame.how_to_take is None  # "bé 5 tuổi, X uống trước hay sau ăn": a question
        and frame.triage is None
    )


def _another_age(before: float | None, now: float | None) -> bool:
    """An age far from the one said before: another patient, or one corrected."""
    if before is None or now is None:
        return False
    return abs(now - before) > max(1.0, 0.2 * before)


# The facts whose arrival answers a clarifying question (docs/reasons.md, "Progress").
PROGRESS_FIELDS = (
    "population", "age_months", "weight_kg", "route", "condition", "attribute", "drugs",
)  # fmt: skip


def filled_facts(frame: QueryFrame) -> set[str]:
    """The `PROGRESS_FIELDS` the frame holds."""
    return {name for name in PROGRESS_FIELDS if getattr(frame, name) not in (None, [], "")}


def made_progress(
    said: QueryFrame,
    resolved: QueryFrame,
    prior: QueryFrame | None,
    question: OpenQuestion | None,
    seen: Iterable[str] = (),
) -> bool:
    """Did this turn answer the open question with a fact the conversation lacked?

    Progress: a question was open, this turn's reading (`said`) is an answer to it (a slot
    fill, not a non-answer nor a new question), and the frame it resolves to holds one of
    `PROGRESS_FIELDS` that the open question's frame (`prior`) did not and that no frame of
    this run of clarifications held (`seen`). A reply that repeats a known fact, says nothing
    ("không rõ"), asks something else, or brings back a fact the run already had is none, so
    progress happens at most once per fact in a run: the run still ends.
    """
    if (
        prior is None
        or question is None
        or said.non_answer
        or not is_slot_fill(said, question, prior)
    ):
        return False
    known = filled_facts(prior) | set(seen)
    return bool(filled_facts(resolved) - known)


def _dose_picked(prior: QueryFrame, attribute: object, slot: ClarifySlot) -> bool:
    """ "Liều dùng" picked for "thuốc X uống trong bệnh Y" (asked what to look up or to say
    more): a dose question now, asked and answered as one (whom it is for, then Y's rows)."""
    return (
        slot in (ClarifySlot.ATTRIBUTE, ClarifySlot.DETAIL)
        and prior.turn_type == TurnType.DRUG_ATTRIBUTE
        and bool(prior.drugs)
        and attribute == SectionKey.LIEU_LUONG_CACH_DUNG.value
    )


def merge_frames(
    prior: QueryFrame, answer: QueryFrame, slot: ClarifySlot, *, also: ClarifySlot | None = None
) -> QueryFrame:
    """The prior frame with the answer's values for the open slot, for the slot the answer
    says it fills (`also`), and for the always-compatible dosing slots."""
    data = prior.model_dump()
    names = set(_SLOT_FIELDS[slot]) | set(_ALWAYS_MERGED)
    if also is not None:
        names |= set(_SLOT_FIELDS[also])
    if slot is ClarifySlot.DETAIL:
        names |= {"attribute", "drugs", "condition", "route"}
    for name in names:
        value = getattr(answer, name)
        if value not in (None, [], ""):
            data[name] = value.model_dump() if hasattr(value, "model_dump") else value
    changed = prior.population is not None and answer.population is not None
    if changed and answer.population is not prior.population:
        # Another population ("người lớn thì sao" after a child's age): the child's age and
        # weight are not this patient's.
        for name in ("age_months", "age_text", "weight_kg", "body_surface_m2"):
            if getattr(answer, name) is None:
                data[name] = None
    if answer.weight_kg is None and _another_age(prior.age_months, answer.age_months):
        # "còn em nó 8 tháng thì sao" after a 3-year-old of 14 kg: another child, whose
        # weight (nor body surface) was not said.
        data["weight_kg"] = None
        if answer.body_surface_m2 is None:
            data["body_surface_m2"] = None
    if answer.condition is not None and prior.condition is None:
        # "…, bị suy giáp" in a reply to a dose question names the dose's indication.
        data["condition"] = answer.condition.model_dump()
    said = answer.condition_words
    if said and answer.condition is None and said not in (prior.condition_words or ""):
        # "Bé 9 kg, ngày uống 3 lần. Mỗi lần bao nhiêu ml?": the doses a day and the ml a
        # reply asks are the question's words too (an indication it names is its condition).
        data["condition_words"] = f"{prior.condition_words or ''} {said}".strip()
    if answer.weight_unknown or (slot is ClarifySlot.WEIGHT and data.get("weight_kg") is None):
        # "chưa cân", or a reply to "bé nặng bao nhiêu kg?" that gives everything but it: the
        # weight is asked again, saying why and how to get it (a child's dose needs both).
        data["weight_unknown"] = True
    if answer.max_dose:
        data["max_dose"] = True  # "… và cả ngày không quá bao nhiêu ạ?" in the reply
    if _dose_picked(prior, data.get("attribute"), slot):
        data["turn_type"] = TurnType.DOSING_CALC
    if answer.patient is not None:
        base = prior.patient or PatientContext()
        data["patient"] = base.merged_with(answer.patient).model_dump()
    # A child's age or weight given as an answer implies the child population.
    gave_child_slot = answer.age_months is not None or answer.weight_kg is not None
    if gave_child_slot and data.get("population") is None and (answer.age_months or 0) < 216:
        data["population"] = Population.CHILD
    data["needs_clarify"] = False
    data["clarify_reason"] = None
    data["fills_slot"] = None
    data["understanding_failed"] = answer.understanding_failed
    return QueryFrame.model_validate(data)


# "trẻ sơ sinh", "bé mới sinh" (accent-folded): a newborn, whose age is under one month.
_NEWBORN = re.compile(
    r"(?<![a-z])(?:so sinh|(?:tre|be|con|em be|chau) (?:moi sinh|moi de|vua sinh|vua de))(?![a-z])"
)
# "trẻ sinh non", "bé đẻ thiếu tháng": a baby born early, whose age the book's rows for
# preterm babies are said of when none is given.
_BORN_EARLY = re.compile(
    r"(?<![a-z])(?:sinh non|de non|non thang|(?:de |sinh )?thieu thang)(?![a-z])"
)
NEWBORN_AGE_MONTHS = 0.0
"""The age a newborn named without a day count is dosed at: the first days of life."""
NEWBORN_AGE_TEXT = "sơ sinh"


def _with_newborn_age(frame: QueryFrame, said: str, *, age_unsaid: bool = False) -> QueryFrame:
    """A dose question for a newborn ("vitamin K1 cho trẻ sơ sinh") has its age: the engine
    asks only what is still missing (the weight), never the age again. A baby born early
    is asked its age once; `age_unsaid` (that question went unanswered) doses it as a
    newborn too, instead of asking again."""
    if frame.age_months is not None or not frame.drugs or frame.population is Population.ADULT:
        return frame
    words = [fold(text) for text in (said, frame.standalone_query)]
    newborn = any(_NEWBORN.search(w) for w in words)
    if not newborn and not (age_unsaid and any(_BORN_EARLY.search(w) for w in words)):
        return frame
    return frame.model_copy(
        update={
            "age_months": NEWBORN_AGE_MONTHS,
            "age_text": NEWBORN_AGE_TEXT,
            "population": Population.CHILD,
            "non_answer": False,
        }
    )


_PATIENT_SLOTS = ("population", "age_text", "age_months", "weight_kg")
# Turns whose condition is the patient's: a condition list, its dose, a case told ("vừa mổ").
_CASE_CONDITION_TURNS = (TurnType.CONDITION_TO_DRUG, TurnType.DOSING_CALC, TurnType.OUT_OF_SCOPE)


def _case_combination(frame: QueryFrame, prior: QueryFrame) -> QueryFrame:
    """ "Mỗi lần bao nhiêu mg amoxicilin?" after an Augmentin question asks the combination's
    dose in its component's milligrams (the book doses it so), not another drug's."""
    if len(frame.drugs) != 1 or len(prior.drugs) != 1:
        return frame
    component, case_drug = frame.drugs[0], prior.drugs[0]
    if component == case_drug or component not in case_drug.split("_"):
        return frame
    return frame.model_copy(update={"drugs": [case_drug]})


def with_case_facts(frame: QueryFrame, prior: QueryFrame) -> QueryFrame:
    """A dose question that says nothing of its patient is for the patient of the case.

    "Cháu 10 tuổi 40 kg sau mổ" then "paracetamol liều đầu bao nhiêu mg?": the new question
    keeps the population, age and weight said before (and the condition the case was told
    with, as the dose's indication) unless it states a patient of its own or opens a new
    case. Only dose questions: what a dose is for and who takes it select its row.
    """
    if frame.turn_type is not TurnType.DOSING_CALC or frame.new_case or prior.non_human:
        return frame
    frame = _case_combination(case_dose_frame(frame, prior), prior)
    # A patient of its own: a fact that differs from the case's returns the question as said;
    # a fact the case lacked ("cho bé 6 tháng" after "người lớn") borrows none of the case's
    # other facts (no adult of six months), only what the case was told with.
    if any(
        getattr(frame, n) not in (None, getattr(prior, n)) and getattr(prior, n) is not None
        for n in _PATIENT_SLOTS
    ):
        return frame
    own = any(getattr(frame, n) is not None and getattr(prior, n) is None for n in _PATIENT_SLOTS)
    update: dict[str, object] = {
        name: getattr(prior, name)
        for name in _PATIENT_SLOTS
        if getattr(prior, name) is not None and getattr(frame, name) is None and not own
    }
    if update and frame.body_surface_m2 is None and prior.body_surface_m2 is not None:
        update["body_surface_m2"] = prior.body_surface_m2  # the case's patient's, as the weight
    if not update and all(getattr(frame, n) is None for n in _PATIENT_SLOTS):
        return frame
    told = prior.condition is not None and prior.turn_type in _CASE_CONDITION_TURNS
    if frame.condition is None and told:
        update |= {"condition": prior.condition, "condition_relation": None}
    same_condition = frame.condition is None or frame.condition == prior.condition
    if same_condition and prior.turn_type in _CASE_CONDITION_TURNS and prior.condition_words:
        # The case's own words choose the row of "tổng liều một ngày bao nhiêu mg?" too: the
        # reading may keep only "viêm" of "viêm màng não", or no condition at all of
        # "nhiễm giun rồng Dracunculus" (a case told without a question).
        words = f"{prior.condition_words} {frame.condition_words}".strip()
        update["condition_words"] = words
    return frame.model_copy(update=update)


def resolve_frame(
    frame: QueryFrame,
    prior: QueryFrame | None,
    question: OpenQuestion | None,
    case_patient: PatientContext | None,
) -> QueryFrame:
    """The frame to route: a slot answer or a context follow-up folded into the prior one.

    A non-answer to an open question ("không rõ", "sao cơ?") routes the prior frame again,
    marked `non_answer`, so the same question is asked again (more plainly).
    """
    said = frame.standalone_query
    if prior is not None and prior.non_answer:
        prior = prior.model_copy(update={"non_answer": False})
    if prior is not None and question is not None and frame.non_answer:
        frame = prior.model_copy(update={"non_answer": True})
    elif prior is not None and is_slot_fill(frame, question, prior):
        assert question is not None  # noqa: S101 - implied by is_slot_fill
        frame = merge_frames(prior, frame, question.slot, also=frame.fills_slot)
    elif prior is not None and question is None and is_context_followup(frame, prior):
        frame = as_followup(frame, prior)
    elif prior is not None:
        frame = with_case_facts(frame, prior)
    asked_age = question is not None and question.slot in (ClarifySlot.AGE, ClarifySlot.AGE_WEIGHT)
    unsaid = frame.non_answer and asked_age
    frame = _with_newborn_age(frame, said, age_unsaid=unsaid)
    if case_patient is not None and not (frame.new_case or frame.another_patient):
        if frame.population is Population.CHILD and (
            frame.age_months is not None or frame.weight_kg is not None
        ):
            # "em bé sinh ra 1 tuần tuổi 3 kg" after her pregnancy, "còn con em 8 tháng 8kg"
            # after her nursing: the baby is the patient; neither is the baby's own fact.
            case_patient = case_patient.model_copy(update=_NOT_HIS)
        elif _for_him(said, frame):
            # "thôi em hỏi cho chồng em, anh ấy 38 tuổi": her pregnancy is not his.
            case_patient = case_patient.model_copy(update=_NOT_HIS)
        patient = case_patient.merged_with(frame.patient) if frame.patient else case_patient
        frame = frame.model_copy(update={"patient": patient})
    return _expecting_or_nursing(frame)


# A pregnancy and nursing: the mother's facts, which a child or a man the question turns to
# does not share (breastfeeding is the nursing mother's fact, the book's section for her milk).
_NOT_HIS = {
    "pregnant": None,
    "pregnancy_weeks": None,
    "pregnancy_trimester": None,
    "breastfeeding": None,
}
# A man the question is for: "cho chồng em", "bố tôi 60 tuổi", "anh ấy 38 tuổi". Folded text
# keeps only the words no woman's word folds to ("bà" folds to "ba", "bỏ" to "bo").
_HIM_MARKED = re.compile(
    r"(?<!\w)(?:chồng|bố|ông|cậu|chú|anh ấy|anh nhà|ba (?:em|e|tôi|mình))(?!\w)"
)
_HIM_FOLDED = re.compile(
    r"(?<![a-z])(?:chong|ong (?:noi|ngoai|nha|xa)|anh ay|anh nha|bo (?:em|e|toi|tui|minh))(?![a-z])"
)
_FOR = re.compile(r"(?<![a-z])(?:cho|ho|giup)$")


def _for_him(said: str, frame: QueryFrame) -> bool:
    """The turn asks for a man ("hỏi cho chồng em"), or names one with an age or weight."""
    text = said.lower()
    marked = fold(text) != text
    found = (_HIM_MARKED if marked else _HIM_FOLDED).search(text)
    if found is None or (frame.patient is not None and frame.patient.pregnant):
        return False
    if frame.age_months is not None or frame.weight_kg is not None:
        return True
    return bool(_FOR.search(fold(text[: found.start()])))


def _expecting_or_nursing(frame: QueryFrame) -> QueryFrame:
    """A woman said pregnant or nursing earlier in the case is the adult patient of a later
    question ("bị nổi mề đay, uống cetirizin được không"); its "em bé" without an age or
    weight is her baby, not the patient."""
    patient = frame.patient
    if patient is None or not (patient.pregnant or patient.breastfeeding):
        return frame
    if frame.age_months is not None or frame.weight_kg is not None:
        return frame
    if frame.population is Population.ADULT:
        return frame
    return frame.model_copy(update={"population": Population.ADULT})


__all__ = [
    "PROGRESS_FIELDS",
    "is_slot_fill",
    "made_progress",
    "merge_frames",
    "resolve_frame",
]
