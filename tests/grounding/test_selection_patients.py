"""Tests for grounding/selection.py: rows chosen for special patients (dialysis)."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.selection import select
from grounding.special_patients import inr_rows

# Our own text, in the book's shape: two indications, then kidney rows.
DOSES = (
    "### *Liều lượng*\n\n*Người lớn:*\n\n"
    "Viêm khớp: Khởi đầu 10 mg/ngày, tối đa 20 mg/ngày.\n\n"
    "Đau cấp: 10 mg/lần/ngày.\n\n"
    "*Suy thận*: Nhẹ và vừa, không cần chỉnh liều.\n\n"
    "Suy thận chạy thận nhân tạo: Liều không vượt quá 5 mg/ngày."
)


def _select(question: str) -> tuple[list[str], tuple[str, ...]]:
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "dosing_calc",
                "drugs": ["x"],
                "population": "adult",
                "standalone_query": question,
                "patient": {"renal_impairment": True},
            }
        )
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", DOSES))])
    chosen = select(blocks, frame, AskedWords(question))
    return [b.text for b in chosen.rows], chosen.ask_indications


def test_a_patient_on_dialysis_gets_the_dialysis_row_without_an_indication_question() -> None:
    """ "bệnh nhân chạy thận nhân tạo": the dialysis row alone, whatever the indication."""
    rows, asked = _select("thuốc X bệnh nhân chạy thận nhân tạo tối đa bao nhiêu")
    assert asked == ()
    assert rows == ["Suy thận chạy thận nhân tạo: Liều không vượt quá 5 mg/ngày."]


def test_kidney_disease_without_dialysis_gets_both_indications_not_the_dialysis_row() -> None:
    """Renal impairment alone does not pick the dialysis row; two short indication rows are
    shown, each under its own head, instead of asking which one."""
    rows, asked = _select("thuốc X bệnh nhân suy thận liều bao nhiêu")
    assert asked == ()
    assert rows == [
        "Viêm khớp: Khởi đầu 10 mg/ngày, tối đa 20 mg/ngày.",
        "Đau cấp: 10 mg/lần/ngày.",
    ]


INR_ROWS = (
    "*Người lớn:*\n\n"
    "INR > 5 nhưng < 9 (không chảy máu): Ngừng thuốc chống đông, uống vitamin K 1 - 2,5 mg.\n\n"
    "INR ≥ 9 (không chảy máu): Ngừng thuốc chống đông, uống vitamin K 2,5 - 5 mg.\n\n"
    "Nếu chảy máu nhiều: Tiêm truyền tĩnh mạch chậm 10 mg vitamin K."
)


def _inr_rows(question: str, route: str | None = None) -> list[str]:
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "dosing_calc",
                "drugs": ["x"],
                "population": "adult",
                "route": route,
                "standalone_query": question,
            }
        )
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", INR_ROWS))])
    return [b.text[:9] for b in select(blocks, frame, AskedWords(question)).rows]


def test_an_inr_value_picks_its_band_and_bleeding_rows_only_for_a_bleeding_patient() -> None:
    """INR 10 without bleeding: the ≥ 9 row alone; INR 6: the 5–9 row; INR 10 and bleeding:
    the ≥ 9 row and the bleeding row (read before any route is chosen)."""
    assert _inr_rows("thuốc X cho người dùng warfarin INR 10 không chảy máu") == ["INR ≥ 9 ("]
    assert _inr_rows("thuốc X INR 6") == ["INR > 5 n"]
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", INR_ROWS))])
    rows = [b for b in blocks if b.kind.value == "row"]
    bleeding = inr_rows(rows, 10.0, bleeding=True)
    assert [b.text[:9] for b in bleeding] == ["INR ≥ 9 (", "Nếu chảy "]
    assert [b.text[:9] for b in inr_rows(rows, 10.0, bleeding=False)] == ["INR ≥ 9 ("]


def test_a_renal_row_dosed_per_day_is_chosen_alone_for_its_clearance() -> None:
    """ClCr 40 and "ClCr 35 - 50 ml/phút: 0,6 mg/ngày": that row, not the usual rows."""
    text = (
        "*Người lớn:*\n\nĐợt cấp: Liều đầu 1 mg, sau đó 0,5 mg/lần mỗi giờ.\n\n"
        "Nếu thanh thải creatinin 35 - 50 ml/phút, uống 0,6 mg/ngày."
    )
    question = "thuốc X suy thận clcr 40 liều"
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "dosing_calc",
                "drugs": ["x"],
                "population": "adult",
                "standalone_query": question,
                "patient": {"renal_impairment": True, "egfr": 40},
            }
        )
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = [b.text for b in select(blocks, frame, AskedWords(question)).rows]
    assert rows == ["Nếu thanh thải creatinin 35 - 50 ml/phút, uống 0,6 mg/ngày."]


def test_an_adult_row_by_another_route_leaves_the_childs_oral_row() -> None:
    """A 15-year-old of 62 kg asked by mouth: 'Người lớn và trẻ em trên 14 tuổi: bôi gel' is
    a gel to rub on, so the child's per-kg oral row still answers."""
    book = (
        "Đường uống:\n- Người lớn: 75 mg/ngày.\n"
        "- Trẻ em theo cân nặng (viêm khớp thiếu niên): 1–3 mg/kg/ngày.\n"
        "Dùng ngoài:\n- Người lớn và trẻ em trên 14 tuổi: bôi gel 1% lên vùng đau."
    )
    rows = _oral_child_rows(book, 180, 62, "bé 15 tuổi 62 kg viêm khớp thiếu niên uống X")
    assert any(r.startswith("Trẻ em theo cân nặng") for r in rows), rows


