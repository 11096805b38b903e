"""Tests for grounding/line_links.py: what a row takes from the head above it."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import Route
from grounding.blocks import parse_blocks
from grounding.heads import classify_head
from grounding.line_links import nested_indication


def test_a_phase_is_named_by_the_disease_of_its_head() -> None:
    """'Giai đoạn cấp' under 'Bệnh Z' reads 'Bệnh Z, Giai đoạn cấp'."""
    head = classify_head("Bệnh Z", 0)
    assert nested_indication(classify_head("Giai đoạn cấp", 0), head) == "Bệnh Z, Giai đoạn cấp"


def test_a_sub_case_naming_the_disease_keeps_its_own_words() -> None:
    """'Sởi có biến chứng' under 'Bệnh sởi' names its disease already: no prefix."""
    head = classify_head("Bệnh sởi", 0)
    assert nested_indication(classify_head("Sởi có biến chứng", 0), head) == "Sởi có biến chứng"
    assert nested_indication(classify_head("Giai đoạn cấp", 0), None) == "Giai đoạn cấp"


def test_a_row_under_a_bare_injection_head_names_its_injection() -> None:
    """Under '*Tiêm:*', 'Người lớn: Tiêm dưới da hoặc tiêm bắp, 400 microgam' is SC and IM
    (both routes it opens with), '… 200 microgam, truyền tĩnh mạch …' is IV only."""
    text = (
        "### *Liều lượng:*\n\n*Uống:* Người lớn: 2 mg/lần.\n\n"
        "*Tiêm:* Người lớn: Tiêm dưới da hoặc tiêm bắp, 400 microgam, nhắc lại sau 4 giờ.\n\n"
        "Người lớn: 200 microgam, truyền tĩnh mạch dung dịch 4 mg/500 ml."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    first = next(b for b in blocks if "400 microgam" in b.text)
    second = next(b for b in blocks if "200 microgam" in b.text)
    assert set(first.routes) == {Route.SC, Route.IM}
    assert second.routes == (Route.IV,)


def test_heavier_children_are_past_the_band_of_the_row_above() -> None:
    """'Viêm khớp X: Trẻ cân nặng dưới 20 kg uống …; trẻ nặng hơn: 2 g/ngày': the
    first row is under 20 kg (said before its dose), the second 20 kg and over."""
    text = (
        "### *Liều lượng:*\n\n*Trẻ em:*\n\nViêm khớp X: Trẻ cân nặng dưới 20 kg uống "
        "50 - 100 mg/kg/ngày, chia nhiều lần; trẻ nặng hơn: 2 g/ngày."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    light = next(b for b in blocks if "mg/kg" in b.text)
    heavy = next(b for b in blocks if "2 g/ngày" in b.text and "mg/kg" not in b.text)
    assert light.bands.weight is not None and light.bands.weight.contains(15)
    assert not light.bands.weight.contains(25)
    assert heavy.bands.weight is not None and heavy.bands.weight.contains(25)
    assert not heavy.bands.weight.contains(15)


def test_another_route_for_any_patient_leaves_the_band_head() -> None:
    """Under 'Trẻ dưới 6 tuổi:', 'Còn có thể dùng X theo đường trực tràng … cho người bệnh
    không uống được' is its own rectal row for every patient, not the children's oral row
    it follows; a plain next sentence of the children's dose stays theirs."""
    text = (
        "### *Liều lượng:*\n\nLiều cho trẻ dưới 6 tuổi:\n\n"
        "Bắt đầu 5 mg/kg/ngày. Liều duy trì 8 mg/kg/ngày. Còn có thể dùng X theo đường "
        "trực tràng với liều tối đa 100 mg/lần cho người bệnh tạm thời không uống được."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rectal = next(b for b in blocks if "100 mg/lần" in b.text)
    upkeep = next(b for b in blocks if "8 mg/kg/ngày" in b.text)
    assert rectal.routes == (Route.RECTAL,) and "8 mg/kg" not in rectal.text
    assert rectal.bands.age is None and rectal.context.head is None
    assert upkeep.bands.age is not None and upkeep.bands.age.hi == 72


def test_another_route_for_children_keeps_their_band() -> None:
    """'Cũng có thể đặt trực tràng 2 mg/kg cho trẻ' names the children: it stays under the
    band head above it."""
    text = (
        "### *Liều lượng:*\n\nLiều cho trẻ dưới 6 tuổi:\n\n"
        "Uống 5 mg/kg/ngày. Cũng có thể đặt trực tràng 2 mg/kg cho trẻ nôn nhiều."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rectal = next(b for b in blocks if "2 mg/kg" in b.text)
    assert rectal.bands.age is not None and rectal.bands.age.hi == 72


def test_an_example_goes_on_with_the_row_it_illustrates() -> None:
    """ "Dưới 1 tuổi: 20 mg/kg/ngày. Thí dụ: 100 mg mỗi ngày cho trẻ 5 kg." is one row of the
    under-1 band: the example heads nothing and names no indication."""
    text = (
        "### *Liều lượng:*\n\n_Trẻ em:_\n\nDưới 1 tuổi: 20 mg/kg/ngày, chia 2 lần. Thí dụ: Dùng "
        "100 mg mỗi ngày cho trẻ cân nặng 5 kg.\n\nTừ 1 - 6 tuổi: 250 mg, 2 lần mỗi ngày."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    infant = next(b for b in blocks if "20 mg/kg" in b.text)
    assert "100 mg mỗi ngày" in infant.text and infant.indication is None
    assert infant.bands.age is not None and infant.bands.age.hi == 12
    assert not any(b.text.startswith(("Thí dụ", "Dùng 100")) for b in blocks)


def test_another_way_on_the_line_of_a_banded_row_is_that_rows() -> None:
    """ "Trẻ 2 - 12 tuổi dưới 15 kg: pha dung dịch 0,5 %. Có thể dùng chế phẩm trẻ em 0,6 mg …"
    is said of those children: it goes on with their row and never reaches a 14-year-old."""
    text = (
        "### *Liều lượng:*\n\n*Khí dung:* Người lớn: 2 mg, 3 lần/ngày. Đối với trẻ em 2 - 12 "
        "tuổi cân nặng dưới 15 kg, dùng 1 mg, 3 lần/ngày. Có thể dùng chế phẩm trẻ em liều "
        "đơn chứa 0,6 mg cho mỗi 3 ml."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    small = next(b for b in blocks if "0,6 mg" in b.text)
    assert "1 mg, 3 lần/ngày" in small.text
    assert small.bands.age is not None and not small.bands.age.contains(168)
