"""The book's reader: its vocabulary as data, and the one answer to "does this line bar
this patient?" that the dose answer, the condition list and triage share.

`vocabulary` holds the words (units, refusals, conditions, newborn and child words);
`bars` reads a line's age limit once and says whom it bars.
"""

from grounding.book.bars import AgeBar, age_bar, bars, not_dosed, refuses
from grounding.book.vocabulary import Words

__all__ = ["AgeBar", "Words", "age_bar", "bars", "not_dosed", "refuses"]
