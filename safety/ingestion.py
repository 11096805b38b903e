"""An ingestion read as an event, with a second opinion that is not a word list.

`read_event` reads one turn as what happened: who (a child above all), took (a verb of
taking: uống, nuốt, ăn, nhai, ngậm…), how much (N viên, gần hết chai, cả vỉ…), when (rồi,
vừa, lúc nãy…) and how (vụng, nghịch, tự lấy, mất, nhầm: nobody gave it). The words are
data in `safety.safety_cues`; this module is the grammar over them. A report is an
emergency; a turn that may be one but does not say so clearly is `UNSURE` (the engine asks
the safety question first, never a dose); a dose question ("bé 3 tuổi uống mấy viên?") or
the end of a course ("uống hết vỉ kháng sinh rồi vẫn ho") is neither. A young child beside
a medicine with a sign of access (a pack torn or opened, something in the mouth) or doubt
whether it was swallowed is `UNSURE` too.

The second opinion is a small logistic model over character n-grams of the folded text,
trained by `scripts/train_safety_ngrams.py` on every labelled sentence we may tune on; its
weights and its two thresholds (chosen on out-of-fold scores, see that script) are data in
`safety/safety_ngrams.json`, beside the self-harm model `safety.triage` consults. It needs
no embedding provider, so it runs in CI as it runs in production. It is consulted only for
a turn that names or holds a medicine and asks nothing outright ("?", "được không", "bao
nhiêu"): below `unsure_at` it says nothing; where the rules read a child or an amount it
may make an unsure reading; at `report_at` (sure) it makes an unsure reading that tells what
happened a report, and asks about a turn the rules let pass. It never turns an outright
question into an alarm, nor asks about a dose told as given as meant ("như bs dặn", "em cho
uống siro") with no amount or sign beyond it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from core.text import fold_aligned
from safety.asked_not_told import harm_asked, in_doubt, kept_away_asked
from safety.dose_errors import within_twice_meant
from safety.ingestion_cues import ORDER_SCHEDULE
from safety.ingestion_signs import (
    _A_FEW,
    _AGAIN,
    _AGAIN_WORD,
    _ALL,
    _ASKED,
    _CONTAINERS,
    _EAT,
    _LARGE_ML,
    _PACK,
    _PAST,
    _STRONG,
    _YES_NO,
    AMOUNT_ASKED,
    LARGE_COUNT,
    _child_had_access,
    _count,
    _counted,
    _daily,
    _large,
    _medicine,
    _told,
    _yes_no,
    access_sign,
    asks_outright,
    emptied_pack,
    missing_ml,
    single_slip,
)
from safety.ngram_model import model
from safety.past_events import spat_out_at_once
from safety.pill_box import emptied_ahead
from safety.safety_cues import (
    AMOUNT_CUES,
    ASK_DRUG_CUES,
    AT_ONCE_CUES,
    CHILD_CUES,
    COMPLETED_CUES,
    DOSE_QUESTION_CUES,
    EMERGENCY_SIGNS,
    EXCESS_CUES,
    FEARED_CUES,
    HABIT_CUES,
    HOLD_CUES,
    HYPOTHETICAL_CUES,
    INTACT_CUES,
    KNOWLEDGE_CUES,
    OTHERS_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    TIME_SLIP_CUES,
    TREATMENT_CUES,
    UNSANCTIONED_CUES,
    UNSURE_CUES,
    WORRY_CUES,
    TurnText,
)
from safety.told_amounts import (
    RIGHT_AMOUNT,
    asks_of_a_hold,
    at_once_told,
    carer_prepared,
    finished_course,
    given_as_meant,
    giving_asked,
    many_in_a_day,
    missing_tablets,
    one_measure,
    sign_after,
    twice_told,
    usual_adult_count,
)

ACCESS = "access"
"""The cue of an unsure event read from a child's access to a medicine."""
SECOND_OPINION = "second opinion"
"""The cue of an unsure event the n-gram model asks about."""
ADULT_LARGE_COUNT = 8
"""Tablets anyone took at once ('rồi', 'vừa') that make a report an emergency."""


