"""What a monograph says about one patient's condition or age: "có dùng được không?".

Checks Chống chỉ định first, then the age limits in the dosing text, then Thận trọng,
and quotes the first section that speaks. Sentences are quoted verbatim (markup removed).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from core.evidence import Claim, Evidence
from core.frame import Ask, QueryFrame, Route
from core.population import ADULT_MONTHS, NEWBORN_MONTHS
from core.sections import OWN_PATIENT_SECTIONS, SectionKey
from core.text import contains_phrase, fold, sentences_of
from grounding.asked import AskedWords
from grounding.bands import parse_bands
from grounding.block import Reading
from grounding.blocks import BlockKind, parse_blocks, shown
from grounding.book import bars, not_dosed
from grounding.book.filter_words import GRAVER
from grounding.book.vocabulary import BABY
from grounding.heads import DOSE, Who, route_words, who_of
from grounding.limit_scope import another_heads_refusal, bars_by_weight, names_condition, only_who
from grounding.pregnancy_term import term_first

CAN_USE_ORDER = (
    SectionKey.CHONG_CHI_DINH.value,
    SectionKey.LIEU_LUONG_CACH_DUNG.value,
    SectionKey.THAN_TRONG.value,
)
MAX_LIMIT_CLAIMS = 4
# The sections whose lines may bar a dose: a contraindication, or a refusal of the dose text.
_BAR_SECTIONS = frozenset({SectionKey.CHONG_CHI_DINH.value, SectionKey.LIEU_LUONG_CACH_DUNG.value})
_CAN_USE_SECTIONS = frozenset(
    {SectionKey.CHONG_CHI_DINH.value, SectionKey.THAN_TRONG.value, None} | OWN_PATIENT_SECTIONS
)
OWN_SECTION_CLAIMS = 3


class _Line(NamedTuple):
    """A sentence of the book as read once: as printed, and as shown with its reading
    (`grounding.block.Reading`: its folded words, read the first time they are asked for)."""

    sentence: str
    reading: Reading

    @property
    def text(self) -> str:
        return self.reading.text

    @property
    def folded(self) -> str:
        return self.reading.folded


def drug_sections(
    evidence: Sequence[Evidence], drug_id: str | None, *keys: str
) -> Iterator[tuple[int, Evidence]]:
    """The drug's parts of `evidence` in the sections `keys`, with their index, unquarantined."""
    for index, ev in enumerate(evidence):
        if ev.quarantined or ev.section_key not in keys or (drug_id and ev.drug_id != drug_id):
            continue
        yield index, ev


@lru_cache(maxsize=4096)
def _lines(text: str) -> tuple[_Line, ...]:
    """The sentences of a section's text (or one paragraph of it), each read once."""
    return tuple(_Line(s, Reading(shown(s))) for s in sentences_of(text))


def _terms(frame: QueryFrame) -> list[str]:
    """Words the book uses for the patient's condition."""
    p = frame.patient
    terms: list[str] = []
    if p is not None:
        if p.hepatic_impairment:
            terms += ["suy gan", "bệnh gan", "chức năng gan"]
        if p.renal_impairment or p.egfr is not None:
            terms += ["suy thận", "bệnh thận", "chức năng thận", "mức lọc cầu thận", "Clcr"]
        if p.pregnant:
            terms += ["mang thai", "có thai", "thai kỳ", "phụ nữ có thai"]
        if p.breastfeeding:
            terms += ["cho con bú", "nuôi con bằng sữa mẹ"]
        if p.allergies:
            terms += ["quá mẫn", "dị ứng"]
        terms += [c for c in p.comorbidities if c.strip()]
    if frame.condition is not None:
        terms += [frame.condition.text, frame.condition.normalized]
    terms += frame.book_terms
    return list(dict.fromkeys(t for t in terms if t))


