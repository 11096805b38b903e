"""A how-to-take or misuse question answered by the one sentence of the book that answers it.

"Nghiền viên giải phóng kéo dài được không", "quên một liều warfarin", "uống lúc đói": the
frame names the topic (`QueryFrame.how_to_take`); this module reads the drug's sections in
the order a pharmacist looks (`HOW_TO_SECTIONS`), sentence by sentence as the user sees
them (`grounding.markup.shown_sentences`), and quotes the one that speaks of the topic
most, verbatim and cited. A sentence carrying a dose is taken only when no other speaks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.evidence import Answer, Claim, Evidence
from core.frame import HOW_TO_SECTIONS, HowTo
from core.sections import section_title
from grounding.heads import DOSE
from grounding.howto_asked import NOTHING_ASKED, Asked, other_form, words_of
from grounding.howto_narrow import (
    ABRUPT,
    COUNTED,
    COURSE,
    HELP,
    ON_ONES_OWN,
    asks_stop,
    primary,
    relaxed,
    remedy,
)
from grounding.howto_rows import head_of, heading, label_route
from grounding.howto_terms import WORDS as _W
from grounding.markup import shown_sentences
from grounding.notices import quarantine_notices

MAX_SENTENCE_CHARS = 320
"""A longer sentence is cut to its clause on the topic ("…; viên giải phóng kéo dài phải
nuốt nguyên viên"), so the answer stays short."""

MAX_TWO_SENTENCES_CHARS = 300
"""Two topics asked: both sentences only when together they stay this short (the answer,
lead and citation marks included, stays under 400 characters)."""

SECTION_STEP = 0.5
"""What each later section of `HOW_TO_SECTIONS` costs a sentence: it takes more words on
the topic to answer from the cautions than from the dose section."""

# Topics whose sentence answers another's when the book says nothing in its own words: when
# to take it is often said as "with food"; how to give a form, as how to swallow it.
_NEAR: dict[HowTo, tuple[HowTo, ...]] = {
    HowTo.TIME_OF_DAY: (HowTo.FOOD,),
    HowTo.FOOD: (HowTo.TIME_OF_DAY,),
    HowTo.GIVING: (HowTo.CRUSH,),
    HowTo.CRUSH: (HowTo.GIVING,),
    HowTo.MADE_UP: (HowTo.STORAGE,),
    HowTo.DURATION: (HowTo.TIME_OF_DAY,),
    HowTo.RATE: (HowTo.GIVING,),
}
# Words that tell the reader what to do: a how-to question asks for one of these.
_ADVICE = re.compile(
    r"(?<!\w)(?:tránh|không nên|nên|hạn chế|không được|không dùng|phải|cần|giữ|không nhai"
    r"|không bẻ|không nghiền|không chia|không thay|không tự ý)(?!\w)"
)
ADVICE_BONUS = 0.5
"""What a sentence that advises gains over one that only describes."""
# Advice said of the topic itself ("tránh uống rượu", "hạn chế rượu", "tránh uống nhiều nước
# ép bưởi"), within its clause, not of something else ("Rượu, diazepam …: nên tránh phối hợp").
_DIRECT_ADVICE = r"tránh|hạn chế|kiêng|không nên|không được|nên tránh|không tự ý|không tự"
_DIRECT_VERBS = r"uống|dùng|ăn|tiếp xúc|để"
DIRECT_BONUS = 1.0
"""What a sentence gains when its advice governs the topic word itself."""
CONDITION_BONUS = 2.0
"""What a sentence on the topic gains when it names the condition the person tells ("đang
đi ngoài lỏng … nhét viên đạn": "không đặt trực tràng khi … tiêu chảy"), beyond its words:
the book's word for their state beats a general sentence repeating the talk's words."""
COUNT_BONUS = 1.0
"""What a sentence that counts the course's days gains over one that bounds it otherwise."""
REMEDY_BONUS = 2.0
"""What a sentence gains when it says what to do if the effect the question tells comes."""
_DIRECT = {
    t: re.compile(
        rf"(?<!\w)(?:{_DIRECT_ADVICE})\s+(?:(?:{_DIRECT_VERBS})\s+)?(?:\w+\s+){{0,3}}(?:{w})(?!\w)"
    )
    for t, w in _W.items()
}
_CLAUSES = re.compile(r"(?<=;)\s+")


@dataclass(frozen=True)
class _Candidate:
    on_topic: bool
    right_form: bool
    score: float
    order: tuple[int, int, int]
    text: str
    index: int


def _score(
    text: str, topic: HowTo, *, broad: bool = False, asked: Asked = NOTHING_ASKED, head: str = ""
) -> float:
    """Distinct topic words, helped by the helper words and by the question's own phrases
    and words said in the sentence; `broad` lets the helper words alone count (storage in
    general when nothing speaks of the fridge). `head`: the clause this one continues after
    a semicolon ("Viêm tai giữa cấp: …; 10 ngày cho trẻ dưới 6 tuổi"), whose words of the
    question count for it when it is on the topic."""
    words = words_of(text)
    narrowed = primary(topic, broad=broad, asked=asked)
    hits = len({m.group(0) for m in narrowed.finditer(words)})
    pairs, same_words = asked.in_sentence(text)
    if hits and head:
        head_pairs, head_words = asked.in_sentence(head)
        pairs, same_words = pairs + head_pairs, same_words + head_words
    if not hits and not pairs:
        return 0.0
    helper = None if broad else HELP.get(topic)
    helped = len({m.group(0) for m in helper.finditer(words)}) if helper else 0
    score = hits + 0.5 * helped + 1.5 * pairs + 0.4 * same_words
    if hits and _ADVICE.search(words):
        score += ADVICE_BONUS  # "tránh uống rượu", "không nhai": what to do about the topic
    if _DIRECT[topic].search(words):
        score += DIRECT_BONUS
    if hits and asked.names_condition(text):
        # "đang đi ngoài lỏng … nhét hậu môn": "… khi đang tiêu chảy", counted as the
        # question's own phrase and words would be
        score += CONDITION_BONUS + 0.4 * len(asked.condition.split())
    # A dose row costs, unless it is the row the user names ("viên giải phóng kéo dài …
    # uống cùng bữa ăn"): the question's phrase and a word of the topic both in it.
    if DOSE.search(text) and not (pairs and hits + helped):
        score -= 0.75
    if hits and remedy(words, asked):
        score += REMEDY_BONUS  # "nếu thấy buồn ngủ, uống vào buổi tối": what to do about it
    if narrowed is COURSE and COUNTED.search(words):
        score += COUNT_BONUS  # "tối đa mấy ngày": "dùng không quá 5 ngày", not only "đi khám"
    return score


def _on_topic(text: str, topic: HowTo, *, broad: bool, asked: Asked) -> bool:
    """The sentence names the topic itself, not only the question's other words."""
    return primary(topic, broad=broad, asked=asked).search(words_of(text)) is not None


def _short(text: str, topic: HowTo) -> str:
    """The sentence, or its clause that speaks of the topic when it is too long to show."""
    if len(text) <= MAX_SENTENCE_CHARS:
        return text
    clauses = [c for c in _CLAUSES.split(text) if _score(c, topic) > 0]
    best = max(clauses, key=lambda c: _score(c, topic), default=text)
    return best if len(best) <= MAX_SENTENCE_CHARS else text


def howto_sentence(
    evidence: Sequence[Evidence],
    drug_id: str,
    topic: HowTo,
    said: Asked = NOTHING_ASKED,
    skip: str = "",
) -> tuple[int, str] | None:
    """(evidence index, verbatim sentence) that answers the topic (and says the question's
    words, `said`), or None; `skip`: a sentence already quoted. A sentence of the form asked
    first, from the neighbouring topics too ("uống lúc nào": "uống trong bữa ăn", not the
    pessary's row "đặt 1 viên vào buổi tối"); another form's only when none speaks."""
    found = _sentence(evidence, drug_id, topic, said, skip, form_only=True)
    if found is None:
        found = _sentence(evidence, drug_id, topic, said, skip, form_only=False)
    return found


def _sentence(
    evidence: Sequence[Evidence],
    drug_id: str,
    topic: HowTo,
    said: Asked,
    skip: str,
    *,
    form_only: bool,
) -> tuple[int, str] | None:
    found = _best(evidence, drug_id, topic, broad=False, asked=said, skip=skip, only=form_only)
    if found is None and (plain := relaxed(said, topic)) is not None:
        # "uống 3 hôm thấy đỡ rồi, ngưng được chưa" where the book says no word of stopping:
        # the course's sentence ("dùng đủ 10 ngày") answers it; another medicine the book
        # does not name: the topic's sentence
        found = _best(evidence, drug_id, topic, broad=False, asked=plain, skip=skip, only=form_only)
    if found is None and topic is HowTo.STORAGE:
        found = _best(evidence, drug_id, topic, broad=True, asked=said, skip=skip, only=form_only)
    for near in _NEAR.get(topic, ()):
        if found is not None:
            break
        # "uống lúc nào" where the book says only "uống sau bữa ăn": the neighbouring
        # topic's words answer it, in the sections already read.
        found = _best(evidence, drug_id, near, broad=False, asked=said, skip=skip, only=form_only)
    return found


def _best(
    evidence: Sequence[Evidence],
    drug_id: str,
    topic: HowTo,
    *,
    broad: bool,
    asked: Asked,
    skip: str = "",
    within: tuple[str, ...] = (),
    only: bool = False,
) -> tuple[int, str] | None:
    """The best sentence; `only`: of the form asked only."""
    sections = within or HOW_TO_SECTIONS[topic]
    best: _Candidate | None = None
    for index, ev in enumerate(evidence):
        if ev.drug_id != drug_id or ev.quarantined or ev.section_key not in sections:
            continue
        asked = asked.without_name(ev.drug_name)
        rank = sections.index(ev.section_key)
        shown = shown_sentences(ev.text)
        label = ""
        for n, sentence in enumerate(shown):
            if heading(sentence):
                label = sentence  # "Đặt âm đạo:": the rows below are that route's
                continue
            if skip and skip in (sentence, _short(sentence, topic)):
                continue  # "Tiêm bắp hoặc tiêm tĩnh mạch": a label, it answers nothing
            if ev.section_key == _REACTIONS and not asked.names_condition(sentence):
                continue  # what to do about a reaction answers only the one the person names
            head = head_of(shown, n, ev.text)
            score = _score(sentence, topic, broad=broad, asked=asked, head=head)
            if score <= 0:
                continue
            score -= SECTION_STEP * rank  # the section a pharmacist looks in first, first
            # A sentence naming the topic beats one that only repeats the question's other
            # words ("viêm khớp" asked with alcohol: the alcohol sentence, not the arthritis one).
            on_topic = _on_topic(sentence, topic, broad=broad, asked=asked)
            # ... and one about the form asked beats one about another form ("pha sẵn để lát
            # tiêm": the injection's sentence, not the oral suspension's).
            # A row under a label of the route asked is of the form asked ("Đặt âm đạo: 1 viên
            # …" for "viên đặt"), one under another route's label is not.
            said_route = label_route(label, asked)
            right_form = (
                said_route if said_route is not None else not other_form(words_of(sentence), asked)
            )
            if only and not right_form:
                continue
            order = (-rank, -ev.part_index, -n)
            found = _Candidate(on_topic, right_form, score, order, sentence, index)
            if best is None or (on_topic, right_form, found.score, found.order) > (
                best.on_topic,
                best.right_form,
                best.score,
                best.order,
            ):
                best = found
    if best is None:
        return None
    return best.index, _short(best.text, topic)


_REACTIONS = "huong_dan_xu_tri_adr"
# Topics whose caution is often said apart from the interaction that explains it.
_WHY_TOO = (HowTo.FOOD, HowTo.ALCOHOL)
_INTERACTIONS = "tuong_tac_thuoc"


def howto_answer(
    evidence: Sequence[Evidence],
    drug_id: str,
    drug_name: str,
    topic: HowTo,
    said: Asked = NOTHING_ASKED,
) -> Answer:
    """The one-sentence answer; no claims when the book does not say it (the caller abstains)."""
    found = howto_sentence(evidence, drug_id, topic, said)
    if found is None and said.also is not None:
        # "lắc ko tan, có tủa thì còn dùng được ko": the book says nothing of shaking; the
        # other topic asked (how it keeps) answers
        found = howto_sentence(evidence, drug_id, said.also, said)
        said = replace(said, also=None)
    if found is None:
        return Answer()
    quoted = [found]
    reason = _reason_before(evidence[found[0]].text, found[1])
    if reason:
        # "Vì vậy không uống rượu …" goes on from the sentence before, which says why
        quoted.insert(0, (found[0], reason))
    also = None
    if said.also is not None and not _meal_and_hour(found[1], topic, said):
        # "tiêm trong bao lâu, tiêm bắp được không": the second topic's sentence too, when
        # it is another one and both stay short (a dose row does not answer "when" beside a
        # food asked: "uống lúc nào, có kiêng bưởi không" wants why the food, below)
        rest = said.less_than(found[1])
        more = howto_sentence(evidence, drug_id, said.also, rest, skip=found[1])
        if more is not None and len(found[1]) + len(more[1]) <= MAX_TWO_SENTENCES_CHARS:
            also = None if topic in _WHY_TOO and DOSE.search(more[1]) else more
    if also is not None:
        quoted.append(also)
    elif topic in _WHY_TOO and evidence[found[0]].section_key != _INTERACTIONS:
        # "ăn bưởi có sao không" answered by the caution ("tránh uống nhiều nước ép bưởi"):
        # the interaction that says why goes with it, when both stay short
        only = (_INTERACTIONS,)
        why = _best(evidence, drug_id, topic, broad=False, asked=said, skip=found[1], within=only)
        short = why is not None and len(found[1]) + len(why[1]) <= MAX_TWO_SENTENCES_CHARS
        if why is not None and short and _on_topic(why[1], topic, broad=False, asked=said):
            quoted.append(why)
    elif topic is HowTo.DURATION and asks_stop(said):
        quoted += _sudden_stop(evidence, drug_id, said, found)
    titles = dict.fromkeys(section_title(evidence[i].section_key) for i, _ in quoted)
    return Answer(
        lead=f"{drug_name}: Dược thư ghi ở mục {' và mục '.join(titles)}:",
        claims=tuple(Claim(text=sentence, citations=(i,)) for i, sentence in quoted),
        notices=quarantine_notices([evidence[i] for i, _ in quoted]),
    )


_MEAL_AND_HOUR = frozenset((HowTo.FOOD, HowTo.TIME_OF_DAY))


def _meal_and_hour(sentence: str, topic: HowTo, said: Asked) -> bool:
    """The meal and the hour asked together, and the sentence says both ("1 lần/ngày với bữa
    tối"): no second sentence."""
    if {topic, said.also} != _MEAL_AND_HOUR or said.also is None:
        return False
    return _on_topic(sentence, said.also, broad=False, asked=said)


# A sentence that draws its advice from the one before ("Vì vậy không uống rượu …").
_THEREFORE = re.compile(r"^(?:vì vậy|vì thế|do đó|do vậy|bởi vậy|cho nên)(?!\w)", re.IGNORECASE)


def _reason_before(text: str, sentence: str) -> str:
    """The sentence before `sentence` in the text when `sentence` opens with "Vì vậy" and both
    stay short, else ""."""
    if not _THEREFORE.match(sentence.strip()):
        return ""
    shown = shown_sentences(text)
    n = shown.index(sentence) if sentence in shown else -1
    if n < 1 or heading(shown[n - 1]):
        return ""
    before = shown[n - 1]
    return before if len(before) + len(sentence) <= MAX_TWO_SENTENCES_CHARS else ""


def _sudden_stop(
    evidence: Sequence[Evidence], drug_id: str, said: Asked, found: tuple[int, str]
) -> list[tuple[int, str]]:
    """The caution against a sudden stop beside the dose section's sentence on stopping
    ("giảm dần khi ngừng" and "… không ngừng đột ngột"), or against stopping on one's own
    beside the guidance on the reaction told, when both stay short."""
    if evidence[found[0]].section_key == _REACTIONS:
        return _not_on_ones_own(evidence, drug_id, found)
    if evidence[found[0]].section_key != "lieu_luong_cach_dung":
        return []
    only = ("than_trong",)
    why = _best(
        evidence, drug_id, HowTo.DURATION, broad=False, asked=said, skip=found[1], within=only
    )
    if why is None or not ABRUPT.search(words_of(why[1])):
        return []
    return [why] if len(found[1]) + len(why[1]) <= MAX_TWO_SENTENCES_CHARS else []


def _not_on_ones_own(
    evidence: Sequence[Evidence], drug_id: str, found: tuple[int, str]
) -> list[tuple[int, str]]:
    """The cautions' sentence against stopping on one's own ("Không tự ý ngừng thuốc, nhất là
    …"), beside the guidance on the reaction told, when both stay short."""
    for index, ev in enumerate(evidence):
        if ev.drug_id != drug_id or ev.quarantined or ev.section_key != "than_trong":
            continue
        for sentence in shown_sentences(ev.text):
            short = len(found[1]) + len(sentence) <= MAX_TWO_SENTENCES_CHARS
            if short and ON_ONES_OWN.search(words_of(sentence)):
                return [(index, sentence)]
    return []


__all__ = [
    "MAX_SENTENCE_CHARS",
    "MAX_TWO_SENTENCES_CHARS",
    "Asked",
    "howto_answer",
    "howto_sentence",
]
