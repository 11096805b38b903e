"""Stage 2 of condition→drug: what each candidate's own safety sections say about this patient.

The one place safety sentences are chosen, with the one word list: for every facet the
patient context raises (pregnancy, renal impairment, a current medicine, …) the relevant
sections are fetched once, lines are chosen lexically and the facet gets a status stating
what the text says. The list answer quotes these lines and the notices come from these
statuses (safety/safety_report.py); nothing else selects safety sentences. Nothing here
judges suitability: `no_statement_found` means "no line found", never "safe".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum

from core.catalog import DrugCatalog
from core.evidence import DrugCandidate, Evidence
from core.frame import PatientContext
from core.sections import SectionKey
from core.text import contains_phrase, fold, sentences_of
from grounding.candidates import DrugMentions
from safety.facets import (
    Facet,
    FacetAssessment,
    FacetStatus,
    MedicationCandidateAssessment,
    QuotedLine,
)
from understanding.conditions import ALIASES

Fetch = Callable[[str, str], list[Evidence]]
"""`Retriever.find_by_section(drug_id, section_key)`: the whole section, in part order."""

MAX_LINES_PER_FACET = 3

# The word lists for renal and hepatic lines. Whole phrases: a bare "thận" would match
# "Thận trọng", the caution section's own title word.
RENAL_WORDS = (
    "suy thận", "chức năng thận", "bệnh thận", "lọc cầu thận", "ClCr", "eGFR",
    "độ thanh thải", "lọc máu", "thẩm phân", "vô niệu", "thiểu niệu",
)  # fmt: skip
HEPATIC_WORDS = (
    "suy gan", "chức năng gan", "bệnh gan", "xơ gan", "men gan", "hôn mê gan", "viêm gan",
    "transaminase", "enzym gan", "độc gan",
)  # fmt: skip


_RANK = {status: n for n, status in enumerate(FacetStatus)}

_CI = SectionKey.CHONG_CHI_DINH.value
_CAUTION = SectionKey.THAN_TRONG.value
_DOSE = SectionKey.LIEU_LUONG_CACH_DUNG.value
_INTERACTION = SectionKey.TUONG_TAC_THUOC.value
_PREGNANCY = SectionKey.THOI_KY_MANG_THAI.value
_BREASTFEEDING = SectionKey.THOI_KY_CHO_CON_BU.value

FACET_SECTIONS: dict[Facet, tuple[str, ...]] = {
    Facet.PREGNANCY: (_PREGNANCY,),
    Facet.BREASTFEEDING: (_BREASTFEEDING,),
    Facet.RENAL: (_CAUTION, _CI, _DOSE),
    Facet.HEPATIC: (_CAUTION, _CI, _DOSE),
    Facet.ALLERGY: (_CI, _CAUTION),
    Facet.COMORBIDITY: (_CI, _CAUTION),
    # The contraindication list also names forbidden co-medications ("Dùng cùng ...").
    Facet.CURRENT_MEDICINE: (_INTERACTION, _CI),
}

# Patient contexts the formulary words differently ("sau mổ" is written "phẫu thuật").
_CONTEXT_WORDS = {"sau mo": ("phau thuat", "hau phau", "sau mo")}
_CI_CUES = ("chống chỉ định", "không dùng cùng", "không được dùng", "không phối hợp")
_CAUTION_CUES = (
    "không dùng", "không nên", "tránh", "không khuyến cáo", "thận trọng", "cân nhắc",
    "theo dõi", "ngừng", "chỉ dùng khi", "giảm liều", "nguy cơ", "cảnh báo", "liều thấp",
)  # fmt: skip
# A contraindication that is about a combination, not about the facet it happens to name.
_COMBINATION_LEADS = ("dung phoi hop", "dung cung", "dung dong thoi", "phoi hop voi")
_NO_ADJUSTMENT = ("không cần chỉnh liều", "không phải chỉnh liều", "không cần điều chỉnh liều")
_TRIMESTERS = {
    1: ("3 tháng đầu", "ba tháng đầu", "tam cá nguyệt thứ nhất"),
    2: ("3 tháng giữa", "ba tháng giữa", "tam cá nguyệt thứ hai", "nửa sau thai kỳ"),
    3: ("3 tháng cuối", "ba tháng cuối", "tam cá nguyệt thứ ba", "nửa sau thai kỳ"),
}
_BELOW = re.compile(r"(?:<|duoi)\s*(\d+(?:[.,]\d+)?)")
_RANGE = re.compile(r"(?:clcr|loc cau than|thanh thai)[^0-9]{0,30}(\d+)\s*[-–]\s*(\d+)")


def trimester_of(patient: PatientContext) -> int | None:
    if patient.pregnancy_trimester is not None:
        return patient.pregnancy_trimester
    if patient.pregnancy_weeks is None:
        return None
    return 1 if patient.pregnancy_weeks <= 13 else (2 if patient.pregnancy_weeks <= 27 else 3)


def facets_needed(patient: PatientContext) -> list[tuple[Facet, str | None]]:
    """The (facet, subject) pairs the patient context raises, in a fixed order."""
    wanted: list[tuple[Facet, str | None]] = []
    if patient.pregnant:
        wanted.append((Facet.PREGNANCY, None))
    if patient.breastfeeding:
        wanted.append((Facet.BREASTFEEDING, None))
    if patient.renal_impairment or patient.egfr is not None:
        wanted.append((Facet.RENAL, None))
    if patient.hepatic_impairment:
        wanted.append((Facet.HEPATIC, None))
    wanted += [(Facet.ALLERGY, a) for a in dict.fromkeys(patient.allergies) if a.strip()]
    wanted += [(Facet.COMORBIDITY, c) for c in dict.fromkeys(patient.comorbidities) if c.strip()]
    wanted += [
        (Facet.CURRENT_MEDICINE, m) for m in dict.fromkeys(patient.current_medicines) if m.strip()
    ]
    return wanted


def _any(words: Iterable[str]) -> Callable[[str], bool]:
    kept = tuple(w for w in words if w.strip())
    return lambda line: any(contains_phrase(line, w) for w in kept)


def condition_variants(phrase: str) -> tuple[str, ...]:
    """The phrase and its spellings from the understanding alias table (folded)."""
    key = " ".join(fold(phrase).split())
    canonical = ALIASES.get(key)
    out = [key]
    if canonical is not None:
        out += [v for v, c in ALIASES.items() if c == canonical and (len(v) >= 4 or " " in v)]
        out.append(fold(canonical))
    return tuple(dict.fromkeys(out))


def _classify(line: str, section: str, facet: Facet) -> FacetStatus:
    if section == _CI and facet is not Facet.CURRENT_MEDICINE:
        if fold(line).startswith(_COMBINATION_LEADS):
            return FacetStatus.MENTIONED_CAUTION
        return FacetStatus.CONTRAINDICATED_IN_TEXT
    if section == _CI or any(contains_phrase(line, c) for c in _CI_CUES):
        return FacetStatus.CONTRAINDICATED_IN_TEXT
    if section == _DOSE and any(contains_phrase(line, c) for c in _NO_ADJUSTMENT):
        return FacetStatus.MENTIONED
    if section in (_CAUTION, _INTERACTION) or any(contains_phrase(line, c) for c in _CAUTION_CUES):
        return FacetStatus.MENTIONED_CAUTION
    if section == _DOSE and facet in (Facet.RENAL, Facet.HEPATIC):
        return FacetStatus.DOSE_ADJUSTMENT_IN_TEXT
    return FacetStatus.MENTIONED


class _Fit(StrEnum):
    APPLIES = "applies"
    OTHER_PERIOD = "other_period"
    """Limited to a trimester or an eGFR threshold the patient is outside of: quoted, capped."""
    OTHER_BAND = "other_band"
    """A dose line for another eGFR band: not this patient's line, not quoted."""


