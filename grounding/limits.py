"""What a monograph says about one patient's condition or age: "có dùng được không?".

Checks Chống chỉ định first, then the age limits in the dosing text, then Thận trọng,
and quotes the first section that speaks. Sentences are quoted verbatim (markup removed).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.evidence import Claim, Evidence
from core.frame import QueryFrame
from core.sections import SectionKey
from core.text import contains_phrase, fold, sentences_of
from grounding.bands import parse_bands
from grounding.blocks import shown

CAN_USE_ORDER = (
    SectionKey.CHONG_CHI_DINH.value,
    SectionKey.LIEU_LUONG_CACH_DUNG.value,
    SectionKey.THAN_TRONG.value,
)
MAX_LIMIT_CLAIMS = 4
_ASKS_CAN_USE = re.compile(
    r"(?:co )?(?:dung|uong|tiem|xai|su dung)(?: \w+){0,4} (?:duoc|dc) (?:khong|ko|k)\b"
    r"|co (?:duoc|nen) (?:dung|uong)|dung duoc khong|an toan khong|co sao khong"
)
_NEGATION = re.compile(r"khong (?:duoc |nen )?dung|chong chi dinh|tranh dung|khong khuyen")
# A pregnancy or breastfeeding question is also answered from its own section.
_OWN_SECTIONS = frozenset({SectionKey.THOI_KY_MANG_THAI.value, SectionKey.THOI_KY_CHO_CON_BU.value})
_CAN_USE_SECTIONS = frozenset(
    {SectionKey.CHONG_CHI_DINH.value, SectionKey.THAN_TRONG.value, None} | _OWN_SECTIONS
)
OWN_SECTION_CLAIMS = 3


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
    return [t for t in terms if t]


def is_can_use(frame: QueryFrame) -> bool:
    """A drug question about whether this patient may use it (not a dose, not a list)."""
    if not frame.drugs or frame.attribute not in _CAN_USE_SECTIONS:
        return False
    asks = bool(_ASKS_CAN_USE.search(fold(frame.standalone_query)))
    return asks and (bool(_terms(frame)) or frame.age_months is not None)


def _speaks(sentence: str, terms: Sequence[str], age_months: float | None) -> bool:
    if any(contains_phrase(sentence, t) for t in terms):
        return True
    if age_months is None:
        return False
    band = parse_bands(sentence).age
    return band is not None and band.contains(age_months)


def age_limits(evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame) -> list[Claim]:
    """Contraindication lines whose age band contains the patient ("Trẻ em dưới 15 tuổi.")."""
    if frame.age_months is None:
        return []
    return _claims(evidence, drug_id, SectionKey.CHONG_CHI_DINH.value, [], frame.age_months)


def _claims(
    evidence: Sequence[Evidence],
    drug_id: str | None,
    section: str,
    terms: Sequence[str],
    age_months: float | None,
    *,
    negated_only: bool = False,
) -> list[Claim]:
    claims: list[Claim] = []
    for index, ev in enumerate(evidence):
        if ev.quarantined or ev.section_key != section or (drug_id and ev.drug_id != drug_id):
            continue
        for sentence in sentences_of(ev.text):
            text = shown(sentence)
            if not text or not _speaks(text, terms, age_months):
                continue
            if negated_only and not _NEGATION.search(fold(text)):
                continue
            claims.append(Claim(text=text, citations=(index,)))
    return claims[:MAX_LIMIT_CLAIMS]


def sections_for(frame: QueryFrame) -> list[str]:
    """The sections a can-I-use question reads, in the order they are asked."""
    if frame.attribute in _OWN_SECTIONS:
        return [SectionKey.CHONG_CHI_DINH.value, str(frame.attribute)]
    return list(CAN_USE_ORDER)


def _own_section(evidence: Sequence[Evidence], drug_id: str | None, section: str) -> list[Claim]:
    return [
        Claim(text=shown(s), citations=(i,))
        for i, ev in enumerate(evidence)
        if ev.section_key == section
        and not ev.quarantined
        and (not drug_id or ev.drug_id == drug_id)
        for s in sentences_of(ev.text)
        if shown(s)
    ][:OWN_SECTION_CLAIMS]


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
        if section in _OWN_SECTIONS:
            found = _own_section(evidence, drug_id, section)
        else:
            dosing = section == SectionKey.LIEU_LUONG_CACH_DUNG.value
            found = _claims(
                evidence,
                drug_id,
                section,
                [] if dosing else terms,
                frame.age_months,
                negated_only=dosing,
            )
        if found:
            spoke.append(section)
            claims += found
            if frame.attribute not in _OWN_SECTIONS:
                break
    return spoke, claims


__all__ = ["CAN_USE_ORDER", "age_limits", "can_use_claims", "is_can_use", "sections_for"]
