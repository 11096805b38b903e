"""An ingestion read as an event, with a second opinion that is not a word list.

`read_event` reads one turn as what happened: who (a child above all), took (a verb of
taking: uống, nuốt, ăn, nhai, ngậm…), how much (N viên, gần hết chai, cả vỉ…), when (rồi,
vừa, lúc nãy…) and how (vụng, nghịch, tự lấy, mất, nhầm: nobody gave it). The words are
data in `engine.safety_cues`; this module is the grammar over them. A report is an
emergency; a turn that may be one but does not say so clearly is `UNSURE` (the engine asks
the safety question first, never a dose); a dose question ("bé 3 tuổi uống mấy viên?") or
the end of a course ("uống hết vỉ kháng sinh rồi vẫn ho") is neither. A young child beside
a medicine with a sign of access (a pack torn or opened, something in the mouth) or doubt
whether it was swallowed is `UNSURE` too.

The second opinion is a small logistic model over character n-grams of the folded text,
trained by `scripts/train_safety_ngrams.py` on every labelled sentence we may tune on; its
weights and its two thresholds (chosen on out-of-fold scores, see that script) are data in
`engine/safety_ngrams.json`, beside the self-harm model `engine.triage` consults. It needs
no embedding provider, so it runs in CI as it runs in production. It is consulted only for
a turn that names or holds a medicine and asks nothing outright ("?", "được không", "bao
nhiêu"): below `unsure_at` it says nothing; where the rules read a child or an amount it
may make an unsure reading; at `report_at` (sure) it makes an unsure reading that tells what
happened a report, and asks about a turn the rules let pass. It never turns an outright
question into an alarm.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from core.text import fold_aligned
from engine.safety_cues import (
    AMOUNT_CUES,
    ASK_DRUG_CUES,
    AT_ONCE_CUES,
    CHILD_CUES,
    COMPLETED_CUES,
    DAILY_CUES,
    DOSE_QUESTION_CUES,
    EXCESS_CUES,
    EXCLAMATION,
    FEELING_IDIOM,
    HABIT_CUES,
    HOLD_CUES,
    HYPOTHETICAL_CUES,
    KNOWLEDGE_CUES,
    MEDICINE_CUES,
    OTHERS_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    TREATMENT_CUES,
    UNSANCTIONED_CUES,
    UNSURE_CUES,
    WORRY_CUES,
    TurnText,
)

MODEL_PATH = Path(__file__).with_name("safety_ngrams.json")
ACCESS = "access"
"""The cue of an unsure event read from a child's access to a medicine."""
SECOND_OPINION = "second opinion"
"""The cue of an unsure event the n-gram model asks about."""
LARGE_COUNT = 5
"""Tablets (or ml) a child took that make a report an emergency even with no 'rồi'."""
ADULT_LARGE_COUNT = 8
"""Tablets anyone took at once ('rồi', 'vừa') that make a report an emergency."""

_WORD = re.compile(r"[a-z0-9]+")
_DIGITS = re.compile(r"\d+")
_COUNT = re.compile(r"(\d+)\s*(vien|ml|vi\b|v\b)")
_LARGE_ML = 30.0


class Verdict(StrEnum):
    REPORT = "report"
    UNSURE = "unsure"


@dataclass(frozen=True)
class Event:
    """What the turn says happened; `verdict` None when it reports no ingestion."""

    verdict: Verdict | None
    cue: str
    score: float | None = None


def without_idioms(folded: str) -> str:
    """The folded text with a feeling's idiom of death ("mệt muốn chết") read as the feeling
    ("mệt lắm") and an exclamation ("chết thật, …") as no death; the same length, so spans
    still point into the turn's other forms."""
    folded = FEELING_IDIOM.sub(lambda m: _as_lam(m, "death"), folded)
    return EXCLAMATION.sub(lambda m: _as_lam(m, "death"), folded)


def _as_lam(match: re.Match[str], group: str) -> str:
    start, end = match.span(group)
    whole = match.group(0)
    offset = start - match.start()
    return whole[:offset] + "lam".ljust(end - start) + whole[offset + end - start :]


