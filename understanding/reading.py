"""Everything the rules notice in one turn, before any decision: cues, drugs, slots.

`read_turn` is pure; `understanding.rules` decides the turn type from a `Reading`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.frame import HowTo, PatientContext, Population, Relation, Route
from core.sections import SectionKey
from core.text import fold
from understanding import lexicon as lx
from understanding.asked import which_drug_at
from understanding.conditions import RELATION_CUES, ConditionHit, asks_diagnosis, find_conditions
from understanding.drugs import DrugMatcher, DrugMention, is_vietnamese_syllable
from understanding.howto import read_how_to
from understanding.mother_child import TEEN_FROM_MONTHS, whose_facts
from understanding.own_age import patients_age
from understanding.slots import (
    Age,
    read_allergies,
    read_patient,
    read_population,
    read_route,
    read_weight,
    says_oral,
)
from understanding.speaker import new_case_said
from understanding.text import Turn, ngram_set
from understanding.worry import past_fears

_REGIMEN = re.compile(  # also an amount more: "4 tiếng sau uống thêm 400 được không"
    r"(?<![\w/])\d+\s*(?:lan|vien|goi|ong|nhat|giot)(?!\w)|(?<![a-z])them \d+\s*(?:mg)?(?![\w.,])"
)
# A dose per kg said ("2mg/kg/ngày = 90mg có được không"): that dose is asked, not cautions.
_PER_KG = re.compile(r"(?<![\w/])\d+(?:[.,]\d+)?\s*(?:mg|mcg|microgam|g|don vi)\s*/\s*kg(?!\w)")
# "3 ngày hay 5 ngày" is a course length, but only when a drug is named ("sốt 3 ngày nay").
_DURATION = re.compile(r"(?<![\w/])\d+\s*(?:ngay|tuan)(?!\s*(?:nay|tuoi|qua|truoc|roi))(?!\w)")
_VITAMIN_LETTER = re.compile(r"^[a-z]\d{0,2}$")
_DOSE_WORD_NOT_AFTER = frozenset(("qua", "du", "tai", "nguyen", "vat", "chat"))
# Cue sets tested first against the turn's n-grams (a cue absent there is absent from any copy).
_ATTRIBUTE_CUE_SETS = tuple((key, cues, ngram_set(cues)) for key, cues in lx.ATTRIBUTE_CUES)
_NON_MEDICAL_SET = ngram_set(lx.NON_MEDICAL)
_DOSING_CUES_NOT_LIEU = ngram_set(c for c in lx.DOSING_CUES if c != "lieu")
_NON_HUMAN_UNAMBIGUOUS = tuple(
    p for p in lx.NON_HUMAN if not set(p.split()) & lx.NON_HUMAN_AMBIGUOUS
)
_DISEASE_BEFORE_ANIMAL = frozenset(("sán", "cúm", "ho"))
_SMALLTALK_WORDS = frozenset(w for p in lx.SMALLTALK_TRIGGERS for w in p.split())
# "đã cho diazepam. Phenytoin … bao nhiêu?": a medicine already given is the patient's, not
# the one asked (it stays the question's when it is the only one named).
_CURRENT_MEDICINE_BEFORE = ("dang dung", "dang uong", "dang su dung", "dang tiem", "dang xai")
_GIVEN_RIGHT_BEFORE = ("da cho", "da dung", "da tiem", "da uong", "da truyen", "vua tiem")
# "cho người dùng warfarin", "bệnh nhân uống warfarin": the patient is described by the drug.
_PATIENT_ON = ("nguoi", "nguoi benh", "benh nhan", "bn")
_PATIENT_ON_VERBS = ("dung", "uong", "su dung", "tiem", "xai")


# Words that look foreign to Vietnamese spelling but are not medicine names (nor devices).
_NOT_DRUG_TEXT = """
    dose dosage dosing kids child children adult adults side effect effects pregnancy pregnant
    tablet tablets syrup what which with and for the can take how much many safe drug drugs
    medicine medicines interaction interactions between during breastfeeding per day daily
    times hello thanks thank please ignore previous instructions system prompt print your you
    about info information overdose storage store contraindication contraindications warning
    warnings baby infant year years old month months weight weighs pediatric paediatric dogs
    cats puppy kitten spray cream test covid virus candida gout cholesterol amidan basedow zona
    helicobacter pylori fever pain cough allergy asthma diabetes cancer infection hypertension
    angina epilepsy diarrhea urticaria heart failure this that there here they them their then
    than from into onto also just only very really should would could will shall does did done
    have has had give gave given show tell told answer question questions ok okay yes no not
    kids children mg ml kg mcg iu ui extra forte plus retard sirop siro vien goi ong lo chai
    hop vi bnhieu khoong hok ko khum dc duoc nhiu tks thks thx bye hihi haha huhu alo oke
    vitamin nsaid nsaids thuoc generic brand name names tell give list dong nuoc sua hay
    gel kem xit spray drops drop inhaler ampoule ampoules injection oral rectal topical
    morning night evening before after meal meals food alcohol rueu bia beer wine juice
    grapefruit milk coffee tea doctor pharmacist nurse hospital clinic patient patients egfr
    crcl dtcr mlct gfr ttm tmc
    clcr script alert cafe cafein caffeine coca cola pepsi soda socola chocolate pizza hamburger
    internet google facebook zalo youtube tiktok chatgpt iphone android stent stents catheter
    push bolus infuse infusion drip extend extended release modified slow crush chew split
    swallow ensure grab shipper taxi uber gojek pacemaker holter sonde shunt bypass implant
    party course combo online shop order delivery gym football tennis jogging running camping
    travel trip flight weekend holiday office meeting deadline stress sorry guys mom dad
    check checkup update size full half double single pack bottle hotline heart attack
