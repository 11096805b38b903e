"""Another patient for the medicine just asked about (issue 22): "đứa nhỏ 14 tháng cũng ho y
vậy, uống được không", "riêng em thì đang bầu 10 tuần, uống thuốc đó được không"; and the
speaker who asks for themself after naming a child ("con em 4 tuổi bị sốt, nhưng em hỏi cho
em cơ"). Pure functions of the reading and the frames."""

from __future__ import annotations

import re

from core.frame import PatientContext, Population, QueryFrame, TurnType
from core.sections import SectionKey
from understanding.body_surface import body_surface_of
from understanding.followups import CORRECTION_CUES
from understanding.pregnancy import nursing_said
from understanding.reading import Reading
from understanding.slots import ADULT_FROM_MONTHS, Age, read_age, read_weight
from understanding.text import Turn

# The medicine pointed back at ("thuốc đó", "thuốc này", "cùng thuốc"), or the same ailment
# for someone else asked as a yes/no ("cũng ho y vậy, uống được không").
_THE_DRUG = re.compile(
    r"(?<![a-z])(?:thuoc (?:do|nay|ay|kia|vay|tren|luon)|cung thuoc|thuoc cua (?:be|con|em|chi)"
    r"|chung thuoc"
    # the dose just asked, for someone else: "uống chung liều vậy", "liều như mẹ"
    r"|lieu (?:vay|do|nay|nhu vay|y vay|nhu (?:me|ba|bo|be|con|em|chi|anh|ong|ba)))(?![a-z])"
)
_ALSO = re.compile(
    r"(?<![a-z])(?:cung (?:bi|dang bi|ho|sot|dau|ngua|viem|nhu|y|cao|tang)|y (?:vay|nhu vay|chang))"
    r"(?![a-z])"
)
# "bé mới 3 tuần, hơi sốt, uống được không": the bare verb, no drug of its own, takes the one
# just asked about (the ailment is what it is for).
_TAKES_IT = re.compile(r"(?<![a-z])(?:uong|dung|xai) (?:duoc|dc) (?:khong|ko|k|hok|hong)(?![a-z])")
# The same question asked again for someone else ("hỏi thêm cho ông nội, ông cũng bị ho").
_ASKED_AGAIN_FOR = re.compile(r"(?<![a-z])hoi (?:them|luon|tiep) cho(?![a-z])")
# Who the question was for, set right after it ("cho ba tôi, 72 tuổi, gút mạn, không phải
# tôi"): the same medicine for that patient, the ailment what it is for, nothing new asked.
_NOT_ME = re.compile(
    r"(?<![a-z])(?:ko|khong|k|hong|hok|chu khong) phai (?:cho )?(?:toi|em|e|minh|tui|tao|t)"
    r"(?: dau| nha| a)?\s*[.!]?\s*$"
)
_ASKS_WHICH = re.compile(r"(?<![a-z])(?:thuoc|uong|dung|xai) (?:gi|j|nao)(?![a-z])|\?")
_YES_NO = re.compile(
    r"(?<![a-z])(?:duoc (?:khong|ko|k|hok|hong|chu)|dc (?:khong|ko|k|hok)|co sao (?:khong|ko)"
    r"|co duoc|uong duoc|dung duoc|duoc luon)(?![a-z])"
)


def another_patients_frame(turn: Turn, frame: QueryFrame, prior: QueryFrame | None) -> QueryFrame:
    """The frame of a turn that tells another patient: marked so, and without the age or
    weight of the patient before when this turn says none of its own ("hồi đó nó 10 tuổi",
    then "giờ vợ tui bị mề đay, uống ké chai đó được không": she is not ten)."""
    update: dict[str, object] = {"another_patient": True}
    if prior is not None and read_age(turn) is None and frame.age_months == prior.age_months:
        update |= {"age_months": None, "age_text": None}
    if prior is not None and read_weight(turn) is None and frame.weight_kg == prior.weight_kg:
        update["weight_kg"] = None
    return frame.model_copy(update=update)


