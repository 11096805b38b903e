"""Round 19 (issue 23, the rows a dose answer shows): a clearance as a ward writes it, a baby
not yet a month old, dialysis said as not done, a share of the usual dose asked for a patient
with weak kidneys, rows for patients of a state after ";". Texts are ours, in the book's
shapes."""

from __future__ import annotations

import pytest
from grounding_samples import adult_dose_frame, dose_blocks, rows_shown

from core.frame import Route
from grounding.blocks import BlockKind
from understanding.reading import patients_age
from understanding.slots import read_patient, read_route
from understanding.text import Turn

_blocks, _adult, _rows = dose_blocks, adult_dose_frame, rows_shown


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("ông 72t suy thận, CrCl ~35 ml/ph, hỏi liều", 35.0),
        ("bà ngoại ĐTCr 22 thôi, uống thuốc X sao", 22.0),
        ("bn có Cl cr = 18 ml/phút", 18.0),
        ("eGFR≈45, liều bao nhiêu", 45.0),
        ("MLCT còn 28 ml/phút/1,73m2", 28.0),
        ("mức lọc cầu thận khoảng 40", 40.0),
        ("độ thanh thải creatinin tầm 15", 15.0),
    ],
)
def test_a_clearance_as_a_ward_writes_it_is_the_patient_s(said: str, value: float) -> None:
    patient = read_patient(Turn.of(said))
    assert patient is not None and patient.egfr == value and patient.renal_impairment


def test_nerves_are_no_kidneys_and_a_chart_s_ttm_is_the_vein() -> None:
    turn = Turn.of("bé 10 ngày, chưa có tổn thương thần kinh, thuốc X TTM liều sao")
    patient = read_patient(turn)
    assert patient is None or not patient.renal_impairment
    assert read_route(turn) is Route.IV
    kidneys = read_patient(Turn.of("ông bị bệnh thận kinh niên, uống thuốc X được không"))
    assert kidneys is not None and kidneys.renal_impairment


@pytest.mark.parametrize(
    "said", ["suy thận nặng, chưa lọc máu", "ông suy thận nhưng không phải chạy thận"]
)
def test_dialysis_said_as_not_done_is_no_dialysis(said: str) -> None:
    patient = read_patient(Turn.of(said))
    assert patient is not None and patient.renal_impairment and not patient.dialysis


def test_a_baby_not_yet_a_month_old_is_a_newborn() -> None:
    for said in ("con em sắp đầy tháng, sốt 38 độ", "bé nhà mình chưa đầy tháng, nặng 3 kg"):
        age = patients_age(Turn.of(said))
        assert age is not None and age.months < 1, said
    age = patients_age(Turn.of("bé vừa đầy tháng hôm qua"))
    assert age is not None and age.months == 1


# The usual dose, then the share of it for weak kidneys said as conditions after ";".
SHARE_OF_USUAL = (
    "Người lớn: Liều thường dùng 300 mg, cứ 8 giờ một lần.\n\n"
    "Suy thận: Nếu ClCr từ 10 tới 50 ml/phút thì cho 50% liều thường dùng; "
    "nếu ClCr dưới 10 ml/phút thì cho 30% liều thường dùng."
)


def test_a_share_of_the_usual_dose_asked_keeps_the_row_for_these_kidneys() -> None:
    said = "bà 85 tuổi, ĐTCr 7, thuốc X dùng mấy phần so với liều thường"
    frame = _adult(said, renal_impairment=True, egfr=7).model_copy(update={"usual_dose": True})
    rows = _rows(SHARE_OF_USUAL, frame)
    assert any("30% liều thường dùng" in r for r in rows), rows
    assert not any("50% liều thường dùng" in r for r in rows), rows
    assert any("300 mg" in r for r in rows), rows


# One disease, a dose per kind of patient, each after ";" and named "Ở …:".
BY_STATE = (
    "*Tiêm truyền tĩnh mạch:*\n\n"
    "Nhiễm virus Y: Ở người khỏe mạnh: 4 mg/kg mỗi 8 giờ; Ở người suy giảm miễn "
    "dịch: 8 mg/kg mỗi 8 giờ; Ở phụ nữ mang thai: 12 mg/kg mỗi 8 giờ."
)


def test_rows_for_patients_of_a_state_after_a_semicolon_are_their_own() -> None:
    rows = [b for b in _blocks(BY_STATE) if b.kind is BlockKind.ROW]
    assert len(rows) == 3, [b.text for b in rows]
    assert all(b.indication and b.indication.startswith("Nhiễm virus Y") for b in rows)
    said = "chị đang bầu 30 tuần, 60 kg, nhiễm virus Y, liều truyền cho phụ nữ mang thai"
    frame = _adult(said, pregnant=True).model_copy(update={"route": Route.IV})
    shown = _rows(BY_STATE, frame, said)
    assert shown and all("12 mg/kg" in r for r in shown), shown


# An adult's start dose, then a lower start for older adults, then the upkeep.
OLDER_START = (
    "Người lớn:\n\n"
    "Thường khởi đầu với liều 40 - 80 microgam/ngày, tăng dần mỗi 4 tuần.\n\n"
    "Liều duy trì 100 - 150 microgam/ngày.\n\n"
    "Ở người > 60 tuổi hoặc có bệnh mạch vành, nên khởi đầu với liều thấp: 10 - 20 microgam/ngày."
)


def test_an_older_adult_gets_the_older_start_not_the_rule_s() -> None:
    said = "bố em 68 tuổi có bệnh mạch vành, mới dùng thuốc X, khởi đầu liều bao nhiêu"
    frame = _adult(said).model_copy(update={"age_months": 68 * 12.0, "route": None})
    rows = _rows(OLDER_START, frame)
    assert any("10 - 20 microgam" in r for r in rows), rows
    assert not any("40 - 80 microgam" in r for r in rows), rows
    assert any("100 - 150 microgam" in r for r in rows), rows
    younger = _adult("chị 40 tuổi dùng thuốc X").model_copy(
        update={"age_months": 40 * 12.0, "route": None}
    )
    rows = _rows(OLDER_START, younger)
    assert any("40 - 80 microgam" in r for r in rows) and not any("10 - 20" in r for r in rows)


# Kidney tables after the route heads: the oral table's route is said only in its lead line.
KIDNEY_TABLES = (
    "*Uống:* 200 mg/lần, 5 lần/ngày.\n\n"
    "**Với người suy thận:**\n\n"
    "Liều uống cho người suy thận cần chỉnh như sau:\n\n"
    "| ClCr (ml/phút) | Liều |\n|---|---|\n"
    "| 10 - 25 | 200 mg, cách nhau 12 giờ |\n\n"
    "*Tiêm truyền tĩnh mạch:* 5 mg/kg mỗi 8 giờ.\n\n"
    "| ClCr (ml/phút) | Liều |\n|---|---|\n"
    "| 10 - 25 | 5 mg/kg, cách nhau 24 giờ |"
)


def test_a_kidney_table_introduced_as_oral_is_not_shown_for_the_vein() -> None:
    said = "ông 60 tuổi, CrCl 20, thuốc X truyền tĩnh mạch chỉnh liều sao"
    frame = _adult(said, renal_impairment=True, egfr=20).model_copy(update={"route": Route.IV})
    rows = _rows(KIDNEY_TABLES, frame)
    assert any("5 mg/kg, cách nhau 24 giờ" in r for r in rows), rows
    assert not any("200 mg, cách nhau 12 giờ" in r for r in rows), rows
