"""A small grammar for the bands the book prints, over tokens (number, unit, bound, joiner).

"2 - dưới 6 tuổi", "≤ 2 tuổi", "2 tuổi trở xuống", "không quá 6 tuổi", "nhỏ hơn 2 tuổi",
"từ 2 tuổi trở lên", "trên 3 tháng tuổi đến 12 tuổi" are rules of one grammar: each rule is
a sequence of parts, each part a word class of `grounding.book.vocabulary` (or a number),
optional or not. `grounding.bands` runs the rules and turns what they match into bands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from grounding.book.vocabulary import (
    ABOVE_INCLUSIVE,
    ABOVE_STRICT,
    AFTER_BIRTH,
    AGE_UNIT_WORDS,
    AGE_WORD,
    BEFORE,
    BELOW_INCLUSIVE,
    BELOW_STRICT,
    CLEARANCE_UNIT,
    FIRST,
    FOR,
    NOT_AN_AGE_AFTER,
    OPEN_END,
    OR_LESS_AGE,
    OR_LESS_WEIGHT,
    OR_MORE_AGE,
    OR_MORE_WEIGHT,
    STRICT_START,
    TO,
    UPTO,
    WEIGHT_UNIT,
    WEIGHT_WORDS,
    Words,
)

_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[a-z]+|\S")


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int

    @property
    def is_number(self) -> bool:
        return "0" <= self.text[0] <= "9"  # not "³", the book's ≥ in a symbol font


def tokenize(folded: str) -> list[Token]:
    """Numbers, words and single signs of folded text, with where each stands."""
    return [Token(m[0], m.start(), m.end()) for m in _TOKEN.finditer(folded)]


@dataclass(frozen=True)
class WordClass:
    """Phrases of one meaning as token sequences; `not_before` words may not follow one
    (unless they open an `unless_before` phrase: "tuần sau khi sinh" is an age),
    `not_touching` signs may not touch its end, and a phrase of `guarded` may not come
    after a word of `not_after` (a bare "hơn" after "nhỏ" is "nhỏ hơn", no lower bound)."""

    words: Words
    not_before: Words | None = None
    unless_before: Words | None = None
    not_after: tuple[str, ...] = ()
    guarded: tuple[tuple[str, ...], ...] = ()
    not_touching: str = ""
    by_first: dict[str, tuple[tuple[str, ...], ...]] = field(init=False)

    def __post_init__(self) -> None:
        split = sorted({phrase_tokens(p) for p in self.words.folded}, key=len, reverse=True)
        by_first: dict[str, list[tuple[str, ...]]] = {}
        for phrase in split:
            by_first.setdefault(phrase[0], []).append(phrase)
        object.__setattr__(self, "by_first", {k: tuple(v) for k, v in by_first.items()})

    def _barred_after(self, tokens: list[Token], end: int) -> bool:
        if self.not_before is None or not _starts(tokens, end, self.not_before):
            return False
        return self.unless_before is None or not _starts(tokens, end, self.unless_before)

    def match(self, tokens: list[Token], i: int) -> int | None:
        """The end (exclusive) of the longest phrase of the class at token `i`, or None."""
        for phrase in self.by_first.get(tokens[i].text, ()):
            end = i + len(phrase)
            if len(phrase) > 1 and tuple(t.text for t in tokens[i:end]) != phrase:
                continue
            if i > 0 and tokens[i - 1].text in self.not_after and phrase in self.guarded:
                continue
            if self._barred_after(tokens, end):
                continue
            if self.not_touching and _touches(tokens, end, self.not_touching):
                continue
            return end
        return None


def _starts(tokens: list[Token], i: int, words: Words) -> bool:
    texts = tuple(t.text for t in tokens[i : i + 4])
    return any(texts[: len(p)] == p for p in map(phrase_tokens, words.folded))


@lru_cache(maxsize=512)
def phrase_tokens(phrase: str) -> tuple[str, ...]:
    """A folded phrase as the tokens the grammar sees ("<=" is "<", "=")."""
    return tuple(_TOKEN.findall(phrase))


def keys(words: Words) -> frozenset[str]:
    """The phrases of a list as a rule's slot reads them (tokens joined by one space)."""
    return frozenset(" ".join(phrase_tokens(p)) for p in words.folded)


def _touches(tokens: list[Token], i: int, signs: str) -> bool:
    return i < len(tokens) and tokens[i].start == tokens[i - 1].end and tokens[i].text in signs


NUMBER = None
"""A part that is a number ("2", "0,5")."""


@dataclass(frozen=True)
class Part:
    slot: str
    cls: WordClass | None
    optional: bool = False


@dataclass(frozen=True, eq=False)
class Rule:
    """A band phrase: its parts in order, and what may not follow it."""

    name: str
    parts: tuple[Part, ...]
    not_before: Words | None = None
    """Words that may not follow the phrase ("từ 2 tuổi" before "trở xuống")."""
    age_word: bool = False
    """The age is said in "tuổi": its unit is "tuổi" or "tuổi" follows ("trước 65 tuổi")."""
    not_after_sign: str = ""
    """Signs that may not touch the phrase's start ("1/2 - 4 tuổi" is no range)."""


