"""Tests for grounding/blocks.py and grounding/selection.py on small texts in the book's shape."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import PatientContext, QueryFrame
from grounding.blocks import parse_blocks
from grounding.selection import select

SECTION = (
    "### *Cách dùng:*\n\nThuốc X thường dùng đường uống.\n\n### *Liều lượng:*\n\n"
    "*Người lớn:* Uống 500 mg/lần; tối đa 3 g/ngày.\n\n*Trẻ em:*\n\nĐau, sốt:\n\n"
    "*Uống:* Trẻ em 1 - 2 tuổi: 100 mg; Trẻ em 2 - 5 tuổi: 150 mg; Trẻ em 5 - 12 tuổi: 250 mg. "
    "Các liều cho trẻ từ 1 - 12 tuổi có thể nhắc lại sau 6 giờ, tối đa 4 liều/24 giờ.\n\n"
    "Trẻ em cân nặng > 40 kg: Dùng liều như người lớn.\n\n"
    "*Suy thận:* Clcr 10 - 30 ml/phút: 250 mg cách 12 giờ. Clcr < 10 ml/phút: 250 mg/ngày."
)


def _blocks() -> list:
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", SECTION))])


def _frame(**kw: object) -> QueryFrame:
    return QueryFrame.model_validate({"turn_type": "dosing_calc", "drugs": ["x"], **kw})


def test_blocks_keep_spans_and_hide_markup() -> None:
    """Every block's text is its span of the evidence, without emphasis or heading marks."""
    for block in _blocks():
        assert "*" not in block.text and "#" not in block.text
        assert block.text == SECTION[block.start : block.end].replace("*", "").strip(" ;")


def test_child_gets_only_its_band_and_the_governing_caveat() -> None:
    """A 3-year-old gets the 2 - 5 year row and the repeat caveat, nothing for adults."""
    chosen = select(_blocks(), _frame(population="child", age_months=36, weight_kg=14), "")
    texts = [b.text for b in chosen.rows + chosen.caveats]
    assert texts[0] == "Trẻ em 2 - 5 tuổi: 150 mg"
    assert any("nhắc lại sau 6 giờ" in t for t in texts)
    assert not any("500 mg" in t or "100 mg" in t for t in texts)


def test_child_past_adult_weight_gets_adult_row() -> None:
    """ "> 40 kg: dùng liều như người lớn" sends a heavy child to the adult row."""
    chosen = select(_blocks(), _frame(population="child", age_months=156, weight_kg=45), "")
    assert any("500 mg" in b.text for b in chosen.rows)


def test_renal_clearance_picks_its_row() -> None:
    """An adult with ClCr 20 ml/phút gets the 10 - 30 row only."""
    frame = _frame(population="adult", patient=PatientContext(egfr=20))
    chosen = select(_blocks(), frame, "")
    assert [b.text for b in chosen.rows] == ["Suy thận: Clcr 10 - 30 ml/phút: 250 mg cách 12 giờ."]


def test_uncovered_age_selects_nothing() -> None:
    """A 15-year-old of 35 kg is in no printed band: no row, never the whole section."""
    chosen = select(_blocks(), _frame(population="child", age_months=180, weight_kg=35), "")
    assert chosen.rows == [] and chosen.has_rows


def test_many_fitting_rows_keep_the_patients_band_first() -> None:
    """More rows fit than an answer holds: the row printed for the child's weight stays."""
    text = (
        "- Trẻ em theo cân nặng: 10 mg/kg.\n- Trẻ em theo cân nặng, cách khác: 12 mg/kg.\n"
        "- Trẻ em theo cân nặng, liều cao: 30 mg/kg.\n- Trẻ em, liều duy trì: 5 mg/kg.\n"
        "- Trẻ em cân nặng 15 - 25 kg: 200 mg."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, _frame(population="child", age_months=72, weight_kg=20), "")
    assert len(chosen.rows) == 3
    assert chosen.rows[-1].text == "Trẻ em cân nặng 15 - 25 kg: 200 mg."


def test_adults_and_children_head_fits_a_child() -> None:
    """ "Người lớn và trẻ em:" with no band is everyone's row, a child's too."""
    text = "*Người lớn và trẻ em:* Liều hằng ngày 0,5 đơn vị/kg."
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, _frame(population="child", age_months=60, weight_kg=18), "")
    assert [b.text for b in chosen.rows] == ["Người lớn và trẻ em: Liều hằng ngày 0,5 đơn vị/kg."]


def test_an_alternative_regimen_stays_with_its_indication() -> None:
    """'Hoặc …' after an indication's row is read with that row, not as a general dose."""
    text = "Bệnh mắt hột: 20 mg/kg một liều. Hoặc 20 mg/kg/tuần trong 3 tuần.\nSốt: 10 mg/kg."
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = [b for b in blocks if b.text.startswith(("Bệnh", "Hoặc"))]
    assert [b.indication for b in rows] == ["Bệnh mắt hột"]
    assert rows[0].text.endswith("trong 3 tuần.")


THRESHOLD = (
    "### *Liều lượng:*\n\n*Uống:*\n\n"
    "*Người lớn và trẻ em từ 40 kg trở lên:* 500 mg × 3 lần/ngày.\n\n"
    "Trẻ từ 3 tháng tuổi: 20 mg/kg/ngày chia 3 lần.\n\n"
    "Trẻ dưới 3 tháng tuổi hoặc cân nặng dưới 5 kg: không khuyến cáo dùng.\n\n"
    "Nếu tính theo cân nặng: 10 mg/kg mỗi lần."
)


def _threshold_blocks() -> list:
    return parse_blocks([(0, ev("y", "Y", "lieu_luong_cach_dung", THRESHOLD))])


def test_past_the_weight_threshold_an_open_age_band_child_row_drops() -> None:
    """A 45 kg teenager gets the '≥ 40 kg' row, not the 'từ 3 tháng tuổi' mg/kg row."""
    chosen = select(
        _threshold_blocks(), _frame(population="child", age_months=156, weight_kg=45), ""
    )
    texts = [b.text for b in chosen.rows]
    assert any("40 kg" in t for t in texts)
    assert not any("mg/kg" in t for t in texts)


def test_age_or_weight_band_admits_the_patient_by_either() -> None:
    """'dưới 3 tháng tuổi hoặc cân nặng dưới 5 kg' fits a 2-month-old of 5 kg, and a refusal
    row is quoted without the unbanded per-kg rule."""
    chosen = select(_threshold_blocks(), _frame(population="child", age_months=2, weight_kg=5), "")
    texts = [b.text for b in chosen.rows]
    assert any("không khuyến cáo" in t for t in texts)
    assert not any("10 mg/kg mỗi lần" in t for t in texts)
