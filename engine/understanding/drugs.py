"""Finding formulary drugs in a turn: exact names first, then small typos with rapidfuzz.

A near neighbour is only accepted when it is close for its length and unambiguous; a
drug-like word that matches nothing is reported as unknown rather than guessed.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from engine.catalog import DrugCatalog
from engine.understanding.text import Turn, fold

# Connecting words dropped from both names and text, so "amoxicilin + acid clavulanic" and
# "Amoxicilin và acid clavulanic" share one key.
_LINK_WORDS = frozenset({"va", "and", "acid", "axit", "natri", "kali", "voi", "thuoc"})
_NAME_TOKEN = re.compile(r"[a-z0-9]+")
_VI_SYLLABLE = re.compile(
    r"^(ngh|ng|gh|gi|kh|nh|ph|th|tr|ch|qu|[bcdghklmnprstvx])?"
    r"(uye|uya|uyu|oai|oay|oeo|uoi|uou|uay|uai|ieu|yeu|uoc|ai|ao|au|ay|eo|eu|ia|ie|iu|oa|oe|oi|"
    r"ua|ue|ui|uo|uu|uy|ye|[aeiouy])"
    r"(ch|nh|ng|[cmnpt])?$"
)


def _split_words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Common medicines that are not in the demo formulary. They are recognised as drug names
# (so the engine can say "not in the formulary") and are never fuzzily mapped to a catalog
# neighbour (prednison is not prednisolon; esomeprazol is not omeprazol).
KNOWN_NON_CATALOG = _split_words(
    "prednison prednisone methylprednisolon methylprednisolone dexamethason dexamethasone "
    "esomeprazol esomeprazole pantoprazol pantoprazole lansoprazol rabeprazol cefixim cefixime "
    "cefalexin cephalexin cefaclor cefdinir cefpodoxim ceftazidim cefotaxim levofloxacin "
    "ofloxacin moxifloxacin erythromycin doxycyclin doxycycline tetracyclin penicilin penicillin "
    "ampicilin ampicillin cloxacilin gentamicin vancomycin tamiflu oseltamivir acyclovir aciclovir "
    "insulin morphin morphine tramadol codein codeine naproxen celecoxib etoricoxib piroxicam "
    "nifedipin nifedipine bisoprolol metoprolol atenolol propranolol valsartan telmisartan "
    "irbesartan captopril lisinopril perindopril rosuvastatin pravastatin fenofibrat glimepirid "
    "glibenclamid sitagliptin acarbose ranitidin famotidin lansoprazole metoclopramid "
    "alverin drotaverin smecta berberin fexofenadin desloratadin chlorpheniramin "
    "montelukast budesonid ambroxol bromhexin acetylcystein dextromethorphan alprazolam "
    "lorazepam phenobarbital levetiracetam gabapentin pregabalin sertralin fluoxetin "
    "amitriptylin haloperidol olanzapin risperidon rivaroxaban apixaban dabigatran enoxaparin "
    "ivermectin albendazol mebendazol vitamin sildenafil viagra misoprostol oxytocin "
    "hydrocortison betamethason tobramycin neomycin nystatin clotrimazol ketoconazol "
    "itraconazol terbinafin mupirocin fusidic febuxostat benzbromaron "
    "spiramycin cotrimoxazol sulfamethoxazol nitrofurantoin tinidazol secnidazol dioxin "
    "dopamin dopamine dobutamin adrenalin adrenaline noradrenalin epinephrin atropin lidocain "
    "lidocaine procain ketamin propofol midazolam fentanyl methadon levodopa clonidin clozapin "
    "salmeterol granisetron glipizid ramipril amiodaron nitroglycerin digitoxin menadion "
    "ketoprofen aceclofenac roxithromycin clonazepam flunarizin heroin nicotin"
)


@dataclass(frozen=True)
class DrugMention:
    """A catalog drug found in the turn, with the token range it covers."""

    drug_id: str
    start: int
    end: int
    surface: str
    exact: bool


def is_vietnamese_syllable(token: str) -> bool:
    """True when a folded token could be one Vietnamese syllable (so it is not a drug name)."""
    return bool(_VI_SYLLABLE.match(token))


def _key(tokens: list[str] | tuple[str, ...]) -> str:
    return " ".join(t for t in tokens if t not in _LINK_WORDS)


def _max_distance(length: int) -> int:
    if length < 5:
        return 0
    return 1 if length <= 7 else 2


def _words_close(query: str, name: str) -> bool:
    left, right = query.split(), name.split()
    if len(left) != len(right):
        return False
    return all(
        OSA.distance(a, b) <= _max_distance(len(b)) for a, b in zip(left, right, strict=True)
    )


class DrugMatcher:
    """Pre-built lookups over every catalog surface form; `find` walks a turn once."""

    def __init__(self, catalog: DrugCatalog) -> None:
        self._exact: dict[str, str] = {}
        self._fuzzy_single: dict[str, dict[str, str]] = defaultdict(dict)
        self._fuzzy_multi: dict[int, dict[str, str]] = defaultdict(dict)
        self._max_tokens = 1
        self._multi_first: set[str] = set()
        # Printed names and INNs claim a key before aliases do.
        for pass_aliases in (False, True):
            for entry in catalog:
                names = entry.aliases if pass_aliases else (entry.name, entry.inn)
                for name in names:
                    self._add(name, entry.drug_id)
        self._blocked = KNOWN_NON_CATALOG - set(self._exact)
        self._single_names = {c: list(names) for c, names in self._fuzzy_single.items()}
        self._multi_names = {n: list(names) for n, names in self._fuzzy_multi.items()}

    def _add(self, name: str, drug_id: str) -> None:
        tokens = _NAME_TOKEN.findall(fold(name or ""))
        key = _key(tokens)
        if not key or len(key) < 3 or key in self._exact:
            return
        self._exact[key] = drug_id
        parts = key.split()
        self._max_tokens = max(self._max_tokens, len(tokens))
        if len(tokens) > 1:
            self._multi_first.add(tokens[0])
        if len(parts) == 1 and len(key) >= 5 and key.isalpha():
            self._fuzzy_single[key[0]][key] = drug_id
        elif len(parts) > 1:
            self._fuzzy_multi[len(parts)][key] = drug_id

    def find(self, turn: Turn, skip: frozenset[int] = frozenset()) -> list[DrugMention]:
        """Drug mentions left to right, longest name first; tokens in `skip` are ignored."""
        found: list[DrugMention] = []
        tokens = turn.tokens
        i = 0
        while i < len(tokens):
            if i in skip or tokens[i] in _LINK_WORDS:
                i += 1
                continue
            mention = self._match_at(turn, i, skip)
            if mention is None:
                i += 1
                continue
            found.append(mention)
            i = mention.end
        return found

    def _match_at(self, turn: Turn, i: int, skip: frozenset[int]) -> DrugMention | None:
        tokens = turn.tokens
        first = tokens[i]
        # Several-word names are only tried from a word that could start one (or a typo of it).
        could_start = first in self._multi_first or (
            len(first) >= 5 and not is_vietnamese_syllable(first)
        )
        longest = min(self._max_tokens, len(tokens) - i) if could_start else 1
        for n in range(longest, 0, -1):
            window = tokens[i : i + n]
            if any(j in skip for j in range(i, i + n)) or window[-1] in _LINK_WORDS:
                continue
            key = _key(window)
            drug_id = self._exact.get(key)
            if drug_id is not None:
                return self._mention(turn, drug_id, i, i + n, exact=True)
            parts = key.split()
            if n > 1 and len(parts) > 1 and not any(p.isdigit() for p in parts):
                drug_id = self._closest(
                    key, self._fuzzy_multi.get(len(parts), {}), self._multi_names.get(len(parts))
                )
                if drug_id is not None:
                    return self._mention(turn, drug_id, i, i + n, exact=False)
        token = tokens[i]
        if len(token) >= 5 and token.isalpha() and not is_vietnamese_syllable(token):
            if token in self._blocked:
                return None
            drug_id = self._closest(
                token, self._fuzzy_single.get(token[0], {}), self._single_names.get(token[0])
            )
            if drug_id is not None:
                return self._mention(turn, drug_id, i, i + 1, exact=False)
        return None

    @staticmethod
    def _closest(query: str, choices: dict[str, str], names: list[str] | None) -> str | None:
        limit = _max_distance(len(query))
        if not names or limit == 0:
            return None
        hits = process.extract(query, names, scorer=OSA.distance, score_cutoff=limit, limit=3)
        # Each word of a several-word name must itself be close ("vitamin c" is not
        # "vitamin k1"), and a name keeps its first two letters ("dopamin" is not "Depakine").
        hits = [h for h in hits if _words_close(query, h[0]) and h[0][:2] == query[:2]]
        if not hits:
            return None
        best = hits[0][1]
        ids = {choices[name] for name, score, _ in hits if score == best}
        # Two different drugs equally close: that is a guess, not a match.
        return ids.pop() if len(ids) == 1 else None

    @staticmethod
    def _mention(turn: Turn, drug_id: str, start: int, end: int, *, exact: bool) -> DrugMention:
        a, b = turn.spans[start][0], turn.spans[end - 1][1]
        return DrugMention(drug_id, start, end, turn.original[a:b], exact)

    def is_known_non_catalog(self, token: str) -> bool:
        return token in self._blocked


__all__ = ["KNOWN_NON_CATALOG", "DrugMatcher", "DrugMention", "is_vietnamese_syllable"]
