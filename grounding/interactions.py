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
    # a product named beside the drug that the formulary has no monograph for ("uống luôn
    # viên canxi"), when the question's wording named no partner
    agent = frame.partner or next(iter(frame.unknown_drugs), None)
    if not agent or any(contains_phrase(agent, n) for n in own_names):
        return None
    return Partner(agent, ((agent, *book_spellings(agent)),))


_BOOK_SPELLINGS = (
    # people spell minerals as they say them, or in English; the book writes the Latin
    # forms ("viên canxi" is the book's "calci", "magie" its "magnesi")
    (("canxi", "can xi", "calcium"), "calci"),
    (("magie", "magiê", "magnesium"), "magnesi"),
    (("iron",), "sắt"),
    (("zinc",), "kẽm"),
    (("aluminium", "aluminum"), "nhôm"),
    (("potassium",), "kali"),
)


def book_spellings(agent: str) -> tuple[str, ...]:
    """The book's spelling of a mineral the person named their own way ("canxi" → "calci")."""
    return tuple(
        book for said, book in _BOOK_SPELLINGS if any(contains_phrase(agent, w) for w in said)
    )


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


MAX_ANSWER_CHARS = 400
"""What a pair's answer (lead, lines and notices) should stay under, as every short answer."""
LONG_LINE_CHARS = 120
"""A line this long, of several clauses, may be said by its advice clause alone."""
_CLAUSE = re.compile(r"(?<=;)\s+")
_ADVICE = re.compile(
    r"(?<!\w)(?:tránh|không nên|nên|không được|không dùng|phải|cần|theo dõi|giảm liều|tạm ngừng"
    r"|chống chỉ định|cách (?:nhau|xa))(?!\w)"
)


def compact(claims: Sequence[Claim], room: int, evidence: Sequence[Evidence] = ()) -> list[Claim]:
    """The lines as they fit `room` characters: when they do not, long lines of several
    clauses ("Omeprazol: ức chế CYP2C19, …; tránh phối hợp, nếu cần … nên chọn pantoprazol.")
    are said by their last clause that tells what to do, verbatim and cited as before, the
    last line first, until the rest fits (the first line keeps why, when it can); then a
    contraindication that is not about giving the two together (an allergy to the class, a
    history: "Quá mẫn với … aspirin") is left to its section, while another line remains;
    then a long list naming the partner among many, then a line another says word for word
    (each drug keeps a line, and its interactions line when one was quoted)."""
    out = list(claims)
    for k in range(len(out) - 1, -1, -1):
        if _length(out) <= room:
            break
        clauses = _CLAUSE.split(out[k].text)
        advice = [c for c in clauses if _ADVICE.search(c.lower())]
        if len(out[k].text) >= LONG_LINE_CHARS and len(clauses) > 1 and advice:
            out[k] = Claim(text=advice[-1], citations=out[k].citations)
    if _length(out) > room and evidence:
        kept = [c for c in out if not _not_together(c, evidence)]
        out = kept or out
    for k in range(len(out) - 1, -1, -1):
        # a long list that names the partner among many ("Dùng cùng thuốc ức chế mạnh CYP3A4:
        # itraconazol, ketoconazol, …"), while a line on the two remains
        rest = out[:k] + out[k + 1 :]
        listed = out[k].text.count(",") >= LIST_COMMAS
        if _length(out) > room and rest and listed and _keeps_sides(rest, out, evidence):
            del out[k]
    for k in range(len(out) - 1, -1, -1):
        # a line whose every word another line says ("tạm ngừng simvastatin trong đợt dùng
        # clarithromycin" beside "… phải tạm ngừng simvastatin trong suốt đợt điều trị")
        rest = out[:k] + out[k + 1 :]
        again = _said_again(out[k], rest)
        if _length(out) > room and again and _keeps_sides(rest, out, evidence):
            del out[k]
    return out


LIST_COMMAS = 4
"""A line naming this many items or more is a list: the pair is one of its names."""
_WORD = re.compile(r"\w+")


def _keeps_sides(rest: Sequence[Claim], out: Sequence[Claim], evidence: Sequence[Evidence]) -> bool:
    """The lines left still cite every drug the answer cites, and each drug's interactions
    section when it was quoted (each side keeps its word)."""
    return _sides(rest, evidence) == _sides(out, evidence)


def _sides(claims: Sequence[Claim], evidence: Sequence[Evidence]) -> set[tuple[str, str]]:
    cited = [evidence[i] for c in claims for i in c.citations if i < len(evidence)]
    interactions = SectionKey.TUONG_TAC_THUOC.value
    return {(ev.drug_id, "") for ev in cited} | {
        (ev.drug_id, ev.section_key) for ev in cited if ev.section_key == interactions
    }


def _said_again(claim: Claim, others: Sequence[Claim]) -> bool:
    words = set(_WORD.findall(claim.text.lower()))
    return any(words <= set(_WORD.findall(o.text.lower())) for o in others)


def _length(claims: Sequence[Claim]) -> int:
    return sum(len(c.text) + 1 for c in claims)


_TOGETHER = re.compile(
    r"(?<!\w)(?:dùng cùng|dùng đồng thời|đồng thời|phối hợp|cùng với|kết hợp)(?!\w)"
)


def _not_together(claim: Claim, evidence: Sequence[Evidence]) -> bool:
    """A contraindication line that says nothing of giving the two together."""
    section = evidence[claim.citations[0]].section_key if claim.citations else ""
    return section == SectionKey.CHONG_CHI_DINH.value and not _TOGETHER.search(claim.text.lower())


def sections_quoted(claims: Sequence[Claim], evidence: Sequence[Evidence]) -> list[str]:
    """The sections the claims come from, in the order they are quoted."""
    keys = {evidence[c.citations[0]].section_key for c in claims if c.citations}
    return [k for k in ORDER if k in keys]


__all__ = [
    "MAX_ANSWER_CHARS",
    "ORDER",
    "Partner",
    "compact",
    "naming_claims",
    "partner_claims",
    "partner_of",
    "sections_quoted",
]