@dataclass(frozen=True)
class Match:
    """Where a rule matched, in tokens and in the folded text, and what each slot read."""

    rule: Rule
    start: int
    end: int
    slots: dict[str, str]

    @property
    def units(self) -> set[str]:
        return {v for k, v in self.slots.items() if k.endswith("unit")}


def _match_parts(
    tokens: list[Token], parts: tuple[Part, ...], i: int, slots: dict[str, str]
) -> tuple[int, dict[str, str]] | None:
    if not parts:
        return i, slots
    part, rest = parts[0], parts[1:]
    if part.cls is None:
        found = i + 1 if i < len(tokens) and tokens[i].is_number else None
    else:
        found = part.cls.match(tokens, i) if i < len(tokens) else None
    if found is not None:
        text = " ".join(t.text for t in tokens[i:found])
        done = _match_parts(tokens, rest, found, {**slots, part.slot: text})
        if done is not None:
            return done
    return _match_parts(tokens, rest, i, slots) if part.optional else None


def _at(tokens: list[Token], rule: Rule, i: int) -> Match | None:
    done = _match_parts(tokens, rule.parts, i, {})
    if done is None:
        return None
    end, slots = done
    if i > 0 and rule.not_after_sign:
        before = tokens[i - 1]
        if before.end == tokens[i].start and (
            before.text in rule.not_after_sign or before.is_number
        ):
            return None
    if rule.not_before is not None and _starts(tokens, end, rule.not_before):
        return None
    said_in_years = slots.get("unit") == "tuoi" or (
        end < len(tokens) and tokens[end].text == "tuoi"
    )
    if rule.age_word and not said_in_years:
        return None
    return Match(rule, i, end, slots)


_ANY_NUMBER = "0"


@lru_cache(maxsize=64)
def _firsts(rule: Rule) -> frozenset[str]:
    """The tokens a rule can begin with (`_ANY_NUMBER` standing for every number)."""
    firsts: set[str] = set()
    for part in rule.parts:
        firsts |= {_ANY_NUMBER} if part.cls is None else set(part.cls.by_first)
        if not part.optional:
            break
    return frozenset(firsts)


def find(
    folded: str, rules: tuple[Rule, ...], tokens: list[Token] | None = None
) -> Iterator[tuple[Match, tuple[int, int]]]:
    """Leftmost, non-overlapping matches of any of `rules` (tried in order at each token),
    with their spans in `folded`."""
    if not any(c.isdecimal() for c in folded):
        return  # every band phrase has a number
    tokens = tokenize(folded) if tokens is None else tokens
    firsts = [(rule, _firsts(rule)) for rule in rules]
    i = 0
    while i < len(tokens):
        key = _ANY_NUMBER if tokens[i].is_number else tokens[i].text
        for rule, starts in firsts:
            if key not in starts:
                continue
            m = _at(tokens, rule, i)
            if m is not None and m.end > i:
                yield m, (tokens[m.start].start, tokens[m.end - 1].end)
                i = m.end
                break
        else:
            i += 1


# -- the word classes -------------------------------------------------------------------
_AGE_UNIT = WordClass(AGE_UNIT_WORDS, not_before=NOT_AN_AGE_AFTER, unless_before=AFTER_BIRTH)
_AGE_WORD = WordClass(AGE_WORD)
_KG = WordClass(WEIGHT_UNIT, not_touching="/")
_ML = WordClass(CLEARANCE_UNIT)
_TO = WordClass(TO)
_UPTO = WordClass(UPTO)
_BELOW = WordClass(Words(BELOW_STRICT.phrases + BELOW_INCLUSIVE.phrases))
# "nhỏ hơn", "ít hơn", "kém hơn" are below: a bare "hơn" is above only without them.
_ABOVE = WordClass(
    Words(ABOVE_STRICT.phrases + ABOVE_INCLUSIVE.phrases),
    not_after=("nho", "it", "kem"),
    guarded=(("hon",),),
)
_STRICT_START = WordClass(STRICT_START)
_OPEN_END = WordClass(OPEN_END)
_OR_MORE_AGE = WordClass(OR_MORE_AGE)
_OR_LESS_AGE = WordClass(OR_LESS_AGE)
_OR_MORE_KG = WordClass(OR_MORE_WEIGHT)
_OR_LESS_KG = WordClass(OR_LESS_WEIGHT)
_BEFORE = WordClass(BEFORE)
_WEIGHT_WORDS = WordClass(WEIGHT_WORDS)
_FOR = WordClass(FOR)
_FIRST = WordClass(FIRST)
_AFTER_BIRTH = WordClass(AFTER_BIRTH)
# A unit before "đầu … sau khi sinh" is the baby's age, though "đầu" alone makes it a time.
_LIFE_UNIT = WordClass(AGE_UNIT_WORDS)
_NUM = Part("value", NUMBER)


