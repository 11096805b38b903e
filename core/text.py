"""Vietnamese text, the one place it is normalised and folded: NFC, accent folding, lines,
bullets, sentences and table rows.

Four folds, one rule (lowercase, đ/Đ → d, combining marks dropped) and four shapes:

- `fold`: the matching form; runs of whitespace become one space, ends trimmed.
- `strip_marks`: the same letters with every other character kept (line breaks too), for
  readers that treat a line break as a boundary.
- `fold_aligned`: one character out for every character in, so a position in the folded
  text is a position in the original (a combining mark typed on its own becomes a space).
- `fold_words`: only the letter-and-digit words, joined by one space ("Co-trimoxazol" →
  "co trimoxazol"), for keys and index terms.

`fold_offsets` folds a text once and says where each of its positions falls in the folded
text, so a span of the text is read off that one folding: `folded[at[a]:at[b]].strip()` is
`fold(text[a:b])`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

_BULLET = re.compile(r"^\s*(?:[-•*+]|\d+[.)])\s+")
# Where a sentence may end: after ".", "!", "?" or ";" and the spaces that follow; a clause
# also ends at any ";" (the spaces after it open the next clause).
_SENTENCE_GAP = re.compile(r"(?<=[.!?;])\s+")
_CLAUSE_GAP = re.compile(r";|(?<=[.!?])\s+")
_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"[a-z0-9]+")


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def strip_marks(text: str) -> str:
    """Lowercase and strip diacritics (đ → d); every other character, spaces and line
    breaks included, is kept."""
    decomposed = unicodedata.normalize("NFD", text.lower().replace("đ", "d"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Lowercase, strip diacritics (đ → d), collapse spaces: for matching, never for display."""
    return _SPACES.sub(" ", strip_marks(text)).strip()


def fold_offsets(text: str) -> tuple[str, tuple[int, ...]]:
    """`fold(text)` and, for each position 0 … len(text) of `text`, the position in it that
    the folded text of a span starting or ending there starts or ends at."""
    out: list[str] = []
    at: list[int] = []
    gap = False  # whitespace read since the last character kept
    for ch in text:
        at.append(len(out))
        for c in strip_marks(ch):
            if c.isspace():
                gap = True
                continue
            if gap and out:
                out.append(" ")
            gap = False
            out.append(c)
    at.append(len(out))
    return "".join(out), tuple(at)


def fold_words(text: str) -> str:
    """The folded letter-and-digit words joined by one space; "_" separates words too."""
    return " ".join(_WORD.findall(strip_marks(text).replace("_", " ")))


class _AlignedFoldTable(dict[int, str]):
    """A lazily filled `str.translate` table mapping each character to one folded character."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if char in "đĐ":
            folded = "d"
        else:
            base = "".join(
                c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c)
            )
            base = base.lower()
            # One character out for one in, so positions in the folded text are positions in the
            # original; anything that would not stay one character becomes a space.
            folded = base if len(base) == 1 else " "
        self[code] = folded
        return folded


_ALIGNED = _AlignedFoldTable()


def fold_aligned(text: str) -> str:
    """Lowercase `text` and strip Vietnamese diacritics (đ → d), keeping its length."""
    return text.translate(_ALIGNED)


@lru_cache(maxsize=4096)
def _phrase_pattern(phrase: str) -> re.Pattern[str] | None:
    """The whole-word pattern of a folded phrase, compiled once (None for an empty one)."""
    needle = fold(phrase)
    if not needle:
        return None
    return re.compile(r"(?<![0-9a-z])" + re.escape(needle) + r"(?![0-9a-z])")


def contains_phrase(haystack: str, phrase: str) -> bool:
    """Accent- and case-insensitive whole-word containment."""
    pattern = _phrase_pattern(phrase)
    return pattern is not None and pattern.search(fold(haystack)) is not None


def has_diacritics(text: str) -> bool:
    """True when `text` carries Vietnamese accents (or đ) that folding would drop."""
    lowered = unicodedata.normalize("NFC", text).lower()
    return fold(lowered) != lowered


def contains_phrase_exact(haystack: str, phrase: str) -> bool:
    """Case-insensitive whole-word containment that keeps accents ("lậu" is not "lâu")."""
    pattern = _exact_pattern(phrase)
    return pattern is not None and pattern.search(_nfc_lower(haystack)) is not None


@lru_cache(maxsize=4096)
def _exact_pattern(phrase: str) -> re.Pattern[str] | None:
    needle = unicodedata.normalize("NFC", phrase).lower().strip()
    if not needle:
        return None
    return re.compile(r"(?<!\w)" + re.escape(needle) + r"(?!\w)")


@lru_cache(maxsize=8192)
def _nfc_lower(text: str) -> str:
    return unicodedata.normalize("NFC", text).lower()


def strip_bullet(line: str) -> str:
    return _BULLET.sub("", line, count=1).strip()


def is_bullet(line: str) -> bool:
    return _BULLET.match(line) is not None


def bullet_end(line: str) -> int:
    """Where a line's words start after its bullet ("- ", "• ", "2) "); 0 without one."""
    m = _BULLET.match(line)
    return m.end() if m else 0