"""
_NOT_DRUG_WORDS = frozenset(_NOT_DRUG_TEXT.split())


@dataclass
class Reading:
    """The raw observations on a turn; no turn type yet."""

    turn: Turn
    mentions: list[DrugMention]
    drugs: list[str]
    unknown: list[str]
    attribute: SectionKey | None
    attribute_at: int
    dosing: bool
    dosing_at: int
    interaction: bool
    pair_interaction: bool
    overview: bool
    comparison: bool
    follow_up: bool
    allergy_tokens: frozenset[int]
    asks_drug_without_name: bool
    section_overview: bool
    usability: bool
    which_drug: int
    relation: Relation | None
    conditions: list[ConditionHit]
    age: Age | None
    weight: float | None
    population: Population | None
    route: Route | None
    oral: bool
    patient: PatientContext | None
    current_medicines: list[str] = field(default_factory=list)
    smalltalk: bool = False
    non_human: bool = False
    diagnosis: bool = False
    non_medical: bool = False
    new_case: bool = False
    how_to_take: HowTo | None = None

    @property
    def asks_about_drug(self) -> bool:
        return self.dosing or self.attribute is not None or self.interaction or self.overview


def read_turn(turn: Turn, matcher: DrugMatcher, *, expect_drug: bool = False) -> Reading:
    """Observe a turn: `expect_drug` says an open clarification waits for a drug name."""
    allergies = read_allergies(turn)
    allergy_tokens = frozenset(j for a, b in allergies for j in range(a, b))
    cues = turn.indexes_of("di ung")
    # The "dị ứng" before an allergen belongs to the allergy, not to a condition.
    allergy_phrases = allergy_tokens | frozenset(
        j for a, b in allergies for i in cues if i < a for j in range(i, b)
    )
    mentions = matcher.find(turn, allergy_tokens)
    drugs = list(dict.fromkeys(m.drug_id for m in mentions))
    attribute, attribute_at, masked = _attribute(turn)
    dosing_at = _dosing_at(turn, masked)
    attribute, attribute_at, dosing_at = past_fears(turn, attribute, attribute_at, dosing_at)
    if dosing_at < 0 and attribute is None and says_oral(turn):
        # "uống colchicin thế nào": the verb and the "how" are apart.
        dosing_at = turn.find(*lx.HOW_CUES)
    per_kg = _PER_KG.search(turn.folded)
    if per_kg and attribute in (None, SectionKey.THAN_TRONG) and dosing_at < 0:
        dosing_at = per_kg.start()
    non_human = _non_human(turn)
    age = patients_age(turn)
    weight = read_weight(turn)
    patient = read_patient(turn)
    if dosing_at < 0 and attribute is None:
        # "ngày 3 lần", "2 viên": a regimen stated to be checked; "3 ngày hay 5 ngày" a course,
        # but not the term of a pregnancy ("bầu 10 tuần") nor an infant's age ("bé 20 ngày").
        found = _REGIMEN.search(turn.folded) or (_course(turn, age, patient) if mentions else None)
        dosing_at = found.start() if found else -1
    pregnant = patient is not None and bool(patient.pregnant)
    if (
        age is not None
        and pregnant
        and age.months < TEEN_FROM_MONTHS
        and "tuoi" not in fold(age.text)
    ):
        # "bầu được 5 tháng", "có thai 2 tháng": the pregnancy's term, nobody's age.
        age = None
    population = None if non_human else read_population(turn, age.months if age else None, weight)
    age, weight, population, patient = whose_facts(turn, age, weight, population, patient)
    if attribute is SectionKey.CHI_DINH and _treats_a_patient(turn, population, age, weight):
        # "azithromycin điều trị bệnh lậu người lớn": how to treat this patient, a dose.
        attribute, dosing_at = None, attribute_at
    taken = frozenset(j for m in mentions for j in range(m.start, m.end)) | allergy_tokens
    conditions = find_conditions(turn, taken | allergy_phrases)
    reading = Reading(
        turn=turn,
        mentions=mentions,
        drugs=drugs,
        unknown=[],
        attribute=attribute,
        attribute_at=attribute_at,
        dosing=dosing_at >= 0,
        dosing_at=dosing_at,
        interaction=any(f" {c} " in masked for c in lx.INTERACTION_CUES) or turn.has("tuong tac"),
        pair_interaction=turn.has(*lx.PAIR_INTERACTION_CUES),
        overview=turn.has(*lx.OVERVIEW_CUES),
        comparison=turn.has(*lx.COMPARISON_CUES) or {"hay", "hon"} <= set(turn.tokens),
        follow_up=turn.has(*lx.FOLLOW_UP_CUES) or _opens_with_con(turn, population),
        allergy_tokens=allergy_tokens,
        asks_drug_without_name=turn.has(*lx.ASK_ABOUT_DRUG),
        section_overview=turn.has(*lx.SECTION_OVERVIEW_CUES),
        usability=turn.has(*lx.USABILITY_CUES),
        which_drug=(which_at := which_drug_at(turn, lx.WHICH_DRUG)),
        relation=_relation(turn, which_at),
        conditions=conditions,
        age=age,
        weight=weight,
        population=population,
        route=read_route(turn),
        oral=says_oral(turn),
        patient=patient,
        current_medicines=_current_medicines(turn, mentions),
        non_human=non_human,
        diagnosis=asks_diagnosis(turn),
        non_medical=turn.has(*lx.NON_MEDICAL),
        new_case=new_case_said(turn),
        how_to_take=read_how_to(turn),
    )
    reading.smalltalk = not drugs and _smalltalk(turn)
    drug_context = expect_drug or (reading.asks_about_drug or reading.usability)
    named = taken | frozenset(j for c in conditions for j in range(c.start, c.end))
    names = {j for m in mentions for j in range(m.start, m.end)}
    reading.unknown = _unknown(turn, matcher, named, names, drug_context=drug_context)
    return reading


def _course(turn: Turn, age: Age | None, patient: PatientContext | None) -> re.Match[str] | None:
    """A course length ("uống 7 ngày hay 10 ngày"), not a pregnancy term or an infant's age."""
    if patient is not None and patient.pregnant:
        return None
    for found in _DURATION.finditer(turn.folded):
        if age is None or not (age.span[0] <= found.start() < age.span[1]):
            return found
    return None