class Verdict(StrEnum):
    REPORT = "report"
    UNSURE = "unsure"


@dataclass(frozen=True)
class Event:
    """What the turn says happened; `verdict` None when it reports no ingestion."""

    verdict: Verdict | None
    cue: str
    score: float | None = None


# Nothing missing, counted: "còn nguyên 10 viên", "đếm lại vẫn đủ 20 viên".
_WHOLE_COUNT = re.compile(
    r"\b(?:con|van|van con|thay) (?:nguyen|du|day du) (?:ca )?\d+ (?:vien|goi)\b"
)
# A dose forgotten, asked what to do ("quên uống Augmentin 1 cữ rồi, giờ uống bù sao"):
# nothing was taken, unless it was then taken again ("quên … lại uống thêm").
_MISSED = re.compile(r"\b(?:quen|bo lo|lo quen|sot) (?:uong|dung|cho (?:\w+ )?uong)\b")
_AGAIN_TAKEN = re.compile(r"\b(?:lai|them|nua|lan nua|uong lai|2 lan|hai lan|gap doi)\b")


def read_event(text: TurnText, *, names_drug: bool, child_known: bool = False) -> Event:
    """Read the turn as an ingestion event (see the module docstring); `child_known`: the
    conversation's patient is already a child, whether or not this turn says so.

    The word lists and the grammar read first; then the second opinion, where it is sure
    (at or above `report_at`, a score at most 1 % of ordinary sentences reach out of fold):
    a turn the rules were unsure of is a report when it tells what happened (`_told`), and
    a turn that takes a medicine and asks nothing outright, which the rules let pass, is
    asked the safety question."""
    intact = INTACT_CUES.search(text) is not None and not UNSURE_CUES.search(text)
    if intact and not _symptom(text) and (_count(text) == 0 or _WHOLE_COUNT.search(text.folded)):
        # "bé liếm vỏ vỉ …, vỏ còn nguyên viên": nothing is missing, nothing was taken
        return Event(None, "")
    if not child_known and spat_out_at_once(text):
        return Event(None, "")  # "bỏ vô miệng cái phun ra liền": a grown-up's, undone
    missed = _MISSED.search(text.folded) is not None
    missed = missed and not _AGAIN_TAKEN.search(text.folded) and _count(text) < 2
    if (missed and not _symptom(text)) or kept_away_asked(text) or harm_asked(text):
        return Event(None, "")
    if (many := many_in_a_day(text)) is not None:
        return Event(Verdict.REPORT, many)
    if (twice := twice_told(text, child_known=child_known)) is not None:
        return Event(Verdict.REPORT if twice[1] else Verdict.UNSURE, twice[0])
    event = _by_rules(text, names_drug=names_drug, child_known=child_known)
    child = child_known or CHILD_CUES.search(text) is not None
    got_at = access_sign(text) or UNSANCTIONED_CUES.search(text) is not None
    # "cạy nắp, 90ml giờ còn 30ml"; "trèo lên tủ lấy hộp của ông, thiếu mất 4 viên"
    if child and got_at and (missing_ml(text) >= _LARGE_ML or missing_tablets(text)):
        return Event(Verdict.REPORT, "missing volume")
    empty = emptied_pack(text, child_known=child_known)
    if empty is not None and event.verdict is not Verdict.REPORT and _medicine(text, names_drug):
        return Event(Verdict.REPORT, empty)
    if event.verdict is None and _child_had_access(text, names_drug, child_known):
        event = Event(Verdict.UNSURE, ACCESS)
    if event.verdict is None and (box := emptied_ahead(text)) is not None:
        event = Event(Verdict.UNSURE, box)  # tomorrow's compartment empty today
    opinion = model()
    if opinion is None or event.verdict is Verdict.REPORT:
        return event
    p = event.score if event.score is not None else opinion.score(text.folded)
    if p < opinion.report_at:
        if (
            event.verdict is None
            and p >= opinion.unsure_at
            and _child_asks_a_few(text, child_known)
        ):
            return Event(Verdict.UNSURE, SECOND_OPINION, round(p, 3))
        return Event(event.verdict, event.cue, round(p, 3))
    if event.verdict is Verdict.UNSURE and _told(text):
        return Event(Verdict.REPORT, event.cue, round(p, 3))
    if event.verdict is Verdict.UNSURE:
        return Event(Verdict.UNSURE, event.cue, round(p, 3))
    if _may_be_a_report(text, names_drug=names_drug, child_known=child_known):
        return Event(Verdict.UNSURE, SECOND_OPINION, round(p, 3))
    return Event(None, "", round(p, 3))


