"""Tests for grounding/dosing.py: route blocks, population bands, and line selection."""

from __future__ import annotations

import math

import pytest
from grounding_samples import PARACETAMOL_DOSE, ev

from engine.frame import PatientContext, Population, QueryFrame, Route, TurnType
from grounding.dosing import (
    ROUTE_LABELS,
    LineKind,
    classify,
    parse_dose_section,
    route_heading,
    routes_named,
    select_lines,
)

BLOCKS = parse_dose_section(
    [(0, ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", PARACETAMOL_DOSE))]
)


def test_route_headings_split_blocks() -> None:
    """'Đường uống:' and 'Đặt trực tràng:' start two route blocks."""
    assert [b.routes for b in BLOCKS] == [(Route.ORAL,), (Route.RECTAL,)]
    assert route_heading("Tiêm bắp hoặc tiêm tĩnh mạch:") == (Route.IM, Route.IV)
    assert route_heading("- Người lớn: uống 500 mg:") == ()


@pytest.mark.parametrize(
    ("line", "kind", "band"),
    [
        ("- Trẻ em 6–12 tuổi: 250 mg.", LineKind.CHILD, (72.0, 156.0)),
        ("- Trẻ em dưới 3 tháng: 10 mg/kg.", LineKind.CHILD, (0.0, 3.0)),
        ("- Trẻ em 3 tháng – 1 tuổi: 60 mg.", LineKind.CHILD, (3.0, 12.0)),
        ("- Người lớn và trẻ em trên 12 tuổi: 500 mg.", LineKind.ADULT, (144.0, math.inf)),
        ("- Người lớn: 500 mg.", LineKind.ADULT, None),
        ("- Suy thận (ClCr < 30 ml/phút): cách 6 giờ.", LineKind.RENAL, None),
        ("- Không dùng quá 5 ngày.", LineKind.GENERAL, None),
    ],
)
def test_population_prefixes(line: str, kind: LineKind, band: tuple[float, float] | None) -> None:
    """A regimen line's prefix gives its population kind and age band in months."""
    parsed = classify(line, 0)
    assert parsed.kind is kind
    assert parsed.age_months == band


def child(age_months: float, weight: float) -> QueryFrame:
    return QueryFrame(
        turn_type=TurnType.DOSING_CALC,
        drugs=["paracetamol"],
        population=Population.CHILD,
        age_months=age_months,
        weight_kg=weight,
    )


def test_child_gets_band_containing_age_and_weight_rule() -> None:
    """A 5-year-old gets the 4–6 year band and the mg/kg rule, not other bands."""
    texts = [ln.text for ln in select_lines(BLOCKS[0], child(60, 18))]
    assert any(t.startswith("Trẻ em 4–6 tuổi") for t in texts)
    assert any(t.startswith("Trẻ em theo cân nặng") for t in texts)
    assert not any(t.startswith(("Trẻ em 6–12", "Trẻ em dưới 3 tháng", "Người lớn")) for t in texts)


def test_adult_gets_adult_lines_only() -> None:
    """An adult gets 'Người lớn …' lines and general notes, no child bands."""
    frame = QueryFrame(turn_type=TurnType.DOSING_CALC, population=Population.ADULT)
    texts = [ln.text for ln in select_lines(BLOCKS[0], frame)]
    assert texts[0].startswith("Người lớn")
    assert not any(t.startswith("Trẻ em") for t in texts)


def test_renal_line_only_with_renal_impairment() -> None:
    """The renal adjustment line is selected only when the patient has renal impairment."""
    adult = QueryFrame(turn_type=TurnType.DOSING_CALC, population=Population.ADULT)
    assert not any(ln.kind is LineKind.RENAL for ln in select_lines(BLOCKS[1], adult))
    renal = adult.model_copy(update={"patient": PatientContext(renal_impairment=True)})
    assert any(ln.kind is LineKind.RENAL for ln in select_lines(BLOCKS[1], renal))


def test_no_band_for_age_selects_nothing() -> None:
    """A child no band or rule fits gets no lines (the engine abstains, never guesses)."""
    section = ev("x", "X", "lieu_luong_cach_dung", "- Trẻ em 6–12 tuổi: 250 mg.\n- Ghi chú chung.")
    blocks = parse_dose_section([(0, section)])
    assert select_lines(blocks[0], child(24, 12)) == []


def test_quarantined_parts_are_not_parsed() -> None:
    """Lines of a quarantined part are never selected."""
    part = ev("x", "X", "lieu_luong_cach_dung", "- Trẻ em: 10 mg/kg.", quarantined=True)
    assert parse_dose_section([(0, part)]) == []


def test_route_labels_read_back_as_their_routes() -> None:
    """Each quick-reply label names its own route when read as text (the reply round-trips)."""
    for route, label in ROUTE_LABELS.items():
        assert route in routes_named(label), label
