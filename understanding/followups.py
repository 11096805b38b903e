"""Follow-ups: a turn that continues the previous question keeps its drug, its section and
its patient for what the turn leaves unsaid ("còn tác dụng phụ?", "thế còn ibuprofen thì sao",
"mẹ 62 tuổi" then a question about her)."""

from __future__ import annotations

import re
from typing import Any

from core.frame import Ask, PatientContext, Population, QueryFrame, TurnType
from core.sections import SectionKey
from core.text import fold
from understanding.howto_words import TELLS_OF_THE_DRUG
from understanding.reading import Reading
from understanding.speaker import given_to_child

_THREAD_TURN_TYPES = (TurnType.DRUG_ATTRIBUTE, TurnType.DOSING_CALC, TurnType.OUT_OF_SCOPE)


def same_patient(frame: QueryFrame, prior: QueryFrame, *, corrected: bool = False) -> QueryFrame:
    """A new question about the patient already described ("mẹ 62 tuổi", then "uống
    diclofenac hằng ngày có hại không"; "bé 4 tuổi", then "17 ký, …") keeps what was said of
    that patient. Another population is another person: nothing carries, nor does it to a
    woman who says she is pregnant or nursing after a man was the patient ("chồng 40 tuổi",
    then "còn mình đang cho con bú"). `corrected`: the turn corrects what was said ("à nhầm,
    bé 3 tuổi"), so a new age is the same child's and its weight stays."""
    if prior.population is None or frame.population not in (None, prior.population):
        return frame
    if _she_after_him(frame, prior):
        return frame
    update: dict[str, Any] = {}
    if frame.age_months is None and prior.age_months is not None:
        update |= {"age_months": prior.age_months, "age_text": prior.age_text}
    # A new age is maybe a new child: not its weight, unless it corrects the age or completes
    # a weight said alone ("bé 14 kg", then "3 tuổi rồi").
    another_age = frame.age_months is not None and prior.age_months is not None and not corrected
    if frame.weight_kg is None and prior.weight_kg is not None and not another_age:
        update["weight_kg"] = prior.weight_kg
    if frame.body_surface_m2 is None and prior.body_surface_m2 is not None and not another_age:
        update["body_surface_m2"] = prior.body_surface_m2  # the same patient's, as the weight
    said = frame.age_months is not None or frame.weight_kg is not None
    if not update and not (said and frame.population is None):
        return frame
    return frame.model_copy(update=update | {"population": prior.population})


# A man named as the patient: a pregnant or nursing woman after him is someone else.
_MEN_MARKED = frozenset(("chồng", "bố", "ông", "cậu", "chú"))
_MEN_FOLDED = frozenset(("chong", "ong"))


def _she_after_him(frame: QueryFrame, prior: QueryFrame) -> bool:
    said = frame.patient
    if said is None or not (said.pregnant or said.breastfeeding):
        return False
    before = prior.patient
    if before is not None and (before.pregnant or before.breastfeeding):
        return False
    text = prior.standalone_query.lower()
    words = set(text.split())
    return bool(words & _MEN_MARKED) or (fold(text) == text and bool(words & _MEN_FOLDED))


def facts_only(r: Reading, frame: QueryFrame) -> bool:
    """The turn only says who the patient is ("ông 76 tuổi mà chỉ có 48 ký thôi")."""
    said = r.age is not None or r.weight is not None or r.population is not None
    return said and frame.turn_type is TurnType.OUT_OF_SCOPE and not r.conditions


def weighs_for_dose(r: Reading, frame: QueryFrame, prior: QueryFrame) -> bool:
    """After "may my child use it" (answered with what the dose still needs), a turn that only
    tells the child's weight, or the age the question lacked, asks the amount: the weight
    settles nothing the book's cautions say, only how much to give."""
    can_use = prior.asks is Ask.CAN_USE and prior.turn_type is TurnType.DRUG_ATTRIBUTE
    if not can_use or len(prior.drugs) != 1 or not facts_only(r, frame):
        return False
    if r.weight is not None:
        return True
    child = prior.population is Population.CHILD and prior.weight_kg is None
    return child and r.age is not None and prior.age_months is None


