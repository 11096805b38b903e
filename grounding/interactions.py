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

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.drug_classes import DrugClass, class_terms, classes_named, own_terms
from core.evidence import Claim, Evidence
from core.sections import SectionKey
from core.text import contains_phrase, fold
from grounding.markup import shown_sentences

ORDER = (SectionKey.CHONG_CHI_DINH.value, SectionKey.TUONG_TAC_THUOC.value)
"""The sections an interaction answer reads, in the order it quotes them."""

# "… uống cùng cisaprid được không": the agent is what follows the joining word.
_PARTNER = re.compile(
    r"(?<![a-z])(?:dung|uong|tiem|phoi hop|ket hop)?\s*"
    r"(?:chung voi|cung voi|cung|chung|voi)\s+(?P<agent>[a-z0-9][a-z0-9 \-]{2,60})"
)
_PARTNER_END = re.compile(
    r"\s+(?:duoc khong|co duoc|co sao|co anh huong|co tuong tac|thi sao|khong|nhe|a|vay)\b.*$"
)
_NOT_AN_AGENT = re.compile(
    r"^(?:thuoc (?:khac|nao)|nhau|nuoc|sua|thuc an|bua an|an|do an|rieng|luc doi|khi doi"
    r"|duoc|khong|ko|co|luc|khi|nay|do|no)\b"
)
_GENERIC = frozenset({"thuoc", "nhom", "loai", "cac", "nhung", "va"})


@dataclass(frozen=True, slots=True)
class Partner:
    """The other agent a one-drug question names: how to show it, the words that find it
    (most specific first: a class's own terms, then the terms it shares with others)."""

    label: str
    terms: tuple[tuple[str, ...], ...]


def partner_of(
    question: str, own_names: Sequence[str] = (), own_classes: Sequence[DrugClass] = ()
) -> Partner | None:
    """What a one-drug question names as the other agent: a class, else its word(s).

    `own_names` and `own_classes` are the asked drug's own ("thuốc chống đông warfarin …"
    names warfarin's class, not a partner).
    """
    masked = fold(question)
    for term in class_terms(own_classes):
        masked = re.sub(rf"(?<![0-9a-z]){re.escape(fold(term))}(?![0-9a-z])", " ", masked)
    named = classes_named(masked)
    if named:
        specific = tuple(dict.fromkeys(t for cls in named for t in own_terms(cls)))
        return Partner(named[0].terms[0], (specific, class_terms(named)))
    found = _PARTNER.search(fold(question))
    if not found:
        return None
    agent = _PARTNER_END.sub("", found["agent"]).strip(" -")
    if not agent or _NOT_AN_AGENT.match(agent) or any(contains_phrase(agent, n) for n in own_names):
        return None
    words = [w for w in agent.split() if w not in _GENERIC]
    if not words or len("".join(words)) < 4:
        return None
    return Partner(" ".join(words), ((" ".join(words),),))


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
