"""Split long sections into parts on paragraph and sentence boundaries.

A Markdown table row, a dose line ("- Người lớn: 500 mg …") and a route sub-heading
with its first regimen are never cut apart; a long table continues with its header.
"""

from __future__ import annotations

import re

from core.text import sentence_spans

DEFAULT_MAX_CHARS = 1000

_OPENS = re.compile(r"[\"'(“]?[A-ZÀ-Ỹ0-9]")
_DOSE = re.compile(r"\d\s*(mg|g|mcg|microgam|µg|ml|kg|đơn vị|UI|IU|%)\b", re.IGNORECASE)
_TABLE_SEPARATOR = re.compile(r"^\|?\s*:?-{2,}")


def _opens(text: str, gap_start: int, gap_end: int, stop: int) -> bool:
    """A part opens with a capital or a digit, perhaps after a quote or a parenthesis."""
    return _OPENS.match(text, gap_end, stop) is not None


def _is_table(line: str) -> bool:
    return line.lstrip().startswith("|")


def _is_heading(line: str) -> bool:
    """A short line ending with a colon ("Đường uống:") introduces what follows it."""
    stripped = line.strip().strip("*_ ")
    return len(stripped) <= 80 and stripped.endswith(":")


def _is_atomic(line: str) -> bool:
    """Dose lines and bullets are one regimen each: never split inside them."""
    stripped = line.lstrip()
    return stripped.startswith(("- ", "* ", "+ ", "• ")) or bool(_DOSE.search(line))


def _blocks(text: str) -> list[str]:
    """Units never split further: a table, a list line, a heading with its next unit, a sentence."""
    lines = [ln.rstrip() for ln in text.replace("\r\n", "\n").split("\n")]
    units: list[str] = []
    for line in lines:
        if not line.strip():
            units.append("")
        elif _is_table(line) and units and _is_table(units[-1]):
            units[-1] = f"{units[-1]}\n{line}"
        elif _is_table(line) or _is_atomic(line) or _is_heading(line):
            units.append(line)
        else:
            units.extend(line[a:b] for a, b in sentence_spans(line, opens=_opens))
    # Glue each heading to the unit after it so "Đường uống:" never ends a part.
    glued: list[str] = []
    carry = ""
    for unit in units:
        if carry and unit:
            glued.append(f"{carry}\n{unit}")
            carry = ""
        elif unit and _is_heading(unit) and not _is_table(unit):
            carry = unit
        elif unit or (glued and glued[-1]):
            glued.append(unit)
    if carry:
        glued.append(carry)
    return glued


def _split_table(table: str, max_chars: int) -> list[str]:
    """A long table as several tables of whole rows, each repeating the header rows."""
    rows = table.split("\n")
    head = 2 if len(rows) > 2 and _TABLE_SEPARATOR.match(rows[1].strip()) else 0
    header, body = rows[:head], rows[head:]
    pieces: list[str] = []
    current: list[str] = []
    for row in body:
        candidate = "\n".join([*header, *current, row])
        if current and len(candidate) > max_chars:
            pieces.append("\n".join([*header, *current]))
            current = []
        current.append(row)
    if current:
        pieces.append("\n".join([*header, *current]))
    return pieces


def split_section(text: str, max_chars: int = DEFAULT_MAX_CHARS) -> list[str]:
    """Parts of at most ~`max_chars` characters, in order; a single unit may exceed it."""
    if max_chars < 100:
        raise ValueError(f"max_chars must be >= 100, got {max_chars}")
    text = text.strip()
    if len(text) <= max_chars:
        return [text] if text else []
    units: list[str] = []
    for unit in _blocks(text):
        if _is_table(unit) and len(unit) > max_chars:
            units.extend(_split_table(unit, max_chars))
        else:
            units.append(unit)
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for unit in units:
        if current and unit and size + len(unit) + 1 > max_chars:
            parts.append("\n".join(current).strip())
            current, size = [], 0
        if not unit and not current:
            continue
        prose = unit and not (_is_table(unit) or _is_atomic(unit) or "\n" in unit)
        last = current[-1] if current else ""
        if prose and last and not (_is_table(last) or _is_atomic(last) or "\n" in last):
            # Sentences of one paragraph rejoin with a space, not a line break.
            current[-1] = f"{last} {unit}"
            size += 1 + len(unit)
            continue
        current.append(unit)
        size += len(unit) + 1
    if current:
        parts.append("\n".join(current).strip())
    return [p for p in (re.sub(r"\n{3,}", "\n\n", part) for part in parts) if p]


__all__ = ["DEFAULT_MAX_CHARS", "split_section"]