def _child_asks_a_few(text: TurnText, child_known: bool) -> bool:
    """A child, "uống mấy viên" (how many, or a few), nothing asked outright: ask first."""
    if not (child_known or CHILD_CUES.search(text)):
        return False
    return bool(_A_FEW.search(text.folded)) and _may_be_a_report(
        text, names_drug=True, child_known=True
    )


def _may_be_a_report(text: TurnText, *, names_drug: bool, child_known: bool) -> bool:
    """A medicine, taken or in a child's hands, and nothing asked outright, hypothetical,
    about the book or about a course: what a sure second opinion may ask about."""
    if not _medicine(text, names_drug) or _ASKED.search(text.folded) or _yes_no(text):
        return False
    if KNOWLEDGE_CUES.search(text) or TREATMENT_CUES.search(text) or HABIT_CUES.search(text):
        return False
    if HYPOTHETICAL_CUES.search(text) or ASK_DRUG_CUES.search(text) or TIME_SLIP_CUES.search(text):
        return False
    if given_as_meant(text, _symptom(text)) or (_symptom(text) is None and one_measure(text)):
        return False  # "bé bị ho, mình cho uống siro": given as meant, nothing beyond
    if _introduced(text, COMPLETED_CUES.search(text)):  # "bà 80 tuổi uống amlodipin": who
        return False  # is on what, nothing happened
    taken = TAKE_CUES.search(text) is not None or HOLD_CUES.search(text) is not None
    return taken or child_known or CHILD_CUES.search(text) is not None


def _symptom(text: TurnText) -> str | None:
    """A symptom that follows, or an emergency sign ("giờ gọi không dậy"), in the turn."""
    return SYMPTOM_CUES.search(text) or EMERGENCY_SIGNS.search(text)


def _sign_now(text: TurnText) -> bool:
    """A sign told, not asked ("… lần 2, giờ choáng"): it happened, whatever word in the turn
    looks like a dose question."""
    return _symptom(text) is not None and not _yes_no(text)


def _introduced(text: TurnText, done: str | None) -> bool:
    """ "bé 14 tháng đang uống Augmentin siro": the patient and the medicine introduced, no
    amount, nothing done, no sign: what they are on, not an event to ask about."""
    said = AMOUNT_CUES.search(text) is not None or _count(text) > 0 or _symptom(text) is not None
    said = (
        said or _MORE_THAN_NAMED.search(text.folded) is not None or bool(_PAST.search(text.folded))
    )
    said = (
        said or UNSANCTIONED_CUES.search(text) is not None or OTHERS_CUES.search(text) is not None
    )
    return not said and (done is None or fold_aligned(done).startswith("dang"))


# Anything beyond naming the medicine: a part or a number of times, a pack, a way of eating
# it, someone giving it ("nửa viên", "3 lần", "lọ", "ăn", "ngậm", "bị cho uống").
_MORE_THAN_NAMED = re.compile(
    r"\b(?:nua|lan|lo|vi|chai|hop|het|an|ngam|nhai|lay|keo|cho uong|bi cho|nuot|mut|liem)\b"
)


