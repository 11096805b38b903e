"""Read a dose section into route blocks of regimen lines, and pick the lines a frame asks for.

The formulary writes one regimen per line, grouped under route headings ("Đường uống:"),
each line opening with its population ("- Trẻ em 6–12 tuổi: …"). Selection only chooses
lines; it never computes a dose, so every selected line is quoted verbatim.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.frame import QueryFrame, Route
from grounding.evidence import Evidence
from grounding.text import fold, is_bullet, is_table_line, lines_of, strip_bullet

# Folded keyword → route; longer keywords first so "tiem tinh mach" beats "tinh mach".
_ROUTE_WORDS: tuple[tuple[str, Route], ...] = (
    ("ngoai duong tieu hoa", Route.IV),
    ("ngam duoi luoi", Route.SUBLINGUAL),
    ("dang tiem", Route.IV),
    ("thuoc tiem", Route.IV),
    ("tiem truyen", Route.IV),
    ("dat truc trang", Route.RECTAL),
    ("tiem tinh mach", Route.IV),
    ("truyen tinh mach", Route.IV),
    ("tiem duoi da", Route.SC),
    ("dat am dao", Route.VAGINAL),
    ("duong uong", Route.ORAL),
    ("truc trang", Route.RECTAL),
    ("tinh mach", Route.IV),
    ("tiem bap", Route.IM),
    ("duoi da", Route.SC),
    ("dung ngoai", Route.TOPICAL),
    ("boi ngoai da", Route.TOPICAL),
    ("boi", Route.TOPICAL),
    ("khi dung", Route.INHALED),
    ("duong hit", Route.INHALED),
    ("hit", Route.INHALED),
    ("nho mat", Route.OPHTHALMIC),
    ("tra mat", Route.OPHTHALMIC),
    ("nho tai", Route.OTIC),
    ("nho mui", Route.NASAL),
    ("xit mui", Route.NASAL),
    ("am dao", Route.VAGINAL),
    ("uong", Route.ORAL),
)

ROUTE_LABELS: dict[Route, str] = {
    Route.ORAL: "Đường uống",
    Route.RECTAL: "Đặt trực tràng",
    Route.IV: "Tiêm tĩnh mạch",
    Route.IM: "Tiêm bắp",
    Route.SC: "Tiêm dưới da",
    Route.TOPICAL: "Dùng ngoài",
    Route.INHALED: "Đường hít",
    Route.OPHTHALMIC: "Nhỏ mắt",
    Route.OTIC: "Nhỏ tai",
    Route.NASAL: "Nhỏ hoặc xịt mũi",
    Route.VAGINAL: "Đặt âm đạo",
    Route.SUBLINGUAL: "Ngậm dưới lưỡi",
}

_UNIT_MONTHS = {"tuoi": 12.0, "nam": 12.0, "thang": 1.0, "tuan": 0.25, "ngay": 1 / 30.4}
_NUM = r"(\d+(?:[.,]\d+)?)"
_AGE_UNIT = r"(tuoi|nam|thang|tuan|ngay)"
_AGE_RANGE = re.compile(rf"{_NUM}\s*{_AGE_UNIT}?\s*(?:-|–|—|den|toi)\s*{_NUM}\s*{_AGE_UNIT}")
_AGE_BELOW = re.compile(rf"(?:duoi|<)\s*{_NUM}\s*{_AGE_UNIT}")
_AGE_ABOVE = re.compile(rf"(?:tren|tu|>=|≥|>)\s*{_NUM}\s*{_AGE_UNIT}")
_KG_RANGE = re.compile(rf"{_NUM}\s*(?:kg)?\s*(?:-|–|—|den|toi)\s*{_NUM}\s*kg")
_KG_BELOW = re.compile(rf"(?:duoi|<)\s*{_NUM}\s*kg")
_KG_ABOVE = re.compile(rf"(?:tren|tu|>=|≥|>)\s*{_NUM}\s*kg")
_KG_AT_MOST = re.compile(rf"(?:tu)?\s*{_NUM}\s*kg\s*tro xuong")
_CLEARANCE = r"\s*ml\s*/\s*phut"
_CL_RANGE = re.compile(rf"{_NUM}\s*(?:-|–|—|den)\s*{_NUM}{_CLEARANCE}")
_CL_BELOW = re.compile(rf"(?:<|≤|<=|duoi)\s*{_NUM}{_CLEARANCE}")
_CL_ABOVE = re.compile(rf"(?:>|≥|>=|tren|tu)\s*{_NUM}{_CLEARANCE}")


class LineKind(StrEnum):
    ADULT = "adult"
    CHILD = "child"
    ELDERLY = "elderly"
    RENAL = "renal"
    HEPATIC = "hepatic"
    GENERAL = "general"


@dataclass(frozen=True, slots=True)
class DoseLine:
    """One regimen or note line, verbatim (bullet removed), with the population it names."""

    text: str
    evidence_index: int
    kind: LineKind
    age_months: tuple[float, float] | None = None
    weight_kg: tuple[float, float] | None = None
    per_kg: bool = False
    clearance: tuple[float, float] | None = None


@dataclass(slots=True)
class RouteBlock:
    """Lines under one route heading; `routes` is empty for lines before any heading."""

    routes: tuple[Route, ...]
    heading: str | None
    lines: list[DoseLine] = field(default_factory=list)


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def _age_band(folded: str) -> tuple[float, float] | None:
    if "so sinh" in folded and not any(ch.isdigit() for ch in folded):
        return (0.0, 1.0)
    if m := _AGE_RANGE.search(folded):
        lo_unit = _UNIT_MONTHS[m[2] or m[4]]
        hi_unit = _UNIT_MONTHS[m[4]]
        if lo_unit != hi_unit:
            # "3 tháng – 1 tuổi" stops at the first birthday, where "1–3 tuổi" begins.
            return (_num(m[1]) * lo_unit, _num(m[3]) * hi_unit)
        # "1–3 tuổi" runs until the 4th birthday (the next band is "4–6 tuổi").
        return (_num(m[1]) * lo_unit, (_num(m[3]) + 1) * hi_unit)
    if m := _AGE_BELOW.search(folded):
        return (0.0, _num(m[1]) * _UNIT_MONTHS[m[2]])
    if m := _AGE_ABOVE.search(folded):
        return (_num(m[1]) * _UNIT_MONTHS[m[2]], math.inf)
    return None


def _weight_band(folded: str) -> tuple[float, float] | None:
    if m := _KG_AT_MOST.search(folded):
        return (0.0, _num(m[1]) + 0.001)
    if m := _KG_RANGE.search(folded):
        # Printed bands are whole kilograms ("15–25 kg", "26–35 kg"): 25,5 kg is in the first.
        return (_num(m[1]), _num(m[2]) + 1)
    if m := _KG_BELOW.search(folded):
        return (0.0, _num(m[1]))
    if m := _KG_ABOVE.search(folded):
        return (_num(m[1]), math.inf)
    return None


def _clearance_band(folded: str) -> tuple[float, float] | None:
    """The creatinine clearance / eGFR band (ml/phút) a renal line is for."""
    if m := _CL_RANGE.search(folded):
        return (_num(m[1]), _num(m[2]))
    if m := _CL_BELOW.search(folded):
        return (0.0, _num(m[1]))
    if m := _CL_ABOVE.search(folded):
        return (_num(m[1]), math.inf)
    return None


def route_heading(line: str) -> tuple[Route, ...]:
    """The routes a heading line names ("Tiêm bắp hoặc tiêm tĩnh mạch:"), else ()."""
    if is_bullet(line) or is_table_line(line) or not line.rstrip().endswith(":"):
        return ()
    if len(fold(line.rstrip(":"))) > 60:
        return ()
    return routes_named(line.rstrip(":"))


def routes_named(text: str) -> tuple[Route, ...]:
    """Every route a text names, in order of first mention."""
    folded = fold(text)
    found: list[tuple[int, Route]] = []
    for word, route in _ROUTE_WORDS:
        for m in re.finditer(rf"(?<![a-z]){re.escape(word)}(?![a-z])", folded):
            if not any(start <= m.start() < start + 30 and r is route for start, r in found):
                found.append((m.start(), route))
    found.sort()
    return tuple(dict.fromkeys(route for _, route in found))


def classify(line: str, evidence_index: int) -> DoseLine:
    text = strip_bullet(line)
    head, sep, _ = text.partition(":")
    prefix = fold(head) if sep and len(head) <= 90 else ""
    scope = prefix or fold(text)
    per_kg = "/kg" in fold(text)
    age, weight = _age_band(prefix), _weight_band(prefix)
    if any(
        w in scope
        for w in ("suy than", "clcr", "thanh thai", "loc cau than", "loc mau", "tham phan")
    ):
        kind = LineKind.RENAL
    elif "suy gan" in scope:
        kind = LineKind.HEPATIC
    elif prefix.startswith(("nguoi lon", "nguoi truong thanh")):
        kind = LineKind.ADULT
    elif "cao tuoi" in prefix or "nguoi gia" in prefix:
        kind = LineKind.ELDERLY
    elif any(w in prefix for w in ("tre", "so sinh", "nhu nhi", "thieu nien")) or (
        not prefix and ("tre em" in scope or "tre duoi" in scope)
    ):
        kind = LineKind.CHILD
    else:
        kind = LineKind.GENERAL
    clearance = _clearance_band(scope) if kind is LineKind.RENAL else None
    return DoseLine(text, evidence_index, kind, age, weight, per_kg, clearance)


def parse_dose_section(parts: Sequence[tuple[int, Evidence]]) -> list[RouteBlock]:
    """Route blocks of the unquarantined parts, in order; headings carry across parts."""
    blocks = [RouteBlock(routes=(), heading=None)]
    for index, ev in parts:
        if ev.quarantined:
            continue
        for line in lines_of(ev.text):
            routes = route_heading(line)
            if routes:
                blocks.append(RouteBlock(routes=routes, heading=line.rstrip(":").strip()))
            elif not is_table_line(line):
                blocks[-1].lines.append(classify(line, index))
    return [b for b in blocks if b.lines or b.routes]


def _contains(band: tuple[float, float] | None, value: float | None) -> bool | None:
    if band is None or value is None:
        return None
    lo, hi = band
    return lo <= value < hi if math.isfinite(hi) and hi != lo else lo <= value <= hi


def wants_line(line: DoseLine, frame: QueryFrame) -> bool:
    """Whether a population line applies to the frame's patient (general lines decided later)."""
    patient = frame.patient
    if line.kind is LineKind.RENAL:
        if patient is None or not (patient.renal_impairment or patient.egfr is not None):
            return False
        # With a measured clearance, only its band; without one, every renal line is quoted.
        if patient.egfr is not None and line.clearance is not None:
            lo, hi = line.clearance
            return lo <= patient.egfr <= hi
        return True
    if line.kind is LineKind.HEPATIC:
        return bool(patient and patient.hepatic_impairment)
    if frame.population is None:
        return True
    if frame.is_child:
        if line.kind is LineKind.ELDERLY:
            return False
        if line.kind is LineKind.ADULT and line.age_months is None:
            return False
        by_age = _contains(line.age_months, frame.age_months)
        by_weight = _contains(line.weight_kg, frame.weight_kg)
        if by_age is False or by_weight is False:
            return False
        return line.kind is LineKind.CHILD or bool(by_age) or bool(by_weight)
    if line.kind is LineKind.ELDERLY:
        age_years = patient.age_years if patient and patient.age_years is not None else None
        return age_years is not None and age_years >= 60
    return line.kind is LineKind.ADULT


def select_lines(block: RouteBlock, frame: QueryFrame) -> list[DoseLine]:
    """The block's lines for this frame; general notes only when a population line matched."""
    wanted = [ln for ln in block.lines if ln.kind is not LineKind.GENERAL and wants_line(ln, frame)]
    population_lines = [ln for ln in wanted if ln.kind not in (LineKind.RENAL, LineKind.HEPATIC)]
    if not population_lines:
        return []
    return [ln for ln in block.lines if ln.kind is LineKind.GENERAL or ln in wanted]


def route_labels(routes: Sequence[Route]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ROUTE_LABELS.get(r, str(r)) for r in routes))


__all__ = [
    "ROUTE_LABELS",
    "DoseLine",
    "LineKind",
    "RouteBlock",
    "classify",
    "parse_dose_section",
    "route_heading",
    "route_labels",
    "routes_named",
    "select_lines",
    "wants_line",
]