def lines_of(text: str) -> list[str]:
    """Non-empty lines, trimmed, in order."""
    return [ln.strip() for ln in nfc(text).splitlines() if ln.strip()]


def is_table_line(line: str) -> bool:
    return line.lstrip().startswith("|")


def table_row_text(line: str) -> str | None:
    """A Markdown table row as 'cell — cell'; None for separator rows."""
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if all(set(c) <= set("-: ") for c in cells):
        return None
    return " — ".join(c for c in cells if c)


Opens = Callable[[str, int, int, int], bool]
"""Does a sentence open after the gap text[gap_start:gap_end] (within a reading that stops
at `stop`)? Called as opens(text, gap_start, gap_end, stop)."""


def opens_capitalised(text: str, gap_start: int, gap_end: int, stop: int) -> bool:
    """The book's plain rule: the next sentence opens with a capital (or any accented
    letter), a digit, a quote or a parenthesis."""
    ch = text[gap_end : gap_end + 1]
    return bool(ch) and ("A" <= ch <= "Z" or "0" <= ch <= "9" or "À" <= ch <= "Ỹ" or ch in '"“(')


def opens_always(text: str, gap_start: int, gap_end: int, stop: int) -> bool:
    """Every sentence end opens a sentence."""
    return True


def sentence_spans(
    text: str,
    start: int = 0,
    stop: int | None = None,
    *,
    opens: Opens = opens_capitalised,
    clauses: bool = False,
    gaps: re.Pattern[str] | None = None,
) -> list[tuple[int, int]]:
    """The spans of the sentences of text[start:stop]: the one sentence splitter of the book.

    A sentence ends at ".", "!", "?" or ";" and the spaces after it, where `opens` says the
    next one opens; blank spans are dropped. With `clauses`, any ";" ends a clause as well
    (the spaces after it are the next clause's), `opens` is not asked, and every span,
    blank or not, is kept, so the spans tile the text. `gaps`: where a sentence may end, for
    a reader that also asks `opens` at other gaps (a dose line's ", nếu …" band).
    """
    stop = len(text) if stop is None else stop
    spans: list[tuple[int, int]] = []
    begin = start
    gap = _CLAUSE_GAP if clauses else gaps or _SENTENCE_GAP
    for m in gap.finditer(text, start, stop):
        if clauses or opens(text, m.start(), m.end(), stop):
            spans.append((begin, m.start()))
            begin = m.end()
    spans.append((begin, stop))
    return spans if clauses else [(s, e) for s, e in spans if text[s:e].strip()]


def sentences_of(text: str) -> list[str]:
    """Bullet lines as they are; prose lines split into sentences. Verbatim, never rewritten."""
    out: list[str] = []
    for line in lines_of(text):
        if is_table_line(line):
            row = table_row_text(line)
            if row:
                out.append(row)
        elif is_bullet(line):
            out.append(strip_bullet(line))
        else:
            out.extend(line[s:e].strip() for s, e in sentence_spans(line))
    return out


__all__ = [
    "Opens",
    "bullet_end",
    "contains_phrase",
    "fold",
    "fold_aligned",
    "fold_offsets",
    "fold_words",
    "is_bullet",
    "is_table_line",
    "lines_of",
    "nfc",
    "opens_always",
    "opens_capitalised",
    "sentence_spans",
    "sentences_of",
    "strip_bullet",
    "strip_marks",
    "table_row_text",
]
