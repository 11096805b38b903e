"""Whose and which use a line that would bar a dose is said of: a word of who the patient is
("sinh non", "trẻ sơ sinh thiếu tháng") is no condition, and a refusal printed under one
indication head of the dose text refuses that use only (`grounding.limits.dose_limits`); a
refusal by body weight holds a patient of that weight for the route it names. When nothing bars
a child's use, `dose_next` says what the dose still needs."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.evidence import Claim, Evidence
from core.frame import Population, QueryFrame, Route
from core.sections import OWN_PATIENT_SECTIONS, SectionKey
from core.text import contains_phrase, fold
from grounding.asked import AskedWords
from grounding.bands import parse_bands
from grounding.blocks import BlockKind, parse_blocks, shown
from grounding.book import not_dosed
from grounding.book.vocabulary import BORN_EARLY, CHILD, JOINERS, NEWBORN
from grounding.dosing import routes_in
from grounding.narrowing import named_indications


def only_who(folded: str) -> bool:
    """Words that say only who the patient is ("sinh non", "trẻ sơ sinh thiếu tháng")."""
    rest = JOINERS.strip(CHILD.strip(NEWBORN.strip(BORN_EARLY.strip(folded))))
    return not re.sub(r"[^a-z]+", "", rest)


def another_heads_refusal(
    evidence: Sequence[Evidence], index: int, sentence: str, asked: AskedWords | None
) -> bool:
    """A refusal of the dose text printed under an indication head ("Giảm đau, hạ sốt: trẻ
    dưới 3 tháng … không khuyến cáo") when the question names another head of the same text
    ("còn ống động mạch"): it refuses that use, not the one asked."""
    ev = evidence[index]
    if asked is None or not asked.text or ev.section_key != SectionKey.LIEU_LUONG_CACH_DUNG.value:
        return False
    parts = [
        (i, e)
        for i, e in enumerate(evidence)
        if e.drug_id == ev.drug_id and e.section_key == ev.section_key and not e.quarantined
    ]
    rows = [b for b in parse_blocks(parts) if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)]
    text = shown(sentence)
    own = {b.indication for b in rows if b.evidence_index == index and text in b.text}
    named = named_indications(rows, asked)
    return bool(named) and None not in own and not own & named


def bars_by_weight(text: str, folded: str, weight_kg: float, route: Route | None) -> bool:
    """A refusal by body weight that holds this patient (no suppository under 15 kg, for a
    child of 12 kg), said of no route or of the route asked."""
    band = parse_bands(text).weight
    if band is None or not band.contains(weight_kg) or not not_dosed(folded):
        return False
    routes = routes_in(text, folded)
    return not routes or route in routes


def names_condition(folded: str, term: str) -> bool:
    """The (folded) line names the patient's condition, not only a class of drugs against it
    ("thuốc chống nôn" does not speak of a child who vomits)."""
    t = re.escape(fold(term))
    bare = re.sub(rf"(?<![a-z])chong {t}(?![a-z])", " ", folded)
    # "mọi thuốc hạ sốt loại khác": a class of drugs, not a patient who has a fever.
    bare = re.sub(rf"(?<![a-z])thuoc(?: [a-z]+){{0,4}}? (?:ha|giam|tri) {t}(?![a-z])", " ", bare)
    return contains_phrase(bare, term)


# After "may my child take it" is answered with no bar: what the dose for this child needs.
WEIGHT_FOR_DOSE = "Để xem liều cho bé, cho biết bé nặng bao nhiêu kg."
AGE_WEIGHT_FOR_DOSE = "Để xem liều cho bé, cho biết bé bao nhiêu tuổi và nặng bao nhiêu kg."
DOSE_OFFERS = (WEIGHT_FOR_DOSE, AGE_WEIGHT_FOR_DOSE)


def dose_next(
    frame: QueryFrame, speaks: Sequence[str], found: Sequence[Claim], *, barred: bool
) -> str | None:
    """The line that leads a parent from "uống … được không" to the dose: only for a child,
    only when nothing bars the drug for them (no Chống chỉ định line, no dose-text line whose
    age band holds them, no dose text that starts above their age: `barred`), and only when a
    fact the dose needs is still missing. A refusal by weight ("trẻ dưới 7 kg") is what the
    weight asked for settles."""
    if frame.population is not Population.CHILD or frame.weight_kg is not None or barred:
        return None
    if SectionKey.CHONG_CHI_DINH.value in speaks or frame.attribute in OWN_PATIENT_SECTIONS:
        return None
    if len(frame.drugs) != 1:
        return None
    age = frame.age_months
    if age is not None and any(_holds(claim.text, age) for claim in found):
        return None
    return WEIGHT_FOR_DOSE if age is not None else AGE_WEIGHT_FOR_DOSE


def _holds(text: str, age_months: float) -> bool:
    band = parse_bands(text).age
    return band is not None and band.contains(age_months)


__all__ = [
    "AGE_WEIGHT_FOR_DOSE",
    "DOSE_OFFERS",
    "WEIGHT_FOR_DOSE",
    "another_heads_refusal",
    "bars_by_weight",
    "dose_next",
    "names_condition",
    "only_who",
]
