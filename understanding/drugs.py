"""Finding formulary drugs in a turn: the catalog's name index first, then small typos.

Names, INNs, salt-free base names, combinations by their parts and brands come from the
one name index (`core.name_index`). A near neighbour is only accepted when it is close
for its length and unambiguous; a drug-like word that matches nothing is reported as
unknown rather than guessed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from core.catalog import DrugCatalog
from core.name_index import NameIndex, Rank
from core.names import (
    KNOWN_NON_CATALOG,
    content_words,
    is_link,
    is_vietnamese_syllable,
    span_breaks,
    spelling,
)
from understanding.home_brands import HOME_BRANDS, HOME_NICKNAMES, OTHER_NAMES
from understanding.name_parts import MIN_COMBINATION_PART, combination_parts, own_words
from understanding.spoken_names import SpokenNames, voice_name
from understanding.text import Turn


@dataclass(frozen=True)
class DrugMention:
    """A catalog drug found in the turn, with the token range it covers."""

    drug_id: str
    start: int
    end: int
    surface: str
    exact: bool


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


MIN_SHORT_NAME = 4
"""Letters a typed short name needs ("para", "cipro"), but for `SYLLABLE_SHORT`."""
SYLLABLE_SHORT = 3
"""A printed name's first open syllables, three letters ending in a vowel before a consonant
("ibu|profen", "azi|thromycin", "amo|xicilin"): people say these at home ("ibu", "azi")."""
_VOWELS = frozenset("aeiouy")
NOT_SHORT_NAMES = frozenset(("alo", "flu", "pre", "ace"))
"""Three letters that are everyday words before they are a drug ("alô", the flu, "pre-")."""


def _syllable_short(name: str) -> str | None:
    """The three-letter short name of a printed one-word name, if it ends an open syllable."""
    if len(name) <= SYLLABLE_SHORT + 2 or not name.isalpha():
        return None
    short = name[:SYLLABLE_SHORT]
    if short[-1] not in _VOWELS or name[SYLLABLE_SHORT] in _VOWELS:
        return None
    if short in NOT_SHORT_NAMES or is_vietnamese_syllable(short):
        return None
    return short


def _unique_prefixes(
    names: Iterable[tuple[str, str]],
    ingredients: Callable[[str], int],
    printed: frozenset[str] = frozenset(),
) -> dict[str, str]:
    """Each beginning (4 letters up to 3 short of the whole) of a one-word name that begins
    one drug's one-word names: "para" → paracetamol, "amox" → amoxicillin; and the
    `SYLLABLE_SHORT` beginning of a `printed` name ("ibu" → ibuprofen).

    A beginning shared by one single substance and combinations that contain more than one
    ("amox": amoxicillin and amoxiclav) is the single substance's, as the name index ranks
    equal names; one shared by one printed name and other drugs' product names ("clari":
    clarithromycin and Claritin) is the printed name's; shared otherwise, it is nobody's.
    """
    owners: dict[str, set[str]] = defaultdict(set)
    by_printed: dict[str, set[str]] = defaultdict(set)
    syllables: set[str] = set()
    for name, drug_id in names:
        short = _syllable_short(name) if name in printed else None
        if short is not None:
            syllables.add(short)
        for end in range(SYLLABLE_SHORT, len(name) - 2):
            owners[name[:end]].add(drug_id)
            if name in printed:
                by_printed[name[:end]].add(drug_id)
    found: dict[str, str] = {}
    for prefix, ids in owners.items():
        if len(prefix) < MIN_SHORT_NAME and prefix not in syllables:
            continue
        singles = [d for d in ids if ingredients(d) == 1]
        named = by_printed.get(prefix, set())
        if len(ids) == 1 or len(singles) == 1:
            found[prefix] = singles[0] if singles else next(iter(ids))
        elif len(named) == 1 and len(prefix) >= MIN_SHORT_NAME:
            found[prefix] = next(iter(named))
    return found


# A word after a product's name that makes it another, combined product ("Panadol Extra" adds
# caffeine, "Panadol Cold & Flu" a decongestant): not the single substance the name is sold as.
_COMBINED_WITH = frozenset(("extra", "plus", "cold", "flu", "codein", "codeine", "cafein", "sinus"))


def _brand_beginnings(brands: dict[str, str]) -> dict[str, str]:
    """The beginnings of the pharmacy products people buy by (4 letters up to 3 short of the
    whole, as `_unique_prefixes`): "moti cho bé" is Motilium's; a beginning two products of
    different drugs share, or an everyday syllable, names nobody."""
    owners: dict[str, set[str]] = defaultdict(set)
    for brand, _substance in HOME_BRANDS:
        name = brand.casefold()
        drug_id = brands.get(spelling(name))
        for end in range(MIN_SHORT_NAME, len(name) - 2):
            if drug_id is not None:
                owners[spelling(name[:end])].add(drug_id)
    return {
        b: ids.pop()
        for b, ids in owners.items()
        if len(ids) == 1 and b.isalpha() and not is_vietnamese_syllable(b)
    }


class DrugMatcher:
    """The catalog's name index plus typo tables over its names; `find` walks a turn once."""

    def __init__(self, catalog: DrugCatalog) -> None:
        self._names: NameIndex = catalog.names
        fuzzy_single: dict[str, dict[str, str]] = defaultdict(dict)
        fuzzy_multi: dict[int, dict[str, str]] = defaultdict(dict)
        # Brands are matched exactly only: a typo of a product name is too weak a signal.
        for form in self._names.forms():
            if form.rank is Rank.BRAND:
                continue
            found = self._names.lookup(form.key)
            if found is None:
                continue
            key, drug_id = " ".join(form.key), found[0][0]
            if len(form.key) == 1 and len(key) >= 5 and key.isalpha():
                fuzzy_single[key[0]].setdefault(key, drug_id)
            elif len(form.key) > 1:
                fuzzy_multi[len(form.key)].setdefault(key, drug_id)
        self._fuzzy_single = dict(fuzzy_single)
        printed = frozenset(
            " ".join(f.key) for f in self._names.forms() if f.rank is Rank.NAME and len(f.key) == 1
        )
        self._prefixes = _unique_prefixes(
            (key for names in fuzzy_single.values() for key in names.items()),
            self._names.ingredients,
            printed,
        )
        self._combinations = combination_parts(
            {key: drug for names in fuzzy_multi.values() for key, drug in names.items()},
            self._names.ingredients,
        )
        self._own_words = own_words(
            {key: drug for names in fuzzy_multi.values() for key, drug in names.items()},
            frozenset(key for names in fuzzy_single.values() for key in names),
        )
        self._fuzzy_multi = dict(fuzzy_multi)
        self._single_names = {c: list(names) for c, names in fuzzy_single.items()}
        self._multi_names = {n: list(names) for n, names in fuzzy_multi.items()}
        self._multi_words = frozenset(
            w for names in fuzzy_multi.values() for key in names for w in key.split()
        )
        self._home_brands = self._brands_of_home()
        self._brand_beginnings = _brand_beginnings(self._home_brands)
        self._nicknames = self._nicknames_of_home()
        self._spoken = SpokenNames.of(self._names, fuzzy_single, self._home_brands)
        self._other_names = self._other_names_of()
        # A corpus that names one of the "known elsewhere" medicines makes it a name again,
        # and so does one naming the substance a product of it is sold as ("smecta").
        self._blocked = frozenset(
            spelling(w)
            for w in KNOWN_NON_CATALOG
            if not self._names.knows(w) and spelling(w) not in self._home_brands
        )

    def _brands_of_home(self) -> dict[str, str]:
        """`HOME_BRANDS` whose substance the corpus names and whose product name it does not."""
        found: dict[str, str] = {}
        for brand, substance in HOME_BRANDS:
            key = spelling(brand.casefold())
            drugs = self._names.lookup(tuple(spelling(w) for w in substance.split()))
            if drugs is not None and not self._names.knows(key):
                found[key] = drugs[0][0]
        return found

    def _nicknames_of_home(self) -> dict[tuple[str, ...], str]:
        """`HOME_NICKNAMES` whose substance the corpus names, by their folded words."""
        found: dict[tuple[str, ...], str] = {}
        for nickname, substance in HOME_NICKNAMES:
            drugs = self._names.lookup(tuple(spelling(w) for w in substance.split()))
            if drugs is not None:
                found[Turn.of(nickname).tokens] = drugs[0][0]
        return found

    def _other_names_of(self) -> dict[tuple[str, ...], str]:
        """`OTHER_NAMES` whose substance the corpus names, by their words in one spelling,
        longest first (so "benzathin penicilin" is tried before "benzathin")."""
        found: dict[tuple[str, ...], str] = {}
        for name, substance in sorted(OTHER_NAMES, key=lambda n: -len(n[0].split())):
            drugs = self._names.lookup(tuple(spelling(w) for w in substance.split()))
            key = tuple(spelling(w) for w in Turn.of(name).tokens)
            if drugs is not None and self._names.lookup(Turn.of(name).tokens) is None:
                found[key] = drugs[0][0]
        return found

    def find(self, turn: Turn, skip: frozenset[int] = frozenset()) -> list[DrugMention]:
        """Drug mentions left to right, longest name first; tokens in `skip` are ignored."""
        found: list[DrugMention] = []
        tokens = turn.tokens
        breaks = span_breaks(turn.folded, turn.spans)
        i = 0
        while i < len(tokens):
            if i in skip or is_link(tokens[i]):
                i += 1
                continue
            mention = self._match_at(turn, i, skip, breaks)
            if mention is None:
                i += 1
                continue
            found.append(mention)
            i = mention.end
        return found

    def _match_at(
        self, turn: Turn, i: int, skip: frozenset[int], breaks: frozenset[int]
    ) -> DrugMention | None:
        tokens = turn.tokens
        first = tokens[i]
        # Several-word typos are only tried from a word that could start one.
        could_start = spelling(first) in self._multi_words or (
            len(first) >= 5 and not is_vietnamese_syllable(first)
        )
        for end in range(min(len(tokens), i + self._names.max_window), i, -1):
            if not NameIndex.window_ok(tokens, i, end, breaks, skip):
                continue
            found = self._names.lookup(tokens[i:end])
            if found is not None:
                return self._mention(turn, found[0][0], i, end, exact=True)
            key = content_words(tokens[i:end])
            if could_start and len(key) > 1 and not any(p.isdigit() for p in key):
                drug_id = self._closest(
                    " ".join(key),
                    self._fuzzy_multi.get(len(key), {}),
                    self._multi_names.get(len(key)),
                )
                if drug_id is not None:
                    return self._mention(turn, drug_id, i, end, exact=False)
        for words, drug_id in self._nicknames.items():
            end = i + len(words)
            if tuple(tokens[i:end]) == words and NameIndex.window_ok(tokens, i, end, breaks, skip):
                return self._mention(turn, drug_id, i, end, exact=False)
        for words, drug_id in self._other_names.items():
            end = i + len(words)
            said = tuple(spelling(t) for t in tokens[i:end])
            if said == words and NameIndex.window_ok(tokens, i, end, breaks, skip):
                return self._mention(turn, drug_id, i, end, exact=False)
        combination = self._short_combination(tokens, i, breaks, skip)
        if combination is not None:
            return self._mention(turn, combination, i, i + 2, exact=False)
        names = self._fuzzy_single.get(first[0], {})
        split = voice_name(  # "sao butamol": salbutamol, by a voice
            tokens[i : i + 2], i + 1 in breaks or i + 1 in skip, self._one_word, names
        )
        if split is not None:
            return self._mention(turn, split, i, i + 2, exact=False)
        token = spelling(first)
        if len(first) >= 5 and first.isalpha() and not is_vietnamese_syllable(first):
            if token in self._blocked:
                return None
            drug_id = self._one_word(token)
            if drug_id is not None:
                return self._mention(turn, drug_id, i, i + 1, exact=False)
        if first.isalpha() and not is_vietnamese_syllable(first) and token not in self._blocked:
            # "para", "cipro", "amox": the short name a pharmacist types for one drug;
            # "isosorbid": a word of one drug's several-word name; "Tatanol": a product.
            combined = i + 1 < len(tokens) and tokens[i + 1] in _COMBINED_WITH
            drug_id = (
                (None if combined else self._home_brands.get(token))
                or self._prefixes.get(token)
                or self._own_words.get(token)
                or self._brand_beginnings.get(token)
            )
            if drug_id is not None:
                return self._mention(turn, drug_id, i, i + 1, exact=False)
        # "a mô xi xi lin", "xê phu rô xim": a name dictated, or written as heard
        spoken = self._spoken.at(tokens, i, breaks, skip)
        return None if spoken is None else self._mention(turn, spoken[0], i, spoken[1], exact=False)

    def _one_word(self, word: str) -> str | None:
        """The drug a one-word name typed a little wrong is, if only one is that close."""
        return self._closest(
            word, self._fuzzy_single.get(word[0], {}), self._single_names.get(word[0])
        )

    def _short_combination(
        self, tokens: tuple[str, ...], i: int, breaks: frozenset[int], skip: frozenset[int]
    ) -> str | None:
        """Two short parts of one combination's two-word name, in either order: "amox-clav",
        "amoxi/clav", "clav amox" (each part the beginning of a different word)."""
        if i + 1 >= len(tokens) or (i + 1) in breaks or (i + 1) in skip:
            return None
        left, right = tokens[i], tokens[i + 1]
        if not all(
            len(p) >= MIN_COMBINATION_PART and p.isalpha() and not is_vietnamese_syllable(p)
            for p in (left, right)
        ):
            return None
        found = {
            drug_id
            for (a, b), drug_id in self._combinations.items()
            if (a.startswith(left) and b.startswith(right))
            or (a.startswith(right) and b.startswith(left))
        }
        return found.pop() if len(found) == 1 else None

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
        return spelling(token) in self._blocked


__all__ = ["KNOWN_NON_CATALOG", "DrugMatcher", "DrugMention", "is_vietnamese_syllable"]
