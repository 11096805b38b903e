"""`RulesUnderstander`: the offline, deterministic `Understander` for Vietnamese turns.

It reads cues, drugs and slots (`reading.py`) and decides the turn type with a fixed
precedence: scope guard, clarification answer, then question kinds.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from core.catalog import DrugCatalog
from core.drug_classes import classes_named, classes_of
from core.frame import (
    ClarifySlot,
    ConditionQuery,
    HowTo,
    PatientContext,
    Population,
    QueryFrame,
    Relation,
    Route,
    TurnType,
)
from core.ports import UnderstandingContext
from core.sections import SectionKey
from understanding.another_patient import (
    another_patients_frame,
    for_the_childs_kin,
    same_drug_for_another,
    tells_another_patient,
)
from understanding.answers import answer_frame, is_empty_reply, is_non_answer
from understanding.asked import read_asked
from understanding.complaint_thread import complaint_in_thread
from understanding.conditions import (
    PATIENT_CONDITIONS,
    ConditionHit,
    condition_from_span,
    make_condition,
)
from understanding.dose_told import dose_told_more, with_the_bottle
from understanding.drugs import DrugMatcher
from understanding.followups import (
    CORRECTION_CUES,
    about_the_drug_asked,
    babys_age_told,
    context_section,
    follow_up,
    keeps_thread,
    more_about_the_drug,
    same_patient,
)
from understanding.howto import asks_one_dose, second_topic
from understanding.howto_amount_said import doubts_the_amount
from understanding.howto_followups import (
    complaint_of_the_drug,
    own_medicine_asked,
    same_how_to,
    with_what_was_told,
)
from understanding.howto_turn import WITH_ANOTHER as _WITH_ANOTHER
from understanding.howto_turn import how_to_turn
from understanding.other_route import route_of_another
from understanding.partner_drug import with_the_patients_medicine
from understanding.patient_said import read_patient_against
from understanding.reading import Reading, read_turn
from understanding.set_aside import set_aside, still_asked
from understanding.speaker import tablets_for_an_adult
from understanding.text import Turn

_log = logging.getLogger(__name__)
_NAMES_ANOTHER = _WITH_ANOTHER | {HowTo.FOOD, HowTo.ALCOHOL}


class RulesUnderstander:
    """Deterministic understanding from keyword cues and a fuzzy drug matcher built once."""

    def __init__(self, catalog: DrugCatalog) -> None:
        if not isinstance(catalog, DrugCatalog):
            raise TypeError(f"catalog must be a DrugCatalog, got {type(catalog).__name__}")
        self._catalog = catalog
        self._matcher = DrugMatcher(catalog)

    def understand(self, text: str, context: UnderstandingContext) -> QueryFrame:
        """The frame for one turn; odd input gives an out-of-scope frame, never an error."""
        try:
            return self.parse(text, context)
        except Exception:  # the port promises no exception for any input; log the bug instead
            _log.exception("rules understander failed on a turn of %d chars", len(str(text)))
            return QueryFrame(
                turn_type=TurnType.OUT_OF_SCOPE, standalone_query=Turn.of(text).original
            )

    def parse(self, text: str, context: UnderstandingContext | None = None) -> QueryFrame:
        """Like `understand`, but lets a bug raise (for tests and fuzzing)."""
        context = context or UnderstandingContext()
        frame = self._parse(text, context)
        if tells_another_patient(turn := Turn.of(text), frame, context.prior_frame):
            frame = another_patients_frame(turn, frame, context.prior_frame)
        return with_the_bottle(frame, context.prior_frame)

    def _parse(self, text: str, context: UnderstandingContext) -> QueryFrame:
        turn = Turn.of(text)
        slot = context.open_slot
        reading = read_turn(turn, self._matcher, expect_drug=slot is ClarifySlot.DRUG)
        read_patient_against(reading, context)
        if slot is not None and is_non_answer(reading):
            return _non_answer(turn)
        if not turn.tokens:
            return QueryFrame(turn_type=TurnType.OUT_OF_SCOPE, standalone_query=turn.original)
        if reading.non_human or reading.diagnosis:
            return self._frame(reading, TurnType.OUT_OF_SCOPE, None, non_human=reading.non_human)
        if slot is not None:
            filled = answer_frame(reading, slot, context.prior_frame)
            if filled is not None:
                return filled
        if reading.how_to_take in _NAMES_ANOTHER and len(reading.drugs) <= 1:
            # "uống chung với canxi được không", "pha với Ringer lactat được không": the other
            # product is asked about with the medicine, not a medicine to look up; so is a food
            # ("muối kali để nêm được không") or a drink ("rượu vang Đà Lạt").
            reading.unknown = []
            reading.interaction = reading.pair_interaction = False
        prior = context.prior_frame
        if reading.population is None and tablets_for_an_adult(reading.turn, prior):
            reading.population = Population.ADULT  # "uống 2 viên panadol 500 có quá liều ko"
        turn_type, attribute = decide(reading)
        if complaint_of_the_drug(reading, turn_type, context.prior_frame):
            # "uống xong buồn ngủ quá, đổi giờ uống được ko" after cetirizine: how to take it
            turn_type = TurnType.DRUG_ATTRIBUTE
        # a medicine set aside ("như simvastatin", "hết ibuprofen rồi") is no second asked
        several = (
            len(still_asked(reading.turn, reading.mentions)) + len(reading.unknown) > 1
            or reading.which_drug >= 0
        )
        how_to, turn_type, attribute = how_to_turn(
            reading.how_to_take, turn_type, attribute, off=several or reading.non_medical, turn=turn
        )
        if how_to is not None and turn_type is TurnType.DOSING_CALC and doubts_the_amount(turn):
            how_to = None  # "sáng uống 4 viên có nhiều quá không": the rows and their maximum
        if how_to is HowTo.CRUSH and turn_type is TurnType.DOSING_CALC and asks_one_dose(turn):
            how_to = None  # "ngày chia 3 lần thì mỗi lần bao nhiêu": the dose split, worked out
        if slot is not None and turn_type is TurnType.OUT_OF_SCOPE and is_empty_reply(reading):
            return _non_answer(turn)
        frame = self._frame(reading, turn_type, attribute)
        if how_to is not None:
            also = second_topic(turn, how_to)
            frame = frame.model_copy(update={"how_to_take": how_to, "how_to_also": also})
        taken_with = with_the_patients_medicine(reading, frame, prior, self._catalog.name_of)
        if taken_with is not None:
            # "đang uống Plavix", then "uống kèm omeprazol được không": with the patient's own
            return same_patient(taken_with, prior) if prior is not None else taken_with
        if prior is not None and babys_age_told(reading, frame, prior):
            # "con mình được 1 tháng" to a nursing mother's question: her baby's age, she is
            # still the patient (the follow-up below keeps her).
            unsaid = ("population", "age_months", "age_text", "weight_kg", "body_surface_m2")
            frame = frame.model_copy(update=dict.fromkeys(unsaid))
        if slot is ClarifySlot.ATTRIBUTE and prior is not None:
            asked = about_the_drug_asked(reading, frame, prior)
            if asked is not None:  # the patient said before is still the one asked about
                return same_patient(asked, prior, corrected=reading.turn.has(*CORRECTION_CUES))
        if prior is not None and (own := own_medicine_asked(reading, frame, prior)) is not None:
            frame = own  # "đang dùng levothyroxin", then "có uống thêm canxi"
        if prior is not None and (more := more_about_the_drug(reading, frame, prior)) is not None:
            return more  # "omeprazol", then "dạng lọ bột tiêm 40mg"
        if prior is not None and (told := dose_told_more(reading, frame, prior)) is not None:
            return told  # a dose answered, then "sốt thôi, không đau"
        if prior is not None and (same := same_how_to(reading, frame, prior)) is not None:
            return same  # a storage answer, then "có ảnh hưởng gì ko"
        if prior is not None and (other := same_drug_for_another(reading, frame, prior)):
            return other  # "đứa nhỏ 14 tháng cũng ho y vậy, uống được không"
        if prior is not None and (told := complaint_in_thread(reading, frame, prior)) is not None:
            return for_the_childs_kin(same_patient(told, prior), reading, prior)  # "bé 9kg, sốt"
        if prior is not None and (reading.follow_up or keeps_thread(reading, frame, prior)):
            thread = for_the_childs_kin(follow_up(frame, reading, prior), reading, prior)
            return with_what_was_told(thread, prior)
        if prior is not None and not reading.new_case:
            frame = same_patient(frame, prior, corrected=reading.turn.has(*CORRECTION_CUES))
            frame = with_what_was_told(frame, prior)
        return for_the_childs_kin(frame, reading, prior)

    def _frame(
        self,
        reading: Reading,
        turn_type: TurnType,
        attribute: SectionKey | None,
        *,
        non_human: bool = False,
    ) -> QueryFrame:
        condition, relation = _condition(reading, turn_type)
        route = reading.route
        if route is None and reading.oral and turn_type is TurnType.DOSING_CALC:
            route = Route.ORAL
        drugs = [d for d in reading.drugs if d in self._catalog]
        aside = (*reading.current_medicines, *set_aside(reading.turn, reading.mentions))
        asked = [d for d in drugs if d not in aside]
        if turn_type in (TurnType.DOSING_CALC, TurnType.DRUG_ATTRIBUTE) and asked:
            drugs = asked  # the patient's own medicines are in `patient`, not the question
        if route in (Route.IV, Route.IM) and route_of_another(
            reading.turn, reading.mentions, reading.unknown, drugs
        ):
            route = Route.ORAL  # "đã truyền IVIG, giờ uống aspirin": the vein was another's
        fields: dict[str, Any] = {
            "turn_type": turn_type,
            "drugs": drugs,
            "unknown_drugs": reading.unknown,
            "attribute": attribute.value if attribute else None,
            "population": reading.population,
            "age_text": reading.age.text if reading.age else None,
            "age_months": reading.age.months if reading.age else None,
            "weight_kg": reading.weight,
            "route": route,
            "condition": condition,
            "condition_relation": relation,
            "patient": _patient(reading, condition, turn_type),
            "section_overview": reading.section_overview
            and turn_type is TurnType.DRUG_ATTRIBUTE
            and attribute is not None,
            "standalone_query": reading.turn.original,
            "non_human": non_human,
            "new_case": reading.new_case,
        }
        entry = self._catalog.get(drugs[0]) if drugs else None
        own = classes_of(entry.atc) if entry else ()
        return QueryFrame(**fields, **read_asked(reading.turn, turn_type, own))


_GIVEN_BEFORE_SURGERY = re.compile(
    r"(?<![a-z])(?:tiem|uong|dung|truyen|cho) (?:\w+ )?truoc (?:khi )?(?:mo|phau thuat)(?![a-z])"
)
_WITH = re.compile(r"(?<![a-z])(?:voi|cung|chung)(?![a-z])")


def decide(r: Reading) -> tuple[TurnType, SectionKey | None]:
    """The turn type and section, by fixed precedence over what was read."""
    named = len(r.drugs) + len(r.unknown)
    # Drugs the patient is already taking are context, not what the question is about.
    subjects = named - len([d for d in r.drugs if d in r.current_medicines])
    # A non-medical cue wins unless the turn plainly asks about a named drug.
    if r.non_medical and (
        (not named and r.which_drug < 0) or (named and not (r.asks_about_drug or r.usability))
    ):
        return TurnType.OUT_OF_SCOPE, None
    if r.smalltalk:
        return TurnType.SMALLTALK, None
    if r.overview and named and r.attribute is None and not r.dosing:
        return TurnType.DRUG_OVERVIEW, None
    if r.which_drug >= 0 and not subjects:
        if r.relation in (None, Relation.INDICATION):
            return TurnType.CONDITION_TO_DRUG, None
        return TurnType.CONDITION_RELATION, None
    attribute = r.attribute
    if named >= 2 and r.comparison and attribute is None and not r.dosing:
        return TurnType.DRUG_OVERVIEW, None
    # "phytomenadion cho người dùng warfarin": the second drug only describes the patient,
    # unless the turn asks about taking them together or whether the first may be used.
    background = named >= 2 and subjects == 1 and not _asks_pair(r)
    if (
        named >= 2
        and not background
        and (attribute is SectionKey.TUONG_TAC_THUOC or r.interaction or r.pair_interaction)
    ):
        return TurnType.INTERACTION, SectionKey.TUONG_TAC_THUOC
    if r.section_overview and (attribute or r.dosing):
        first = attribute if attribute and (not r.dosing or r.attribute_at < r.dosing_at) else None
        return TurnType.DRUG_ATTRIBUTE, first or SectionKey.LIEU_LUONG_CACH_DUNG
    # "X điều trị bệnh lậu liều bao nhiêu": the indication named is the dose's context.
    treats = attribute is SectionKey.CHI_DINH and r.attribute_at < r.dosing_at
    # "tiêm trước mổ" gives the drug before surgery (prophylaxis): a dose, not a caution.
    before_surgery = _GIVEN_BEFORE_SURGERY.search(r.turn.folded) or (
        r.dosing and "du phong" in r.turn.folded  # "dự phòng gút trước phẫu thuật uống sao"
    )
    if attribute is SectionKey.THAN_TRONG and before_surgery:
        return TurnType.DOSING_CALC, SectionKey.LIEU_LUONG_CACH_DUNG
    if r.dosing and (attribute is None or r.dosing_at < r.attribute_at or treats):
        return TurnType.DOSING_CALC, SectionKey.LIEU_LUONG_CACH_DUNG
    if attribute is not None:
        return TurnType.DRUG_ATTRIBUTE, attribute
    if r.interaction and named == 1:
        return TurnType.DRUG_ATTRIBUTE, SectionKey.TUONG_TAC_THUOC
    if (
        named == 1
        and not r.dosing
        and _WITH.search(r.turn.folded)
        and classes_named(r.turn.original)
    ):
        # "carbamazepin dùng với thuốc ức chế MAO": the partner is a class, not a monograph.
        return TurnType.DRUG_ATTRIBUTE, SectionKey.TUONG_TAC_THUOC
    if named >= 2 and not background:
        return TurnType.INTERACTION, SectionKey.TUONG_TAC_THUOC
    section = context_section(r)
    clearance = r.patient is not None and r.patient.egfr is not None
    # An INR figure with the patient's anticoagulant named asks the other drug's INR row.
    measured = clearance or (background and bool(_LAB_FIGURE.search(r.turn.folded)))
    if named and section is None and (r.age or r.weight or r.route or r.population or measured):
        # "paracetamol đặt hậu môn cho bé 8 kg": a patient and a route, no other ask;
        # "Augmentin cho bệnh nhân ClCr 5 ml/phút": a clearance figure asks for its dose row;
        # "phytomenadion cho người dùng warfarin INR 10": so does an INR figure.
        return TurnType.DOSING_CALC, SectionKey.LIEU_LUONG_CACH_DUNG
    if named:
        return TurnType.DRUG_ATTRIBUTE, section
    if r.conditions and not r.non_medical:
        return TurnType.CONDITION_TO_DRUG, None
    if r.asks_drug_without_name:
        return TurnType.DRUG_ATTRIBUTE, None
    return TurnType.OUT_OF_SCOPE, None


# A measured value the book bands its dose rows by ("INR 10", "INR = 6,5").
_LAB_FIGURE = re.compile(r"(?<![a-z])inr\s*(?:la|=|:|khoang|len|tren|>)?\s*\d")


def _asks_pair(r: Reading) -> bool:
    """The turn asks about two drugs together, not one drug for a patient on another."""
    together = r.interaction or r.pair_interaction
    return together or r.attribute is SectionKey.TUONG_TAC_THUOC or r.usability


def _non_answer(turn: Turn) -> QueryFrame:
    """A reply to an open question that neither answers it nor asks anything new."""
    return QueryFrame(
        turn_type=TurnType.OUT_OF_SCOPE, non_answer=True, standalone_query=turn.original
    )


def _negated(r: Reading, hit: ConditionHit) -> bool:
    """ "INR 10 không chảy máu": the patient does not have it, so it is no indication."""
    return hit.start > 0 and r.turn.tokens[hit.start - 1] in ("khong", "ko", "chua")


def _condition(r: Reading, turn_type: TurnType) -> tuple[ConditionQuery | None, Relation | None]:
    hits = [h for h in r.conditions if h.canonical not in PATIENT_CONDITIONS]
    if turn_type is TurnType.DOSING_CALC:
        hits = [h for h in hits if not _negated(r, h)]
    if turn_type in (TurnType.CONDITION_TO_DRUG, TurnType.CONDITION_RELATION):
        relation = r.relation or Relation.INDICATION
        return _asked_condition(r, hits), relation
    if not hits:
        return None, None
    hit = hits[0]
    return make_condition(_text(r.turn, hit), hit.canonical), None


def _asked_condition(r: Reading, hits: list[ConditionHit]) -> ConditionQuery | None:
    """The condition a condition→drug question is about, as precise as the user put it."""
    turn = r.turn
    if hits:
        hit = max(hits, key=lambda h: (h.end - h.start, -h.start))
        query = make_condition(_text(turn, hit), hit.canonical)
        if query.ambiguous:
            # "nhiễm trùng tai" is not the bare category: keep what follows the broad word.
            longer = condition_from_span(turn, hit.start, _phrase_end(turn, hit.end))
            if longer is not None and longer.text.lower() != query.text.lower():
                return longer
        return query
    tokens = turn.tokens
    which = len(turn.joined[: r.which_drug].split())
    after = condition_from_span(turn, which + 2, len(tokens))
    if after is not None:
        return after
    # An allergy ("dị ứng penicilin thì dùng gì") is a patient fact, not the condition.
    start = max((j + 1 for j in r.allergy_tokens if j < which), default=0)
    return condition_from_span(turn, start, which)


def _phrase_end(turn: Turn, end: int) -> int:
    stops = {"thi", "nen", "uong", "dung", "thuoc", "co", "khong", "ko", "va", "hay", "cho", "nao"}
    stops |= {"gi", "j", "tot", "nhat", "hieu", "manh", "an", "duoc"}
    while end < len(turn.tokens) and turn.tokens[end] not in stops:
        end += 1
    return end


def _text(turn: Turn, hit: ConditionHit) -> str:
    return turn.snippet(turn.spans[hit.start][0], turn.spans[hit.end - 1][1])


def _patient(
    r: Reading, condition: ConditionQuery | None, turn_type: TurnType
) -> PatientContext | None:
    patient = r.patient or PatientContext()
    extra: dict[str, Any] = {}
    if r.current_medicines:
        extra["current_medicines"] = r.current_medicines
    if (
        condition is not None
        and not condition.ambiguous
        and turn_type is TurnType.DRUG_ATTRIBUTE
        and r.usability
    ):
        extra["comorbidities"] = [condition.normalized]
    if extra:
        patient = patient.merged_with(PatientContext.model_validate(extra))
    return None if patient.is_empty() else patient


__all__ = ["RulesUnderstander", "decide"]
