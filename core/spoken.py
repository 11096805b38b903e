"""Amounts said aloud and typed by a phone's dictation ("một trăm hai mươi lăm mi li gam trên
năm mi li", "hai phẩy năm mi li"): the same text with the amounts in digits and the units
as they are printed ("125 mg/5 ml", "2,5 ml").

Only number words right before a unit are rewritten, and only unit words that name nothing
else ("mi li gam", "mi crô gam", "mi li"); "gam" is a unit only after a number. The units
count as said wherever they stand, so "mấy mi li" asks ml like "mấy ml".
"""

from __future__ import annotations

import re

from core.text import fold_aligned

_DIGITS = {
    "khong": 0, "mot": 1, "hai": 2, "ba": 3, "bon": 4, "tu": 4, "nam": 5, "lam": 5,
    "nham": 5, "sau": 6, "bay": 7, "tam": 8, "chin": 9,
}  # fmt: skip
_WORDS = (*_DIGITS, "muoi", "chuc", "tram", "nghin", "ngan", "le", "linh", "ruoi", "phay")
_NUMBER = r"(?:" + "|".join(_WORDS) + r")"
# The printed unit of each spoken one, longest first (folded; "mi-li-gam" as dictated too).
_SEP = r"[\s-]*"
_UNITS: tuple[tuple[str, str], ...] = (
    (rf"mi{_SEP}li{_SEP}gr?am", "mg"),
    (rf"mi{_SEP}(?:cro|crô){_SEP}gr?am|mi{_SEP}crogam", "mcg"),
    (rf"mi{_SEP}li{_SEP}lit|mi{_SEP}li(?!{_SEP}(?:met|mét))", "ml"),
)
_UNIT = re.compile(
    r"(?<![a-z0-9])(?:" + "|".join(f"(?P<u{i}>{p})" for i, (p, _) in enumerate(_UNITS)) + r")"
    r"(?![a-z0-9])"
)
_SAID_AMOUNT = re.compile(
    rf"(?<![a-z0-9])(?P<words>{_NUMBER}(?: {_NUMBER})*) (?P<unit>mg|mcg|ml|gr?am)(?![a-z0-9])"
)


def _below_thousand(words: list[str]) -> int | None:
    """ "một trăm hai mươi lăm" 125, "một trăm hai lăm" 125, "một trăm hai" 120 (the tens
    said alone after the hundreds), "hai trăm rưỡi" 250, "mười lăm" 15, "năm" 5."""
    value = 0
    if "tram" in words:
        at = words.index("tram")
        head = words[:at]
        if len(head) > 1 or (head and head[0] not in _DIGITS):
            return None
        value, words = (_DIGITS[head[0]] if head else 1) * 100, words[at + 1 :]
        if words == ["ruoi"]:
            return value + 50
        if len(words) == 1 and words[0] in _DIGITS:
            return value + _DIGITS[words[0]] * 10
        if len(words) == 2 and all(w in _DIGITS for w in words):
            return value + _DIGITS[words[0]] * 10 + _DIGITS[words[1]]
    if not words:
        return value
    if words[0] in ("le", "linh") and len(words) == 2 and words[1] in _DIGITS:
        return value + _DIGITS[words[1]]
    tens, rest = 0, words
    if words[0] == "muoi":
        tens, rest = 10, words[1:]
    elif len(words) > 1 and words[1] in ("muoi", "chuc") and words[0] in _DIGITS:
        tens, rest = _DIGITS[words[0]] * 10, words[2:]
    if len(rest) > 1 or (rest and rest[0] not in _DIGITS):
        return None
    return value + tens + (_DIGITS[rest[0]] if rest else 0)


def said_number(folded_words: str) -> str | None:
    """The digits of folded number words ("mot tram hai muoi lam" → "125", "hai phay nam" →
    "2,5", "mot nghin" → "1000"), or None when they are no number."""
    words = folded_words.split()
    if "phay" in words:
        at = words.index("phay")
        whole, decimals = said_number(" ".join(words[:at])), words[at + 1 :]
        if whole is None or not decimals or any(w not in _DIGITS for w in decimals):
            return None
        return whole + "," + "".join(str(_DIGITS[w]) for w in decimals)
    thousands = 0
    for mark in ("nghin", "ngan"):
        if mark in words:
            at = words.index(mark)
            head = _below_thousand(words[:at]) if words[:at] else 1
            if head is None:
                return None
            thousands, words = head * 1000, words[at + 1 :]
            if words == ["ruoi"]:
                return str(thousands + 500)
            if len(words) == 1 and words[0] in _DIGITS:
                return str(thousands + _DIGITS[words[0]] * 100)
    rest = _below_thousand(words) if words else 0
    if rest is None or (not words and not thousands):
        return None
    return str(thousands + rest)


def written_amounts(text: str) -> str:
    """`text` with its spoken units printed ("mi li gam" → "mg") and the number words right
    before a unit in digits; the same text when it says none."""
    folded = fold_aligned(text)
    # a number said in words before a printed unit too ("hai mg trong năm ml")
    if not any(unit in folded for unit in ("mi", "gam", "gram", "mg", "ml", "mcg")):
        return text
    out, folded_out, last = [], [], 0
    for m in _UNIT.finditer(folded):
        unit = next(_UNITS[i][1] for i in range(len(_UNITS)) if m.group(f"u{i}"))
        out.append(text[last : m.start()] + unit)
        folded_out.append(folded[last : m.start()] + unit)
        last = m.end()
    text = "".join(out) + text[last:]
    folded = "".join(folded_out) + folded[last:]
    pieces, last = [], 0
    for m in _SAID_AMOUNT.finditer(folded):
        words = m["words"].split()
        # The longest run of words right before the unit that is a number ("uống năm ml").
        for start in range(len(words)):
            digits = said_number(" ".join(words[start:]))
            if digits is not None:
                break
        else:
            continue
        begin = m.start("words") + len(" ".join(words[:start])) + (1 if start else 0)
        unit = "g" if m["unit"] in ("gam", "gram") else m["unit"]
        pieces.append(text[last:begin] + f"{digits} {unit}")
        last = m.end()
    return _PER.sub(r"\g<mass>/\g<volume>", "".join(pieces) + text[last:])


# "125 mg trên 5 ml": a strength said aloud, written as printed ("125 mg/5 ml").
_PER = re.compile(
    r"(?P<mass>\d\s?(?:mg|mcg|g)) (?:trên|tren) (?P<volume>\d+(?:,\d+)? ?ml)(?![a-z])"
)


__all__ = ["said_number", "written_amounts"]
