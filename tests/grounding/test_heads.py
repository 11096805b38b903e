"""Tests for grounding/heads.py: what a "label:" names and which heads stay in force."""

from __future__ import annotations

import pytest

from core.frame import Route
from grounding.heads import HeadStack, Who, classify_head

KINDS = [
    ("### *Liều lượng", "part"),
    ("*Trẻ em", "who"),
    ("Liều dùng cho người lớn", "who"),
    ("*Suy thận", "cond"),
    ("*Uống", "route"),
    ("Dùng ngoài đường tiêu hóa", "route"),
    ("Trẻ em 2 - 4 tuổi", "who"),
    ("1 - 5 tuổi", "band"),
    ("Trọng lượng cơ thể > 30 kg", "band"),
    ("người nặng trên 50 kg", "band"),
    ("người cân nặng từ 50 kg trở xuống", "band"),
    ("Đau, sốt", "ind"),
    ("Liều được tính theo cân nặng như sau", "filler"),
    ("Theo tuổi", "filler"),
    ("Tính theo cân nặng", "filler"),
]


@pytest.mark.parametrize(("label", "kind"), KINDS)
def test_head_kinds(label: str, kind: str) -> None:
    """Each of the book's head shapes is read as its kind."""
    assert classify_head(label, len(label)).kind == kind


def test_adults_and_children_together_are_everyone() -> None:
    """'Người lớn và trẻ em' is everyone; with a band it is the adult dose by that band."""
    assert classify_head("Người lớn và trẻ em", 0).who is Who.ANY
    assert classify_head("Người lớn và trẻ em trên 12 tuổi", 0).who is Who.ADULT


def test_a_new_population_drops_the_route_set_under_the_old_one() -> None:
    """'*Người lớn:* … *Truyền tĩnh mạch:* … *Trẻ em:*': the child rows have no route yet."""
    stack = HeadStack()
    for label in ("*Người lớn", "*Truyền tĩnh mạch", "*Trẻ em"):
        stack.apply(classify_head(label, 0), heading_only=True)
    context = stack.context()
    assert context.who is Who.CHILD
    assert context.routes == ()


def test_a_route_set_first_survives_a_population_under_it() -> None:
    """'*Dạng uống:* … Người lớn: … Trẻ em:': both populations stay oral."""
    stack = HeadStack()
    for label in ("*Dạng uống", "Liều người lớn", "Trẻ em dưới 40 kg"):
        stack.apply(classify_head(label, 0), heading_only=True)
    assert stack.context().routes == (Route.ORAL,)


def test_a_sentence_with_a_colon_is_not_a_head() -> None:
    """'Đối với trẻ nhỏ, sách khuyến cáo dùng liều: …' is said, not a heading."""
    from grounding.heads import heads_at

    text = "Đối với trẻ nhỏ, sách khuyến cáo dùng liều: 10 mg/kg."
    assert heads_at(text, 0, len(text)) == []


def test_dialysis_is_a_renal_head() -> None:
    """'Người bệnh thẩm tách' is a renal head, not an indication."""
    assert classify_head("Người bệnh thẩm tách", 0).kind == "cond"


def test_a_body_weight_label_is_a_band_head_not_prose() -> None:
    """'Trọng lượng cơ thể < 20 kg: …' opens a weight row ("cơ thể" is not "có thể")."""
    from grounding.heads import heads_at

    text = "Trọng lượng cơ thể < 20 kg: 5 ml sirô, 1 lần/ngày."
    heads = heads_at(text, 0, len(text))
    assert [h.kind for h in heads] == ["band"]
    assert heads[0].bands.weight is not None and heads[0].bands.weight.hi == 20