def _fit(line: str, section: str, facet: Facet, patient: PatientContext) -> _Fit:
    if facet is Facet.PREGNANCY:
        trimester = trimester_of(patient)
        named = {
            t for t, words in _TRIMESTERS.items() if any(contains_phrase(line, w) for w in words)
        }
        if trimester is not None and named and trimester not in named:
            return _Fit.OTHER_PERIOD
    if facet is Facet.RENAL and patient.egfr is not None:
        folded = fold(line)
        band = _RANGE.search(folded)
        if band is not None:
            low, high = float(band.group(1)), float(band.group(2))
            return _Fit.APPLIES if low <= patient.egfr <= high else _Fit.OTHER_BAND
        below = _BELOW.search(folded)
        if below is not None and patient.egfr >= float(below.group(1).replace(",", ".")):
            # A dose line for a lower band is another band's regimen; a contraindication
            # below a threshold is still worth quoting, capped.
            return _Fit.OTHER_BAND if section == _DOSE else _Fit.OTHER_PERIOD
    return _Fit.APPLIES


class _Assessor:
    """One call's state: the fetched pool (deduplicated by chunk id) and a fetch cache."""

    def __init__(
        self, fetch: Fetch, patient: PatientContext, mentions: DrugMentions | None
    ) -> None:
        self._fetch = fetch
        self._patient = patient
        self._mentions = mentions
        self._cache: dict[tuple[str, str], list[int]] = {}
        self.pool: list[Evidence] = []
        self._index: dict[str, int] = {}

    def section(self, drug_id: str, section: str) -> list[int]:
        key = (drug_id, section)
        if key not in self._cache:
            indices = []
            for ev in self._fetch(drug_id, section):
                if ev.chunk_id not in self._index:
                    self._index[ev.chunk_id] = len(self.pool)
                    self.pool.append(ev)
                indices.append(self._index[ev.chunk_id])
            self._cache[key] = indices
        return self._cache[key]

    def _selector(self, facet: Facet, subject: str | None) -> Callable[[str], bool]:
        if facet is Facet.RENAL:
            return _any(RENAL_WORDS)
        if facet is Facet.HEPATIC:
            return _any(HEPATIC_WORDS)
        if facet in (Facet.PREGNANCY, Facet.BREASTFEEDING):
            return lambda _line: True
        words = condition_variants(subject or "") + _CONTEXT_WORDS.get(fold(subject or ""), ())
        if facet is Facet.ALLERGY or facet is Facet.CURRENT_MEDICINE:
            words = (fold(subject or ""),)
        named = _any(words)
        ids = self._mentions.in_text(subject or "") if self._mentions else []
        if not ids or self._mentions is None:
            return named
        mentions = self._mentions
        return lambda line: named(line) or any(mentions.mentions(line, d) for d in ids)

    def _sources(self, drug_id: str, facet: Facet, subject: str | None) -> list[tuple[str, str]]:
        """(drug, section) pairs to read: for a current medicine, both interaction sections."""
        pairs = [(drug_id, s) for s in FACET_SECTIONS[facet]]
        if facet is Facet.CURRENT_MEDICINE and self._mentions is not None:
            pairs += [
                (other, _INTERACTION)
                for other in self._mentions.in_text(subject or "")
                if other != drug_id
            ]
        return pairs

    def assess(self, cand: DrugCandidate, facet: Facet, subject: str | None) -> FacetAssessment:
        checked: list[str] = []
        missing: list[str] = []
        lines: list[QuotedLine] = []
        for owner, section in self._sources(cand.drug_id, facet, subject):
            indices = self.section(owner, section)
            label = section if owner == cand.drug_id else f"{owner}:{section}"
            (checked if indices else missing).append(label)
            # The other drug's interaction lines count only where they name this candidate.
            select = (
                self._selector(facet, subject)
                if owner == cand.drug_id
                else self._selector(Facet.CURRENT_MEDICINE, cand.drug_name)
            )
            for index in indices:
                ev = self.pool[index]
                for sentence in sentences_of(ev.text):
                    if not select(sentence):
                        continue
                    fit = _fit(sentence, section, facet, self._patient)
                    if fit is _Fit.OTHER_BAND:
                        continue
                    status = _classify(sentence, section, facet)
                    if (
                        fit is _Fit.OTHER_PERIOD
                        and _RANK[status] < _RANK[FacetStatus.MENTIONED_CAUTION]
                    ):
                        status = FacetStatus.MENTIONED_CAUTION
                    lines.append(
                        QuotedLine(
                            text=sentence,
                            evidence_index=index,
                            chunk_id=ev.chunk_id,
                            drug_id=ev.drug_id,
                            section_key=ev.section_key,
                            status=status,
                        )
                    )
        if not checked:
            status = FacetStatus.NOT_CHECKED
        elif not lines:
            status = FacetStatus.NO_STATEMENT_FOUND
        else:
            status = min((ln.status for ln in lines), key=_RANK.__getitem__)
        # Quote the strongest lines first; a facet with only neutral lines quotes those.
        kept = sorted(lines, key=lambda ln: _RANK[ln.status])[:MAX_LINES_PER_FACET]
        return FacetAssessment(
            facet=facet,
            subject=subject,
            status=status,
            sections_checked=tuple(checked),
            sections_missing=tuple(missing),
            evidence_indices=tuple(dict.fromkeys(ln.evidence_index for ln in kept)),
            chunk_ids=tuple(dict.fromkeys(ln.chunk_id for ln in kept)),
            lines=tuple(kept),
        )


