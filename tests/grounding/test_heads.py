"""Tests for grounding/heads.py: what a "label:" names and which heads stay in force."""

from __future__ import annotations

import pytest

from core.frame import Route
from grounding.head_stack import HeadStack, label_words
from grounding.heads import HeadKind, Who, classify_head, opens_with_everyone

KINDS = [
    ("### *Liều lượng", HeadKind.PART),
    ("*Trẻ em", HeadKind.WHO),
    ("Liều dùng cho người lớn", HeadKind.WHO),
    ("*Suy thận", HeadKind.COND),
    ("*Uống", HeadKind.ROUTE),
    ("Dùng ngoài đường tiêu hóa", HeadKind.ROUTE),
    ("Trẻ em 2 - 4 tuổi", HeadKind.WHO),
    ("1 - 5 tuổi", HeadKind.BAND),
    ("Trọng lượng cơ thể > 30 kg", HeadKind.BAND),
    ("người nặng trên 50 kg", HeadKind.BAND),
    ("người cân nặng từ 50 kg trở xuống", HeadKind.BAND),
    ("Đau, sốt", HeadKind.IND),
    ("Liều được tính theo cân nặng như sau", HeadKind.FILLER),
    ("Theo tuổi", HeadKind.FILLER),
    ("Tính theo cân nặng", HeadKind.FILLER),
    ("Hoặc dùng", HeadKind.FILLER),
    ("Liều duy trì thông thường thuốc X ở người lớn", HeadKind.WHO),
    ("Liều khởi đầu", HeadKind.USUAL),
    ("Với bệnh nhân trên 60 tuổi", HeadKind.WHO),
    ("Hoặc uống", HeadKind.ROUTE),
    ("Đường tiêm tĩnh mạch, truyền tĩnh mạch hoặc tiêm bắp (thuốc Y natri)", HeadKind.ROUTE),
    ("*Tiêm", HeadKind.ROUTE),
    ("*Phòng huyết khối tĩnh mạch sâu sau mổ", HeadKind.IND),
    ("Bệnh than do hít", HeadKind.IND),
    ("Liều thông thường ở trẻ em", HeadKind.WHO),
    ("Liều thường dùng cho người lớn", HeadKind.WHO),
    ("Liều thường dùng", HeadKind.USUAL),
    ("Liều khởi đầu", HeadKind.USUAL),
    ("Với bệnh nhân trên 60 tuổi", HeadKind.WHO),
    ("Liều tối đa", HeadKind.USUAL),
    ("Liều khởi đầu (trong 24 giờ đầu)", HeadKind.USUAL),
    ("Người dưới 40 kg", HeadKind.BAND),
    ("_Chú ý", HeadKind.FILLER),
]


@pytest.mark.parametrize(("label", "kind"), KINDS)
def test_head_kinds(label: str, kind: HeadKind) -> None:
    """Each of the book's head shapes is read as its kind."""
    assert classify_head(label, len(label)).kind is kind


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
    assert classify_head("Người bệnh thẩm tách", 0).kind is HeadKind.COND


def test_a_body_weight_label_is_a_band_head_not_prose() -> None:
    """'Trọng lượng cơ thể < 20 kg: …' opens a weight row ("cơ thể" is not "có thể")."""
    from grounding.heads import heads_at

    text = "Trọng lượng cơ thể < 20 kg: 5 ml sirô, 1 lần/ngày."
    heads = heads_at(text, 0, len(text))
    assert [h.kind for h in heads] == [HeadKind.BAND]
    assert heads[0].bands.weight is not None and heads[0].bands.weight.hi == 20


def test_a_bare_injection_head_names_every_injection_route() -> None:
    """'*Tiêm:*' says injection without which one: IV, IM and SC rows all sit under it."""
    assert set(classify_head("*Tiêm", 0).routes) == {Route.IV, Route.IM, Route.SC}


def test_a_long_route_head_ignores_its_parenthesis() -> None:
    """A long head that opens with its route reads the routes, not the salt in parentheses."""
    head = classify_head("Đường tiêm tĩnh mạch, truyền tĩnh mạch hoặc tiêm bắp (thuốc Y natri)", 0)
    assert head.routes == (Route.IV, Route.IM)