def is_can_use(frame: QueryFrame) -> bool:
    """A drug question about whether this patient may use it (not a dose, not a list)."""
    if not frame.drugs:
        return False
    # One drug and a patient ("bệnh nhân hemophilia có dùng heparin được không") is not an
    # interaction, whatever word the reading took for a second drug.
    lone = len(frame.drugs) == 1 and frame.attribute == SectionKey.TUONG_TAC_THUOC.value
    if frame.attribute not in _CAN_USE_SECTIONS and not lone:
        return False
    asks = frame.asks is Ask.CAN_USE
    told = frame.age_months is not None or frame.weight_kg is not None
    return asks and (bool(_terms(frame)) or told)


def _speaks(
    line: _Line, terms: Sequence[str], age_months: float | None, *, all_children: bool = False
) -> bool:
    if any(names_condition(line.folded, t) for t in terms):
        return True
    if age_months is None:
        return False
    band = parse_bands(line.text).age
    if band is None and all_children and age_months < ADULT_MONTHS:
        # "*Trẻ em:* Độ an toàn … đối với trẻ em chưa được xác định.": said of every child,
        # so of this one; a newborn line is not said of a ten-year-old.
        return who_of(line.folded) is Who.CHILD and not BABY.search(line.folded)
    return band is not None and band.contains(age_months)


def age_limits(evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame) -> list[Claim]:
    """Contraindication lines whose age band contains the patient ("Trẻ em dưới 15 tuổi.")."""
    if frame.age_months is None:
        return []
    return _claims(evidence, drug_id, SectionKey.CHONG_CHI_DINH.value, [], frame.age_months)


def dose_limits(
    evidence: Sequence[Evidence],
    drug_id: str | None,
    frame: QueryFrame,
    asked: AskedWords | None = None,
) -> list[Claim]:
    """Lines that shut this patient out before any dose row is read.

    An age limit that bars the patient, read by the one reader the condition list and
    triage use (`grounding.book.bars`): a Chống chỉ định line ("Không dùng cho trẻ dưới 12
    tuổi") or a refusal of the dose text ("Trẻ em dưới 2 tuổi: không khuyến cáo"). For a
    child, also a contraindication naming the condition the user named, said of children
    ("ỉa chảy cấp ở trẻ em"); a word of who the patient is ("thiếu tháng") bars only by a
    line that says nothing more of the patient. A refusal under another indication head than
    the one `asked` names is no bar.
    """
    terms = [t for t in _asked_terms(frame) if t]
    who_terms = [t for t in terms if only_who(fold(t))]
    terms = [t for t in terms if t not in who_terms]
    age = frame.age_months
    claims: list[Claim] = []
    for index, ev in drug_sections(evidence, drug_id, *_BAR_SECTIONS):
        contraindication = ev.section_key == SectionKey.CHONG_CHI_DINH.value
        for line in _lines(ev.text):
            by_age = age is not None and bars(line.sentence, ev.section_key, age)
            if by_age and another_heads_refusal(evidence, index, line.sentence, asked):
                continue
            if not by_age and not (contraindication and frame.is_child and terms + who_terms):
                continue
            text = line.text
            # The condition asked is usually what the dose treats ("Gút cấp" bars no gout
            # dose): a line naming it bars a dose only when it is said of children.
            for_child = contraindication and frame.is_child and who_of(line.folded) is Who.CHILD
            named = for_child and any(contains_phrase(text, t) for t in terms)
            # A preterm baby who is bleeding: a caveat of a preterm baby's dose, not a bar.
            whole = only_who(line.folded.rstrip(". "))
            named = named or (
                for_child and whole and any(contains_phrase(text, t) for t in who_terms)
            )
            if named and not by_age and _qualified(line.folded, frame):
                continue  # said of a graver case than asked: a caveat of the dose, not a bar
            if text and (by_age or named):
                claims.append(Claim(text=text, citations=(index,)))
    if claims and age is not None:
        # The dose text's own refusal for that age ("Dưới 2 tuổi không dùng") goes with it.
        dosing = SectionKey.LIEU_LUONG_CACH_DUNG.value
        said = {c.text for c in claims}
        claims += [
            c
            for c in _claims(evidence, drug_id, dosing, [], age, negated_only=True)
            if c.text not in said
        ]
    return claims[:MAX_LIMIT_CLAIMS]


