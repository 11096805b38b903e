"""Safety triage: does a turn report an emergency, self-harm, or a use the formulary forbids?

Routing rule 0 reads the result before every other rule, so an accidental ingestion is
never asked "adult or child?" and a lethal-dose request never gets a dose. The word lists
it matches, and how they match accent-folded text, are in `safety.safety_cues`.

Decisions (docs/evals.md, "Safety triage"):
- An overdose or poisoning that happened, or is happening, is an emergency: "bị/đã/vừa …
  quá liều", "ngộ độc rồi", "quá liều … phải làm sao". A question about the overdose
  section ("xử trí quá liều paracetamol thế nào", "quá liều là bao nhiêu?", "dấu hiệu ngộ
  độc digoxin") is an ordinary attribute question, and so is a hypothetical ("nếu …").
- Accidental-ingestion verbs (lỡ uống, uống nhầm, nuốt phải, uống cả vỉ) trigger even in a
  hypothetical: the reply (go to emergency care, the overdose section) is right either way.
- An emergency sign (khó thở, co giật, …) counts only after taking or being given a drug;
  "sốt cao co giật uống thuốc gì" and "thuốc có gây khó thở không" are not emergencies.
- Self-harm wins over emergency: its message also says to call the emergency number now
  if something was already taken, and it quotes no drug facts.
- One dose of a wide-margin drug taken twice by an adult is a question, not an emergency.
- Unsafe use needs the drug (or, for ending a pregnancy, the purpose alone): abortion at
  home, a once-weekly drug taken daily, an infant given a drug whose own text (a Chống chỉ
  định or "không dùng" Thận trọng line with an age limit covering the child) forbids it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.frame import HowTo, QueryFrame, Triage
from core.sections import SectionKey
from safety import dose_errors, not_reactions, reactions
from safety.adult_day import book_verdict
from safety.asked_not_told import complaint_idiom, harm_asked, planned_count_asked, redose_asked
from safety.danger_signs import DANGER_SIGNS
from safety.dose_amounts import (
    Book,
    as_amount_question,
    strength_told_before,
)
from safety.dose_errors import dose_error, error_then_sign, within_twice_meant
from safety.evidence_lines import age_limit_lines, dose_mentions, limits_age
from safety.ingestion import Event, Verdict, read_event
from safety.ingestion_signs import (
    _SLIP,
    asks_outright,
    single_slip,
)
from safety.overdose_feared import overdose_told
from safety.past_events import animal_took, question_after_history
from safety.question_cues import asks_of_overdose
from safety.reactions import given_as_meant, reaction_report, reaction_to_drug, read_reaction
from safety.safety_answer import SafetyAnswer, safety_answer
from safety.safety_cues import (
    AFTER_TAKING_CUES,
    ALLERGY_SIGNS,
    CHILD_CUES,
    COMPLETED_CUES,
    DAYS_ALREADY_CUES,
    DOSE_QUESTION_CUES,
    DRINK_SLIP_CUES,
    EMERGENCY_SIGNS,
    FEARED_CUES,
    HYPOTHETICAL_CUES,
    INGESTION_CUES,
    OVERDOSE_QUESTION_CUES,
    PURPOSE_CUES,
    SYMPTOM_CUES,
    TurnText,
)
from safety.self_harm import (
    CHILD_MONTHS,
    _asked_to_learn,
    _self_harm,
    _self_harm_opinion,
    _without_idioms,
    _young_child,
    names_young_child,
)
from safety.told_amounts import denied, finished_course, not_meant
from safety.unsafe_uses import (
    UNSAFE_USE_FALLBACK_SECTIONS,
    UNSAFE_USE_SECTIONS,
    WEEKLY_DRUGS,
    UnsafeUse,
    WarningLines,
    speaks_to,
    unsafe_use,
)
from safety.who_took import (
    adult_tablet_for_an_infant,
    adult_takes,
    names_a_child,
    one_wide_margin_tablet,
    within_adult_dose,
)


@dataclass(frozen=True)
class TriageResult:
    """What triage found: the reason, the words that triggered it, and (unsafe use) which use."""

    kind: Triage
    cue: str
    use: UnsafeUse | None = None
    section: str = SectionKey.QUA_LIEU_XU_TRI.value
    """The section an emergency reply quotes: the overdose section, or the ADR management
    section for an allergic or adverse reaction after a drug."""
    by_model: bool = False
    """The n-gram second opinion's word, not a word list's: it never moves a conversation
    out of the emergency thread it is in."""
    told_taking: bool = False  # a reaction whose turn tells the drug taken: its own report


_ADR = SectionKey.HUONG_DAN_XU_TRI_ADR.value
BEYOND_THE_BOOK = "beyond the book's dose"
# A question word asked with a purpose said ("hỏi trước để biết: trẻ nuốt nhầm thì làm gì",
# "uống quá liều thì bị gì, hỏi cho biết"): what to do or expect, asked, not an event.
_LEARNING_ASK = re.compile(
    r"\b(?:thi|se) (?:\w+ ){0,3}?(?:sao|gi|the nao|nhu nao|ra sao)\b|\b(?:ra sao|the nao)\b"
)


# A sachet or an ampoule is one dose ("cả gói", "nguyên ống"), asked whether it may be given.
_ONE_SACHET = re.compile(r"\b(?:ca|nguyen|1|mot) (?:goi|ong)\b")
_MAY_I = re.compile(r"\b(?:duoc|dc|đc) (?:khong|ko|k|hong|hok|hem)\b")


def _asks_use(t: TurnText) -> bool:
    return DOSE_QUESTION_CUES.search(t) is not None and "lo" not in t.folded.split()


def _emergency(
    t: TurnText, names_drug: bool, child_known: bool = False, how_to: bool = False
) -> TriageResult | None:
    learning = PURPOSE_CUES.search(t) is not None and (
        HYPOTHETICAL_CUES.search(t) is not None
        or OVERDOSE_QUESTION_CUES.search(t) is not None
        or _asks_use(t)
        or "?" in t.folded
        or t.folded.rstrip(" ?.!").endswith(("khong", "ko", "k"))
        or _LEARNING_ASK.search(t.folded) is not None
    )
    if learning and HYPOTHETICAL_CUES.search(t) is not None:
        return None  # "nếu trẻ lỡ nuốt … thì sơ cứu sao, hỏi để biết trước thôi"
    hit = INGESTION_CUES.search(t)
    if hit is not None and finished_course(hit, t):
        hit = None  # "uống hết vỉ kháng sinh rồi vẫn ho": the course, taken as meant
    if hit is not None and (
        learning
        or (_SLIP.match(hit) and (single_slip(t, child_known=child_known) or within_twice_meant(t)))
    ):
        hit = None  # "quá liều có chết không, em sv ôn bài"; "lỡ uống lúc tối, có sao không"
    if hit is not None and FEARED_CUES.search(t) and COMPLETED_CUES.search(t) is None:
        hit = None  # "sợ bé nhầm thuốc với kẹo, cất thuốc sao": a mix-up feared, not told
    if hit is not None and _SLIP.match(hit) and DRINK_SLIP_CUES.search(t) is not None:
        hit = None  # "uống metronidazol mà lỡ uống 1 lon bia": a drink slipped, not a drug
    if hit is not None and _ONE_SACHET.search(hit) and _MAY_I.search(t.folded):
        # "cho bé uống cả gói 250 được không": one sachet asked, a dose question
        hit = None if not _PAST_OR_SIGN(t) else hit
    if hit is not None and (redose_asked(t) or planned_count_asked(t) or harm_asked(t)):
        hit = None  # "nhổ ra gần hết liều, có cho uống lại không"; "thì nuốt 2 viên rưỡi hả?"
    if hit is not None and "gap" in hit and (HYPOTHETICAL_CUES.search(t) or _asks_use(t)):
        hit = None  # "nếu uống gấp đôi liều … có nguy hiểm không": the book answers it
    if hit is not None and _SLIP.match(hit) and given_as_meant(t, names_drug):
        return TriageResult(Triage.EMERGENCY, hit, section=_ADR)  # "lỡ … cho uống … cầm tiêu chảy"
    if hit is not None:
        return TriageResult(Triage.EMERGENCY, hit)
    if (error := dose_error(t)) is not None and not learning:
        return TriageResult(Triage.EMERGENCY, error)  # twice, or ten times the meant amount
    event = read_event(t, names_drug=names_drug, child_known=child_known)
    if learning or (event.verdict is not None and (redose_asked(t) or planned_count_asked(t))):
        # "hỏi trước để biết: trẻ nuốt nhầm thuốc thì làm gì": no event told
        event = Event(None, "")
    if event.verdict is Verdict.REPORT:
        # "con uống ibuprofen xong bị sưng mặt": a reaction, not an overdose
        if reaction_to_drug(t, read_reaction(t, names_drug=names_drug)):
            return TriageResult(Triage.EMERGENCY, event.cue, section=_ADR)
        return TriageResult(Triage.EMERGENCY, event.cue)
    hit = overdose_told(t)  # not "sợ uống quá liều", "được ko hay bị quá liều"
    if (
        hit
        and not HYPOTHETICAL_CUES.search(t)
        and not OVERDOSE_QUESTION_CUES.search(t)
        and not learning
        and not asks_of_overdose(t)
    ):
        return TriageResult(Triage.EMERGENCY, hit)
    if reactions.side_effect_asked(t):
        return None  # "run tay nhẹ … sau khi uống đúng liều, có bình thường không"
    allergy = None if not_reactions.allergy_history(t) else ALLERGY_SIGNS.search(t)
    sign = None if reactions.route_then_use(t) else allergy or EMERGENCY_SIGNS.search(t)
    if sign is not None and complaint_idiom(t, sign):
        sign = None  # "đau bụng kinh muốn xỉu, mình uống ibuprofen …, được không"
    if sign is not None and not reactions.sign_asked(t) and AFTER_TAKING_CUES.search(t):
        if allergy is not None or reaction_to_drug(t, sign):  # no excess said: a reaction
            return TriageResult(Triage.EMERGENCY, sign, section=_ADR)
        return TriageResult(Triage.EMERGENCY, sign)
    reaction = read_reaction(t, names_drug=names_drug)
    if reaction is not None and reaction_to_drug(t, reaction):  # "… được 4 ngày thì đau gót"
        return TriageResult(Triage.EMERGENCY, reaction, section=_ADR)
    if reaction is not None and complaint_idiom(t, reaction):
        reaction = None  # "… tiêu chảy muốn xỉu, uống mấy viên": the complaint, not what followed
    if reaction is not None and DANGER_SIGNS.search(TurnText.of(reaction)):  # "5 viên … phân đen"
        return TriageResult(Triage.EMERGENCY, reaction)  # a danger sign after an amount
    if event.verdict is Verdict.UNSURE and (not how_to or not asks_outright(t)):
        # A question on how to give it ("cho bé uống lúc ăn hay sau ăn?") asks, it reports
        # nothing: only a clear report (above) overrides what understanding read. A turn that
        # asks nothing outright ("cu con đang nhai nhai gì đó, cạnh nó có vỉ metformin") was
        # not a how-to question, whatever topic word it holds.
        return TriageResult(Triage.SAFETY_CHECK, event.cue)
    return None


def classify(
    text: str | TurnText, frame: QueryFrame | None = None, warnings: WarningLines | None = None
) -> TriageResult | None:
    """The triage of one turn's `text` (with the resolved `frame`'s drugs and age), or None.

    `warnings` reads a drug's warning text from the loaded corpus; without it the infant
    rule has nothing to stand on and never fires. A `SAFETY_CHECK` result means the turn may
    report an ingestion without saying so clearly (the engine asks before anything else).
    """
    t = text if isinstance(text, TurnText) else TurnText.of(text)
    plain = _without_idioms(t)
    if (cue := _self_harm(plain)) is not None and not _asked_to_learn(plain):
        return TriageResult(Triage.SELF_HARM, cue)
    if (asked := question_after_history(t)) is not None:
        # "hồi năm ngoái bé nuốt 1 viên, bs bảo ko sao, giờ khỏe rồi. Cho hỏi …": the
        # history is over; only the question after it is read
        t = TurnText.of(asked)
    found = _triage_rest(t, frame, warnings)
    taking = found is not None and found.kind in (Triage.EMERGENCY, Triage.SAFETY_CHECK)
    # A young child's taking is an accident, not intent: the model never makes it self-harm
    # (a parent's own despair in a conversation about a child still counts).
    if names_young_child(t) or (taking and _young_child(frame)):
        return found
    if found is not None and (report := reaction_report(t, found)) is not None:
        return report  # a reaction to a drug taken as meant: the model does not move it
    if found is None and _keeping_the_medicine(frame):
        return None  # "chai truyền còn dư cất tủ lạnh được không": the model alone says nothing
    if (found is None or taking) and (cue := _self_harm_opinion(t, taking=taking)) is not None:
        return TriageResult(Triage.SELF_HARM, cue, by_model=True)
    return found


# How a named medicine is kept, made up, shaken or given: a question on its care, in which
# no rule read intent (the word lists above still read despair or a plan said beside it).
_CARE_OF_IT = frozenset((HowTo.STORAGE, HowTo.MADE_UP, HowTo.SHAKE, HowTo.RATE, HowTo.GIVING))


def _keeping_the_medicine(frame: QueryFrame | None) -> bool:
    return frame is not None and bool(frame.drugs) and frame.how_to_take in _CARE_OF_IT


def _PAST_OR_SIGN(t: TurnText) -> bool:
    return COMPLETED_CUES.search(t) is not None or EMERGENCY_SIGNS.search(t) is not None


def _triage_rest(
    t: TurnText, frame: QueryFrame | None, warnings: WarningLines | None
) -> TriageResult | None:
    """Every triage but self-harm: an emergency, an unsafe use, the safety question."""
    names_drug = frame is not None and bool(frame.drugs or frame.unknown_drugs)
    # Mid-conversation the patient may be a child already ("siro cho bé 2 tuổi" … "nó uống
    # hết rồi"): the turn need not say so again.
    child_known = (
        frame is not None
        and (frame.is_child or (frame.age_months is not None and frame.age_months < CHILD_MONTHS))
        and not adult_takes(t)  # "bố uống amlodipin mỗi sáng": not the child's taking
    )
    how_to = frame is not None and frame.how_to_take is not None
    child = child_known or CHILD_CUES.search(t) is not None
    if animal_took(t) and not names_a_child(t):
        return None  # "con chó nhà em nuốt 1 viên loratadin, có nên đi thú y": a vet's case
    doubled = frame is not None and dose_errors.doubled_wide_margin(t, frame.drugs, child=child)
    if doubled and read_reaction(t, names_drug=True) is None:
        return None  # "uống amoxicillin 2 lần trong 1 tiếng vì tưởng chưa uống"
    adult_dose = frame is not None and (
        within_adult_dose(t, frame, warnings) or one_wide_margin_tablet(t, frame.drugs)
    )
    if not child and adult_dose and read_reaction(t, names_drug=True) is None:
        return None  # "lỡ uống 2 viên loperamid 2mg lần đầu": the book's own adult dose
    book = book_verdict(t, frame, warnings, child=child)
    planned = planned_count_asked(t)  # "… thì nuốt 2 viên rưỡi hả?": worked out, not taken
    if book is Book.OVER and not planned and (_PAST_OR_SIGN(t) or not asks_outright(t)):
        return TriageResult(Triage.EMERGENCY, BEYOND_THE_BOOK)  # "15ml (200mg/5ml)"
    if book is Book.WITHIN and not not_meant(t):
        return None  # "trời ơi con uống 7,5ml ibuprofen 100mg/5ml, bé 17kg": a dose as meant
    found = _emergency(t, names_drug, child_known, how_to)
    if found is not None and found.kind is Triage.EMERGENCY:
        return found
    if (whole := adult_tablet_for_an_infant(t, frame)) is not None:
        return TriageResult(Triage.EMERGENCY, whole)
    if (use := unsafe_use(t, frame, warnings)) is not None:
        if use[1] is UnsafeUse.WEEKLY_TAKEN_DAILY and DAYS_ALREADY_CUES.search(t):
            # "… mỗi ngày 1 viên chứ ko phải mỗi tuần, nay 5 ngày rồi": days of it already
            # taken, an overdose to act on now, not a use to warn about.
            return TriageResult(Triage.EMERGENCY, use[0])
        return TriageResult(Triage.UNSAFE_USE, use[0], use[1])
    return found


def thread_triage(
    thread: str | None, found: TriageResult | None, *, smalltalk: bool
) -> TriageResult | None:
    """A turn of a conversation in which an ingestion or self-harm was reported: the same
    thread again (a confirmation, a weight, a symptom, "giờ làm sao"), never a dose; self-harm
    wins over an emergency. Thanks and greetings pass."""
    if thread == Triage.SELF_HARM.value:
        if found is not None and found.kind is Triage.SELF_HARM:
            return found
        return None if smalltalk and found is None else TriageResult(Triage.SELF_HARM, "thread")
    if thread == Triage.EMERGENCY.value:
        if found is not None and found.kind is Triage.SELF_HARM and found.by_model:
            # "đang trên đường đi viện rồi", "bao nhiêu thì mới nguy": the emergency goes on.
            return TriageResult(Triage.EMERGENCY, "thread")
        if found is not None and found.section == _ADR and not found.told_taking:
            return TriageResult(Triage.EMERGENCY, found.cue)  # a sign told in it: same reply
        if found is not None and found.kind in (Triage.SELF_HARM, Triage.EMERGENCY):
            return found
        return None if smalltalk and found is None else TriageResult(Triage.EMERGENCY, "thread")
    return found


def triage_turn(
    text: str,
    frame: QueryFrame,
    *,
    answers_open_question: bool,
    warnings: WarningLines | None = None,
    before: str | None = None,
) -> TriageResult | None:
    """Triage of the raw text, then (for a reply to an open question) of the merged frame's
    question, which carries the earlier question's words. Only then: a follow-up after an
    answered turn must not re-trigger on words a finished turn already triaged. A sign now
    after a dose given twice told in the turn `before`, or days of a weekly drug taken daily
    after it, is an emergency."""
    found = classify(text, frame, warnings)
    if found is None and (error := error_then_sign(before, text)) is not None:
        return TriageResult(Triage.EMERGENCY, error)
    if found is None and before and (days := DAYS_ALREADY_CUES.search(TurnText.of(text))):
        # "mẹ uống methotrexat mỗi ngày thay vì mỗi tuần" then "đã 5 ngày rồi": an overdose
        told = classify(before, frame, warnings)
        if told is not None and told.use is UnsafeUse.WEEKLY_TAKEN_DAILY:
            return TriageResult(Triage.EMERGENCY, days)
    now = TurnText.of(text)
    # (a danger sign of any organ too: "da phồng rộp bong tróc từng mảng" after the drug)
    sign = EMERGENCY_SIGNS.search(now) or SYMPTOM_CUES.search(now) or DANGER_SIGNS.search(now)
    stated = bool(before) and not asks_outright(TurnText.of(before or ""))
    if found is None and stated and sign and not asks_outright(now) and not denied(now, sign):
        # "bé 4 tuổi uống siro ho" then "bé ngủ say quá gọi mãi mới dậy": a sign now, after
        # the taking the turn before told (not asked: "uống 2 lần được không")
        joined = classify(f"{before}. {text}", frame, warnings)
        if joined is not None and joined.kind is Triage.EMERGENCY:
            return joined
    strength = strength_told_before(text, before)
    if strength is not None and (found is None or found.kind is Triage.SAFETY_CHECK):
        # "siro ibuprofen 100mg/5ml cho bé 9kg" then "đổ liền 4 muỗng, mỗi muỗng 15ml": the
        # amount is of the syrup told before, weighed against the book with its strength
        joined = classify(f"{text} ({strength})", frame, warnings)
        if joined is not None and joined.cue == BEYOND_THE_BOOK:
            return joined
    merged = frame.standalone_query.strip()
    if found is None and answers_open_question and merged and merged != text.strip():
        found = classify(merged, frame, warnings)
        # The safety question is asked of what the user just said, never again of an earlier
        # question's words they already answered.
        if found is not None and found.kind is Triage.SAFETY_CHECK:
            found = None
    return found


__all__ = [
    "EMERGENCY_SIGNS",
    "UNSAFE_USE_FALLBACK_SECTIONS",
    "UNSAFE_USE_SECTIONS",
    "WEEKLY_DRUGS",
    "SafetyAnswer",
    "TriageResult",
    "UnsafeUse",
    "WarningLines",
    "age_limit_lines",
    "as_amount_question",
    "classify",
    "dose_mentions",
    "limits_age",
    "safety_answer",
    "speaks_to",
    "thread_triage",
    "triage_turn",
]