# "à nhầm, bé 3 tuổi": what was said before is corrected, the patient is the same.
# "em nói lộn", "ghi sai": the southern word and "sai" say it too ("lon" alone is also "lớn").
CORRECTION_CUES = (
    "nham", "viet nham", "go nham", "xin loi", "sua lai", "noi lai", "khong phai", "noi lon",
    "ghi lon", "go lon", "viet lon", "noi sai", "ghi sai", "go sai", "viet sai",
)  # fmt: skip

# "ông cũng bị ho": the condition of the previous question, for another patient.
_SAME_CONDITION = ("cung bi", "cung dang bi")


# "uống được 4 ngày rồi", "dùng thuốc đã 2 tuần": how long the drug has been taken so far.
_TAKEN_SO_FAR = re.compile(
    r"(?<![a-z])(?:uong|dung|xai|tiem|bom)(?: \w+){0,2}? (?:duoc|dc|da|gan|hon|ca)"
    r" (?:\d+|mot|hai|ba|bon|nam|sau|bay|tam|chin|muoi|vai) (?:ngay|hom|tuan|thang|bua)(?![a-z])"
)


# Another dose asked for now ("giờ uống thêm được chưa", "cho uống tiếp được không").
_MORE_NOW = re.compile(
    r"(?<![a-z])(?:uong|dung|cho uong|xai|bom|tiem|xit|nho|dat)"
    r" (?:them|tiep|lieu nua|lieu tiep|nua)"
    r"(?: \w+){0,2}? (?:duoc|dc|đc)(?: \w+)? ?(?:chua|khong|ko|k|hong|ha)?\W*$"
)


def more_about_the_drug(r: Reading, frame: QueryFrame, prior: QueryFrame) -> QueryFrame | None:
    """A turn that asks nothing and names no drug but tells more of the one just asked about
    (its form or strength, that the patient cannot swallow, a test ahead: "loại nebules khí
    dung", "dạng lọ bột tiêm 40mg"): still that drug, its question not yet said. None
    otherwise."""
    if frame.turn_type is not TurnType.OUT_OF_SCOPE or frame.drugs or frame.unknown_drugs:
        return None
    if not prior.drugs or r.which_drug >= 0 or r.new_case or r.non_medical or r.smalltalk:
        return None
    if _MORE_NOW.search(r.turn.folded):
        # "giờ uống thêm được chưa": whether the next dose is due, which the dose row's
        # interval answers, for the patient just spoken of
        update = {name: getattr(prior, name) for name in _PATIENT_SLOTS}
        attribute = SectionKey.LIEU_LUONG_CACH_DUNG.value
        return frame.model_copy(
            update={"drugs": prior.drugs, "turn_type": TurnType.DRUG_ATTRIBUTE,
                    "attribute": attribute, **update}
        )  # fmt: skip
    if (
        not r.turn.has(*TELLS_OF_THE_DRUG)
        and r.route is None
        and not _TAKEN_SO_FAR.search(r.turn.folded)
    ):
        return None
    return frame.model_copy(
        update={"drugs": prior.drugs, "turn_type": TurnType.DRUG_ATTRIBUTE, "attribute": None}
    )