def _qualified(folded: str, frame: QueryFrame) -> bool:
    """The (folded) line adds a graver qualifier that the question does not state."""
    return any(m[0] not in frame.condition_words for m in GRAVER.pattern.finditer(folded))


def conditional_limits(
    evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame
) -> list[Claim]:
    """Contraindication lines naming the child's condition in a graver form than asked
    ("Không dùng chữa ỉa chảy cấp mất nước nặng cho trẻ em"), and for a newborn the lines said of
    newborns that a fact beyond the age decides: quoted with the dose rows."""
    if not frame.is_child:
        return []
    terms = [t for t in _asked_terms(frame) if t]
    graver = [
        Claim(text=line.text, citations=(index,))
        for index, ev in enumerate(evidence)
        if not ev.quarantined
        and ev.section_key == SectionKey.CHONG_CHI_DINH.value
        and (not drug_id or ev.drug_id == drug_id)
        for line in _lines(ev.text)
        if line.text
        and who_of(line.folded) is Who.CHILD
        and any(contains_phrase(line.text, t) for t in terms)
        and _qualified(line.folded, frame)
    ]
    said = {c.text for c in graver}
    newborn = [c for c in newborn_limits(evidence, drug_id, frame) if c.text not in said]
    return (graver + newborn)[:MAX_LIMIT_CLAIMS]


# A newborn's warnings are shown short beside the amount: a few sentences, none long.
MAX_NEWBORN_CLAIMS = 3
MAX_NEWBORN_CHARS = 220


def newborn_limits(
    evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame
) -> list[Claim]:
    """For a patient under a month old, the Chống chỉ định sentences said of newborns
    ("đang hoặc sẽ cần truyền dung dịch chứa calci", "tăng bilirubin"): a pharmacist shows
    them beside a newborn's dose. A paragraph headed by another route than the one asked
    ("Với dạng thuốc tiêm bắp: …" for an intravenous dose) is left out."""
    age = frame.age_months
    if age is None or age >= NEWBORN_MONTHS:
        return []
    claims: list[Claim] = []
    for index, ev in drug_sections(evidence, drug_id, SectionKey.CHONG_CHI_DINH.value):
        for paragraph in ev.text.split("\n"):
            label, colon, _ = paragraph.partition(":")
            routes = route_words(label) if colon else ()
            if frame.route is not None and routes and frame.route not in routes:
                continue
            claims += [
                Claim(text=line.text, citations=(index,))
                for line in _lines(paragraph)
                if line.text and len(line.text) <= MAX_NEWBORN_CHARS and BABY.search(line.folded)
            ]
    return list({c.text: c for c in claims}.values())[:MAX_NEWBORN_CLAIMS]


def _asked_terms(frame: QueryFrame) -> list[str]:
    """The condition words the user typed (not the renal or hepatic state a dose row covers)."""
    words = list(frame.book_terms)
    if frame.condition is not None:
        words += [frame.condition.text, frame.condition.normalized]
    return words


def _claims(
    evidence: Sequence[Evidence],
    drug_id: str | None,
    section: str,
    terms: Sequence[str],
    age_months: float | None,
    *,
    negated_only: bool = False,
    weighed: tuple[float, Route | None] | None = None,
) -> list[Claim]:
    claims: list[Claim] = []
    for index, ev in drug_sections(evidence, drug_id, section):
        for line in _lines(ev.text):
            if not line.text:
                continue
            weighs = weighed is not None and bars_by_weight(line.text, line.folded, *weighed)
            if not weighs and not _speaks(line, terms, age_months, all_children=negated_only):
                continue
            if negated_only and not not_dosed(line.folded):
                continue
            claims.append(Claim(text=line.text, citations=(index,)))
    return claims[:MAX_LIMIT_CLAIMS]