def _opens_with_con(turn: Turn, population: Population | None) -> bool:
    """ "còn ông 70 tuổi", "còn người lớn?": another patient for the same question. Folded
    "con" is also a child ("con 5 tuổi"): without accents only an adult after it counts."""
    if population is None or not turn.tokens or turn.tokens[0] != "con":
        return False
    if turn.marked:
        return turn.original_words()[0] == "còn"
    return population is Population.ADULT


# "điều trị bệnh X" is a regimen asked when it names a patient and asks no yes/no or what.
_TREAT_CUES = ("dieu tri", "tri benh", "chua benh")
_ASKS_WHETHER_OR_WHAT = ("khong", "ko", "gi", "nao", "duoc", "sao")


def _treats_a_patient(turn: Turn, population: object, age: object, weight: object) -> bool:
    return (
        turn.has(*_TREAT_CUES)
        and (population is not None or age is not None or weight is not None)
        and not turn.has(*_ASKS_WHETHER_OR_WHAT)
    )


def _attribute(turn: Turn) -> tuple[SectionKey | None, int, str]:
    """The earliest section cue, and the turn with every section cue blanked out."""
    masked = turn.joined
    for phrase in lx.NOT_SECTION_CUES:
        # "gây mê" is anaesthesia, not "gây" (causes): no section is named by it.
        masked = masked.replace(f" {phrase} ", " " + "#" * len(phrase) + " ")
    causes = turn.indexes_of("gay")
    if causes and turn.marked and all(turn.original_words()[i] != "gây" for i in causes):
        masked = masked.replace(" gay ", " ### ")  # "gầy" (thin), "gãy" (broken): no cause
    best: tuple[int, SectionKey] | None = None
    for key, cues, cue_set in _ATTRIBUTE_CUE_SETS:
        if turn.ngrams.isdisjoint(cue_set):
            continue  # no cue of this section is in the turn: nothing to find or blank
        for cue in cues:
            at = masked.find(f" {cue} ")
            if at < 0:
                continue
            masked = masked.replace(f" {cue} ", " " + "#" * len(cue) + " ")
            if best is None or at < best[0]:
                best = (at, key)
    if best is None:
        return None, -1, masked
    return best[1], best[0], masked