# The leaflet or the box quoted ("thuốc ghi không dùng cho trẻ dưới 12 tuổi và dưới 35kg là
# sao", "tờ hướng dẫn Zyrtec ghi …", "em đọc thấy … trẻ dưới 16 tuổi"): its ages and weights
# bound whom the drug is for; nobody's own.
_LABEL_SAYS = re.compile(
    r"(?<![a-z])(?:(?:thuoc|hop|vo hop|to|giay|huong dan|hdsd|nhan|toa|sach|bao bi|mang|leaflet)"
    r"(?: [a-z0-9]+){0,3} ghi|doc (?:thay|duoc|tren)|thay ghi|tren mang (?:noi|bao|ghi))(?![a-z])"
)
# A band said of people in general and asked back ("loratadin dùng cho trẻ trên 2 tuổi à?"):
# what the book says, checked, not a patient.
_GENERAL_BAND = re.compile(
    r"(?<![a-z])(?:tre|tre em|nguoi|nguoi lon|benh nhan|nguoi benh|nguoi gia) "
    r"(?:duoi|tren|tu|qua) \d+\s*(?:tuoi|kg)(?![a-z])"
)
_ASKED_BACK_MARKED = re.compile(r"(?<!\w)(?:à|hả|hở|phải không|đúng không|là sao)\W*$")
_ASKED_BACK = re.compile(r"(?<![a-z])(?:ha|phai khong|la sao)\W*$")  # "a" may be "ạ"
_BAND = re.compile(
    r"(?<![a-z])(?:duoi|tren|tu|qua|khong qua|it hon|nho hon|lon hon) \d+(?:[.,]\d+)?\s*"
    r"(?:tuoi|kg|ky|thang)(?![a-z])"
    # "trẻ 6-12 tuổi": a range
    r"|(?<![\w.,])\d+\s*[-–]\s*\d+\s*(?:tuoi|kg|ky|thang)(?![a-z])"
)


def quotes_the_label(r: Reading) -> bool:
    """The turn quotes what the leaflet says of an age or a weight band, and says no patient
    of its own: that age and weight are not the patient's."""
    text = r.turn.folded
    back = _ASKED_BACK_MARKED if r.turn.marked else _ASKED_BACK
    asked_back = back.search(r.turn.original.lower() if r.turn.marked else text)
    if not _LABEL_SAYS.search(text) and not (_GENERAL_BAND.search(text) and asked_back):
        return False
    bands = len(_BAND.findall(text))
    return bands > 0 and bands == len(_AGE_OR_WEIGHT.findall(text))


_AGE_OR_WEIGHT = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?\s*(?:tuoi|kg|ky|thang)(?![a-z])")


# The product's form, said when it was named ("Glucophage XR"): still that product turns
# later ("ngày 1 viên", then "uống bữa nào").
_PRODUCT_FORM = re.compile(
    r"(?<![a-z])(?:xr|sr|mr|cr|xl|retard|giai phong keo dai|giai phong cham)(?![a-z])"
)


def _product_form_kept(frame: QueryFrame, prior: QueryFrame) -> dict[str, Any]:
    """The prior's words naming the product's form, added to this turn's words."""
    said = _PRODUCT_FORM.findall(prior.condition_words or "")
    if not said or _PRODUCT_FORM.search(frame.condition_words or ""):
        return {}
    return {"condition_words": " ".join([frame.condition_words or "", *said]).strip()}


def keeps_thread(r: Reading, frame: QueryFrame, prior: QueryFrame) -> bool:
    """A turn that names no drug but asks about one ("còn tác dụng phụ?", "có dùng cho bà bầu
    được không?") continues the previous drug question, follow-up words or not."""
    if frame.drugs or frame.unknown_drugs or not prior.drugs or r.which_drug >= 0 or r.new_case:
        return False
    if frame.turn_type not in _THREAD_TURN_TYPES:
        return False
    if r.non_medical:
        return False
    # A condition is a new question ("còn đau bụng thì uống gì"), unless it is how the
    # medicine is taken ("mỗi lần đi ngoài uống 1 viên", "chia 2 lần cho đỡ nôn").
    # An attribute asked of a complaint ("tác dụng phụ có đau cơ ko") asks it of the drug.
    said_how = frame.how_to_take is not None or r.attribute is not None
    # The complaint told before, said again ("chị bị đau vai gáy", then "cứ đau là bôi"), is
    # the same question's.
    same = prior.condition is not None and (
        frame.condition is not None and frame.condition.normalized == prior.condition.normalized
    )
    if frame.condition is not None and not (said_how or same or r.turn.has(*_SAME_CONDITION)):
        return False
    asks = r.attribute is not None or r.dosing or frame.how_to_take is not None
    # "giờ uống được không" of the medicine talked of: may it be taken
    asks = asks or frame.asks is Ask.CAN_USE
    return asks or context_section(r) is not None or facts_only(r, frame)


