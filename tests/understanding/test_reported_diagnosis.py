"""A diagnosis the doctor already made and the user only reports is no request to diagnose
(understanding.conditions.asks_diagnosis), and "TMC" names the vein (ROUTE_CUES)."""

from __future__ import annotations

from collections.abc import Callable

from core.frame import QueryFrame, Route, TurnType
from understanding.slots import read_route
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


def test_a_reported_diagnosis_keeps_the_dose_question(parse: Parse) -> None:
    """ "bác sĩ chẩn đoán viêm phế quản" then a dose question: the dose is asked."""
    frame = parse("bé 5 tuổi 18kg, bác sĩ chẩn đoán viêm phế quản, uống paracetamol mấy ml?")
    assert frame.turn_type is not TurnType.OUT_OF_SCOPE
    said = parse("mẹ em được chẩn đoán tăng huyết áp, uống amlodipin liều bao nhiêu")
    assert said.turn_type is not TurnType.OUT_OF_SCOPE


def test_asking_for_a_diagnosis_stays_out_of_scope(parse: Parse) -> None:
    """Asking what the illness is, with or without "chẩn đoán", is still refused."""
    assert parse("chẩn đoán giúp em, em ho và sốt 3 ngày").turn_type is TurnType.OUT_OF_SCOPE
    assert parse("tôi đau bụng suốt, tôi bị bệnh gì?").turn_type is TurnType.OUT_OF_SCOPE


def test_tmc_is_into_a_vein() -> None:
    """A nurse's "TMC" (tiêm tĩnh mạch chậm) is the intravenous route."""
    assert read_route(Turn.of("y lệnh tiêm TMC 2 ống")) is Route.IV