def _dosing_at(turn: Turn, masked: str) -> int:
    present = turn.ngrams.intersection(_NON_MEDICAL_SET)
    for phrase in lx.NON_MEDICAL if present else ():
        if phrase in present:  # blanked in lexicon order, as overlapping phrases need
            masked = masked.replace(f" {phrase} ", " " + "#" * len(phrase) + " ")
    hits = [masked.find(f" {c} ") for c in turn.ngrams.intersection(_DOSING_CUES_NOT_LIEU)]
    for i in turn.indexes_of("lieu"):
        before = turn.tokens[i - 1] if i > 0 else ""
        after = turn.tokens[i + 1] if i + 1 < len(turn.tokens) else ""
        said = after == "co" and turn.marked and turn.original_words()[i] == "liều"  # not "liệu"
        if before in _DOSE_WORD_NOT_AFTER or (after in lx.NOT_DOSING_AFTER_LIEU and not said):
            continue
        if turn.means(i, "liều"):
            hits.append(len(" ".join(turn.tokens[:i])))
    hits = [h for h in hits if h >= 0]
    return min(hits) if hits else -1


def _non_human(turn: Turn) -> bool:
    if turn.marked:
        words = turn.original_words()
        animals = [
            i
            for i, w in enumerate(words)
            if w in lx.NON_HUMAN_MARKED
            # "sán lợn", "cúm gà", "ho gà" (whooping cough): the animal names the disease.
            and not (i > 0 and words[i - 1] in _DISEASE_BEFORE_ANIMAL)
            # "lợn cợn" (lumpy, of a solution) is no pig
            and not (w == "lợn" and i + 1 < len(words) and words[i + 1] == "cợn")
        ]
        said = f" {' '.join(words)} "
        if animals or any(f" {p} " in said for p in lx.NON_HUMAN_MARKED_PHRASES):
            return True
        return turn.has_any(_NON_HUMAN_UNAMBIGUOUS)
    return turn.has(*lx.NON_HUMAN)


