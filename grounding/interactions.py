"""Interaction answers: the lines of each drug's own text that name the other agent.

The book names an interacting agent by its name ("warfarin") or by its class ("thuốc
chống đông coumarin", "thuốc ức chế MAO"), in Tương tác thuốc and, when the pair must
not be given together, in Chống chỉ định. A drug's classes come from its ATC codes
(core/drug_classes.py), so warfarin is found in an ibuprofen line that says "coumarin".
Contraindication lines come first: they are what a pharmacist checks first.

A one-drug question may name its partner by class ("carbamazepin dùng với thuốc ức chế
MAO") or by a name the formulary has no monograph for ("fluconazol uống cùng cisaprid"):
the lines naming that class or word answer it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.drug_classes import CLASSES, class_terms, own_terms
from core.evidence import Claim, Evidence
from core.frame import QueryFrame
from core.sections import SectionKey
from core.text import contains_phrase
from grounding.markup import shown_sentences

_BY_KEY = {cls.key: cls for cls in CLASSES}
ORDER = (SectionKey.CHONG_CHI_DINH.value, SectionKey.TUONG_TAC_THUOC.value)
"""The sections an interaction answer reads, in the order it quotes them."""


@dataclass(frozen=True, slots=True)
class Partner:
    """The other agent a one-drug question names: how to show it, the words that find it
    (most specific first: a class's own terms, then the terms it shares with others)."""

    label: str
    terms: tuple[tuple[str, ...], ...]


def partner_of(frame: QueryFrame, own_names: Sequence[str] = ()) -> Partner | None:
    """What a one-drug question names as the other agent (`QueryFrame.partner_classes`,
    `.partner`, read by understanding): a class, else its word(s); never the asked drug
    itself (`own_names`)."""
    named = [cls for key in frame.partner_classes if (cls := _BY_KEY.get(key)) is not None]
    if named:
        specific = tuple(dict.fromkeys(t for cls in named for t in own_terms(cls)))
        return Partner(named[0].terms[0], (specific, class_terms(named)))
    agent = frame.partner
    if not agent or any(contains_phrase(agent, n) for n in own_names):
        return None
    return Partner(agent, ((agent,),))


Names = Callable[[str, str], bool]
"""(sentence, drug id) → whether the sentence of that drug's text speaks of the other agent."""


def naming_claims(
    evidence: Sequence[Evidence],
    drug_ids: Sequence[str],
    *tiers: Names,
) -> list[Claim]:
    """For each drug, the lines of its Chống chỉ định then Tương tác thuốc that speak of the
    other agent; contraindications first.

    `tiers` go from the most to the least specific reading (by name, then by class): a
    section that names the other drug is quoted for those lines only, so a class word
    ("statin") does not pull in a line about a sibling drug ("Atorvastatin: …").
    """
    claims: list[Claim] = []
    seen: set[str] = set()
    for section in ORDER:
        for drug_id in drug_ids:
            lines = [
                (index, sentence)
                for index, ev in enumerate(evidence)
                if ev.drug_id == drug_id and ev.section_key == section and not ev.quarantined
                for sentence in shown_sentences(ev.text)
            ]
            for names in tiers:
                hits = [(i, s) for i, s in lines if s not in seen and names(s, drug_id)]
                if hits:
                    seen.update(s for _, s in hits)
                    claims.extend(Claim(text=s, citations=(i,)) for i, s in hits)
                    break
    return claims


def partner_claims(evidence: Sequence[Evidence], drug_id: str, partner: Partner) -> list[Claim]:
    """The drug's lines naming the partner, by its most specific terms that find any."""
    for terms in partner.terms:
        claims = naming_claims(evidence, [drug_id], _naming(terms))
        if claims:
            return claims
    return []


def _naming(terms: Sequence[str]) -> Callable[[str, str], bool]:
    return lambda sentence, _drug: any(contains_phrase(sentence, t) for t in terms)


def sections_quoted(claims: Sequence[Claim], evidence: Sequence[Evidence]) -> list[str]:
    """The sections the claims come from, in the order they are quoted."""
    keys = {evidence[c.citations[0]].section_key for c in claims if c.citations}
    return [k for k in ORDER if k in keys]


__all__ = [
    "ORDER",
    "Partner",
    "naming_claims",
    "partner_claims",
    "partner_of",
    "sections_quoted",
]