def features(folded: str) -> list[str]:
    """Character 3–5-grams of the folded words (digits as 0), and the words and word pairs;
    a feeling's idiom of death ("mệt muốn chết") is read as the feeling alone."""
    words = _WORD.findall(_DIGITS.sub("0", without_idioms(folded)))
    padded = " " + " ".join(words) + " "
    grams = [padded[i : i + n] for n in (3, 4, 5) for i in range(len(padded) - n + 1)]
    grams += [f"w:{w}" for w in words]
    grams += [f"b:{a}_{b}" for a, b in itertools.pairwise(words)]
    return grams


@dataclass(frozen=True)
class NgramModel:
    """Logistic regression over `features`; weights and thresholds are data."""

    bias: float
    weights: dict[str, float]
    report_at: float
    unsure_at: float

    def score(self, folded: str) -> float:
        z = self.bias + sum(self.weights.get(g, 0.0) for g in features(folded))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    @classmethod
    def from_json(cls, raw: str, key: str | None = None) -> NgramModel:
        """The model at the top level of `raw`, or under `key` (the self-harm model)."""
        data = json.loads(raw)
        if key is not None:
            data = data[key]
        return cls(
            bias=float(data["bias"]),
            weights={k: float(v) for k, v in data["weights"].items()},
            report_at=float(data["report_at"]),
            unsure_at=float(data["unsure_at"]),
        )


@cache
def model() -> NgramModel | None:
    """The committed ingestion model, read once per process (None when the file is absent)."""
    if not MODEL_PATH.exists():
        return None
    return NgramModel.from_json(MODEL_PATH.read_text(encoding="utf-8"))


@cache
def self_harm_model() -> NgramModel | None:
    """The committed self-harm model (intent to die or to harm oneself, in any register),
    read once per process; None when the file or its `self_harm` part is absent."""
    if not MODEL_PATH.exists():
        return None
    raw = MODEL_PATH.read_text(encoding="utf-8")
    if "self_harm" not in json.loads(raw):
        return None
    return NgramModel.from_json(raw, key="self_harm")


_FINISH = re.compile(r"\b(?:het|sach|can|ca|nguyen|nua|gan het)\b")
_TABLETS = re.compile(r"(?<![\w.,])(?:[2-9]|[1-9]\d+|hai|ba|bon|nam|sau|bay|tam|chin|muoi) vien\b")


def is_finish(cue: str) -> bool:
    """Does the (folded) cue say a container was finished ("uống hết vỉ")? With a course of
    treatment ("… rồi vẫn ho", "kháng sinh") that is the course, not an ingestion."""
    return _FINISH.search(cue) is not None


_CONTAINERS = re.compile(r"\b(?:[2-9]|1\d|hai|ba|bon|nam) (?:vi|lo|hop|chai)\b")
_STRONG = re.compile(r"\b(?:vung|trom|nham|nghich|nhat|mat|len|ung uc|keo)\b")
_ALL = re.compile(r"\b(?:het|sach)\b")
_AGAIN = re.compile(r"\b(?:uong|nuot|tiem) (?:\w+ )?(?:them|tiep|lai|trung)\b")
_A_FEW = re.compile(r"\b(?:may|vai) (?:vien|vi|goi|ong|thia|muong)\b")
_ONE = re.compile(r"(?:1|mot) (?:vien|lieu|goi|ong|lan|thia|muong)")
_NURSING = re.compile(r"\b(?:cho (?:con |be )?bu|dang bu|nuoi con bu)\b")
_AGAIN_WORD = re.compile(r"\b(?:lai|them|tiep|bu)\b")
_PACK = re.compile(r"\b(?:chai|lo|vi|hop|goi|tuyp)\b")
_EAT = re.compile(r"^(?:an|ăn|nhai|liem|gam|gặm|mut|mút|ngam|ngậm|noc|nốc)$")
_YES_NO = re.compile(
    r"\b(?:khong|ko|k|hong|chua|ha|a)(?: (?:a|ad|shop|ban|b|bs|ds|nhe|nha|vay|the|chi|anh))*"
    r"\s*[?.!]*\s*$"
)
# Said as past ("rồi", "vừa", "lúc nãy"), not only "at once": a worried question without one
# ("uống 2 viên một lúc có sao không") asks about an amount, it reports nothing.
_PAST = re.compile(r"\b(?:roi|r|vua|moi|da|luc nay|hoi nay|ban nay|nay|hom qua|xong)\b")


