"""Quantities in Vietnamese formulary text: numbers with their units in formulary and claim text.

Vietnamese number forms are read as the formulary prints them: decimal comma ("2,5 mg"),
thousands with a space or dot ("1 000 mg", "1.000 mg"), ranges with a hyphen, en dash or
"đến" ("10-15 mg/kg", "10–15 mg/kg", "4 – 6 tuổi"), and fractions ("½ viên", "1/2 viên").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from core.evidence import Evidence
from core.text import is_table_line, lines_of, nfc, table_row_text

_GLYPHS = {"½": "0.5", "¼": "0.25", "¾": "0.75", "⅓": "0.3333", "⅔": "0.6667", "⅛": "0.125"}
_GLYPH_CLASS = "".join(_GLYPHS)
_SPACE = "[ \u00a0\u202f]"

_NUMBER = re.compile(
    r"(?<![\w.,])(?:"
    rf"(?P<mixed>\d+)?(?P<glyph>[{_GLYPH_CLASS}])"
    r"|(?P<frac>\d+/\d+)(?![\d/])"
    rf"|(?P<thou>[1-9]\d{{0,2}}(?:(?:{_SPACE}|\.)\d{{3}})+)(?![\d,]|\.\d)"
    r"|(?P<dec>\d+[.,]\d+)"
    r"|(?P<int>\d+)"
    r")"
)

# Longest first so "mg/kg/ngày" wins over "mg/kg" and "mg".
_UNIT_TEXT = (
    "mg/kg/ngày|mg/kg/lần|mg/kg/giờ|mg/kg/phút|mcg/kg/phút|microgam/kg/phút|mg/m2|mg/m²|mg/kg|"
    "mcg/kg|µg/kg|microgam/kg|g/kg|ml/kg|ui/kg|mg/ngày|g/ngày|mcg/ngày|microgam/ngày|mg/lần|"
    "lần/ngày|lần/tuần|mg/ml|mg/l|mg/dl|mcg/ml|microgam/ml|g/l|mmol/l|µmol/l|ml/phút|ml/giờ|"
    "giọt/phút|mg/giờ|đvqt|mmhg|mmol|meq|mg|mcg|µg|microgam|ng|g|kg|ml|lít|l|ui|iu|%|tuổi|"
    "tháng|tuần|ngày|giờ|phút|giây|lần|viên|gói|ống|giọt|nhát xịt|nhát|liều|năm|lọ"
)
_UNITS = sorted(_UNIT_TEXT.split("|"), key=len, reverse=True)
_UNIT = re.compile(
    rf"{_SPACE}?(?P<unit>" + "|".join(re.escape(u) for u in _UNITS) + r")(?![\wµ²])",
    re.IGNORECASE,
)
_RANGE_SEP = re.compile(rf"{_SPACE}*(?:-|–|—|đến|tới|{_SPACE}to){_SPACE}*", re.IGNORECASE)
_MARKER = re.compile(r"\[\d+\]")
_UNIT_ALIASES = {"µg": "mcg", "microgam": "mcg", "ui": "iu", "đvqt": "iu", "lít": "l", "m²": "m2"}


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number as a canonical decimal string with its canonical unit (None when bare)."""

    value: str
    unit: str | None
    raw: str

    def shown(self) -> str:
        return f"{self.raw} {self.unit}" if self.unit else self.raw


def _canonical_unit(unit: str) -> str:
    low = unit.lower()
    for alias, canon in _UNIT_ALIASES.items():
        low = low.replace(alias, canon)
    return low.replace(" ", "")


def _value(match: re.Match[str]) -> str | None:
    try:
        if match["glyph"]:
            whole = Decimal(match["mixed"] or 0)
            number = whole + Decimal(_GLYPHS[match["glyph"]])
        elif match["frac"]:
            top, bottom = match["frac"].split("/")
            if Decimal(bottom) == 0:
                return None
            number = (Decimal(top) / Decimal(bottom)).quantize(Decimal("0.0001"))
        elif match["thou"]:
            number = Decimal(re.sub(r"[ \u00a0\u202f.]", "", match["thou"]))
        elif match["dec"]:
            number = Decimal(match["dec"].replace(",", "."))
        else:
            number = Decimal(match["int"])
    except InvalidOperation:
        return None
    return format(number.normalize(), "f")


def extract_quantities(text: str) -> list[Quantity]:
    """Every number in `text` with the unit that follows it; a range's first end takes the
    unit of its second end ("10–15 mg/kg" gives 10 mg/kg and 15 mg/kg)."""
    text = _MARKER.sub(" ", nfc(text))
    found: list[tuple[re.Match[str], str | None]] = []
    for match in _NUMBER.finditer(text):
        unit_match = _UNIT.match(text, match.end())
        found.append((match, unit_match["unit"] if unit_match else None))
    quantities: list[Quantity] = []
    for i, (match, own_unit) in enumerate(found):
        unit = own_unit
        if unit is None and i + 1 < len(found):
            nxt, next_unit = found[i + 1]
            gap = text[match.end() : nxt.start()]
            if next_unit and _RANGE_SEP.fullmatch(gap):
                unit = next_unit
        value = _value(match)
        if value is not None:
            quantities.append(
                Quantity(value=value, unit=_canonical_unit(unit) if unit else None, raw=match[0])
            )
    return quantities


def evidence_quantities(evidence: Evidence) -> set[tuple[str, str | None]]:
    """Numbers of one chunk, read raw and with table rows joined the way claims quote them."""
    text = evidence.text
    rows = [table_row_text(ln) for ln in lines_of(text) if is_table_line(ln)]
    if rows:
        text = text + "\n" + "\n".join(r for r in rows if r)
    return {(q.value, q.unit) for q in extract_quantities(text)}


def missing_quantities(text: str, expected: Iterable[str]) -> list[str]:
    """The expected quantities ("240 mg", "10–15 mg/kg") whose numbers and units are not in `text`.

    Compares values and units, not spelling, so "1 000 mg" matches "1.000 mg".
    """
    present = {(q.value, q.unit) for q in extract_quantities(text)}
    return [
        item
        for item in expected
        if not all((q.value, q.unit) in present for q in extract_quantities(item))
    ]


__all__ = ["Quantity", "evidence_quantities", "extract_quantities", "missing_quantities"]