def youngest_dosed(
    evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame
) -> list[Claim]:
    """For a child younger than every child row of the dose text ("Trẻ em từ 6 tuổi: …" asked
    for a 4-year-old): the youngest row the book doses, which says where its doses begin."""
    age = frame.age_months
    if age is None or age >= ADULT_MONTHS:
        return []
    parts = [
        (i, ev)
        for i, ev in enumerate(evidence)
        if ev.section_key == SectionKey.LIEU_LUONG_CACH_DUNG.value
        and not ev.quarantined
        and (not drug_id or ev.drug_id == drug_id)
    ]
    rows = [
        b
        for b in parse_blocks(parts)
        if b.kind is BlockKind.ROW
        and b.bands.age is not None
        and b.who is not Who.ELDERLY
        and b.bands.age.lo < ADULT_MONTHS
    ]
    if not rows or any(b.bands.age is not None and b.bands.age.contains(age) for b in rows):
        return []
    youngest = min(rows, key=lambda b: b.bands.age.lo if b.bands.age else 0)
    if youngest.bands.age is None or youngest.bands.age.lo <= age:
        return []
    return [Claim(text=_band_part(youngest.text), citations=(youngest.evidence_index,))]


def _band_part(row: str) -> str:
    """The words of a row that say whom it doses, not its dose, which is not this child's:
    its label ("Trẻ em trên 6 tuổi"), else the row up to its first dose."""
    label, colon, _ = row.partition(":")
    if colon and len(label) <= 80 and parse_bands(label).age is not None:
        return label.strip()
    dose = DOSE.search(row)
    if dose is None:
        return row
    start = dose.start()
    while start > 0 and (row[start - 1].isdigit() or row[start - 1] in ",."):
        start -= 1  # the whole number, not its last digit ("500 mg")
    return re.sub(r"\s+(?:là|liều|dùng|uống)$", "", row[:start].rstrip(" ,:(")) + " …"


def sections_for(frame: QueryFrame) -> list[str]:
    """The sections a can-I-use question reads, in the order they are asked."""
    if frame.attribute in OWN_PATIENT_SECTIONS:
        return [SectionKey.CHONG_CHI_DINH.value, str(frame.attribute)]
    return list(CAN_USE_ORDER)


def _own_section(
    evidence: Sequence[Evidence], drug_id: str | None, section: str, frame: QueryFrame
) -> list[Claim]:
    lines = [
        (line, i)
        for i, ev in enumerate(evidence)
        if ev.section_key == section
        and not ev.quarantined
        and (not drug_id or ev.drug_id == drug_id)
        for line in _lines(ev.text)
        if line.text
    ]
    # A pregnancy in weeks or a trimester: the lines on that term come first.
    chosen = term_first([line.folded for line, _ in lines], frame.patient, OWN_SECTION_CLAIMS)
    return [Claim(text=lines[n][0].text, citations=(lines[n][1],)) for n in chosen]


def can_use_claims(
    evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame
) -> tuple[list[str], list[Claim]]:
    """The sections that speak of this patient, first one first, and their lines.

    Chống chỉ định, then the dose text's age limits, then Thận trọng: the first that
    speaks answers. A pregnancy or breastfeeding question also quotes its own section.
    """
    terms = _terms(frame)
    spoke: list[str] = []
    claims: list[Claim] = []
    for section in sections_for(frame):
        if section in OWN_PATIENT_SECTIONS:
            found = _own_section(evidence, drug_id, section, frame)
        else:
            dosing = section == SectionKey.LIEU_LUONG_CACH_DUNG.value
            found = _claims(
                evidence,
                drug_id,
                section,
                [] if dosing else terms,
                frame.age_months,
                negated_only=dosing,
                # A dose text's refusal by weight answers too, of the route asked.
                weighed=(frame.weight_kg, frame.route) if dosing and frame.weight_kg else None,
            )
            if dosing and not found:
                found = youngest_dosed(evidence, drug_id, frame)
        if found:
            spoke.append(section)
            claims += found
            if frame.attribute not in OWN_PATIENT_SECTIONS:
                break
    return spoke, claims


__all__ = [
    "CAN_USE_ORDER",
    "age_limits",
    "can_use_claims",
    "conditional_limits",
    "dose_limits",
    "drug_sections",
    "is_can_use",
    "newborn_limits",
    "sections_for",
]
