"""Round 11 readings of a dose question and of a dose section: the phase after a fever
(grounding/book/filter_words.py FEVER_OVER), a lower airway disease (LOWER_AIRWAY), a made-up
vial's stated concentration (grounding/liquid.py), rectal route words (grounding/dosing.py),
a banded population label set in emphasis (HeadStack.row_labelled) and a route said with a
row's dose (grounding/line_links.py row_routes)."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from grounding_samples import ev

from core.frame import Route
from grounding.blocks import Block, Who, parse_blocks
from grounding.dosing import routes_named
from grounding.liquid import read_strength
from grounding.narrowing import named_indications

PHASES = ["Sốt thấp khớp, Giai đoạn cấp có sốt", "Sốt thấp khớp, Trong giai đoạn dưỡng bệnh"]
AIRWAYS = ["Các nhiễm khuẩn nhẹ hơn", "Viêm xoang, nhiễm khuẩn đường hô hấp dưới"]


def _named(heads: list[str], asked: str) -> set[str]:
    rows = [SimpleNamespace(indication=h) for h in heads]
    return named_indications(rows, SimpleNamespace(folded=asked))  # type: ignore[arg-type]


def test_the_fever_over_names_the_convalescent_phase() -> None:
    """ "cháu đã cắt sốt" or "đang hồi phục": the phase after the fever, not the fever's."""
    assert _named(PHASES, "chau da cat sot 2 hom nay, uong bao nhieu") == {PHASES[1]}
    assert _named(PHASES, "be dang hoi phuc, lieu moi ngay") == {PHASES[1]}
    assert _named(PHASES, "be con sot cao, lieu moi ngay") != {PHASES[1]}


def test_a_lower_airway_disease_names_its_head_whatever_its_severity() -> None:
    """ "viêm phế quản nhẹ" is a lower airway infection, not the milder-infections head."""
    assert _named(AIRWAYS, "chau viem phe quan nhe, moi lan may ml") == {AIRWAYS[1]}
    assert _named(AIRWAYS, "nhiem khuan nhe hon thi sao") == {AIRWAYS[0]}


def test_a_made_up_vials_stated_concentration_is_the_strength() -> None:
    """ "lọ 500mg pha 4,8ml … thành 100mg/ml": the stated concentration is drawn from."""
    strength = read_strength("lọ 500mg pha 4,8ml nước cất thành 100mg/ml, lấy mấy ml")
    assert strength is not None and strength.mg_per_ml == Decimal(100)
    assert read_strength("siro 120mg/5ml hay 250mg/5ml") is None


def test_dat_hau_mon_is_rectal() -> None:
    """The everyday "đặt hậu môn" in a row is the rectal route; an itch there is none."""
    assert routes_named("Trẻ em: đặt hậu môn 1 viên 80 mg") == (Route.RECTAL,)
    assert routes_named("Đặt vào hậu môn 10 mg") == (Route.RECTAL,)
    assert routes_named("có thể gây ngứa hậu môn") == ()


def _blocks(text: str) -> list[Block]:
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def _row(blocks: list[Block], words: str) -> Block:
    return next(b for b in blocks if words in b.text)


BANDED = (
    "### *Liều lượng:*\n\n*Người lớn:* 1 g x 2 lần/ngày.\n\n"
    "*Trẻ em dưới 30 kg:* tính liều theo mg/kg; không dùng viên 1 g cho trẻ.\n\n"
    "Trẻ dưới 1 tháng tuổi: 15 mg/kg/ngày chia 2 lần.\n\n"
    "Viêm xoang cấp: 50 mg/kg/ngày chia 2 lần."
)


def test_an_emphasised_banded_label_heads_the_per_kg_rows_under_it() -> None:
    """The sinusitis row under "*Trẻ em dưới 30 kg:*" (and a plain age row) is a child's."""
    row = _row(_blocks(BANDED), "Viêm xoang cấp")
    assert row.who is Who.CHILD
    assert row.bands.weight is not None and row.bands.weight.hi == 30


INJECTED = (
    "### *Liều lượng:*\n\nTiêm tĩnh mạch:\n\nNgười lớn: 5 mg tiêm tĩnh mạch chậm.\n\n"
    "Đau nặng: 0,05 - 0,1 mg/kg tiêm bắp, 6 giờ một lần.\n\n"
    "Đau vừa: 0,02 mg/kg, tiêm chậm.\n\n"
    "Đau nhẹ: 0,01 mg/kg (tối đa 1 mg) tiêm bắp khi cần."
)


def test_a_route_said_with_the_dose_is_the_rows_own() -> None:
    """ "0,05 - 0,1 mg/kg tiêm bắp" under an intravenous head is an intramuscular row."""
    blocks = _blocks(INJECTED)
    assert _row(blocks, "Đau nặng").routes == (Route.IM,)
    assert _row(blocks, "Đau vừa").routes == (Route.IV,)
    # Said past a parenthesis, the route is not the dose's own: the head's stays.
    assert _row(blocks, "Đau nhẹ").routes == (Route.IV,)