def _yes_no(text: TurnText) -> bool:
    """A yes/no question about using it ("… phải nuốt nguyên viên không?"); a worried one about
    what happened ("… có sao không") is not a dose question."""
    if WORRY_CUES.search(text) is not None or UNSURE_CUES.search(text) is not None:
        return False  # "không biết bé có nuốt viên nào không": whether it happened
    return bool(_YES_NO.search(text.folded))


_PER_DAY = re.compile(r"\b(?:mot|moi|1|trong|ca) ngay\b|/ ?ngay\b")


def _daily(text: TurnText) -> bool:
    """An amount per day ("8 viên một ngày"): a day's dose asked about, not one event."""
    return DAILY_CUES.search(text) is not None or _PER_DAY.search(text.folded) is not None


def _counted(text: TurnText) -> str | None:
    hit = _TABLETS.search(text.folded)
    return hit.group(0) if hit else None


def _medicine(text: TurnText, names_drug: bool) -> bool:
    """A drug is named, or a medicine word that is not "which medicine?"."""
    if names_drug:
        return True
    return MEDICINE_CUES.search(text) is not None and ASK_DRUG_CUES.search(text) is None


def _count(text: TurnText) -> int:
    """The largest count of tablets or blisters the turn gives (0 when none)."""
    return max((int(n) for n, unit in _COUNT.findall(text.folded) if unit != "ml"), default=0)


def _large(text: TurnText) -> bool:
    # A count of tablets or blisters, or a volume of syrup well beyond a spoonful.
    return any(
        int(n) >= (_LARGE_ML if unit == "ml" else LARGE_COUNT)
        for n, unit in _COUNT.findall(text.folded)
    )


# A question said outright ("…?", "được không", "bao nhiêu", "nên", "thế nào"), not the
# "mấy" that is both "how many" and "a few" ("cháu uống mấy viên metformin 500").
_ASKED = re.compile(
    r"\?|\b(?:duoc|dc|đc|ok|on|sao|gi|nao) (?:khong|ko|k|hong|hok|chua|chu)\b|\bco duoc\b|"
    r"\bbao (?:nhieu|nhiu|lau)\b|\bbn\b|\bnen\b|\b(?:the|nhu the|cach) nao\b|\btoi da\b|"
    r"\b(?:dung|phai) (?:khong|ko|k|hong)\b|\bcach nhau\b|\b(?:mot|moi|1) ngay\b|"
    r"\bhay\b.*\b(?:chia|doi)\b|"
    # either-or ("lúc ăn hay sau ăn", "… hay không")
    r"\bhay (?:sau|truoc|luc|trong|khi|nen|can|khong|ko|chua|dung|phai)\b"
)


def read_event(text: TurnText, *, names_drug: bool, child_known: bool = False) -> Event:
    """Read the turn as an ingestion event (see the module docstring); `child_known`: the
    conversation's patient is already a child, whether or not this turn says so.

    The word lists and the grammar read first; then the second opinion, where it is sure
    (at or above `report_at`, a score at most 1 % of ordinary sentences reach out of fold):
    a turn the rules were unsure of is a report when it tells what happened (`_told`), and
    a turn that takes a medicine and asks nothing outright, which the rules let pass, is
    asked the safety question."""
    event = _by_rules(text, names_drug=names_drug, child_known=child_known)
    if event.verdict is None and _child_had_access(text, names_drug, child_known):
        event = Event(Verdict.UNSURE, ACCESS)
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


# What tells a taking as a story, not a bare count ("bé uống 3 viên paracetamol 500" may be
# a question): drink taken ("say", "nhậu"), more or again ("thêm", "liền"), the mouth or the
# pack it came from ("trong mồm", "bị bóc", "lọ còn một nửa"), a sweet ("như kẹo"), a whole
# day's worth ("trong ngày hôm nay").
_STORY = re.compile(
    r"\b(?:say|xin|nhau|ruou|bia|them|lien|tiep|nua|trong (?:mom|mieng|hong)|mom|mieng|"
    r"bi (?:boc|xe|mo|mop|do|vo)|con (?:mot |1 )?(?:nua|it|vai)|nhu (?:an )?keo|"
    r"trong ngay|ca ngay|tu lay|lay|boc)\b"
)


