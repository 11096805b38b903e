"""The answer to "may this patient use it?" ("con 4 tuổi sốt, uống X được không"): the lines of
the first section that speaks of this patient (`grounding.limits.can_use_claims`, with the kidney
rows of `grounding.clearance_rows`), and for a child with no bar what the dose still needs
(`grounding.limit_scope.dose_next`). When no line speaks of this child, the first cautions of the
drug and that next step, rather than the whole section."""

from __future__ import annotations

from collections.abc import Sequence

from core.evidence import Answer, Claim, Evidence
from core.frame import QueryFrame
from core.sections import SectionKey, section_title
from grounding.clearance_rows import with_clearance_rows
from grounding.limit_scope import dose_next
from grounding.limits import OWN_SECTION_CLAIMS, youngest_dosed
from grounding.notices import quarantine_notices
from grounding.quoted_lines import section_parts, sentence_claims

_CAUTIONS = SectionKey.THAN_TRONG.value


def _first_cautions(evidence: Sequence[Evidence], drug_id: str | None) -> list[Claim]:
    if drug_id is None:
        return []
    return sentence_claims(section_parts(evidence, drug_id, _CAUTIONS))[:OWN_SECTION_CLAIMS]


def can_use_answer(
    evidence: Sequence[Evidence], drug_id: str | None, name: str, frame: QueryFrame
) -> Answer | None:
    """The can-use answer, or None when no line speaks and nothing leads on to a dose (the
    caller quotes the section asked)."""
    notices = quarantine_notices(ev for ev in evidence if ev.drug_id == drug_id)
    speaks, found = with_clearance_rows(evidence, drug_id, frame)
    if not found:
        # Nothing said of this child: the drug's first cautions, then the way to the dose.
        cautions = _first_cautions(evidence, drug_id)
        offer = dose_next(frame, [_CAUTIONS], cautions, barred=False)
        if not cautions or offer is None or frame.attribute not in (_CAUTIONS, None):
            return None
        lead = f"Dược thư không ghi điều gì riêng cho trường hợp này; {section_title(_CAUTIONS)}"
        return Answer(
            lead=f"{lead} chung của {name}:", claims=tuple(cautions), notices=(*notices, offer)
        )
    titles = " và ".join(f"mục {section_title(k)}" for k in speaks)
    lead = (
        f"{section_title(speaks[0])} của {name} theo Dược thư:"
        if len(speaks) == 1
        else f"{name}: Dược thư ghi ở {titles}:"
    )
    # Only the dose text's one-row answer can be the youngest dosed band.
    dose_only = speaks == [SectionKey.LIEU_LUONG_CACH_DUNG.value] and len(found) == 1
    youngest = dose_only and found == youngest_dosed(evidence, drug_id, frame)
    if youngest:
        lead = (
            f"Dược thư không ghi liều {name} cho trẻ ở tuổi này; mục Liều lượng "
            "và cách dùng chỉ ghi liều cho trẻ từ mức tuổi sau:"
        )
    if offer := dose_next(frame, speaks, found, barred=youngest):
        notices = (*notices, offer)
    return Answer(lead=lead, claims=tuple(found), notices=notices)


__all__ = ["can_use_answer"]
