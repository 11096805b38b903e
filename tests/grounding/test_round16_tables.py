"""Round 16 (issue 23): a table's own header and its indication column, and a kidney row that
gives the dose as a share of the usual one. Texts are ours, in the book's shapes."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer
from core.frame import QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.clearance_rows import clearance_rows, with_clearance_rows
from grounding.extractive import ExtractiveAnswerer
from grounding.limits import is_can_use
from grounding.selection import select

# An extract that prints an empty row and its rule before the row naming the columns.
KIDNEY_TABLE = (
    "*Liều lượng:*\n\n"
    "Viêm xoang: Người lớn uống 200 mg mỗi 12 giờ, dùng 5 ngày.\n\n"
    "Người suy thận: chỉnh liều theo bảng.\n\n"
    "| | |\n|---|---|\n"
    "|**Độ thanh thải creatinin (ml/phút)**|**Liều**|\n"
    "|> 40|Như liều thường dùng|\n"
    "|20 - 40|Một nửa liều thường dùng|\n"
    "|< 20|Không dùng|"
)

# A table whose first column names the case each row is for.
CASE_TABLE = (
    "*Liều dùng:* khởi đầu 4 mg/ngày, chỉnh theo INR.\n\n"
    "| Chỉ định | INR đích |\n|---|---|\n"
    "| Loạn nhịp tim kéo dài | INR 2 - 3 |\n"
    "| Van tim cơ học | INR 3 - 4 |"
)

# A kidney row in prose that prints no amount of its own, only a share of the usual dose.
SHARE_ROW = (
    "*Người lớn:*\n\n"
    "Đau cấp: Uống 20 mg mỗi 6 giờ.\n\n"
    "*Suy thận:* Clcr < 25 ml/phút: dùng 50% liều bình thường."
)


def _rows(text: str, question: str, **patient: object) -> list[str]:
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "dosing_calc",
                "drugs": ["x"],
                "population": "adult",
                "standalone_query": question,
                "patient": patient,
            }
        )
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    return [b.text for b in select(blocks, frame, AskedWords(question)).rows]


def test_a_table_s_header_is_its_first_row_with_words() -> None:
    """The empty row before the header is no header: the clearance column is read, and each
    row's bare figures are its clearance band."""
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", KIDNEY_TABLE))])
    table = [b for b in blocks if b.kind.value == "table_row"]
    assert len(table) == 3
    assert all(b.renal for b in table)
    assert table[1].bands.clearance is not None
    assert table[1].bands.clearance.contains(30)
    assert not table[1].bands.clearance.contains(50)
    assert table[1].indication is None  # said of the drug, not of the sinus row above


def test_a_half_of_the_usual_dose_comes_with_the_usual_row() -> None:
    question = "thuốc X viêm xoang suy thận clcr 30"
    rows = _rows(KIDNEY_TABLE, question, renal_impairment=True, egfr=30)
    assert any("Một nửa liều thường dùng" in r for r in rows), rows
    assert any("200 mg" in r for r in rows), rows
    assert not any("Không dùng" in r for r in rows), rows


def test_a_kidney_row_that_refuses_is_the_answer_alone() -> None:
    question = "thuốc X viêm xoang suy thận clcr 10"
    rows = _rows(KIDNEY_TABLE, question, renal_impairment=True, egfr=10)
    assert len(rows) == 1 and "Không dùng" in rows[0], rows


def test_a_share_row_in_prose_is_shown_beside_the_dose_it_shares() -> None:
    rows = _rows(SHARE_ROW, "thuốc X đau cấp suy thận clcr 15", renal_impairment=True, egfr=15)
    assert any("50% liều bình thường" in r for r in rows), rows
    assert any("20 mg" in r for r in rows), rows


def test_a_share_row_is_not_shown_to_a_patient_whose_kidneys_are_not_named() -> None:
    rows = _rows(SHARE_ROW, "thuốc X đau cấp liều")
    assert rows and not any("50%" in r for r in rows), rows


def test_a_case_column_names_each_row_s_indication() -> None:
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", CASE_TABLE))])
    cases = {b.indication for b in blocks if b.kind.value == "table_row"}
    assert cases == {"Loạn nhịp tim kéo dài", "Van tim cơ học"}
    rows = _rows(CASE_TABLE, "thuốc X cho người có van tim cơ học")
    assert any("INR 3 - 4" in r for r in rows), rows
    assert not any("INR 2 - 3" in r for r in rows), rows


def test_can_it_be_used_at_a_measured_clearance_quotes_the_row_for_it(
    catalog: DrugCatalog,
) -> None:
    """'ClCr 12, có dùng X được không': Chống chỉ định names only severe kidney disease; the
    dose text's row for a clearance under 20 says it for this patient, and no other row."""
    contra = ev("x", "X", "chong_chi_dinh", "Quá mẫn với thuốc.\n\nSuy thận nặng.")
    dose = ev("x", "X", "lieu_luong_cach_dung", KIDNEY_TABLE)
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "drug_attribute",
                "drugs": ["x"],
                "attribute": "chong_chi_dinh",
                "standalone_query": "bệnh nhân clcr 12 có dùng X được không",
                "patient": {"renal_impairment": True, "egfr": 12},
            }
        )
    )
    assert is_can_use(frame)
    request = AnswerRequest(
        mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=(contra, dose), candidates=()
    )
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    assert any("Không dùng" in c.text for c in answer.claims), answer.claims
    spoke, claims = with_clearance_rows([contra, dose], "x", frame)
    texts = [c.text for c in claims]
    assert "Suy thận nặng." in texts
    assert any("Không dùng" in t for t in texts), texts
    assert not any("Một nửa" in t for t in texts), texts
    assert spoke[-1] == "lieu_luong_cach_dung"
    # No measured clearance, no row of the table.
    told = frame.model_copy(update={"patient": frame.patient.model_copy(update={"egfr": None})})
    assert clearance_rows([contra, dose], "x", told) == []


def test_a_header_with_an_empty_first_cell_keeps_its_columns_in_place() -> None:
    """'||Khởi đầu|Duy trì|': the first column has no name; each figure stays under its own."""
    text = "| | | |\n|---|---|---|\n||Khởi đầu|Duy trì|\n|Thuốc A|10 mg|10 - 40 mg|"
    [row] = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    assert row.text == "Thuốc A — Khởi đầu: 10 mg — Duy trì: 10 - 40 mg"


def test_a_cell_listing_several_clearances_is_no_one_band() -> None:
    """An extract that put three bands on the lines of one cell: the row is not said of the
    first band alone."""
    text = (
        "| | |\n|---|---|\n|**Độ thanh thải creatinin (ml/phút)**|**Liều**|\n"
        "|30 - 60<br>15 - 30<br>< 15|6 mg/kg<br>4 mg/kg<br>2 mg/kg|"
    )
    [row] = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    assert row.renal and row.bands.clearance is None
