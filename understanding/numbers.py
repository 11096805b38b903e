"""Numbers said in words before an age or a weight ("bảy mươi hai tuổi", "hai mươi lăm ký",
"mười sáu ký", "3 chục ký", "nặng 1 tạ"): the turn with those words written as digits.

The digits are padded with spaces to the words' length, so every position of the folded text
still points at the same place of what the user typed (an age's quote stays theirs).
"""

from __future__ import annotations

import re
from dataclasses import replace

from understanding.text import Turn

UNITS = {
    "mot": 1, "mo": 1, "hai": 2, "ba": 3, "bon": 4, "tu": 4, "nam": 5, "lam": 5, "nham": 5,
    "sau": 6, "bay": 7, "tam": 8, "chin": 9,
}  # fmt: skip
"""The ones said in words, folded ("bốn" and "tư" are 4, "năm", "lăm" and "nhăm" 5)."""
SMALL_WORDS = "muoi mot|muoi hai|mot|hai|ba|bon|nam|sau|bay|tam|chin|muoi"
"""A count from one to twelve in words (a regex alternation, longest first), as a child's
months or years are said ("mười một tháng", "ba tuổi")."""


def word_value(words: str) -> int:
    """The value of folded number words from `SMALL_WORDS` ("muoi hai" 12, "muoi" 10)."""
    tens, _, ones = words.partition(" ")
    if tens == "muoi":
        return 10 + (UNITS[ones] if ones else 0)
    return UNITS[words]


_TENS = r"(hai|ba|bon|nam|sau|bay|tam|chin)"
_ONES = r"(mot|hai|ba|bon|tu|nam|lam|nham|sau|bay|tam|chin)"
# "bảy mươi hai", "ba mươi", "hai chục", "mười sáu", "mười lăm": tens and ones in words.
_WORDS = re.compile(
    rf"(?<![a-z0-9]){_TENS} (?:muoi|chuc)(?: {_ONES})?(?![a-z0-9])"
    rf"|(?<![a-z0-9])muoi {_ONES}(?![a-z0-9])"
    # "mười ký", "nặng đúng chục ký": ten alone, right before its unit ("vài chục ký" is some).
    r"|(?<![a-z0-9])(?<!vai )(?<!may )(?<!hang )(?<!\d )(?:muoi|chuc)"
    r"(?= (?:ruoi )?(?:tuoi|ky|ki|kg|kilo|can)(?![a-z]))"
)
# "3 chục ký": tens counted in digits.
_DIGIT_TENS = re.compile(r"(?<![a-z0-9.,])(\d) chuc(?![a-z0-9])")
# "nặng 1 tạ" (a hundred kilos), said of a weight only.
_QUINTALS = re.compile(r"(?<![a-z])(nang|can nang|can) (?:khoang |tam |gan )?(\d) ta(?![a-z0-9])")
# "nặng có 1 yến 2": a "yến" is ten kilos ("1 yến rưỡi" 15 kg); "bố em 7 bó rồi": a "bó" is
# ten years in slang ("7 bó 2" 72), said with its accent ("7 bố con" is no age).
_TENS_OF = re.compile(r"(?<![a-z0-9.,])(\d) (yen|bo)(?: (ruoi|\d)(?![a-z0-9]|[.,]\d))?(?![a-z0-9])")
_TENS_UNIT = {"yen": "ky", "bo": "t"}
# "nặng một yến hai", "hai yến rưỡi": the count of "yến" said in words, as a voice types it.
_WORD_TENS_OF = re.compile(
    r"(?<![a-z0-9])(mot|hai|ba|bon|nam|sau|bay|tam|chin) yen"
    r"(?: (ruoi|mot|hai|ba|bon|tu|nam|lam|sau|bay|tam|chin))?(?![a-z0-9])"
)
# "con e 2 yen ruoi, 8 tuoi": a patient told by age and weight, the weight in "yến".
_AGE_TOO = re.compile(r"(?<![a-z])\d{1,2} ?(?:tuoi|t)(?![a-z])")
_NEAR_WEIGHT_WORD = 16
"""How far before an unmarked "yen" the word "nặng" may be."""
# "nặng tám ký", "bảy cân rưỡi": a count from one to nine said alone, right before a weight's
# unit (a voice types the word); not the ones of a longer number ("hai mươi tám ký" is read
# whole above). "tư" alone is no count ("tự ký"); unmarked, "can" may be "cần" and is left.
_ONE_BEFORE_WEIGHT = re.compile(
    r"(?<![a-z0-9])(?<!muoi )(?<!chuc )(?<!\d )(mot|hai|ba|bon|nam|sau|bay|tam|chin)"
    r"(?= (?:ruoi )?(ky|ki|kg|kilo|can)(?![a-z]))"
)
_WEIGHT_UNITS_MARKED = frozenset(("ký", "kí", "kg", "kilo", "cân"))
# "thai tám tuần", "bầu được sáu tuần": the weeks of a pregnancy said in words, after "thai"
# or "bầu" (a count alone before "tuần" elsewhere may be how long).
_ONE_WEEKS_OF_PREGNANCY = re.compile(
    r"(?<![a-z])(?:thai|bau)(?: (?:duoc|dc|khoang|da|moi|gan|tam))* "
    r"(mot|hai|ba|bon|nam|sau|bay|tam|chin)(?= tuan(?![a-z]))"
)
# What a number in words counts when the turn has no accents to tell "sáu" from "sau": the
# unit right after it.
_UNIT_AFTER = re.compile(r"\s*(?:ruoi\s*)?(?:tuoi|ky|ki|kg|kilo|can|tuan)(?![a-z])")
# The accented words a number is made of: "sau mười ngày" (after ten days) is no number.
_NUMBER_WORDS = frozenset(
    [
        "một",
        "hai",
        "ba",
        "bốn",
        "tư",
        "năm",
        "lăm",
        "nhăm",
        "sáu",
        "bảy",
        "tám",
        "chín",
        "mười",
        "mươi",
        "chục",
        "mốt",
    ]
)


