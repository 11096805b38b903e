"""List-mode checks: claims name only retrieved candidates, cite their own drug, and rank nothing.

Drug names in free text are found with the catalog's name index (printed name, INN,
aliases, base names without a salt, brands), accent- and case-insensitively, so
"amoxicillin" and "Amoxicilin" are the same drug.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from core.catalog import DrugCatalog
from core.evidence import Answer, Claim, Evidence
from core.text import contains_phrase
from grounding.checks import Verdict

# Preference / ranking wording a factual indication list must not add (folded forms).
RANKING_PHRASES: tuple[str, ...] = (
    "lua chon dau tay",
    "lua chon hang dau",
    "lua chon tot nhat",
    "tot nhat",
    "hieu qua nhat",
    "uu tien",
    "nen dung",
    "nen chon",
    "dau tay",
    "hang dau",
    "first-line",
    "first line",
    "hon so voi",
)


class DrugMentions:
    """Finds which catalog drugs a text names, through the catalog's one name index."""

    def __init__(self, catalog: DrugCatalog) -> None:
        self.catalog = catalog
        self._names = catalog.names

    def in_text(self, text: str) -> list[str]:
        """Drug ids named in `text`, in order of first mention, without duplicates."""
        return list(self._names.find(text))

    def names_of(self, drug_id: str) -> tuple[str, ...]:
        entry = self.catalog.get(drug_id)
        return entry.names() if entry else (drug_id,)

    def mentions(self, text: str, drug_id: str) -> bool:
        """Whether `text` names `drug_id` anywhere (even inside a longer drug's name)."""
        return self._names.names(text, drug_id)


class CandidateSetCheck:
    """Every drug a claim names is a retrieved candidate and the drug of the evidence it cites.

    A claim's subject is its `drug_id`, else the drugs it names. Another drug named inside
    a sentence that is quoted verbatim from the cited evidence is a co-mention of that
    monograph's text (e.g. "phối hợp với amoxicilin"), not a new entry in the list, and is
    allowed only when the claim's own `drug_id` is a candidate.
    """

    name = "candidate_set"

    def __init__(self, candidate_ids: Collection[str], *, catalog: DrugCatalog) -> None:
        self.candidate_ids = frozenset(candidate_ids)
        self._mentions = DrugMentions(catalog)

    def __call__(self, answer: Answer, evidence: Sequence[Evidence]) -> Verdict:
        problems: list[str] = []
        for n, claim in enumerate(answer.claims):
            problems.extend(f"claim {n}: {p}" for p in self._claim_problems(claim, evidence))
        return Verdict.from_problems(self.name, problems)

    def _claim_problems(self, claim: Claim, evidence: Sequence[Evidence]) -> Iterable[str]:
        cited = [evidence[i] for i in claim.citations if 0 <= i < len(evidence)]
        named = self._mentions.in_text(claim.text)
        subject = [claim.drug_id] if claim.drug_id else named
        if not subject:
            yield "names no candidate drug"
        for drug_id in subject:
            if drug_id not in self.candidate_ids:
                yield f"drug {drug_id!r} is not in the retrieved candidate set"
            wrong = {ev.drug_id for ev in cited if ev.drug_id != drug_id}
            if wrong:
                yield f"drug {drug_id!r} cites evidence of {sorted(wrong)}"
        quoted = claim.drug_id is not None and claim.drug_id in self.candidate_ids
        for drug_id in named:
            if drug_id in subject or drug_id in self.candidate_ids:
                continue
            if not (quoted and any(self._mentions.mentions(ev.text, drug_id) for ev in cited)):
                yield f"names {drug_id!r}, which is not in the retrieved candidate set"


class NoRankingCheck:
    """A factual list adds no preference wording ("lựa chọn đầu tay", "tốt nhất", "ưu tiên").

    Wording quoted from the cited evidence itself is the formulary's, so it is allowed;
    the lead-in never may carry it.
    """

    name = "no_ranking"

    def __init__(self, phrases: Sequence[str] = RANKING_PHRASES) -> None:
        # As written: `contains_phrase` folds a phrase when it matches it.
        self.phrases = tuple(phrases)

    def __call__(self, answer: Answer, evidence: Sequence[Evidence]) -> Verdict:
        problems = [f"lead uses ranking wording {p!r}" for p in self._found(answer.lead)]
        for n, claim in enumerate(answer.claims):
            cited = " ".join(evidence[i].text for i in claim.citations if 0 <= i < len(evidence))
            problems.extend(
                f"claim {n} adds ranking wording {p!r}"
                for p in self._found(claim.text)
                if not contains_phrase(cited, p)
            )
        return Verdict.from_problems(self.name, problems)

    def _found(self, text: str) -> list[str]:
        return [p for p in self.phrases if contains_phrase(text, p)]


__all__ = ["RANKING_PHRASES", "CandidateSetCheck", "DrugMentions", "NoRankingCheck"]