def assess_candidates(
    candidates: Sequence[DrugCandidate],
    patient: PatientContext,
    fetch: Fetch,
    *,
    top: int,
    catalog: DrugCatalog | None = None,
) -> tuple[list[MedicationCandidateAssessment], list[Evidence]]:
    """Assess the first `top` candidates against every facet the patient context raises.

    Returns the assessments and the safety evidence they index into (deduplicated by
    chunk id, in fetch order). With `catalog`, a current medicine is also matched by
    its other names and its own interaction section is read for lines naming the
    candidate. `fetch` errors (e.g. `IndexUnavailable`) propagate.
    """
    if top < 0:
        raise ValueError(f"top must be >= 0, got {top}")
    wanted = facets_needed(patient)
    assessor = _Assessor(fetch, patient, DrugMentions(catalog) if catalog is not None else None)
    out = [
        MedicationCandidateAssessment(
            drug_id=cand.drug_id,
            drug_name=cand.drug_name,
            facets=[assessor.assess(cand, facet, subject) for facet, subject in wanted],
        )
        for cand in list(candidates)[:top]
    ]
    return out, assessor.pool


__all__ = [
    "FACET_SECTIONS",
    "HEPATIC_WORDS",
    "RENAL_WORDS",
    "Fetch",
    "assess_candidates",
    "condition_variants",
    "facets_needed",
    "trimester_of",
]
