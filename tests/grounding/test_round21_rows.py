"""Round 21 (issue 23, the rows a dose answer shows): a row headed by a pack for injection,
a condition the book writes out in more words, rows for one drug alone or with others, a
slow-release tablet named, a kidney lookup table of lone clearance figures. Texts are ours,
in the book's shapes."""

from __future__ import annotations

from grounding_samples import adult_dose_frame, dose_blocks, rows_shown

from core.frame import QueryFrame, Route
from grounding.blocks import BlockKind
from grounding.form_routes import pack_routes
from grounding.heads import INJECTION_ROUTES
from understanding.condition_terms import ALIAS_TABLE


def _frame(said: str, route: Route | None = Route.ORAL, **fields: object) -> QueryFrame:
    """An adult's dose question on drug "x" by `route`, with other fields of the frame."""
    data = adult_dose_frame(said).model_dump()
    return QueryFrame.model_validate({**data, "route": route, **fields})


# A pack's row, the route said a sentence later, then a sentence on the same line.
PACK = (
    "*Đau cấp:* uống 50 mg x 2 lần/ngày.\n\n"
    "Ống tiêm 40 mg/2 ml: Đợt đau cấp của cột sống. Tiêm bắp sâu 1 ống mỗi ngày. "
    "Có thể uống thêm 1 viên 25 mg. Dùng không quá 3 ngày.\n\n"
    "*Dùng ngoài:*\n\n"
    "Khớp lớn: Bôi 3 g kem 2% vào chỗ đau 3 lần/ngày.\n"
)


def test_a_pack_for_injection_heads_rows_given_by_the_injection_its_line_names() -> None:
    rows = [b for b in dose_blocks(PACK) if "Tiêm bắp" in b.text or "uống thêm" in b.text]
    assert rows and all(b.routes == (Route.IM,) for b in rows), [(b.text, b.routes) for b in rows]
    im = rows_shown(PACK, _frame("tiêm bắp đau lưng cấp", Route.IM))
    assert any("Tiêm bắp sâu" in r for r in im), im
    skin = rows_shown(PACK, _frame("bôi kem đau khớp", Route.TOPICAL))
    assert skin and not any("Tiêm" in r or "ống" in r for r in skin), skin


def test_a_pack_that_names_no_route_is_any_injection_and_other_labels_none() -> None:
    text = "Lọ tiêm 1 g: pha với 10 ml nước cất, 1 lọ mỗi 12 giờ."
    assert pack_routes(text, 0) == INJECTION_ROUTES
    assert pack_routes("Viên nén 500 mg: uống 1 viên mỗi 8 giờ.", 0) == ()
    assert pack_routes("Người lớn: tiêm bắp 1 g mỗi ngày.", 0) == ()


# Plain rows, each naming its own use in its words.
SPELLED_OUT = (
    "Người lớn: Liều uống để giảm đau: 1 - 2 g/ngày chia nhiều lần, tối đa 3 g/ngày.\n\n"
    "Liều hạ sốt là 250 mg mỗi 6 giờ.\n\n"
    "Liều trong cơn đau ở nửa bên đầu là 250 mg, lặp lại sau 8 giờ nếu cần.\n"
)


def test_a_condition_written_out_in_more_words_keeps_its_own_row() -> None:
    asked = {"text": "đau nửa đầu", "normalized": "đau nửa đầu"}
    shown = rows_shown(SPELLED_OUT, _frame("bị đau nửa đầu uống sao", condition=asked))
    assert shown and all("nửa bên đầu" in r for r in shown), shown


REGIMENS = (
    "*Trẻ em:*\n\n"
    "Đơn trị liệu: Khởi đầu uống 10 - 20 mg/kg/ngày, chia 2 lần.\n\n"
    "Đa trị liệu: Uống 25 - 50 mg/kg/ngày, chia 2 lần.\n"
)


def _child(said: str) -> QueryFrame:
    return _frame(said, population="child", patient={"age_years": 7})


def test_a_drug_taken_alone_gets_the_rows_for_one_drug_alone() -> None:
    alone = rows_shown(REGIMENS, _child("con tôi 7 tuổi chỉ uống một thuốc này thôi"))
    assert alone and all("Đơn trị liệu" in r for r in alone), alone
    both = rows_shown(REGIMENS, _child("con tôi 7 tuổi uống thuốc này cùng với thuốc khác"))
    assert both and all("Đa trị liệu" in r for r in both), both
    said_neither = rows_shown(REGIMENS, _child("con tôi 7 tuổi uống thuốc này liều sao"))
    assert len(said_neither) == 2, said_neither


