"""A turn typed with the keyboard's Vietnamese input method off: the Telex or VNI keys left in
the words ("uoongs" for "uống", "thuoocs" for "thuốc", "ddaapj" for "đập", "thuo6c1" for
"thuốc") read back as the syllables they were meant to make, written bare ("uong", "thuoc",
"dap"): people who type so key some words and not others ("tuoi", "nham" beside "uoongs"),
so the turn is read as one typed without accents, as the rest of the engine reads those.

Read once at the turn's edge, so understanding and triage both see the words. Only a turn
with no diacritics at all, in which two words or more carry keys, and either one of them a
vowel key (aa, ee, oo, aw, ow, uw, dd or VNI's 6-9) beside its tone key or two of them vowel
keys ("this is too much" has neither), is read again, and only a word whose keys make one
Vietnamese syllable changes: a bare word ("uong"), a drug name ("salbutamol"), an
abbreviation ("bs", "ko"), a number with its unit ("5mg") and English are left alone.
"""

from __future__ import annotations

import re
import unicodedata

from core.text import strip_marks

# A letter's vowel keys (Telex doubled letters and "w"; VNI's 6, 7 and 8): base → marked.
_CIRCUMFLEX = {"a": "â", "e": "ê", "o": "ô"}
_HORN = {"o": "ơ", "u": "ư"}
_BREVE = {"a": "ă"}
# Tone keys: Telex letters and VNI digits, as combining marks.
_TONE_LETTERS = {"s": "\u0301", "f": "\u0300", "r": "\u0309", "x": "\u0303", "j": "\u0323"}
_TONE_DIGITS = {"1": "\u0301", "2": "\u0300", "3": "\u0309", "4": "\u0303", "5": "\u0323"}
_VOWELS = "aăâeêioôơuưy"
_MARKED = "ăâêôơư"

_ONSET = re.compile(r"(?:ngh|ng|nh|ch|gh|gi|kh|ph|th|tr|qu|[bcdđghklmnprstvx])?")
_FINAL = re.compile(r"(?:ch|ng|nh|[cmnpt])?")
_NUCLEI = frozenset(
    (
        *("a", "ă", "â", "e", "ê", "i", "o", "ô", "ơ", "u", "ư", "y"),
        *("ai", "ao", "au", "âu", "ay", "ây", "eo", "êu", "ia", "iê", "iu", "oa", "oă", "oe"),
        *("oi", "ôi", "ơi", "oo", "ua", "uâ", "uê", "ui", "uô", "uơ", "uy", "ưa", "ưi", "ươ"),
        *("ưu", "yê", "iêu", "yêu", "oai", "oay", "oeo", "uây", "uôi", "ươi", "ươu", "uya"),
        *("uyê", "uyu"),
    )
)
# A nucleus that takes no final consonant ("ai", "ao", "ưu", "iêu"…); "ia", "ua", "ưa" only
# open too.
_OPEN_ONLY = frozenset(
    (
        *("ai", "ao", "au", "âu", "ay", "ây", "eo", "êu", "ia", "iu", "oi", "ôi", "ơi", "ua"),
        *("ui", "ưa", "ưi", "ưu", "iêu", "yêu", "oai", "oay", "oeo", "uây", "uôi", "ươi", "ươu"),
        *("uya", "uyu"),
    )
)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def _syllable(letters: str, tone: str) -> str | None:
    """The syllable `letters` (vowel keys already applied) with its `tone` mark placed on the
    vowel Vietnamese spelling puts it on, or None when the letters make no syllable."""
    onset = _ONSET.match(letters)
    start = onset.end() if onset is not None else 0
    if letters[:start] == "gi" and not any(c in _VOWELS for c in letters[start:]):
        start = 1  # "gì": the "i" is the vowel
    if letters[:start] == "qu" and not any(c in _VOWELS for c in letters[start:]):
        return None
    end = start
    while end < len(letters) and letters[end] in _VOWELS:
        end += 1
    nucleus = letters[start:end]
    final = _FINAL.fullmatch(letters[end:])
    if nucleus not in _NUCLEI or final is None or (final.group(0) and nucleus in _OPEN_ONLY):
        return None
    if not tone:
        return letters
    marked = [i for i, c in enumerate(nucleus) if c in _MARKED]
    if marked:
        at = marked[-1]
    elif len(nucleus) == 1:
        at = 0
    elif final.group(0) or len(nucleus) == 3:
        at = len(nucleus) - 1 if final.group(0) else 1
    else:
        at = 0  # "của", "mía", "kẹo": an open pair takes it on its first vowel
    i = start + at
    return unicodedata.normalize("NFC", letters[: i + 1] + tone + letters[i + 1 :])