def _told(text: TurnText) -> bool:
    """Does the turn tell what happened (when, after what, from whose pack, with what sign)
    rather than name a bare amount?"""
    return (
        _PAST.search(text.folded) is not None
        or _STORY.search(text.folded) is not None
        or COMPLETED_CUES.search(text) is not None
        or SYMPTOM_CUES.search(text) is not None
        or OTHERS_CUES.search(text) is not None
        or UNSANCTIONED_CUES.search(text) is not None
    )


# Signs a child got at a medicine without anyone seeing it swallowed: a pack torn, opened
# or spilled, tablets missing or picked up, something in the mouth or a smell on it.
_ACCESS = re.compile(
    r"\b(?:bi (?:xe|boc|mo|do|vo|rach|bat|can)|bat (?:ra|nap)|roi (?:ra|vai|lung tung|vai)|"
    r"do ra|vuong|con lai|thieu (?:mat )?(?:may|mot|1|vai|\d)|mat (?:may|mot|1|vai) vien|"
    r"trong (?:mom|mieng)|(?:mom|mieng) (?:co|con|toan|dinh|day)|cay (?:mom|mieng)|"
    r"mui (?:thuoc|siro|cam|dau|bac ha)|nap (?:mo|bat|hong|bi)|mo (?:nap|lo|hop|chai|vi)|"
    r"luom|vo (?:goi|vi|lo|hop|chai)|o trong vi|o vi)\b"
)


def _child_had_access(text: TurnText, names_drug: bool, child_known: bool) -> bool:
    """A young child, a medicine, and a sign the child got at it or doubt whether it was
    swallowed ("vỏ gói bị xé ở phòng bé", "hk rõ có ăn ko"), nothing asked outright: ask."""
    if not (child_known or CHILD_CUES.search(text)) or not _medicine(text, names_drug):
        return False
    access = _ACCESS.search(text.folded) is not None
    handled = TAKE_CUES.search(text) is not None or HOLD_CUES.search(text) is not None
    # Doubt alone ("không rõ", a reply to any question) says nothing of a medicine.
    if not access and not (handled and UNSURE_CUES.search(text) is not None):
        return False
    if _ASKED.search(text.folded) or _yes_no(text) or KNOWLEDGE_CUES.search(text):
        return False
    return HYPOTHETICAL_CUES.search(text) is None and HABIT_CUES.search(text) is None


def _child_asks_a_few(text: TurnText, child_known: bool) -> bool:
    """A child and "uống mấy viên" (how many, or a few) with nothing else asked outright:
    where the model leans to a report, ask whether it was taken before any dose."""
    if not (child_known or CHILD_CUES.search(text)):
        return False
    return bool(_A_FEW.search(text.folded)) and _may_be_a_report(
        text, names_drug=True, child_known=True
    )


def single_slip(text: TurnText, *, child_known: bool = False) -> bool:
    """One dose of one's own medicine taken at the wrong time or in the wrong state ("lỡ uống
    furosemid buổi tối", "lỡ uống … đang cho con bú"), asked about with worry: a question the
    book answers, not an ingestion. Not for a child, an amount, a count or a sign."""
    # "đang cho con bú": the mother's own dose, the child is not who took it
    nursing = _NURSING.sub(lambda m: " " * len(m.group(0)), text.folded)
    child = CHILD_CUES.search(TurnText(nursing, nursing, accented=False))
    amount = AMOUNT_CUES.search(text)
    if amount is not None and _ONE.fullmatch(fold_aligned(amount)) is None:
        return False  # "1 viên" is the one dose; "mấy viên", "nửa lọ" are not
    if child_known or child or _count(text) > 1:
        return False
    if SYMPTOM_CUES.search(text) or _TABLETS.search(text.folded) or _CONTAINERS.search(text.folded):
        return False
    return WORRY_CUES.search(text) is not None or _yes_no(text) or "?" in text.folded


def asks_outright(text: TurnText) -> bool:
    """Does the turn ask a question outright ("?", "được không", "bao nhiêu", a yes/no about
    using it), rather than tell what happened?"""
    return _ASKED.search(text.folded) is not None or _yes_no(text)


