"""For a patient-specific list: the candidate's own safety sentences that touch the patient's facts.

The patient's facts only choose which sentences to quote (pregnancy → "Thời kỳ mang thai",
renal impairment → sentences naming the kidney, current medicines → interaction lines
naming them); nothing is inferred, and no drug is called suitable or safe.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.evidence import Claim, Evidence
from core.frame import PatientContext
from core.sections import SectionKey
from core.text import contains_phrase, sentences_of
from grounding.candidates import DrugMentions

MAX_SAFETY_CLAIMS = 4
SECTION_FIRST_SENTENCES = 2
NOT_AN_ENDORSEMENT = (
    "Danh sách chỉ trích chỉ định và các dòng cảnh báo liên quan; "
    "không suy ra thuốc nào là phù hợp hay an toàn cho người bệnh này."
)

# The one word list for renal and hepatic safety quoting: this list-mode answerer and the
# engine's per-facet assessment both select sentences with it. Whole phrases: a bare
# "thận" would match "Thận trọng", the caution section's own title word.
RENAL_WORDS = (
    "suy thận", "chức năng thận", "bệnh thận", "lọc cầu thận", "ClCr", "eGFR",
    "độ thanh thải", "lọc máu", "thẩm phân", "vô niệu", "thiểu niệu",
)  # fmt: skip
HEPATIC_WORDS = (
    "suy gan", "chức năng gan", "bệnh gan", "xơ gan", "men gan", "hôn mê gan", "viêm gan",
    "transaminase", "enzym gan", "độc gan",
)  # fmt: skip
_CAUTION_SECTIONS = (SectionKey.CHONG_CHI_DINH.value, SectionKey.THAN_TRONG.value)

Selector = Callable[[str], bool]


def _any_of(words: Sequence[str]) -> Selector:
    return lambda sentence: any(contains_phrase(sentence, w) for w in words if w.strip())


def _selectors(
    patient: PatientContext, mentions: DrugMentions
) -> list[tuple[tuple[str, ...], Selector | None]]:
    """(sections, sentence selector) pairs; a None selector means the section's first lines."""
    chosen: list[tuple[tuple[str, ...], Selector | None]] = []
    if patient.pregnant:
        chosen.append(((SectionKey.THOI_KY_MANG_THAI.value,), None))
    if patient.breastfeeding:
        chosen.append(((SectionKey.THOI_KY_CHO_CON_BU.value,), None))
    if patient.renal_impairment or patient.egfr is not None:
        chosen.append(
            ((*_CAUTION_SECTIONS, SectionKey.LIEU_LUONG_CACH_DUNG.value), _any_of(RENAL_WORDS))
        )
    if patient.hepatic_impairment:
        chosen.append(
            ((*_CAUTION_SECTIONS, SectionKey.LIEU_LUONG_CACH_DUNG.value), _any_of(HEPATIC_WORDS))
        )
    if patient.allergies or patient.comorbidities:
        chosen.append((_CAUTION_SECTIONS, _any_of([*patient.allergies, *patient.comorbidities])))
    if patient.current_medicines:
        ids = [d for m in patient.current_medicines for d in mentions.in_text(m)]
        names = list(patient.current_medicines)

        def names_a_medicine(sentence: str) -> bool:
            return any(mentions.mentions(sentence, d) for d in ids) or _any_of(names)(sentence)

        chosen.append(((SectionKey.TUONG_TAC_THUOC.value,), names_a_medicine))
    return chosen


def safety_claims(
    drug_id: str,
    drug_name: str,
    evidence: Sequence[Evidence],
    patient: PatientContext,
    mentions: DrugMentions,
) -> list[Claim]:
    """Verbatim safety sentences of one candidate for this patient, each citing its evidence."""
    claims: list[Claim] = []
    seen: set[str] = set()
    for sections, select in _selectors(patient, mentions):
        in_order = sorted(
            (i for i, ev in enumerate(evidence) if ev.section_key in sections),
            key=lambda i: (sections.index(evidence[i].section_key), evidence[i].part_index),
        )
        for index in in_order:
            ev = evidence[index]
            if ev.drug_id != drug_id or ev.quarantined:
                continue
            sentences = sentences_of(ev.text)
            picked = (
                sentences[:SECTION_FIRST_SENTENCES]
                if select is None
                else list(filter(select, sentences))
            )
            for sentence in picked:
                if sentence not in seen and len(claims) < MAX_SAFETY_CLAIMS:
                    seen.add(sentence)
                    claims.append(
                        Claim(
                            text=f"{drug_name} — {ev.section_title}: {sentence}",
                            citations=(index,),
                            drug_id=drug_id,
                        )
                    )
    return claims


__all__ = [
    "HEPATIC_WORDS",
    "MAX_SAFETY_CLAIMS",
    "NOT_AN_ENDORSEMENT",
    "RENAL_WORDS",
    "safety_claims",
]
