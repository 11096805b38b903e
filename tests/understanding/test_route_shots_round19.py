"""Round 19: the route of a shot told the ward's way or by where it goes, and a drink ruled out."""

from __future__ import annotations

from core.frame import Route
from understanding.slots import read_route, says_oral
from understanding.text import Turn


def test_ward_shorthand_for_a_vein() -> None:
    assert read_route(Turn.of("bn 60kg, vancomycin TTM mỗi 12h, liều bao nhiêu")) is Route.IV
    assert read_route(Turn.of("bn nam 40kg cefotaxim ttm q6h")) is Route.IV
    assert read_route(Turn.of("bé 20kg, gentamicin tiêm TB ngày 1 lần")) is Route.IM
    assert read_route(Turn.of("heparin tiêm TDD mỗi 12 giờ cho bn 60kg")) is Route.SC


def test_a_shot_in_the_buttock_or_thigh_is_into_the_muscle() -> None:
    assert read_route(Turn.of("bác sĩ chích cho bé 1 mũi vào đùi, thuốc đó liều sao")) is Route.IM
    assert read_route(Turn.of("tiem 1 mui vao mong cho chau")) is Route.IM
    # a cream on the buttock is no shot
    assert read_route(Turn.of("bôi kem vào mông bé ngày mấy lần")) is not Route.IM


def test_a_drink_said_not_needed_is_no_oral_route() -> None:
    assert not says_oral(Turn.of("chỉ tiêm một lần thôi, không cần uống thêm gì"))
    assert not says_oral(Turn.of("tiêm xong là khỏi uống thuốc hả"))
    assert says_oral(Turn.of("bé uống mấy ml một lần"))
    assert says_oral(Turn.of("không biết uống bao nhiêu"))