def syllable_letters(letters: str) -> bool:
    """Whether lowercase `letters` (vowel marks, no tone) spell one Vietnamese syllable."""
    return bool(letters) and _syllable(letters, "") is not None


def _keyed(word: str) -> tuple[str, int] | None:
    """The syllable a lowercase `word` typed with input keys makes, and how sure its keys are
    (2: a vowel key and a tone key, 1: a vowel key, 0: a tone key alone); None when it carries
    no key or makes no syllable."""
    out: list[str] = []
    tone = ""
    vowel_key = False
    for c in word:
        seen_vowel = any(ch in _VOWELS for ch in out)
        if c in "d9" and out == ["d"]:
            out[0], vowel_key = "đ", True
        elif c in "aeo" and out and out[-1] == c:
            out[-1], vowel_key = _CIRCUMFLEX[c], True
        elif c == "6" and (at := _last(out, "aeo")) is not None:
            out[at], vowel_key = _CIRCUMFLEX[out[at]], True
        elif c in "w7" and (at := _last(out, "aou")) is not None:
            if out[at] == "a":
                if c == "7":
                    return None
                out[at] = "ă"
            else:
                out[at] = _HORN[out[at]]
                if out[at] == "ơ" and at > 0 and out[at - 1] == "u":
                    out[at - 1] = "ư"  # "uow": ươ
            vowel_key = True
        elif c == "8" and (at := _last(out, "a")) is not None:
            out[at], vowel_key = "ă", True
        elif c == "w" and not seen_vowel:
            out.append("ư")
            vowel_key = True
        elif seen_vowel and (c in _TONE_LETTERS or c in _TONE_DIGITS):
            if tone:
                return None
            tone = _TONE_LETTERS.get(c) or _TONE_DIGITS[c]
        elif c.isdigit() or c in "fjwz":
            return None
        else:
            out.append(c)
    if not tone and not vowel_key:
        return None
    syllable = _syllable("".join(out), tone)
    return None if syllable is None else (syllable, vowel_key + (vowel_key and bool(tone)))


def _last(out: list[str], bases: str) -> int | None:
    """The last base vowel of `bases` among the letters so far, still unmarked."""
    for at in range(len(out) - 1, -1, -1):
        if out[at] in bases:
            return at
        if out[at] in _VOWELS or out[at] in _MARKED:
            return None
    return None


def keyed_syllable(word: str) -> str | None:
    """The syllable, with its marks, that `word` typed with input keys makes ("uoongs" →
    "uống"), or None when it carries no key or makes no syllable."""
    keyed = _keyed(word.lower())
    return None if keyed is None else keyed[0]


def read_typed_keys(text: str) -> str:
    """`text` with the input keys left in its words read as the syllables they make, bare
    (see the module docstring); any other text unchanged."""
    if not text.isascii():
        return text
    found: list[tuple[re.Match[str], str]] = []
    sure = 0
    for m in _WORD.finditer(text):
        keyed = _keyed(m.group(0).lower())
        if keyed is not None:
            found.append((m, keyed[0]))
            sure += keyed[1] if keyed[1] == 1 else 2 * (keyed[1] // 2)
    if len(found) < 2 or sure < 2:  # both keys in one word, or vowel keys in two
        return text
    parts: list[str] = []
    at = 0
    for m, syllable in found:
        bare = strip_marks(syllable)
        parts += [text[at : m.start()], bare.capitalize() if m.group(0)[0].isupper() else bare]
        at = m.end()
    return "".join([*parts, text[at:]])


__all__ = ["keyed_syllable", "read_typed_keys", "syllable_letters"]
