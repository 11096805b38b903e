"""Round 20 (issue 23, the rows a dose answer shows): a kidney table whose clearance is not
its first column, a dialysed patient with a clearance said before, a site of a disease that
is no route, the labelled sites of one disease with a plain row among them, a "Liều dùng:"
head under an indication head. Texts are ours, in the book's shapes."""

from __future__ import annotations

from grounding_samples import adult_dose_frame, dose_blocks, rows_shown

from core.frame import Route
from grounding.blocks import BlockKind
from grounding.dosing import routes_named
from grounding.more_cases import site_said
from understanding.condition_terms import ALIAS_TABLE
from understanding.slots import read_patient, read_route
from understanding.text import Turn

_blocks, _adult, _rows = dose_blocks, adult_dose_frame, rows_shown


# The kidney function named first, its clearance in the second column, the dose last.
SECOND_COLUMN = (
    "Người lớn: uống 20 mg x 1 lần/ngày.\n\n"
    "*Suy thận:* chỉnh liều theo bảng:\n\n"
    "| Mức suy thận | Clcr<br>(ml/phút) | Liều |\n"
    "|---|---|---|\n"
    "| Không suy | 90 | 20 mg x 1 lần/ngày |\n"
    "| Nhẹ | 60 - 89 | 20 mg x 1 lần/ngày |\n"
    "| Trung bình | 30 - 59 | 10 mg x 1 lần/ngày |\n"
    "| Nặng | < 30 | 10 mg cách ngày |\n"
)


def test_a_clearance_column_after_the_first_gives_each_row_its_band() -> None:
    rows = [b for b in _blocks(SECOND_COLUMN) if b.kind is BlockKind.TABLE_ROW]
    banded = [b for b in rows if b.bands.clearance is not None]
    assert len(banded) == 3, [b.text for b in rows]
    assert all(b.renal for b in rows)
    frame = _adult("bà tôi thận yếu, Clcr 45, thuốc X liều sao", renal_impairment=True, egfr=45)
    shown = _rows(SECOND_COLUMN, frame)
    assert shown and all("30 - 59" in r for r in shown), shown


def test_a_creatinine_clearance_said_without_do_is_the_patient_s() -> None:
    patient = read_patient(Turn.of("cụ ông thận kém, thanh thải creatinin 33, hỏi liều"))
    assert patient is not None and patient.egfr == 33.0 and patient.renal_impairment
    # A new figure told alone, with how it moved, is the clearance too.
    patient = read_patient(Turn.of("xet nghiem lai thanh thai xuong con 18 roi"))
    assert patient is not None and patient.egfr == 18.0 and patient.renal_impairment


ON_DIALYSIS = (
    "Người lớn: 500 mg mỗi 8 giờ.\n\n"
    "Clcr 10 - 30 ml/phút: 500 mg/12 giờ.\n\n"
    "Clcr < 10 ml/phút: 500 mg/24 giờ.\n\n"
    "Người bệnh lọc máu: 500 mg/24 giờ, thêm một liều sau mỗi lần lọc."
)


def test_a_dialysed_patient_gets_the_dialysis_row_over_a_clearance_band() -> None:
    said = "ông tôi chạy thận nhân tạo, thuốc X liều sao"
    frame = _adult(said, renal_impairment=True, egfr=20, dialysis=True)
    shown = _rows(ON_DIALYSIS, frame)
    assert shown and all("lọc máu" in r for r in shown), shown


def test_a_site_of_a_disease_is_no_route() -> None:
    # The book names the route by where the drug goes; the site of the disease is no route.
    assert routes_named("Âm hộ - âm đạo: Uống một liều 100 mg.") == (Route.ORAL,)
    assert routes_named("Đặt 1 viên vào âm đạo mỗi tối.") == (Route.VAGINAL,)
    assert routes_named("Viên đặt âm đạo 100 mg.") == (Route.VAGINAL,)
    # A person naming the disease by its site asks no route; the route said outright stays.
    assert read_route(Turn.of("em bị viêm âm đạo, thuốc X uống sao")) is None
    assert read_route(Turn.of("thuốc X đặt âm đạo mấy viên")) is Route.VAGINAL


# One disease, its sites labelled, a plain row for one more case among them.
SITES = (
    "*Nhiễm nấm Z:*\n\n"
    "Miệng: Uống 40 mg, 1 lần/ngày trong 10 ngày.\n\n"
    "Ruột: Uống 80 mg/ngày trong 2 tuần.\n\n"
    "Một số người bệnh nhiễm nấm Z đường mật có thể dùng 40 - 120 mg/ngày.\n\n"
    "Da - móng: Uống một liều 300 mg mỗi tuần.\n\n"
    "*Viêm phổi do nấm Z:*\n\n"
    "*Liều dùng:*\n\n"
    "Uống 200 mg/ngày trong 4 tuần."
)


def test_sites_after_a_plain_row_naming_the_disease_stay_its_sites() -> None:
    rows = {b.text.split(":")[0]: b.indication for b in _blocks(SITES) if b.kind is BlockKind.ROW}
    assert rows["Da - móng"] == "Nhiễm nấm Z, Da - móng", rows


def test_a_dose_head_under_an_indication_head_keeps_the_indication() -> None:
    rows = [b for b in _blocks(SITES) if b.kind is BlockKind.ROW and "200 mg/ngày" in b.text]
    assert rows and rows[0].indication == "Viêm phổi do nấm Z", [b.indication for b in rows]


def test_a_site_asked_names_the_sub_head_listing_it() -> None:
    assert site_said(", da - mong", {"nam", "z", "mong"})
    assert not site_said(", da - mong", {"nam", "z", "mieng"})
    said = "bị nhiễm nấm Z ở móng, thuốc X uống thế nào"
    shown = _rows(SITES, _adult(said), said)
    assert shown and all("300 mg mỗi tuần" in r for r in shown), shown


def test_the_lay_name_of_trichomonas_is_an_alias() -> None:
    line = next(ln for ln in ALIAS_TABLE.splitlines() if ln.startswith("nhiễm Trichomonas"))
    assert "trung roi" in line.split("=", 1)[1].split("|")