def _by_rules(text: TurnText, *, names_drug: bool, child_known: bool = False) -> Event:
    """The word lists and the event grammar, with the second opinion where they read a child
    or an amount taken (`read_event` adds the rest)."""
    take = TAKE_CUES.search(text)
    if take is None:
        # Got hold of it ("bé cầm lọ thuốc, nắp mở"), or a bare count ("bé 14kg 6 viên
        # ibuprofen"): nobody said it was swallowed, so ask. Cheapest test first.
        hold = HOLD_CUES.search(text) or (_counted(text) if names_drug else None)
        child_named = child_known or CHILD_CUES.search(text) is not None
        if hold is None or not _medicine(text, names_drug) or not child_named:
            return Event(None, "")
        return Event(None, "") if asks_of_a_hold(text) else Event(Verdict.UNSURE, hold)
    medicine = _medicine(text, names_drug)
    child = CHILD_CUES.search(text) or ("(the conversation's child)" if child_known else None)
    # "không biết nó ăn bao nhiêu": how much is not known, it is not asked
    question = None if (q := DOSE_QUESTION_CUES.search(text)) is None or in_doubt(text, q) else q
    if not medicine:
        return Event(None, "")
    done = COMPLETED_CUES.search(text)
    if ASK_DRUG_CUES.search(text) and not done and not UNSURE_CUES.search(text):
        return Event(None, "")  # "bé ho, uống siro gì bây giờ": which medicine, a question
    if KNOWLEDGE_CUES.search(text) and not child and not done:
        return Event(None, "")
    if HABIT_CUES.search(text) and not done:
        return Event(None, "")
    course = TREATMENT_CUES.search(text)
    how = UNSANCTIONED_CUES.search(text)
    # Said as done, or not asked as a dose question ("con tự lấy thuốc uống được không"), or
    # with doubt ("không biết nuốt mấy viên"): a report; a finished course is not.
    taken_as_meant = how is not None and finished_course(how, text)
    # "sợ bé nhầm thuốc với kẹo": a mix-up feared, prevention asked; "nôn ra hết, có cho
    # uống lại liều đó ko": whether to give it again; "5ml thay vì 10ml": less than meant.
    if how is not None and (
        (FEARED_CUES.search(text) and not done)
        or (_AGAIN_WORD.search(how) and _yes_no(text))
        or (how.startswith("thay") and within_twice_meant(text))
    ):
        how = None
    strong = how is not None and _STRONG.search(how) is not None  # vụng, nhầm: never a question
    if (
        how
        and not taken_as_meant
        and (strong or done or not question or UNSURE_CUES.search(text) or _sign_now(text))
    ):
        return Event(Verdict.REPORT, how)
    amount = AMOUNT_CUES.search(text)
    at_once = AT_ONCE_CUES.search(text)
    # "đau đầu quá, cho uống 2 viên có sao không": the sign is what it is given for
    symptom = sign_after(text, _symptom(text), take)
    count = _count(text)
    # Several tablets at once, a symptom that follows, a child who ate some: what happened,
    # even when the turn ends on a worried question ("… có cần đi viện ko").
    worry = WORRY_CUES.search(text)
    # "mất ngủ nên uống 4 viên seduxen, sáng dậy lừ đừ": several tablets and a sign now, told
    asked = (question or _yes_no(text)) and worry is None and not (count >= 3 and _sign_now(text))
    if (
        amount
        and not course
        and not asked
        and (
            # "4 viên augmentin 1g một lúc"; a child's gulp of half a bottle
            (at_once and (count >= 3 or (child and (count >= 2 or _PACK.search(amount)))))
            # "…, giờ vã mồ hôi, lơ mơ"; two tablets and a stomach ache is an adverse effect
            or (symptom and (count >= 3 or (count >= 2 and (child or at_once_told(at_once, text)))))
            or (child and _EAT.match(take) and count != 1)  # "bé ăn mấy viên": not given
            # "uống 6 viên …, có cần đi viện"; "8 viên một ngày có sao không" is a day's dose
            or (count >= LARGE_COUNT and (done or worry) and not _daily(text))
        )
    ):
        return Event(Verdict.REPORT, symptom or at_once or amount)
    # "… được mấy ml 1 lần"; "bé uống đúng 5ml siro xong buồn ngủ": the amount as meant
    if (
        question
        or course
        or _yes_no(text)
        or giving_asked(text)
        or AMOUNT_ASKED.search(text.folded)
        or RIGHT_AMOUNT.search(text)
    ):
        return Event(None, "")
    if (excess := EXCESS_CUES.search(text)) and (done or child):
        return Event(Verdict.REPORT, excess)
    if child and (whose := OTHERS_CUES.search(text)):
        return Event(Verdict.REPORT, whose)
    amount = AMOUNT_CUES.search(text)
    verdict: Verdict | None = None
    if (
        (amount and child and ((done and not one_measure(text)) or _large(text)))
        or (amount and done and _count(text) >= ADULT_LARGE_COUNT)  # "tôi vừa uống 10 viên"
        or _CONTAINERS.search(text.folded)  # "bà uống 2 vỉ thuốc ngủ": anyone, a lot
    ):
        verdict = Verdict.REPORT
    elif (
        (child and HOLD_CUES.search(text))
        or (child and done and _ALL.search(text.folded))  # "bé uống hết rồi": all of what?
        # one tablet for a child, or an amount beside the one meant: a dose question
        or (
            amount
            and child
            and _count(text) != 1
            and not within_twice_meant(text)
            and not one_measure(text)  # "bé uống 5ml siro ho rồi"
        )
        or (UNSURE_CUES.search(text) and (child or amount or symptom))
        # "không rõ ông có uống thêm viên nào không": whether a dose was taken twice
        or (UNSURE_CUES.search(text) and _AGAIN.search(text.folded))
    ):  # "bé cầm vỉ … ngậm ngậm"
        verdict = Verdict.UNSURE
    opinion = model()
    if opinion is None:
        return Event(verdict, amount or take)
    p = opinion.score(text.folded)
    hypothetical = (
        _introduced(text, done)
        or (worry is not None and _YES_NO.search(text.folded) and not _PAST.search(text.folded))
        or usual_adult_count(text, child=child is not None, symptom=symptom)
        or (symptom is None and one_measure(text))  # "bé uống 5ml siro ho rồi": a dose given
        # "tiêm TM 8 giờ/lần", "uống 2 lần/ngày", "ngày 2 lần": a schedule, no amount, none done
        or (not (amount or done or symptom) and ORDER_SCHEDULE.search(text.folded))
        or (not (amount or done or symptom) and _daily(text))
    )
    if verdict is None and p >= opinion.unsure_at and (child or amount) and not hypothetical:
        sure = p >= opinion.report_at and child and (amount or done)
        verdict = Verdict.REPORT if sure else Verdict.UNSURE
        if (not sure and given_as_meant(text, symptom)) or carer_prepared(text, symptom):
            # "tối qua bé uống siro 2,5mg như bs dặn", "em cho uống siro hạ sốt": the dose
            # given as meant, no amount beyond it: the model's lean alone is no event to ask
            verdict = None
    elif verdict is Verdict.UNSURE and p >= opinion.report_at and done:
        verdict = Verdict.REPORT
    if verdict is Verdict.UNSURE and symptom:  # a doubt, and a symptom already: act now
        verdict = Verdict.REPORT
    return Event(verdict, amount or take, round(p, 3))


__all__ = [
    "ACCESS",
    "LARGE_COUNT",
    "SECOND_OPINION",
    "Event",
    "Verdict",
    "asks_outright",
    "model",
    "read_event",
    "single_slip",
]