def _range(unit: WordClass, *, lead: bool, lo_unit: bool, age_word: bool) -> Rule:
    """ "[trên] 3 [tháng [tuổi]] - [dưới] 12 tuổi": a range, its ends strict where said."""
    parts = [
        Part("lead", _STRICT_START, optional=True) if lead else None,
        Part("lo", NUMBER),
        Part("lo_unit", unit, optional=True) if lo_unit else None,
        Part("lo_age", _AGE_WORD, optional=True) if age_word else None,
        Part("to", _TO),
        Part("open", _OPEN_END, optional=True),
        Part("hi", NUMBER),
        Part("hi_unit", unit),
    ]
    return Rule("range", tuple(p for p in parts if p is not None), not_after_sign="/")


def _rule(name: str, *parts: Part, not_before: str = "", age_word: bool = False) -> Rule:
    after = Words(tuple(not_before.split("|"))) if not_before else None
    return Rule(name, parts, not_before=after, age_word=age_word)


_AGE = Part("unit", _AGE_UNIT)
_YEARS = Part("age", _AGE_WORD, optional=True)
_IN_KG = Part("unit", _KG)
_IN_ML = Part("unit", _ML)

AGE_RANGE = (_range(_AGE_UNIT, lead=True, lo_unit=True, age_word=True),)
AGE_UP = (
    _rule("above", Part("bound", _ABOVE), _NUM, _AGE, not_before="tuổi trở xuống|trở xuống"),
    _rule("or_more", _NUM, _AGE, _YEARS, Part("bound", _OR_MORE_AGE)),
)
AGE_DOWN = (
    _rule("below", Part("bound", _BELOW), _NUM, _AGE),
    _rule("or_less", _NUM, _AGE, _YEARS, Part("bound", _OR_LESS_AGE)),
    # "trước 65 tuổi", "trước 12 tháng tuổi": before an age, never before a time ("trước 2 tuần").
    _rule("before", Part("bound", _BEFORE), _NUM, _AGE, age_word=True),
    # "2 tuần đầu sau khi sinh": the first weeks of life, from birth to before the number.
    _rule(
        "first", _NUM, Part("unit", _LIFE_UNIT), Part("bound", _FIRST), Part("birth", _AFTER_BIRTH)
    ),
)
# "Trẻ em cho tới 2 tuổi", "từ sơ sinh đến 12 tuổi": an upper end without a lower one; only
# an age said in "tuổi" ("dùng đến 6 tháng" is a course length).
AGE_UPTO = (_rule("upto", Part("bound", _UPTO), _NUM, _AGE, age_word=True),)

KG_RANGE = (_range(_KG, lead=False, lo_unit=True, age_word=False),)
KG_UP = (
    _rule("above", Part("bound", _ABOVE), _NUM, _IN_KG, not_before="trở xuống"),
    _rule("or_more", _NUM, _IN_KG, Part("bound", _OR_MORE_KG)),
)
KG_DOWN = (
    _rule("below", Part("bound", _BELOW), _NUM, _IN_KG),
    _rule("or_less", _NUM, _IN_KG, Part("bound", _OR_LESS_KG)),
)
# "Trẻ cân nặng đến 35 kg": up to a weight, said after a weight word.
KG_UPTO = (
    _rule(
        "upto",
        Part("who", _WEIGHT_WORDS),
        Part("for", _FOR, optional=True),
        Part("bound", _UPTO),
        _NUM,
        _IN_KG,
    ),
)

CL_RANGE = (_range(_ML, lead=False, lo_unit=False, age_word=False),)
CL_UP = (_rule("above", Part("bound", _ABOVE), _NUM, _IN_ML),)
CL_DOWN = (_rule("below", Part("bound", _BELOW), _NUM, _IN_ML),)


_INCLUSIVE_BELOW = keys(BELOW_INCLUSIVE) | keys(OR_LESS_AGE) | keys(OR_LESS_WEIGHT)
_STRICT_ABOVE = keys(ABOVE_STRICT)


def inclusive_below(bound: str) -> bool:
    """ "≤ 30", "dưới hoặc bằng 40", "không quá 6 tuổi", "trở xuống": the end counts."""
    return bound in _INCLUSIVE_BELOW


def strict_above(bound: str) -> bool:
    """ "trên 12 tuổi", "> 50 kg": past the number; "từ", "≥", "trên hoặc bằng" include it."""
    return bound in _STRICT_ABOVE


__all__ = [
    "AGE_DOWN",
    "AGE_RANGE",
    "AGE_UP",
    "AGE_UPTO",
    "CL_DOWN",
    "CL_RANGE",
    "CL_UP",
    "KG_DOWN",
    "KG_RANGE",
    "KG_UP",
    "KG_UPTO",
    "Match",
    "Rule",
    "Token",
    "find",
    "inclusive_below",
    "keys",
    "phrase_tokens",
    "strict_above",
    "tokenize",
]