def about_the_drug_asked(r: Reading, frame: QueryFrame, prior: QueryFrame) -> QueryFrame | None:
    """Asked what they want to know of a drug ("Bạn muốn biết gì về X?"), the user tells who
    takes it ("tôi đang bầu 3 tháng đầu", "con 11 tháng 9 kg nôn nhiều"): the question is
    about that drug for that patient. None when the turn names a drug or asks which one."""
    if frame.drugs or frame.unknown_drugs or not prior.drugs or r.which_drug >= 0:
        return None
    if r.non_medical or r.smalltalk or r.new_case:
        return None
    p = r.patient or PatientContext()
    told = r.age is not None or r.weight is not None or r.population is not None
    if not (told or p.pregnant or p.breastfeeding):
        return None
    section = context_section(r)
    if section is None and r.age is None and r.weight is None:
        return None
    turn_type = TurnType.DRUG_ATTRIBUTE
    if section is None:  # a child's age or weight and what ails it: the dose for it
        section, turn_type = SectionKey.LIEU_LUONG_CACH_DUNG, TurnType.DOSING_CALC
    return frame.model_copy(
        update={"drugs": prior.drugs, "turn_type": turn_type, "attribute": section.value}
    )


def babys_age_told(r: Reading, frame: QueryFrame, prior: QueryFrame) -> bool:
    """A nursing mother asked; this turn only tells her baby's age or weight ("con mình được 1
    tháng"), without a question or a "còn bé thì sao" of its own: she stays the patient."""
    nursing = prior.patient is not None and bool(prior.patient.breastfeeding)
    if not nursing or prior.population is not Population.ADULT or r.follow_up or r.new_case:
        return False
    if given_to_child(r.turn):
        return False  # "bé 10 tháng 9 ký, cho bé uống được không": now the baby is asked about
    return frame.population is Population.CHILD and facts_only(r, frame)


# The patient of the previous question: kept by a follow-up that states none of its own.
_PATIENT_SLOTS = ("population", "age_text", "age_months", "weight_kg", "body_surface_m2")