def with_digits(turn: Turn) -> Turn:
    """The turn with numbers said in words before an age or weight written as digits (the
    same turn when there are none)."""
    text = turn.folded
    if not (
        "muoi" in text
        or "chuc" in text
        or " ta" in text
        or " yen" in text
        or " bo" in text
        or _ONE_BEFORE_WEIGHT.search(text)
        or _ONE_WEEKS_OF_PREGNANCY.search(text)
    ):
        return turn
    out = list(text)
    changed = False
    for match in _WORDS.finditer(text):
        if not _a_number(turn, match):
            continue
        tens = UNITS[match.group(1)] if match.group(1) else 1
        ones = match.group(2) or match.group(3)
        changed |= _write(out, match.span(), tens * 10 + (UNITS[ones] if ones else 0))
    for match in _ONE_BEFORE_WEIGHT.finditer(text):
        if _one_said(turn, match.start(1), match.start(2), _WEIGHT_UNITS_MARKED, match.group(2)):
            changed |= _write(out, match.span(1), UNITS[match.group(1)])
    for match in _ONE_WEEKS_OF_PREGNANCY.finditer(text):
        if _one_said(turn, match.start(1), match.end(1) + 1, frozenset(("tuần",)), "tuan"):
            changed |= _write(out, match.span(1), UNITS[match.group(1)])
    for match in _DIGIT_TENS.finditer(text):
        if _UNIT_AFTER.match(text, match.end()):
            changed |= _write(out, match.span(), int(match.group(1)) * 10)
    for match in _QUINTALS.finditer(text):
        changed |= _write(out, match.span(2), int(match.group(2)) * 100, through=match.end())
    for match in _WORD_TENS_OF.finditer(text):
        if _yen_said(turn, text, match.start(), match.start() + len(match.group(1)) + 1):
            tail = match.group(2)
            value = UNITS[match.group(1)] * 10 + (5 if tail == "ruoi" else UNITS.get(tail or "", 0))
            changed |= _write(out, match.span(), value, suffix=" ky")
    for match in _TENS_OF.finditer(text):
        unit = match.group(2)
        if unit == "bo" and not (turn.marked and _word_at(turn, match.start(2)) == "bó"):
            continue
        if unit == "yen" and not _yen_said(turn, text, match.start(), match.start(2)):
            continue
        tail = match.group(3)
        value = int(match.group(1)) * 10 + (5 if tail == "ruoi" else int(tail or 0))
        said = f"{value} {_TENS_UNIT[unit]}"
        if len(said) <= match.end() - match.start():
            out[match.start() : match.end()] = list(said.ljust(match.end() - match.start()))
            changed = True
    if not changed:
        return turn
    folded = "".join(out)
    spans = tuple(m.span() for m in re.finditer(r"[a-z0-9]+", folded))
    tokens = tuple(folded[a:b] for a, b in spans)
    return replace(turn, folded=folded, tokens=tokens, spans=spans)


def _yen_said(turn: Turn, text: str, start: int, unit_at: int) -> bool:
    """ "yến" is a weight's unit: typed with its accent, or unmarked after "nặng" or with an
    age ("1 yen nhat" is money)."""
    if turn.marked:
        return _word_at(turn, unit_at) == "yến"
    return "nang" in text[max(0, start - _NEAR_WEIGHT_WORD) : start] or bool(_AGE_TOO.search(text))


def _word_at(turn: Turn, start: int) -> str:
    """The word as typed (lowercase) that starts at `start` of the folded text."""
    return turn.original[start:].split(" ", 1)[0].lower().rstrip(",.;!?")


def _one_said(
    turn: Turn, start: int, unit_at: int, marked_units: frozenset[str], unit: str
) -> bool:
    """A single number word before its unit: with both accented as a number and its unit when
    the turn has marks ("tạm ký" is none); unmarked, any unit but "can" ("ba can" may be "bà
    cần")."""
    if not turn.marked:
        return unit != "can"
    return _word_at(turn, start) in _NUMBER_WORDS and _word_at(turn, unit_at) in marked_units


def _a_number(turn: Turn, match: re.Match[str]) -> bool:
    """Words that are a number: with their accents when the turn has them, else followed by
    an age's or a weight's unit."""
    if not turn.marked:
        return _UNIT_AFTER.match(turn.folded, match.end()) is not None
    words = turn.original[match.start() : match.end()].lower().split()
    return all(w in _NUMBER_WORDS for w in words)


def _write(
    out: list[str], span: tuple[int, int], value: int, *, through: int = 0, suffix: str = ""
) -> bool:
    """Write `value` (and `suffix`) over the span, padded with spaces (to `through` when
    given)."""
    start, end = span[0], max(span[1], through)
    digits = f"{value}{suffix}"
    if len(digits) > end - start:
        return False
    out[start:end] = list(digits.ljust(end - start))
    return True


__all__ = ["SMALL_WORDS", "UNITS", "with_digits", "word_value"]
