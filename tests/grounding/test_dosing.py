"""Tests for grounding/dosing.py: route heads and route words."""

from __future__ import annotations

from core.frame import Route
from grounding.dosing import ROUTE_LABELS, route_heading, routes_named


def test_route_headings_name_their_routes() -> None:
    """A short head ending with a colon names its routes; a dose line does not."""
    assert route_heading("Đường uống:") == (Route.ORAL,)
    assert route_heading("Tiêm bắp hoặc tiêm tĩnh mạch:") == (Route.IM, Route.IV)
    assert route_heading("- Người lớn: uống 500 mg:") == ()


def test_injection_heads_read_as_parenteral() -> None:
    """The book's "Dạng tiêm" and "Dùng ngoài đường tiêu hóa" are injections, not topical use."""
    assert routes_named("Dạng tiêm") == (Route.IV,)
    assert Route.TOPICAL not in routes_named("Dùng ngoài đường tiêu hóa")


def test_route_labels_read_back_as_their_routes() -> None:
    """Each quick-reply label names its own route when read as text (the reply round-trips)."""
    for route, label in ROUTE_LABELS.items():
        assert route in routes_named(label), label


def test_accented_text_names_a_route_only_in_its_own_spelling() -> None:
    """'khi dùng' (when used) and 'bởi' (by) name no route; 'khí dung' and 'bôi' do."""
    from core.frame import Route
    from grounding.dosing import routes_named

    assert routes_named("An toàn khi dùng cho trẻ nhỏ chưa rõ.") == ()
    assert routes_named("Không bị ảnh hưởng bởi thức ăn.") == ()
    assert routes_named("Dạng khí dung: 2 nhát.") == (Route.INHALED,)
    assert routes_named("Bôi ngoài da 2 lần.") == (Route.TOPICAL,)
    assert routes_named("uong 500 mg") == (Route.ORAL,)


def test_a_suppository_is_the_rectal_route() -> None:
    """ "thuốc đạn" and "viên đạn" name the rectal route, in the book and in questions."""
    assert routes_named("Đau mạn tính (thuốc đạn): 10 mg") == (Route.RECTAL,)
    assert routes_named("viên đạn 150 mg") == (Route.RECTAL,)


def test_the_intramuscular_form_is_not_read_as_an_injection_into_a_vein() -> None:
    """'dạng thuốc tiêm bắp' names the IM route only."""
    assert routes_named("Với dạng thuốc tiêm bắp") == (Route.IM,)
    assert routes_named("Dạng tiêm bắp") == (Route.IM,)
    assert routes_named("Dạng tiêm: 1 g") == (Route.IV,)


def test_an_infusion_over_some_minutes_is_intravenous() -> None:
    """'mỗi liều truyền trên 30 phút', 'truyền trong 15 phút' name the intravenous route."""
    assert routes_named("Ba liều, mỗi liều truyền trên 30 phút.") == (Route.IV,)
    assert routes_named("Truyền trong 15 phút.") == (Route.IV,)


def test_a_slice_ending_in_a_space_still_tells_when_used_from_inhaled() -> None:
    """A sentence's first words cut after a space ("… khi dùng hỗn dịch qua ống ") still read
    'khi dùng' as 'when used': the folded form lost the space, the accents still count."""
    assert routes_named("Pha loãng khi dùng hỗn dịch qua ống thông ") == ()
    assert routes_named(" Khí dung 2 mg ") == (Route.INHALED,)
    assert routes_named("khi dung 2 mg ") == (Route.INHALED,)  # no accents: read as written