def same_drug_for_another(r: Reading, frame: QueryFrame, prior: QueryFrame) -> QueryFrame | None:
    """A turn that names an ailment and no medicine, after a medicine was asked about, and
    points back at it or asks whether this patient may take it too: that medicine, for the
    patient this turn tells of. None otherwise (a condition list, "uống gì", stays one)."""
    # a dose asked with no medicine named ("ba em 62 tuổi, uống chung liều vậy được không")
    asks = (TurnType.CONDITION_TO_DRUG, TurnType.DOSING_CALC)
    if frame.turn_type not in asks or frame.drugs or frame.unknown_drugs:
        return None
    if not prior.drugs or r.which_drug >= 0 or r.non_medical:
        return None
    text = r.turn.folded
    also = _ALSO.search(text) and (_YES_NO.search(text) or _ASKED_AGAIN_FOR.search(text))
    not_me = _NOT_ME.search(text) is not None and _ASKS_WHICH.search(text) is None
    p = frame.patient
    # "có dùng cho bà bầu được ko", then "vk mình đang 5 tháng, da nổi mẩn": the term told
    term = p is not None and bool(p.pregnancy_weeks or p.pregnancy_trimester)
    term = term and prior.attribute == SectionKey.THOI_KY_MANG_THAI and not _ASKS_WHICH.search(text)
    if not (_THE_DRUG.search(text) or also or _TAKES_IT.search(text) or not_me or term):
        return None
    if p is not None and p.pregnant:
        turn_type, section = TurnType.DRUG_ATTRIBUTE, SectionKey.THOI_KY_MANG_THAI
    elif p is not None and p.breastfeeding:
        turn_type, section = TurnType.DRUG_ATTRIBUTE, SectionKey.THOI_KY_CHO_CON_BU
    else:
        # The same question for this patient: a dose for a child told by age or weight.
        turn_type, section = TurnType.DOSING_CALC, SectionKey.LIEU_LUONG_CACH_DUNG
    return frame.model_copy(
        update={"drugs": prior.drugs, "turn_type": turn_type, "attribute": section.value}
    )


# "nhưng em hỏi cho em cơ", "thuốc này mình hỏi cho mình uống": the speaker is the patient.
_FOR_SELF = re.compile(
    r"(?<![a-z])(?:em|e|minh|toi|tui|t) hoi (?:cho|giup) (?:em|e|minh|toi|tui|t|ban than)"
    r"(?! (?:be|nho|trai|gai|ay|no))(?![a-z])"
    # "em trai 10 tuổi bị rồi, giờ tới lượt mình": the speaker's turn now
    r"|(?<![a-z])(?:toi|den) luot (?:em|e|minh|toi|tui|t)(?![a-z])"
)


def asks_for_self(r: Reading) -> bool:
    """The speaker says the question is for themself, after the child's age they told."""
    return _for_self_at(r) is not None


# "…, còn mình bị đau dạ dày thì uống …", "con 5 tuổi, còn tôi 40 tuổi …": after the child's
# facts the speaker turns to themself ("còn" with its accent: unmarked "con minh" is "my child").
_AND_I = re.compile(
    r"(?<![a-z])con (?:em|e|minh|toi|tui|t)"
    r"(?= (?:bi|dang|uong|dung|thi|nang|cung|muon|co|hoi|nam nay|\d))"
)


def _for_self_at(r: Reading) -> int | None:
    """Where the turn turns to the speaker as the patient, after a child's facts, or None."""
    found = _FOR_SELF.search(r.turn.folded)
    if found is not None and (r.age is None or r.age.span[0] < found.start()):
        return found.end()
    if r.age is None and r.weight is None:
        return None
    for match in _AND_I.finditer(r.turn.folded):
        at = next((i for i, (a, _b) in enumerate(r.turn.spans) if a == match.start()), -1)
        if (
            r.turn.marked
            and at >= 0
            and r.turn.original_words()[at] == "còn"
            and (r.age is None or r.age.span[0] < match.start())
        ):
            return match.end()
    return None


# A child named right before an age ("bé 5 tháng", "con mình 8 tháng"): that child's age.
_CHILD_BEFORE = re.compile(
    r"(?<!\w)(?:bé|con|cháu|em bé|bé nhà|con nhà)(?: (?:mình|em|e|tôi|tui|nhà mình|nhà em))?"
    r"(?: (?:được|mới|đã))?\W*$"
)


def speaker_facts(r: Reading) -> tuple[Age | None, float | None] | None:
    """The speaker's own age and weight, said after the turn turns to them ("em hỏi cho em
    nha, em 32 tuổi"); None when the turn does not turn to the speaker."""
    at = _for_self_at(r)
    if at is None:
        return None
    tail = Turn.of(r.turn.original[at:])
    age = read_age(tail)
    if age is not None and _CHILD_BEFORE.search(tail.original[: age.span[0]].lower()):
        # "mình hỏi cho mình nha, đang cho con bú, bé 5 tháng": her baby's age, not hers
        return None, None
    if age is not None:
        if age.months < ADULT_FROM_MONTHS and not _FOR_SELF.search(r.turn.folded):
            return None  # "bé 3 tuổi, còn em 5 tuổi": the younger sibling, not the speaker
        age = Age(age.months, age.text, (age.span[0] + at, age.span[1] + at))
    return age, read_weight(tail)


# The baby's mother named ("mẹ cháu", "me be", "mẹ của bé").
_THE_BABYS_MOTHER = re.compile(
    r"(?<![a-z])me (?:cua )?(?:chau|be|em be|no|thang be|con be|cu|ku)(?![a-z])"
)


