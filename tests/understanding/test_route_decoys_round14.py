"""Round 14: choking on a drink or breathing in names no inhaled route."""

from __future__ import annotations

from core.frame import Route
from understanding.slots import read_route
from understanding.text import Turn


def test_choking_on_a_drink_or_breathing_in_is_no_inhaled_route() -> None:
    assert read_route(Turn.of("bé bị hít sặc sữa, ho nhiều, dùng thuốc gì")) is None
    assert read_route(Turn.of("bé khó hít thở, dùng thuốc gì")) is None
    assert read_route(Turn.of("salbutamol dạng hít cho người lớn")) is Route.INHALED