def _relation(turn: Turn, which_at: int) -> Relation | None:
    """The relation cue nearest to the "which drug" phrase (none when there is no such phrase)."""
    if which_at < 0:
        return None
    best: tuple[int, int, Relation] | None = None
    for rank, (relation, cues) in enumerate(RELATION_CUES):
        for cue in cues:
            at = turn.joined.find(f" {cue} ")
            while at >= 0:
                candidate = (abs(at - which_at), rank, relation)
                if best is None or candidate < best:
                    best = candidate
                at = turn.joined.find(f" {cue} ", at + 1)
    return best[2] if best else Relation.INDICATION


def _current_medicines(turn: Turn, mentions: list[DrugMention]) -> list[str]:
    found = []
    for mention in mentions:
        before = " ".join(turn.tokens[max(0, mention.start - 3) : mention.start])
        lead = " " + " ".join(turn.tokens[max(0, mention.start - 4) : mention.start])
        described = any(
            lead.endswith(f" {who} {verb}") for who in _PATIENT_ON for verb in _PATIENT_ON_VERBS
        )
        given = any(lead.endswith((f" {cue}", f" {cue} thuoc")) for cue in _GIVEN_RIGHT_BEFORE)
        if described or given or any(f" {cue}" in f" {before}" for cue in _CURRENT_MEDICINE_BEFORE):
            found.append(mention.drug_id)
    return found


def _smalltalk(turn: Turn) -> bool:
    if not turn.has(*lx.SMALLTALK_TRIGGERS):
        return False
    return all(t in _SMALLTALK_WORDS or t in lx.SMALLTALK_FILLER for t in turn.tokens)


def _unknown(
    turn: Turn, matcher: DrugMatcher, taken: frozenset[int], names: set[int], *, drug_context: bool
) -> list[str]:
    """Drug-like words that are not formulary names, as the user wrote them."""
    words = turn.original_words()
    found: list[str] = []
    for i, word in enumerate(turn.tokens):
        if i in taken:
            continue
        if matcher.is_known_non_catalog(word):
            following = turn.tokens[i + 1] if i + 1 < len(turn.tokens) else ""
            # "vitamin C", "vitamin B12": the letter is part of the name.
            is_vitamin = word == "vitamin" and _VITAMIN_LETTER.match(following)
            found.append(f"{word} {following}" if is_vitamin else word)
            continue
        if not drug_context and not (i > 0 and turn.tokens[i - 1] == "thuoc"):
            continue
        # "terpin codein": a word beside a formulary name, with no joiner, is its product's name.
        if _drug_like(word, words[i]) and not {i - 1, i + 1} & names:
            found.append(word)
    return list(dict.fromkeys(found))


def _drug_like(token: str, word: str) -> bool:
    return (
        len(token) >= 4
        and token[0].isalpha()
        and word == token
        and not token.isdigit()
        and token not in _NOT_DRUG_WORDS
        and not is_vietnamese_syllable(token)
        and not any(c.isdigit() for c in token[:3])
    )


__all__ = ["Reading", "read_turn"]
