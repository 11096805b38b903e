"""Round 17 (issue 23, "only the rows that apply"): a dose said later on a band's line is that
band's, and a row with one figure per complaint works out the complaint asked. Texts are ours,
in the book's shapes."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import ConditionQuery, QueryFrame
from grounding.amounts import age_row_beside, amount_claims
from grounding.asked import AskedWords
from grounding.blocks import BlockKind, parse_blocks
from grounding.selection import select

# Age rows under one head; the last line adds a maintenance dose after its band's row.
BAND_LINES = (
    "*Đau và sốt:*\n\n"
    "Trẻ 2 - 6 tuổi: 120 mg x 3 lần/ngày.\n\n"
    "Trẻ 13 - 17 tuổi: Bắt đầu 300 mg, đến 500 mg x 3 lần/ngày. Liều duy trì là 0,8 - 1,4 g."
)

# One row, one figure for each complaint.
BY_COMPLAINT = (
    "*Trẻ em:* Gợi ý khác: đối với sốt, 6 - 12 mg/kg và đối với đau, 12 mg/kg; cách nhau "
    "6 giờ, không quá 40 mg/kg mỗi ngày."
)
CASES = "Trẻ em: Với sốt cho 6 - 12 mg/kg, đối với đau 12 mg/kg, mỗi 6 giờ."


def _blocks(text: str) -> list:
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def _child(months: int, kg: float, complaint: str | None = None) -> QueryFrame:
    return QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": months,
            "weight_kg": kg,
            "condition": ConditionQuery(text=complaint) if complaint else None,
        }
    )


def test_a_dose_later_on_a_band_s_line_keeps_that_band() -> None:
    blocks = _blocks(BAND_LINES)
    kept = next(b for b in blocks if "duy trì" in b.text)
    assert kept.bands.age is not None
    assert kept.bands.age.contains(15 * 12)
    assert not kept.bands.age.contains(4 * 12)


def test_a_young_child_is_not_shown_the_teenagers_maintenance_dose() -> None:
    blocks = _blocks(BAND_LINES)
    frame = _child(48, 16, "sốt")
    rows = [b.text for b in select(blocks, frame, AskedWords("bé 4 tuổi sốt")).rows]
    assert any("120 mg" in r for r in rows), rows
    assert not any("duy trì" in r for r in rows), rows


def _worked(text: str, frame: QueryFrame, question: str) -> list[str]:
    rows = [b for b in _blocks(text) if b.kind is BlockKind.ROW]
    claims = amount_claims(rows, [], rows, frame, AskedWords(question))
    return [c.text for cs in claims.values() for c in cs]


def test_a_fever_works_out_the_fever_figure_only() -> None:
    worked = _worked(BY_COMPLAINT, _child(36, 14, "sốt"), "bé 3 tuổi 14 kg bị sốt")
    assert any("14 kg × 6–12 mg/kg" in t for t in worked), worked
    assert not any("× 12 mg/kg =" in t for t in worked), worked


def test_a_pain_works_out_the_pain_figure_only() -> None:
    worked = _worked(CASES, _child(36, 14, "đau răng"), "bé 3 tuổi 14 kg đau răng")
    assert any("× 12 mg/kg =" in t for t in worked), worked
    assert not any("6–12 mg/kg" in t for t in worked), worked


def test_no_complaint_works_out_every_figure() -> None:
    worked = _worked(BY_COMPLAINT, _child(36, 14), "bé 3 tuổi 14 kg")
    assert any("6–12 mg/kg" in t for t in worked), worked
    assert any("× 12 mg/kg =" in t for t in worked), worked


# Two indication heads; the second's maintenance dose is labelled "Liều duy trì … trong …".
MAINTENANCE = (
    "*Đau thắt ngực:*\n\n"
    "Người lớn: khởi đầu 5 mg/ngày.\n\n"
    "Liều duy trì thường dùng thuốc X ở người lớn: 10 - 30 mg/ngày.\n\n"
    "*Suy tim:*\n\n"
    "Người lớn: khởi đầu 1,25 mg/ngày.\n\n"
    "Liều duy trì thường dùng thuốc X trong suy tim: 5 - 15 mg mỗi ngày, chia 2 lần."
)


def test_a_maintenance_label_in_a_case_is_no_indication_of_its_own() -> None:
    blocks = _blocks(MAINTENANCE)
    kept = next(b for b in blocks if "trong suy tim" in b.text)
    assert kept.indication == "Suy tim"
    other = next(b for b in blocks if "ở người lớn" in b.text)
    assert other.indication == "Đau thắt ngực"


# A disease's name printed as a sentence of its own between two inline-headed rows.
NAMED_BETWEEN = (
    "Cơn đau cấp: Uống 1 mg, sau đó 0,5 mg mỗi giờ.\n\n"
    "Bệnh viêm mạch hiếm gặp (thể gia đình). Điều trị dài ngày: Uống 1 - 2 mg/ngày."
)


def test_a_disease_named_after_a_row_is_no_note_for_every_row() -> None:
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult"}
    )
    rows = [b.text for b in select(_blocks(NAMED_BETWEEN), frame, AskedWords("cơn đau cấp")).rows]
    assert any("0,5 mg mỗi giờ" in r for r in rows), rows
    assert not any("viêm mạch" in r for r in rows), rows


# A named infection's head that carries a genus's initial, and its one banded child row.
GENUS_HEAD = (
    "*Trẻ em (dưới 40 kg):* Tiêm bắp 25 - 50 mg/kg/ngày.\n\n"
    "*Viêm màng não:*\n\n"
    "Trẻ em: 90 mg/kg/ngày, chia 2 lần.\n\n"
    "Mang *S. aureus* ở mũi (người khỏe): Người lớn: tiêm bắp 1 liều duy nhất 300 mg; "
    "Trẻ em: tiêm bắp 1 liều duy nhất 150 mg cho trẻ dưới 14 tuổi."
)


def test_a_genus_initial_ends_no_head() -> None:
    blocks = _blocks(GENUS_HEAD)
    carrier = next(b for b in blocks if "150 mg" in b.text)
    assert carrier.indication is not None
    assert "aureus" in carrier.indication


def test_a_named_infection_s_one_banded_row_is_not_shown_beside_the_general_row() -> None:
    blocks = _blocks(GENUS_HEAD)
    general = [b for b in blocks if "25 - 50 mg/kg" in b.text]
    asked = AskedWords("thuốc X trẻ 6 tuổi 20 kg")
    assert age_row_beside(general, blocks, _child(72, 20), asked) is None


def test_the_one_head_s_age_table_is_shown_beside_the_general_row() -> None:
    blocks = _blocks(
        BAND_LINES.replace("*Đau và sốt:*", "Trẻ em: 10 mg/kg mỗi lần.\n\n*Đau và sốt:*")
    )
    general = [b for b in blocks if "10 mg/kg" in b.text]
    beside = age_row_beside(general, blocks, _child(48, 16), AskedWords("bé 4 tuổi 16 kg"))
    assert beside is not None and "120 mg" in beside.text
