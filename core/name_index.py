"""The name index: every way a corpus lets a user name one of its drugs, and where they do.

It is derived from the catalog, which is read from the ingested corpus, so a new ingest
(the retriever's `refresh`, or the next start) brings a new index; nothing is listed per
drug. For each drug it holds the printed name, the INN, the names in brackets, the
aliases and the drug id; each of those without its salt or ester word; and the brands of
the monograph's Tên thương mại section. Names are keyed by their spelling-folded words in
any order (`core.names`), so "amoxicillin clavulanate", "clavulanat + amoxicilin" and
"Amoxicilin và kali clavulanat" share one key.

Every layer that looks for drug names asks this index: the rules understander, the
Bedrock candidate set, the grounding checks and retrieval's query linking.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Protocol

from core.names import (
    SALT_WORDS,
    base_words,
    content_words,
    ingredient_parts,
    is_known_other_substance,
    is_link,
    is_plain_words,
    is_vietnamese_syllable,
    product_stem,
    spelling,
    split_parentheses,
    text_tokens,
    words_of,
)


class NamedDrug(Protocol):
    """What the index reads from a drug (`core.catalog.DrugEntry` is one); a protocol, so
    the catalog can build its index without the two modules importing each other."""

    @property
    def drug_id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def inn(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def brands(self) -> tuple[str, ...]: ...


Key = tuple[str, ...]

MIN_KEY_CHARS = 3
"""A name shorter than this (letters of its key) is too likely an ordinary word."""
MIN_BRAND_CHARS = 5
"""Letters a brand needs: short product names ("Enap", "Sara") are too often other words."""
MAX_WINDOW = 8
"""The most words one mention may span, link and salt words included."""


class Rank(IntEnum):
    """How directly a form names its drug; a lower rank wins a shared key."""

    NAME = 0  # the printed name, the INN and the names in their brackets
    ALIAS = 1  # the corpus's aliases and the drug id
    BASE = 2  # any of the above without its salt or ester word
    BRAND = 3  # a product listed in the monograph's Tên thương mại section


@dataclass(frozen=True, slots=True)
class NameForm:
    """One way to name a drug: the corpus text, its key and its rank."""

    drug_id: str
    text: str
    key: Key
    rank: Rank


@dataclass(frozen=True, slots=True)
class NameHit:
    """Words `start`..`end` name `drug_ids` (the preferred drug first, then equal ties)."""

    start: int
    end: int
    drug_ids: tuple[str, ...]
    rank: Rank


def _letters(key: Key) -> int:
    return sum(len(w) for w in key)


def _alpha_letters(key: Key) -> int:
    return sum(len(w) for w in key if w.isalpha())


def _forms_of(entry: NamedDrug) -> Iterator[NameForm]:
    named: list[tuple[str, Rank, bool]] = []
    for printed in (entry.name, entry.inn):
        main, inner = split_parentheses(printed)
        named.append((main, Rank.NAME, True))
        named.extend((item, Rank.NAME, False) for item in inner)
    for alias in (*entry.aliases, entry.drug_id.replace("_", " ")):
        main, inner = split_parentheses(alias)
        for item in (*main.split(","), *inner):
            named.append((item, Rank.ALIAS, False))
    for text, rank, is_printed in named:
        words = words_of(text)
        # A bracket or alias of ordinary words ("Dùng trong hô hấp") is a note, not a name.
        if not words or (not is_printed and is_plain_words(words)):
            continue
        key = content_words(words)
        if _letters(key) >= MIN_KEY_CHARS:
            yield NameForm(entry.drug_id, text, key, rank)
        base = base_words(key)
        # A base that is one ordinary word ("kẽm" of "Kẽm sulfat") would match everyday text.
        if (
            base
            and _letters(base) >= MIN_KEY_CHARS
            and (len(base) > 1 or not is_vietnamese_syllable(base[0]))
        ):
            yield NameForm(entry.drug_id, text, base, Rank.BASE)
    for brand in entry.brands:
        words = words_of(brand)
        for variant in dict.fromkeys((words, product_stem(words))):
            key = content_words(variant)
            if (
                _alpha_letters(key) < MIN_BRAND_CHARS
                or is_plain_words(variant)
                or is_known_other_substance(variant)
                or all(w in SALT_WORDS or w.isdigit() for w in key)
            ):
                continue
            yield NameForm(entry.drug_id, brand, key, Rank.BRAND)


class NameIndex:
    """Key → drugs, built once from catalog entries; finds drug names in words and text."""

    def __init__(self, entries: Iterable[NamedDrug]) -> None:
        self._ingredients: dict[str, int] = {}
        self._printed: dict[str, int] = {}
        best: dict[Key, dict[str, Rank]] = {}
        forms: list[NameForm] = []
        for entry in entries:
            parts = max(len(ingredient_parts(entry.name)), len(ingredient_parts(entry.inn)))
            self._ingredients[entry.drug_id] = max(parts, 1)
            self._printed[entry.drug_id] = len(entry.name)
            for form in dict.fromkeys(_forms_of(entry)):
                forms.append(form)
                ranks = best.setdefault(form.key, {})
                ranks[form.drug_id] = min(form.rank, ranks.get(form.drug_id, form.rank))
        # A brand the book lists under several monographs names none of them.
        for ranks in best.values():
            branded = [d for d, r in ranks.items() if r is Rank.BRAND]
            if len(branded) > 1:
                for drug_id in branded:
                    del ranks[drug_id]
        self._forms = tuple(f for f in forms if f.drug_id in best[f.key])
        self._by_key: dict[Key, tuple[tuple[str, ...], Rank]] = {}
        self._keys_of: dict[str, set[Key]] = {}
        for key, ranks in best.items():
            if ranks:
                self._by_key[key] = self._preferred(ranks)
            for drug_id in ranks:
                self._keys_of.setdefault(drug_id, set()).add(key)
        longest = max((len(k) for k in self._by_key), default=1)
        self.max_window = min(MAX_WINDOW, longest + 3)
        # A run of words can only be a name if each word is one a key holds, a salt word
        # (dropped for the base) or a link word: prose is skipped a word at a time.
        self._vocabulary = frozenset(w for key in self._by_key for w in key) | SALT_WORDS
        self._drug_vocabulary = {
            drug_id: frozenset(w for key in keys for w in key) | SALT_WORDS
            for drug_id, keys in self._keys_of.items()
        }

    def _preferred(self, ranks: dict[str, Rank]) -> tuple[tuple[str, ...], Rank]:
        """Best rank first; among equals the fewest ingredients (a single-substance
        monograph before a combination), then the shorter printed name."""
        order = sorted(ranks, key=lambda d: (ranks[d], self._ingredients[d], self._printed[d], d))
        top = order[0]
        ties = [
            d
            for d in order
            if ranks[d] == ranks[top] and self._ingredients[d] == self._ingredients[top]
        ]
        return tuple(ties), ranks[top]

    def forms(self) -> tuple[NameForm, ...]:
        """Every form that names a drug (brands shared between drugs left out)."""
        return self._forms

    def ingredients(self, drug_id: str) -> int:
        """How many substances the drug's printed name or INN joins (1 when unknown)."""
        return self._ingredients.get(drug_id, 1)

    def lookup(self, words: Sequence[str]) -> tuple[tuple[str, ...], Rank] | None:
        """The drugs a run of folded words names as a whole, or None.

        The words as written are tried first, then without salt words ("tramadol HCl").
        """
        key = content_words(list(words))
        if not key:
            return None
        found = self._by_key.get(key)
        if found is None:
            base = base_words(key)
            found = self._by_key.get(base) if base else None
        return found

    def knows(self, word: str) -> bool:
        """Whether one folded word is by itself a name of some drug."""
        return self.lookup((word,)) is not None

    def scan(
        self,
        words: Sequence[str],
        *,
        breaks: frozenset[int] = frozenset(),
        skip: frozenset[int] = frozenset(),
    ) -> list[NameHit]:
        """Names in `words`, left to right, longest first; no name spans a break or a
        skipped word, and none starts or ends on a link word."""
        hits: list[NameHit] = []
        i = 0
        while i < len(words):
            hit = None if i in skip or is_link(words[i]) else self.match_at(words, i, breaks, skip)
            if hit is None:
                i += 1
                continue
            hits.append(hit)
            i = hit.end
        return hits

    def match_at(
        self,
        words: Sequence[str],
        i: int,
        breaks: frozenset[int] = frozenset(),
        skip: frozenset[int] = frozenset(),
    ) -> NameHit | None:
        """The longest name starting at word `i`, if any."""
        for end in range(self._run_end(words, i, self._vocabulary, breaks), i, -1):
            if not self.window_ok(words, i, end, breaks, skip):
                continue
            found = self.lookup(words[i:end])
            if found is not None:
                return NameHit(i, end, *found)
        return None

    def _run_end(
        self, words: Sequence[str], i: int, vocabulary: frozenset[str], breaks: frozenset[int]
    ) -> int:
        """The end of the longest run from `i` that could hold one name (`i` if none)."""
        end = i
        limit = min(len(words), i + self.max_window)
        while end < limit and (end == i or end not in breaks):
            word = words[end]
            if not is_link(word) and spelling(word) not in vocabulary:
                break
            end += 1
        return end

    @staticmethod
    def window_ok(
        words: Sequence[str], i: int, end: int, breaks: frozenset[int], skip: frozenset[int]
    ) -> bool:
        """A run of words that may hold one name: no break or skipped word inside, and it
        neither starts nor ends on a link word."""
        if is_link(words[i]) or is_link(words[end - 1]):
            return False
        return not any(j in skip for j in range(i, end)) and not any(
            j in breaks for j in range(i + 1, end)
        )

    def find(self, text: str, *, ties: bool = False) -> tuple[str, ...]:
        """Drug ids named in free text, in order of mention, each once.

        With `ties`, a name two monographs share equally gives both (for searching);
        otherwise the preferred one.
        """
        words, breaks = text_tokens(text)
        found: list[str] = []
        for hit in self.scan(words, breaks=breaks):
            found.extend(hit.drug_ids if ties else hit.drug_ids[:1])
        return tuple(dict.fromkeys(found))

    def names(self, text: str, drug_id: str) -> bool:
        """Whether `text` names `drug_id` anywhere, even inside a longer drug's name."""
        keys = self._keys_of.get(drug_id)
        if not keys:
            return False
        vocabulary = self._drug_vocabulary[drug_id]
        words, breaks = text_tokens(text)
        for i in range(len(words)):
            for end in range(i + 1, self._run_end(words, i, vocabulary, breaks) + 1):
                if not self.window_ok(words, i, end, breaks, frozenset()):
                    continue
                key = content_words(words[i:end])
                base = base_words(key)
                if key in keys or (base is not None and base in keys):
                    return True
        return False


__all__ = [
    "MAX_WINDOW",
    "MIN_BRAND_CHARS",
    "MIN_KEY_CHARS",
    "NameForm",
    "NameHit",
    "NameIndex",
    "NamedDrug",
    "Rank",
]