def _may_be_a_report(text: TurnText, *, names_drug: bool, child_known: bool) -> bool:
    """A medicine, taken or in a child's hands, and nothing asked outright, hypothetical,
    about the book or about a course: what a sure second opinion may ask about."""
    if not _medicine(text, names_drug) or _ASKED.search(text.folded) or _yes_no(text):
        return False
    if KNOWLEDGE_CUES.search(text) or TREATMENT_CUES.search(text) or HABIT_CUES.search(text):
        return False
    if HYPOTHETICAL_CUES.search(text) or ASK_DRUG_CUES.search(text):
        return False
    taken = TAKE_CUES.search(text) is not None or HOLD_CUES.search(text) is not None
    return taken or child_known or CHILD_CUES.search(text) is not None


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
        if not DOSE_QUESTION_CUES.search(text):
            return Event(Verdict.UNSURE, hold)
        return Event(None, "")
    medicine = _medicine(text, names_drug)
    child = CHILD_CUES.search(text) or ("(the conversation's child)" if child_known else None)
    question = DOSE_QUESTION_CUES.search(text)
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
    taken_as_meant = course is not None and how is not None and is_finish(how) and not child
    if how is not None and _AGAIN_WORD.search(how) and _yes_no(text):
        how = None  # "nôn ra hết, có cho uống lại liều đó ko": whether to give it again
    strong = how is not None and _STRONG.search(how) is not None  # vụng, nhầm: never a question
    if how and not taken_as_meant and (strong or done or not question or UNSURE_CUES.search(text)):
        return Event(Verdict.REPORT, how)
    amount = AMOUNT_CUES.search(text)
    at_once = AT_ONCE_CUES.search(text)
    symptom = SYMPTOM_CUES.search(text)
    count = _count(text)
    # Several tablets at once, a symptom that follows, a child who ate some: what happened,
    # even when the turn ends on a worried question ("… có cần đi viện ko").
    worry = WORRY_CUES.search(text)
    asked = (question is not None or _yes_no(text)) and worry is None
    if (
        amount
        and not course
        and not asked
        and (
            # "4 viên augmentin 1g một lúc"; a child's gulp of half a bottle
            (at_once and (count >= 3 or (child and (count >= 2 or _PACK.search(amount)))))
            # "…, giờ vã mồ hôi, lơ mơ"; two tablets and a stomach ache is an adverse effect
            or (symptom and (count >= 3 or (count >= 2 and (at_once or child))))
            or (child and _EAT.match(take) and count != 1)  # "bé ăn mấy viên": not given
            # "uống 6 viên …, có cần đi viện"; "8 viên một ngày có sao không" is a day's dose
            or (count >= LARGE_COUNT and (done or worry) and not _daily(text))
        )
    ):
        return Event(Verdict.REPORT, symptom or at_once or amount)
    if question or course or _yes_no(text):
        return Event(None, "")
    if (excess := EXCESS_CUES.search(text)) and (done or child):
        return Event(Verdict.REPORT, excess)
    if child and (whose := OTHERS_CUES.search(text)):
        return Event(Verdict.REPORT, whose)
    amount = AMOUNT_CUES.search(text)
    verdict: Verdict | None = None
    if (
        (amount and child and (done or _large(text)))
        or (amount and done and _count(text) >= ADULT_LARGE_COUNT)  # "tôi vừa uống 10 viên"
        or _CONTAINERS.search(text.folded)  # "bà uống 2 vỉ thuốc ngủ": anyone, a lot
    ):
        verdict = Verdict.REPORT
    elif (
        (child and HOLD_CUES.search(text))
        or (child and done and _ALL.search(text.folded))  # "bé uống hết rồi": all of what?
        or (amount and child and _count(text) != 1)  # one tablet for a child: a dose question
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
        worry is not None and _YES_NO.search(text.folded) and not _PAST.search(text.folded)
    )
    if verdict is None and p >= opinion.unsure_at and (child or amount) and not hypothetical:
        sure = p >= opinion.report_at and child and (amount or done)
        verdict = Verdict.REPORT if sure else Verdict.UNSURE
    elif verdict is Verdict.UNSURE and p >= opinion.report_at and done:
        verdict = Verdict.REPORT
    if verdict is Verdict.UNSURE and symptom:  # a doubt, and a symptom already: act now
        verdict = Verdict.REPORT
    return Event(verdict, amount or take, round(p, 3))


__all__ = [
    "ACCESS",
    "LARGE_COUNT",
    "MODEL_PATH",
    "SECOND_OPINION",
    "Event",
    "NgramModel",
    "Verdict",
    "asks_outright",
    "features",
    "model",
    "read_event",
    "self_harm_model",
    "single_slip",
    "without_idioms",
]