def follow_up(frame: QueryFrame, r: Reading, prior: QueryFrame) -> QueryFrame:
    """A follow-up re-asks the previous question for what is new.

    "thế còn ibuprofen thì sao" keeps the question and the patient and swaps the drug (after
    an interaction question, it pairs the new drug with the first one asked about);
    "chống chỉ định thì sao" and "có dùng cho bà bầu được không?" keep the drugs and ask the
    new section. A turn that states a population, age or weight of its own, or a new case,
    keeps none of the previous patient's.
    """
    if prior.turn_type is TurnType.SMALLTALK or r.which_drug >= 0:
        return frame
    # An aside that named the drug ("zinnat 250 giá bao nhiêu 1 hộp", "mình mua zyrtec"):
    # a question about it that follows is about that drug; a veterinary one carries nothing.
    aside = prior.turn_type is TurnType.OUT_OF_SCOPE
    if aside and (prior.non_human or not prior.drugs):
        return frame
    update: dict[str, Any] = {}
    if not r.new_case and all(getattr(frame, name) is None for name in _PATIENT_SLOTS):
        update |= {name: getattr(prior, name) for name in _PATIENT_SLOTS}
    elif not r.new_case:
        # "mình còn đang cho bé bú": still 32 years old
        frame = same_patient(frame, prior, corrected=r.turn.has(*CORRECTION_CUES))
    how_to = SectionKey(frame.attribute) if frame.how_to_take and frame.attribute else None
    section = how_to or r.attribute or (None if r.dosing else context_section(r))
    if section is not None or r.dosing:
        if frame.drugs or frame.unknown_drugs or not prior.drugs:
            return frame
        if prior.turn_type is TurnType.DOSING_CALC and frame.condition is None:
            # "tính ra bao nhiêu mg một ngày?" asks the same dose again: its indication stays.
            update |= {"condition": prior.condition, "condition_relation": prior.condition_relation}
        turn_type = frame.turn_type
        if turn_type not in (TurnType.DOSING_CALC, TurnType.DRUG_ATTRIBUTE):
            turn_type = TurnType.DRUG_ATTRIBUTE
        update |= {"drugs": prior.drugs, "turn_type": turn_type}
        update |= _product_form_kept(frame, prior)
        if turn_type is TurnType.DRUG_ATTRIBUTE and frame.attribute is None:
            update["attribute"] = section.value if section else None
        if frame.route is None and prior.route is not None and "population" in update:
            update["route"] = prior.route
        return frame.model_copy(update=update)
    if aside:
        return frame
    update |= {"turn_type": prior.turn_type, "attribute": prior.attribute}
    if prior.asks is Ask.CAN_USE and frame.asks is None:
        update["asks"] = Ask.CAN_USE  # "còn bé 3 tuổi thì sao": may this one use it
    if weighs_for_dose(r, frame, prior):
        # "bé 4 tuổi sốt, uống ibuprofen được không", then "bé 16 ký": the weight is told for
        # the amount; the complaint the question was asked with is the dose's indication.
        update |= {
            "turn_type": TurnType.DOSING_CALC,
            "attribute": None,
            "asks": None,
            "condition": prior.condition,
            "condition_relation": prior.condition_relation,
        }
    # The same patient keeps taking it the same way: the route goes with the patient.
    if frame.route is None and "population" in update:
        update["route"] = prior.route
    if not frame.drugs and not frame.unknown_drugs:
        update["drugs"] = prior.drugs
    elif (
        prior.turn_type is TurnType.INTERACTION
        and len(frame.drugs) == 1
        and prior.drugs
        and frame.drugs[0] not in prior.drugs
    ):
        update["drugs"] = [prior.drugs[0], frame.drugs[0]]
    # A condition list's condition, or the indication a dose was asked for ("sốt"), stays.
    indication = prior.turn_type in (TurnType.CONDITION_TO_DRUG, TurnType.DOSING_CALC)
    if indication and frame.condition is None:
        update["condition"] = prior.condition
        update["condition_relation"] = prior.condition_relation
    if prior.turn_type is TurnType.DOSING_CALC:
        # "một ngày tối đa bao nhiêu mg?" answered from the age row, then "nó nặng 16 ký":
        # the same question (its maximum) for the weight told now.
        update |= {"max_dose": frame.max_dose or prior.max_dose, "asks": frame.asks or prior.asks}
    return frame.model_copy(update=update)


def context_section(r: Reading) -> SectionKey | None:
    """The section a patient fact selects when the turn names a drug but no section."""
    p = r.patient or PatientContext()
    if p.pregnant:
        return SectionKey.THOI_KY_MANG_THAI
    if p.breastfeeding:
        return SectionKey.THOI_KY_CHO_CON_BU
    if r.usability and (
        p.renal_impairment
        or p.hepatic_impairment
        or p.allergies
        or p.comorbidities
        or r.population
        or r.conditions
    ):
        return SectionKey.THAN_TRONG
    return None


__all__ = [
    "about_the_drug_asked",
    "babys_age_told",
    "context_section",
    "follow_up",
    "keeps_thread",
    "more_about_the_drug",
    "quotes_the_label",
    "same_patient",
]
