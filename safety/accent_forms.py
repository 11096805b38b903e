"""A word list's pattern rewritten to read a turn typed with diacritics as typed: a letter
the user marked must be a letter the pattern could mean.

Loose patterns are matched on the accent-folded text so that "uong het" and "uống hết" read
alike. Folding also merges words: "đừng cản" and "dùng cân" are both "dung can", so a pattern
written for the first found the second in an ordinary dose question. People drop marks; they
seldom type wrong ones. So, on a turn typed with diacritics, each letter of a pattern word
written with diacritics accepts the letter as written, without its tone, or bare (đ or d),
never a different mark: "tự" reads "tự", "tư", "tu" and not "từ"; "cản" never reads "cân";
"đừng" reads "dừng" or "dung", not "dùng" (a tone kept with the shape dropped is another
word more often than a slip). A
pattern word written without any mark ("ko", "dc", "con") stays loose: every form of each
letter. A character class gets every form of its letters, and a class that spans a-z also
every Vietnamese letter (the folded text had only a-z, so a look-behind such as
`(?<![0-9a-z])` keeps its meaning).

`accented_form(source)` is that pattern, for the lowered (not folded) text; it is only
ever given text the user typed some diacritics in, and it finds a subset of what the
folded pattern finds on the folded text, at the same offsets (folding keeps length).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from core.text import fold_aligned

_TONES = "\u0300\u0301\u0303\u0309\u0323"  # grave, acute, tilde, hook, dot below
_VOWELS = "aăâeêioôơuưy"
_VIETNAMESE = "đ" + "".join(
    form
    for vowel in _VOWELS
    for form in (vowel, *(unicodedata.normalize("NFC", vowel + tone) for tone in _TONES))
    if form not in "aeiouy"
)


def _variants_of_base() -> dict[str, str]:
    by_base: dict[str, list[str]] = {}
    for ch in _VIETNAMESE:
        by_base.setdefault(fold_aligned(ch), []).append(ch)
    return {base: base + "".join(forms) for base, forms in by_base.items()}


_EVERY_FORM = _variants_of_base()


@lru_cache(maxsize=512)
def _as_typed(letter: str) -> str:
    """The letters a user may type for `letter` (written with marks): as written, without its
    tone, or bare. Never its tone without its shape: "dùng" is not "đừng" typed short."""
    if letter == "đ":
        return "đd"
    parts = unicodedata.normalize("NFD", letter)
    base = parts[0]
    shaped = base + "".join(m for m in parts[1:] if m not in _TONES)
    forms = dict.fromkeys((letter, unicodedata.normalize("NFC", shaped), base))
    return "".join(forms)


def _letters(letters: str, *, loose: bool) -> str:
    """One letter's class (or the letter) for a run written with or without marks."""
    if loose:
        forms = _EVERY_FORM.get(letters, letters)
    else:
        forms = _as_typed(letters) if fold_aligned(letters) != letters else letters
    return forms if len(forms) == 1 else "[" + forms + "]"


def _class_end(source: str, start: int) -> int:
    i = start + 1
    if i < len(source) and source[i] == "^":
        i += 1
    if i < len(source) and source[i] == "]":
        i += 1
    while i < len(source) and source[i] != "]":
        i += 2 if source[i] == "\\" else 1
    return i + 1


def _class(body: str) -> str:
    """A class's letters with every form each could be typed in (its escapes as written)."""
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            out.append(body[i : i + 2])
            i += 2
            continue
        if i + 2 < len(body) and body[i + 1] == "-":  # a range, as written
            out.append(body[i : i + 3])
            i += 3
            continue
        if ch.isalpha():
            out.append(_EVERY_FORM.get(fold_aligned(ch), ch))
        else:
            out.append(ch)
        i += 1
    text = "".join(out)
    return text + _VIETNAMESE if "a-z" in body else text


def _group_head(source: str, i: int) -> int:
    """The end of a group's opening `(?…` (the syntax, not its letters to match)."""
    rest = source[i + 2 :]
    if rest[:1] in (":", "=", "!"):
        return i + 3
    if rest[:2] in ("<=", "<!"):
        return i + 4
    if rest[:2] == "P<":
        return source.index(">", i) + 1
    if rest[:2] == "P=" or rest[:1] == "#":
        return source.index(")", i) + 1
    end = i + 2  # inline flags: (?i) or (?i:
    while end < len(source) and source[end] not in ":)":
        end += 1
    return end + 1


@lru_cache(maxsize=4096)
def accented_form(source: str) -> str:
    """`source` (a loose pattern, lowered) for the lowered text of a turn typed with marks."""
    source = unicodedata.normalize("NFC", source)  # escapes as written: `\\S` is not `\\s`
    out: list[str] = []
    i = 0
    while i < len(source):
        ch = source[i]
        if ch == "\\":
            out.append(source[i : i + 2])
            i += 2
        elif ch == "[":
            end = _class_end(source, i)
            head = 2 if source[i + 1 : i + 2] == "^" else 1
            out.append(source[i : i + head] + _class(source[i + head : end - 1]) + "]")
            i = end
        elif ch == "(" and source[i + 1 : i + 2] == "?":
            end = _group_head(source, i)
            out.append(source[i:end])
            i = end
        elif ch == "{" and (close := source.find("}", i)) > 0 and _quantifier(source[i:close]):
            out.append(source[i : close + 1])
            i = close + 1
        elif ch.isalpha():
            end = i
            while end < len(source) and source[end].isalpha():
                end += 1
            run = source[i:end].lower()
            loose = fold_aligned(run) == run
            out.extend(_letters(letter, loose=loose) for letter in run)
            i = end
        else:
            out.append(ch)
            i += 1
    return "".join(out)


# An open syllable "oa", "oe", "uy" carries its tone on either vowel, both in use ("hòa" and
# "hoà", "tóe" and "toé", "thủy" and "thuỷ"); never after "q" ("quý"), never with a letter
# after it ("hoàn", "ngoài", "khuya": one place only).
_TONE_FIRST = re.compile(r"(?<!q)([òóỏõọ](?=[ae])|[ùúủũụ](?=y))([aey])(?!\w)")


def tone_placed(text: str) -> str:
    """`text` (NFC, lowered) with the tone of an open "oa", "oe", "uy" on its second vowel,
    the one place both ways of typing it are read in; every letter keeps its offset."""

    def _moved(m: re.Match[str]) -> str:
        first = unicodedata.normalize("NFD", m.group(1))
        return first[0] + unicodedata.normalize("NFC", m.group(2) + first[1:])

    return _TONE_FIRST.sub(_moved, text)


def _quantifier(body: str) -> bool:
    return all(c.isdigit() or c == "," for c in body[1:])


__all__ = ["accented_form", "tone_placed"]