def for_the_childs_kin(frame: QueryFrame, r: Reading, prior: QueryFrame | None) -> QueryFrame:
    """A turn about the child's mother or grandparent is for that grown-up; the mother of a
    baby said to feed at the breast the turn before ("cháu 4 tháng, bú mẹ hoàn toàn", then "mẹ
    cháu bị viêm tuyến vú") nurses."""
    frame = the_childs_mother(frame, r)
    if prior is None or frame.population is not Population.ADULT:
        return frame
    if not (
        _THE_BABYS_MOTHER.search(r.turn.folded) and nursing_said(Turn.of(prior.standalone_query))
    ):
        return frame
    nursing = (frame.patient or PatientContext()).merged_with(PatientContext(breastfeeding=True))
    return frame.model_copy(update={"patient": nursing})


# The child's mother, or a grandparent or father of the child, named as the one who is ill
# ("mẹ cháu bị viêm tuyến vú", "me be dang cho bu", "còn ông nội bé bị đau khớp"): the grown-up,
# not the child, is the patient.
_CHILDS_MOTHER = (
    "me chau|me be|me no|me cua be|me cua chau|me em be|me thang be|me con be|me cu|"
    "me ku|me cua em be|vo toi moi sinh|vo em moi sinh|vo minh moi sinh|"
    "ong noi be|ong ngoai be|ba noi be|ba ngoai be|ong noi chau|ong ngoai chau|ba noi chau|"
    "ba ngoai chau|bo be|bo chau|ba cua be|cha be|cha chau"
)


# The kin only reached or waited for ("bà gọi mẹ nó rồi", "đã nhắn cho bố cháu", "đang chờ
# mẹ bé về"): someone the speaker contacts, not the one who is ill.
_REACHED = re.compile(
    r"(?<![a-z])(?:goi|goi dien|dien|nhan|nhan tin|bao|hoi|cho|doi|hoi y)(?: (?:cho|voi|cua))?"
    rf" (?:{_CHILDS_MOTHER})(?![a-z])"
)
_KIN = re.compile(rf"(?<![a-z])(?:{_CHILDS_MOTHER})(?![a-z])")


def _kin_is_ill(folded: str) -> bool:
    """The child's kin named otherwise than as someone reached or waited for."""
    reached = {m.end() for m in _REACHED.finditer(folded)}
    return any(m.end() not in reached for m in _KIN.finditer(folded))


def the_childs_mother(frame: QueryFrame, r: Reading) -> QueryFrame:
    """A turn about the child's mother, with no age or weight of its own, is for an adult;
    with an age or weight of its own ("ông nội bé 78 tuổi"), another patient, a new case."""
    if not r.turn.has(*_CHILDS_MOTHER.split("|")) or not _kin_is_ill(r.turn.folded):
        return frame
    if r.age is not None or r.weight is not None:
        # Another patient, told by their own facts: none of the case's carry to them.
        unsaid = {"age_months": None, "age_text": None} if r.age is None else {}
        unsaid |= {"weight_kg": None} if r.weight is None else {}
        unsaid |= {"body_surface_m2": None} if body_surface_of(r.turn.folded) is None else {}
        return frame.model_copy(update=unsaid | {"new_case": True})
    if frame.population is Population.ADULT and frame.age_months is None:
        return frame
    cleared = {"age_months": None, "age_text": None, "weight_kg": None, "body_surface_m2": None}
    return frame.model_copy(update=cleared | {"population": Population.ADULT})


def tells_another_patient(turn: Turn, frame: QueryFrame, prior: QueryFrame | None) -> bool:
    """The turn's own patient is someone else than the one before: another population told
    with an age or weight ("ông nội 70 tuổi suy thận", then "còn bé 5 tuổi 18 ký"), or an age
    far from the one said ("bn nam 70t", then "bn nữ 45t") that no correction cue marks as the
    same person ("à nhầm, 67 chứ không phải 72"). What was told of the first patient's kidneys,
    liver, allergies or medicines is theirs alone."""
    if prior is None or frame.new_case or turn.has(*CORRECTION_CUES):
        return False
    before, now = prior.population, frame.population
    told = frame.age_months is not None or frame.weight_kg is not None
    if before is not None and now is not None and before is not now and told:
        return True  # a bare "em bé" after a pregnancy is the baby she carries, not a patient
    if prior.age_months is None or frame.age_months is None:
        return False
    return abs(frame.age_months - prior.age_months) > max(12.0, 0.2 * prior.age_months)


__all__ = [
    "another_patients_frame",
    "asks_for_self",
    "for_the_childs_kin",
    "same_drug_for_another",
    "speaker_facts",
    "tells_another_patient",
]