def test_as_for_adults_under_one_indication_leaves_the_other_child_rows() -> None:
    """'Viêm kết mạc: Dùng liều như người lớn' sends a child with conjunctivitis to the adult
    dose, not a child with pyelonephritis: the children's pyelonephritis row still answers."""
    book = (
        "Một số chỉ định đặc biệt đối với trẻ em:\n\n"
        "*Viêm kết mạc nhiễm khuẩn*: Dùng liều như người lớn.\n\n"
        "*Viêm bể thận*:\n\nUống: 20 - 30 mg/kg/ngày, chia làm 2 lần.\n\n"
        "Người lớn:\n\n*Viêm kết mạc nhiễm khuẩn*: Nhỏ mắt 1 - 2 giọt.\n\n"
        "*Viêm bể thận*:\n\nUống: 500 mg/lần, cách 12 giờ một lần."
    )
    rows = _oral_child_rows(book, 156, 55, "bé 13 tuổi 55 kg viêm bể thận uống X")
    assert any("20 - 30 mg/kg/ngày" in r for r in rows), rows
    assert not any("500 mg/lần" in r for r in rows), rows


def test_a_weight_threshold_of_one_indication_leaves_the_others_child_rows() -> None:
    """'Dự phòng bệnh than: Người lớn ≥ 40 kg: 500 mg' does not take away a 45 kg child's
    endocarditis-prophylaxis row: that row still answers the endocarditis question."""
    book = (
        "*Dự phòng viêm nội tâm mạc nhiễm khuẩn*:\n\n"
        "Trẻ em: Một liều duy nhất 50 mg/kg, uống 1 giờ trước khi làm thủ thuật.\n\n"
        "*Dự phòng bệnh than*:\n\nNgười lớn ≥ 40 kg: 500 mg cách 8 giờ/lần."
    )
    rows = _oral_child_rows(book, 156, 45, "bé 13 tuổi 45 kg uống X dự phòng viêm nội tâm mạc")
    assert any("50 mg/kg" in r for r in rows), rows


def _oral_child_rows(book: str, age_months: int, weight_kg: int, query: str) -> list[str]:
    """The rows selected from `book` for a child of that age and weight asking `query` orally."""
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "dosing_calc",
                "drugs": ["x"],
                "population": "child",
                "age_months": age_months,
                "weight_kg": weight_kg,
                "route": "oral",
                "standalone_query": query,
            }
        )
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", book))])
    return [b.text for b in select(blocks, frame, AskedWords.of(frame)).rows]
