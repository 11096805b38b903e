"""After a dose answer, a turn that asks nothing new but tells what the dose is for or how
the patient takes it ("sốt thôi, không đau", "là đau sau mổ chứ không phải sốt", "lần này cơn
hen nặng hơn", "bé uống được viên"): the same dose, for what is now said. Code decides it: the
turn names no drug, asks no section and no "which medicine", and adds no new complaint."""

from __future__ import annotations

import re

from core.frame import QueryFrame, TurnType
from understanding.howto_words import TELLS_OF_THE_DRUG
from understanding.reading import Reading

# A complaint added to the first ("bé cũng bị ho", "bị thêm tiêu chảy", "ho nữa", "bà còn hay
# mất ngủ"): a new question about it, not what the dose asked was for.
_ANOTHER_COMPLAINT = re.compile(r"(?<![a-z])(?:cung|them|nua|con (?:hay|thuong))(?![a-z])")
# The form the child takes ("nuốt được viên", "dùng gói", "siro"); not a hospital ("bệnh viện").
_FORM = re.compile(r"(?<![a-z])(?<!benh )(?:vien|goi|siro|nuot)(?![a-z])")
# The strength of the bottle or vial said before ("siro 200mg/28,5mg/5ml", "ống 10 mg trong
# 2 ml", "cứ 5ml có 125mg"): the product the patient takes is still the case's when the turn
# says only what the dose is for, so its words go on with the new ones.
_STRENGTH_SAID = re.compile(
    r"(?<![\d.,/])(?:\d+(?:[.,]\d+)?\s*/\s*)?\d+(?:[.,]\d+)?\s*(?:mg|mcg|g)(?:\s*/\s*\d+(?:[.,]\d+)?\s*(?:mg|mcg|g))?"
    r"(?![a-z])[^a-z]{0,12}?(?:(?:trong|cho|moi) )?"
    r"\d*(?:[.,]\d+)?\s*ml(?![a-z])|(?<![\d.,])\d+(?:[.,]\d+)?\s*ml (?:co|chua|=) "
    r"\d+(?:[.,]\d+)?\s*(?:mg|mcg|g)(?![a-z])"
)
_TELLING_TURNS = (TurnType.CONDITION_TO_DRUG, TurnType.DRUG_ATTRIBUTE, TurnType.OUT_OF_SCOPE)


def dose_told_more(r: Reading, frame: QueryFrame, prior: QueryFrame) -> QueryFrame | None:
    """The prior dose question again, with the indication or the route this turn tells;
    None when the turn is a question of its own."""
    if prior.turn_type is not TurnType.DOSING_CALC or not prior.drugs:
        return None
    if frame.drugs or frame.unknown_drugs or frame.turn_type not in _TELLING_TURNS:
        return None
    if r.which_drug >= 0 or r.asks_drug_without_name or r.attribute is not None:
        return None
    if r.new_case or r.non_medical or r.smalltalk or r.follow_up or r.interaction:
        return None
    if frame.how_to_take is not None or _ANOTHER_COMPLAINT.search(r.turn.folded):
        return None
    route = r.route or frame.route
    tells_form = r.oral or route is not None or r.turn.has(*TELLS_OF_THE_DRUG)
    tells_form = tells_form or _FORM.search(r.turn.folded) is not None
    if frame.condition is None and not tells_form:
        return None
    update = {
        "drugs": prior.drugs,
        "turn_type": TurnType.DOSING_CALC,
        "attribute": prior.attribute,
        "condition": frame.condition or prior.condition,
        "condition_relation": prior.condition_relation,
        "route": route or prior.route,
    }
    for name in ("population", "age_text", "age_months", "weight_kg", "body_surface_m2"):
        if getattr(frame, name) is None:
            update[name] = getattr(prior, name)
    return with_the_bottle(frame.model_copy(update=update), prior)


def with_the_bottle(frame: QueryFrame, prior: QueryFrame | None) -> QueryFrame:
    """The same drug's dose asked on ("bé 2 tuổi, 12 kg" after "chai 600mg/42,9mg trong 5ml,
    mấy ml"): the bottle said before is still the one measured from (the ml shown name it),
    unless this turn says one or a new case begins; the family's other child is measured
    from the same bottle."""
    if prior is None or frame.new_case:
        return frame
    if TurnType.DOSING_CALC not in (frame.turn_type, prior.turn_type) or frame.turn_type != (
        prior.turn_type
    ):
        return frame
    if not frame.drugs or frame.drugs != prior.drugs:
        return frame
    bottle = _STRENGTH_SAID.findall(prior.condition_words or "")
    if not bottle or _STRENGTH_SAID.search(frame.condition_words or ""):
        return frame
    words = " ".join([frame.condition_words or "", *bottle]).strip()
    return frame.model_copy(update={"condition_words": words})


__all__ = ["dose_told_more", "with_the_bottle"]
