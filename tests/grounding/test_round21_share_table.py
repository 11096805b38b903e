"""Round 21 (issue 23, the rows a dose answer shows): a kidney table whose second column is
the share of the usual dose, with its dialysis row. Texts are ours, in the book's shapes."""

from __future__ import annotations

from grounding_samples import adult_dose_frame, dose_blocks, rows_shown

from grounding.blocks import BlockKind

# The usual dose first, then the share of it for each kidney function; the last row is for
# patients on dialysis, the middle one for those with low clearance who are NOT dialysed.
SHARE_TABLE = (
    "Người lớn: uống 150 mg x 1 lần/ngày.\n\n"
    "*Người suy thận:*\n\n"
    "| Clcr (ml/phút) | Phần trăm liều thường dùng |\n"
    "|---|---|\n"
    "| > 50 | 100 |\n"
    "| ≤ 50, không lọc máu | 50 |\n"
    "| Bệnh nhân lọc máu | 100, uống sau mỗi lần lọc |\n"
)

TABLE_WITH_PERCENT_HEAD = (
    "Người lớn: uống 150 mg x 1 lần/ngày.\n\n"
    "| Độ thanh thải creatinin (ml/phút) | Tỷ lệ % liều khuyên dùng |\n"
    "|---|---|\n"
    "| > 50 | 100 |\n"
    "| < 50 và không kèm thẩm tách máu | 50 |\n"
    "| Người bệnh thẩm tách máu | 100 sau mỗi lần thẩm tách |\n"
)


def test_a_share_column_headed_by_percent_changes_the_dose() -> None:
    rows = [b for b in dose_blocks(TABLE_WITH_PERCENT_HEAD) if b.kind is BlockKind.TABLE_ROW]
    assert len(rows) == 3, [b.text for b in rows]
    assert all(b.adjusts for b in rows), [b.text for b in rows]


def test_a_dialysed_patient_gets_the_dialysis_row_of_a_share_table_only() -> None:
    said = "bà nội tôi lọc máu ở viện tuần ba buổi, thuốc X dùng sao"
    frame = adult_dose_frame(said, renal_impairment=True, dialysis=True)
    shown = rows_shown(TABLE_WITH_PERCENT_HEAD, frame)
    assert shown and any("Người bệnh thẩm tách máu" in r for r in shown), shown
    # The row said of those not dialysed is not this patient's.
    assert not any("không kèm thẩm tách" in r for r in shown), shown


def test_a_low_clearance_without_dialysis_gets_the_half_row_not_the_dialysis_row() -> None:
    frame = adult_dose_frame("bố tôi suy thận, Clcr 35, thuốc X", renal_impairment=True, egfr=35)
    shown = rows_shown(TABLE_WITH_PERCENT_HEAD, frame)
    # The share comes first, with the usual row it is a share of; never the dialysis row.
    assert shown and "không kèm thẩm tách" in shown[0], shown
    assert any("150 mg" in r for r in shown), shown
    assert not any("Người bệnh thẩm tách" in r for r in shown), shown


def test_a_row_for_those_not_dialysed_is_no_dialysis_row() -> None:
    frame = adult_dose_frame(
        "ông tôi lọc máu định kỳ, thuốc X", renal_impairment=True, dialysis=True
    )
    shown = rows_shown(SHARE_TABLE, frame)
    assert not any("không lọc máu" in r for r in shown), shown
