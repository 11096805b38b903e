"""The book's reader: its vocabulary as data, and the one answer to "does this line bar
this patient?" that the dose answer, the condition list and triage share.

`vocabulary` holds the words (units, bounds, joiners, refusals, conditions, newborn and
child words); `grammar` reads band phrases over tokens by rules made of those words; `bands`
turns what the rules match into age, weight and clearance bands; `bars` reads a line's age
limit once and says whom it bars.
"""

from grounding.book.bands import Band, Bands, age_bands, parse_bands
from grounding.book.bars import AgeBar, age_bar, bars, not_dosed, refuses
from grounding.book.grammar import Rule, find, tokenize
from grounding.book.vocabulary import Words

__all__ = [
    "AgeBar",
    "Band",
    "Bands",
    "Rule",
    "Words",
    "age_bands",
    "age_bar",
    "bars",
    "find",
    "not_dosed",
    "parse_bands",
    "refuses",
    "tokenize",
]
