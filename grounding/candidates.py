"""List-mode checks: claims name only retrieved candidates, cite their own drug, and rank nothing.

Drug names in free text are found with the catalog (printed name, INN, aliases), accent-
and case-insensitively, so "amoxicillin" and "Amoxicilin" are the same drug.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

from engine.catalog import DrugCatalog
from grounding.checks import Verdict
from grounding.evidence import Answer, Claim, Evidence
from grounding.text import contains_phrase, fold

# Aliases shorter than this are too likely to be ordinary syllables to match in prose.
MIN_ALIAS_CHARS = 4

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
    """Finds which catalog drugs a text names."""

    def __init__(self, catalog: DrugCatalog) -> None:
        self.catalog = catalog
        names: list[tuple[str, str]] = []
        for entry in catalog:
            for i, name in enumerate(entry.names()):
                folded = fold(name)
                if i > 0 and len(folded) < MIN_ALIAS_CHARS:
                    continue
                names.append((folded, entry.drug_id))
        names.sort(key=lambda pair: len(pair[0]), reverse=True)
        self._names = names
        self._pattern = (
            re.compile(
                r"(?<![0-9a-z])(" + "|".join(re.escape(n) for n, _ in names) + r")(?![0-9a-z])"
            )
            if names
            else None
        )
        self._by_name = dict(names)
        self._per_drug: dict[str, re.Pattern[str]] = {}

    def in_text(self, text: str) -> list[str]:
        """Drug ids named in `text`, in order of first mention, without duplicates."""
        if self._pattern is None:
            return []
        found = (self._by_name[m.group(1)] for m in self._pattern.finditer(fold(text)))
        return list(dict.fromkeys(found))

    def names_of(self, drug_id: str) -> tuple[str, ...]:
        entry = self.catalog.get(drug_id)
        return entry.names() if entry else (drug_id,)

    def mentions(self, text: str, drug_id: str) -> bool:
        """Whether `text` names `drug_id` anywhere (even inside a longer drug's name)."""
        pattern = self._per_drug.get(drug_id)
        if pattern is None:
            names = [
                fold(n)
                for n in self.names_of(drug_id)
                if len(fold(n)) >= MIN_ALIAS_CHARS or n == self.catalog.name_of(drug_id)
            ]
            alternatives = "|".join(re.escape(n) for n in names if n) or r"(?!x)x"
            pattern = re.compile(rf"(?<![0-9a-z])(?:{alternatives})(?![0-9a-z])")
            self._per_drug[drug_id] = pattern
        return pattern.search(fold(text)) is not None


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
        self.phrases = tuple(fold(p) for p in phrases)

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