SLOW = (
    "Với viên nén thông thường, uống 50 mg/lần, ngày 2 lần, tối đa 400 mg/ngày.\n\n"
    "Dạng viên giải phóng kéo dài 100 mg uống 1 viên mỗi ngày, tối đa 3 viên/ngày.\n"
)


def test_a_slow_release_tablet_named_is_not_dosed_by_the_ordinary_tablet_rows() -> None:
    slow = rows_shown(SLOW, _frame("bố tôi uống viên X SR 100, ngày mấy viên"))
    assert slow and all("400 mg" not in r for r in slow), slow
    plain = rows_shown(SLOW, _frame("bố tôi uống viên X 50, ngày mấy viên"))
    assert any("400 mg" in r for r in plain), plain


LOOKUP = (
    "*Người suy thận:* giảm liều theo độ thanh thải creatinin:\n\n"
    "| Độ thanh thải creatinin (ml/phút) | Liều dùng |\n"
    "|---|---|\n"
    "| 0 | 50 mg cách 2 ngày |\n"
    "| 15 | 50 mg mỗi ngày |\n"
    "| 30 | 100 mg mỗi ngày |\n"
    "| 60 | 150 mg mỗi ngày |\n"
)


def test_a_lookup_of_lone_clearance_figures_gives_each_row_the_span_to_the_next() -> None:
    rows = [b for b in dose_blocks(LOOKUP) if b.kind is BlockKind.TABLE_ROW]
    spans = [(b.bands.clearance.lo, b.bands.clearance.hi) for b in rows if b.bands.clearance]
    assert spans == [(0, 15), (15, 30), (30, 60), (60, float("inf"))], spans
    frame = _frame("thận yếu, thanh thải 30", patient={"renal_impairment": True, "egfr": 30})
    shown = rows_shown(LOOKUP, frame)
    assert shown and all("100 mg mỗi ngày" in r for r in shown), shown
    between = _frame("thận yếu, thanh thải 45", patient={"renal_impairment": True, "egfr": 45})
    shown = rows_shown(LOOKUP, between)
    assert shown and all("100 mg mỗi ngày" in r for r in shown), shown  # the lower figure's


DIALYSIS_KINDS = (
    "Clcr < 10 ml/phút: 500 mg mỗi 24 giờ.\n\n"
    "Người bệnh chạy thận nhân tạo: 500 mg sau mỗi buổi thẩm tách máu.\n\n"
    "Người bệnh thẩm phân phúc mạc liên tục: 250 mg mỗi 12 giờ.\n"
)


def _dialysed(said: str) -> QueryFrame:
    return _frame(said, patient={"renal_impairment": True, "dialysis": True})


def test_a_dialysis_kind_said_drops_the_rows_of_the_other_kind() -> None:
    machine = rows_shown(DIALYSIS_KINDS, _dialysed("mẹ tôi lọc máu tuần 3 buổi, thuốc X liều sao"))
    assert machine and all("buổi thẩm tách" in r for r in machine), machine
    belly = rows_shown(DIALYSIS_KINDS, _dialysed("bố tôi lọc màng bụng ở nhà, thuốc X liều sao"))
    assert belly and all("phúc mạc" in r for r in belly), belly
    unsaid = rows_shown(DIALYSIS_KINDS, _dialysed("bà tôi đang thẩm phân, thuốc X liều sao"))
    assert len(unsaid) == 2, unsaid


def test_thrush_said_in_everyday_words_is_the_vaginal_site() -> None:
    assert "nam phu khoa" in ALIAS_TABLE and "nam vung kin" in ALIAS_TABLE
    sites = (
        "*Nấm Candida:*\n\n"
        "Miệng - hầu: Uống 100 mg mỗi ngày trong 10 ngày.\n\n"
        "Âm hộ - âm đạo: Uống một lần 200 mg.\n"
    )
    asked = {"text": "nấm phụ khoa", "normalized": "nấm âm hộ - âm đạo"}
    shown = rows_shown(sites, _frame("bị nấm phụ khoa", condition=asked), "nấm âm hộ - âm đạo")
    assert shown and all("200 mg" in r for r in shown), shown
