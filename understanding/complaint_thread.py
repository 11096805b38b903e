"""A complaint told in the middle of a drug question: what the drug is for, or what it did.

After a question on a drug, the person often goes on with the patient and the complaint
("con 14 tháng, 9 ký, sốt từ chiều"; "đang cho con bú, mình nổi mề đay"), or with what
happened since it was taken ("uống 3 tháng nay rồi, sao phù chân"; "uống xong 1 tiếng vẫn
sốt, uống thêm được không"). Naming no drug and asking no other one, the turn is still
about the drug before: the complaint is its indication or its effect, not a new question
of which medicine treats it.
"""

from __future__ import annotations

import re

from core.frame import QueryFrame, Relation, TurnType
from core.sections import SectionKey
from understanding.followups import context_section
from understanding.reading import Reading

# The medicine said taken, since some time or just now ("uống 3 tháng nay rồi", "uống xong
# 1 tiếng", "dùng được 2 tuần", "uống vào thì"), or more of it asked ("uống thêm viên nữa").
_TAKEN = re.compile(
    r"(?<![a-z])(?:uong|dung|xai|boi|xit|tiem)(?: [a-z]+){0,2}? (?:\d+|mot|hai|ba|bon|nam|vai|may)"
    r" (?:ngay|hom|tuan|thang|nam)(?: nay| qua)?(?: roi| nay)(?![a-z])"
    r"|(?<![a-z])(?:uong|dung|xai|boi|xit|tiem) (?:xong|vao|duoc|dc)(?![a-z])"
)
_ALSO = re.compile(r"(?<![a-z])(?:cung|nua|con|them|lai|voi)(?![a-z])")
_MORE = re.compile(
    r"(?<![a-z])(?:uong|dung|cho uong|xai|xit|tiem|dat) (?:them|tiep|lieu nua|lieu tiep)(?![a-z])"
)


def _patient_told(r: Reading) -> bool:
    p = r.patient
    nursing = p is not None and bool(p.pregnant or p.breastfeeding)
    return r.age is not None or r.weight is not None or nursing


def _why_told(r: Reading, prior: QueryFrame) -> bool:
    """A complaint said after a question on a drug for a patient already told (pregnant,
    nursing, an age or a weight), asking nothing and not said as one more ("cũng", "nữa",
    "còn"): what the drug would be for."""
    p = prior.patient
    known = p is not None and bool(p.pregnant or p.breastfeeding)
    known = known or prior.age_months is not None or prior.weight_kg is not None
    asking = r.asks_about_drug or r.usability or "?" in r.turn.original
    also = _ALSO.search(r.turn.folded) is not None  # "bé cũng bị ho nữa": another complaint
    return known and prior.attribute is not None and not (asking or also)


def complaint_in_thread(r: Reading, frame: QueryFrame, prior: QueryFrame) -> QueryFrame | None:
    """The turn about the drug before, when it tells the patient or the taking with a
    complaint and names no drug nor asks for one; None otherwise."""
    if frame.turn_type not in (TurnType.CONDITION_TO_DRUG, TurnType.DOSING_CALC):
        return None
    if frame.condition is None or frame.drugs or frame.unknown_drugs or not prior.drugs:
        return None
    if r.which_drug >= 0 or r.new_case or r.non_medical or r.smalltalk or r.non_human:
        return None
    if frame.condition_relation not in (None, Relation.INDICATION):
        return None
    taken, more = _TAKEN.search(r.turn.folded), _MORE.search(r.turn.folded)
    asks = r.attribute is not None or r.dosing or frame.how_to_take is not None
    why = not asks and _why_told(r, prior)
    if not (_patient_told(r) or taken or more or why):
        return None
    update: dict[str, object] = {"drugs": list(prior.drugs)}
    dose = SectionKey.LIEU_LUONG_CACH_DUNG.value
    if why and not (_patient_told(r) or taken or more):
        # "bầu uống omeprazol được không", then "dạ em bị trào ngược": why she would take it;
        # the question before stands, for the same patient
        update |= {"turn_type": prior.turn_type, "attribute": prior.attribute}
    elif asks:
        # the turn's own question, asked of the drug
        if frame.turn_type is TurnType.CONDITION_TO_DRUG:
            update["turn_type"] = TurnType.DRUG_ATTRIBUTE
    elif more:
        # "uống xong vẫn sốt, uống thêm viên nữa được không": the dose rows and their interval
        update |= {"turn_type": TurnType.DOSING_CALC, "attribute": dose}
    elif taken and r.age is None and r.weight is None:
        update |= _EFFECTS  # "uống 3 tháng nay rồi, sao phù chân": what the drug may do
    elif (section := context_section(r)) is not None:
        # "đang cho con bú, mình nổi mề đay": the drug for her, in her section
        update |= {"turn_type": TurnType.DRUG_ATTRIBUTE, "attribute": section.value}
    elif r.age is not None or r.weight is not None:
        # a child's age and weight with what ails it: the dose rows
        update |= {"turn_type": TurnType.DOSING_CALC, "attribute": dose}
    else:
        update |= _EFFECTS
    return frame.model_copy(update=update)


_EFFECTS = {
    "turn_type": TurnType.DRUG_ATTRIBUTE,
    "attribute": SectionKey.TAC_DUNG_KHONG_MONG_MUON.value,
    "condition_relation": Relation.ADVERSE_EFFECT,
}


__all__ = ["complaint_in_thread"]