def test_a_dose_in_international_units_is_a_dose() -> None:
    """'5 000 đvqt' doses a row as 'mg' does."""
    from grounding.heads import DOSE

    assert DOSE.search("Tiêm dưới da 5 000 đvqt mỗi 12 giờ")


def test_a_plain_route_label_keeps_the_population_and_indication_heads() -> None:
    """'Tiêm tĩnh mạch: …' on a row under '*Dạng uống:*', '*Người lớn:*' and '_Sốt:_'
    changes only the route."""
    stack = HeadStack()
    for label in ("*Dạng uống", "*Người lớn", "_Sốt"):
        stack.apply(classify_head(label, 0), heading_only=True)
    stack.apply(classify_head("Tiêm tĩnh mạch", 0), heading_only=False)
    context = stack.context()
    assert (context.who, context.indication, context.routes) == (Who.ADULT, "Sốt", (Route.IV,))


def test_an_about_head_alone_on_its_line_is_an_indication() -> None:
    """'_Đối với bệnh gút:_' alone on its line heads that indication; a sentence does not."""
    from grounding.heads import heads_at

    text = "_Đối với bệnh gút:_\nNgười lớn: 100 mg."
    heads = heads_at(text, 0, text.index("\n"))
    assert [(h.kind, h.text) for h in heads] == [(HeadKind.IND, "bệnh gút")]


def test_a_remark_head_on_its_own_line_ends_the_heads_above() -> None:
    """'_Chú ý:_' alone on its line: the rows after it are not the child head's rows."""
    stack = HeadStack()
    for label in ("*Liều thông thường ở trẻ em", "_Chú ý"):
        stack.apply(classify_head(label, 0), heading_only=True)
    assert stack.context().who is None


def test_head_kind_is_an_enum() -> None:
    """A head's kind is a `HeadKind`, never a bare string."""
    read = classify_head("*Trẻ em", 7)
    assert type(read.kind) is HeadKind
    assert read.kind is HeadKind.WHO


def test_indications_said_for_a_population_head_that_population() -> None:
    """'Một số chỉ định đặc biệt đối với trẻ em:' heads the children's indications after it;
    'Đối với trẻ nhỏ, một tài liệu khác gợi ý liều sau' stays a sentence, no population head."""
    head = classify_head("Một số chỉ định đặc biệt đối với trẻ em", 0)
    assert head.kind is HeadKind.WHO and head.who is Who.CHILD
    assert classify_head("Chỉ định khác cho người lớn", 0).who is Who.ADULT
    assert classify_head("Đối với trẻ nhỏ, một tài liệu khác gợi ý liều sau", 0).kind is not (
        HeadKind.WHO
    )


@pytest.mark.parametrize(
    ("folded", "everyone"),
    [
        ("nguoi lon va tre em 25 mg/kg/ngay", True),
        ("nguoi lon hoac tre em: 500 mg", True),
        ("nguoi lon va tre em tren 12 tuoi: 500 mg", False),
        ("nguoi lon va tre em (> 40 kg) 1 g", False),
        ("nguoi lon va tre em 12 tuoi tro len", False),
        ("nguoi lon va tre em tuoi 500 mg", True),
        ("nguoi lon va tre emx", False),
        ("tre em va nguoi lon 1 g", False),
    ],
)
def test_opens_with_everyone_reads_folded_words(folded: str, everyone: bool) -> None:
    """Adults and children together open a row's folded words, with no age or weight band
    after them ("trên 12 tuổi", "(> 40 kg)"), only when the row is everyone's."""
    assert opens_with_everyone(folded) is everyone


def test_label_words_drops_a_parenthesis_with_its_spaces() -> None:
    """A parenthesis that adds no band goes with the spaces before it; one that adds the
    band stays."""
    inner = classify_head("Trẻ em (không dùng) dạng uống:", 30)
    assert label_words(inner) == "Trẻ em dạng uống"
    banded = classify_head("Trẻ em (dưới 12 tuổi):", 22)
    assert label_words(banded) == "Trẻ em (dưới 12 tuổi)"
