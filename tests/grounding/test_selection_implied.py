"""Tests for grounding/selection.py: the route the words imply, rows across indications, and
rows limited by the heads that govern them (issue 23)."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.frame import QueryFrame, Route
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.heads import route_words
from grounding.narrowing import said_inline
from grounding.patient_fit import Patient
from grounding.selection import select
from grounding.special_patients import governed_fit

# Our own text, in the book's shape.
ROUTES = (
    "### *Liều lượng:*\n\n*Uống:* Người lớn: 500 mg/lần.\n\n"
    "*Tiêm bắp:* Người lớn: 250 mg/lần.\n\n*Tiêm tĩnh mạch:* Người lớn: 200 mg/lần."
)
NO_ORAL = (
    "### *Liều lượng:*\n\n*Tiêm bắp:* Người lớn: 250 mg/lần.\n\n*Đặt trực tràng:* Người lớn: 1 g."
)
INSULIN_LIKE = (
    "### *Cách dùng:*\n\nThuốc Y thường tiêm dưới da.\n\n### *Liều lượng:*\n\n"
    "Người lớn: Tiêm dưới da 0,2 đv/kg mỗi ngày.\n\nNgười lớn: Uống 10 mg mỗi ngày."
)
SPECIAL = (
    "### *Liều lượng:*\n\n*Trẻ em 2 - 12 tuổi:* Cân nặng < 30 kg: 5 ml sirô, 1 lần/ngày.\n\n"
    "*Suy thận nặng* (Clcr < 30 ml/phút):\n\nLiều 5 mg, 2 ngày một lần cho trẻ em 2 - 5 tuổi.\n\n"
    "*Người lớn:* 10 mg/ngày.\n\nNgười bệnh thẩm tách máu: 10 mg sau mỗi lần thẩm tách."
)
RUN_ON = (
    "### *Liều lượng:*\n\nTrẻ em từ 6 tuổi trở lên: 10 mg/ngày.\n\n"
    "Trẻ em 2 - 5 tuổi: 5 mg/ngày. Trẻ 6 tháng - 2 tuổi: 2,5 mg/ngày. "
    "Tối đa, dùng 2,5 mg x 2 lần/ngày ở trẻ trên 12 tháng."
)
INLINE = (
    "### *Liều lượng:*\n\n*Người lớn:* Liều uống để giảm đau: 1 g/ngày, tối đa 3 g/ngày.\n\n"
    "Liều khuyến cáo giảm sốt là 200 mg, tối đa 1 g/ngày."
)


def _rows(text: str, question: str = "", **kw: object) -> tuple[list[str], object]:
    frame = understood(
        QueryFrame.model_validate(
            {"turn_type": "dosing_calc", "drugs": ["x"], "standalone_query": question, **kw}
        )
    )
    chosen = select(
        parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))]), frame, AskedWords(question)
    )
    return [b.text for b in chosen.rows + chosen.caveats], chosen


def test_no_route_word_answers_by_mouth_and_names_the_other_routes() -> None:
    """Oral, IM and IV rows, no route said: the oral row; the others go to "còn ghi liều cho"."""
    rows, chosen = _rows(ROUTES, "thuốc X người lớn", population="adult")
    assert rows == ["Người lớn: 500 mg/lần."]
    assert "tiêm bắp" in chosen.others and "tiêm tĩnh mạch" in chosen.others


def test_the_bare_word_tiem_keeps_the_injections_and_asks_between_them() -> None:
    """ "tiêm" with IM and IV regimens: asked which injection, never the oral row."""
    rows, chosen = _rows(ROUTES, "thuốc X người lớn tiêm liều bao nhiêu", population="adult")
    assert rows == []
    assert set(chosen.ask_routes) == {Route.IM, Route.IV}


def test_a_vaccination_is_not_an_injection_of_this_drug() -> None:
    """ "sốt sau tiêm phòng" names no route: by mouth."""
    rows, _ = _rows(ROUTES, "thuốc X người lớn sốt sau tiêm phòng", population="adult")
    assert rows == ["Người lớn: 500 mg/lần."]


def test_no_oral_row_asks_the_route() -> None:
    """IM and rectal rows only: a question, not a guess."""
    _, chosen = _rows(NO_ORAL, "thuốc X người lớn", population="adult")
    assert set(chosen.ask_routes) == {Route.IM, Route.RECTAL}


def test_a_drug_the_usage_part_gives_by_injection_is_not_answered_by_mouth() -> None:
    """ "Thuốc Y thường tiêm dưới da": an oral row elsewhere does not make it an oral drug."""
    rows, chosen = _rows(INSULIN_LIKE, "thuốc Y người lớn", population="adult")
    assert rows == []
    assert set(chosen.ask_routes) == {Route.SC, Route.ORAL}


def test_renal_head_row_is_not_for_a_healthy_child() -> None:
    """The severe-renal row for 2 - 5 year-olds is not the dose of a healthy 3-year-old."""
    rows, _ = _rows(
        SPECIAL, "thuốc X cho bé 3 tuổi", population="child", age_months=36, weight_kg=14
    )
    assert rows == ["Trẻ em 2 - 12 tuổi: Cân nặng < 30 kg: 5 ml sirô, 1 lần/ngày."]


def test_renal_head_row_is_for_the_child_with_that_clearance() -> None:
    """With ClCr 20 the same child gets the renal row."""
    rows, _ = _rows(
        SPECIAL,
        "thuốc X cho bé 3 tuổi suy thận",
        population="child",
        age_months=36,
        weight_kg=14,
        patient={"egfr": 20, "renal_impairment": True},
    )
    assert "Liều 5 mg, 2 ngày một lần cho trẻ em 2 - 5 tuổi." in rows


def test_dialysis_row_only_for_a_patient_on_dialysis() -> None:
    """A dialysis head governs its row: not for an adult with ClCr 35, yes on dialysis."""
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", SPECIAL))])
    row = next(b for b in blocks if "thẩm tách" in b.text)
    renal = Patient(child=False, renal=True, clearance=35)
    assert not governed_fit(row, renal)
    assert governed_fit(row, Patient(child=False, renal=True, dialysis=True))


def test_a_caveat_run_on_after_another_band_stays_with_it() -> None:
    """ "Tối đa … ở trẻ trên 12 tháng" after the 6-month - 2-year row is not for an 8-year-old."""
    rows, _ = _rows(RUN_ON, "thuốc X bé 8 tuổi", population="child", age_months=96, weight_kg=25)
    assert rows == ["Trẻ em từ 6 tuổi trở lên: 10 mg/ngày."]
    young, _ = _rows(RUN_ON, "thuốc X bé 18 tháng", population="child", age_months=18, weight_kg=11)
    assert any("Tối đa" in t for t in young)


def test_the_condition_said_inline_picks_its_row() -> None:
    """ "sốt": the row that says "giảm sốt", not the pain row with its higher maximum."""
    rows, _ = _rows(INLINE, "thuốc X người lớn sốt", population="adult", condition="sốt")
    assert rows == ["Liều khuyến cáo giảm sốt là 200 mg, tối đa 1 g/ngày."]


def test_said_inline_changes_nothing_when_every_row_or_none_says_it() -> None:
    """No row names "ho": the rows stay as they are."""
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", INLINE))])
    assert said_inline(blocks, "ho") == blocks


def test_misspelt_vein_still_heads_an_injection() -> None:
    """The book's "Tiêm tĩnh mạnh enalaprilat" is an intravenous head."""
    assert route_words("Tiêm tĩnh mạnh enalaprilat") == (Route.IV,)


POST_OP = (
    "### *Liều lượng:*\n\n*Đau, sốt:* Người lớn: 500 mg/lần.\n\n"
    "*Đau sau phẫu thuật:* Người lớn: 1 g một liều duy nhất."
)


def test_an_operation_said_as_mo_names_the_surgery_head() -> None:
    """'vừa mổ xong' is the book's 'phẫu thuật': the post-operative head's row, not the fever
    one."""
    rows, _ = _rows(POST_OP, "thuốc X người lớn vua mo xong uong bao nhieu", population="adult")
    assert rows == ["Đau sau phẫu thuật: Người lớn: 1 g một liều duy nhất."]
    rows, _ = _rows(POST_OP, "thuốc X người lớn bị mỡ máu", population="adult")
    assert len(rows) == 2  # "mỡ" is no operation: both heads, labelled


GENERAL_AND_HEADS = (
    "### *Liều lượng:*\n\n"
    "Trẻ từ 1 tháng đến 18 tuổi: 20 mg/kg/lần (tối đa 750 mg/lần), 8 giờ một lần, "
    "khi cần có thể tăng lên đến 50 - 60 mg/kg/lần trong nhiễm khuẩn nặng, nhiều ngày liền.\n\n"
    "*Dự phòng trước mổ:* Trẻ từ 1 tháng đến 18 tuổi: 50 mg/kg (tối đa 1,5 g) lúc khởi mê, "
    "sau đó có thể thêm tới 3 liều 30 mg/kg/lần (tối đa 750 mg) mỗi 8 giờ.\n\n"
    "*Viêm màng não:* Trẻ em từ 3 tháng trở lên: 200 - 240 mg/kg/ngày, chia 3 - 4 lần, "
    "sau 3 ngày có thể giảm xuống 100 mg/kg/ngày khi lâm sàng cải thiện rõ."
)


def test_the_general_row_answers_when_no_indication_is_named() -> None:
    """Rows too long to show labelled, and a general row for this child: the general row,
    the headed indications named after it, no question; a named head still gets its own row."""
    rows, chosen = _rows(
        GENERAL_AND_HEADS, "thuốc X cho bé 7 tuổi", population="child", age_months=84,
        weight_kg=25,
    )  # fmt: skip
    assert [r[:20] for r in rows] == ["Trẻ từ 1 tháng đến 1"]
    assert chosen.ask_indications == ()
    assert chosen.others[:2] == ["dự phòng trước mổ", "viêm màng não"]
    rows, _ = _rows(
        GENERAL_AND_HEADS, "thuốc X cho bé 7 tuổi viêm màng não", population="child",
        age_months=84, weight_kg=25,
    )  # fmt: skip
    assert any(r.startswith("Viêm màng não") or "200 - 240" in r for r in rows)


def test_a_row_naming_its_indication_before_its_colon_is_not_the_general_row() -> None:
    """'Trẻ từ 6 tháng tuổi, nhiễm khuẩn hô hấp: …' is for those infections: with other
    headed rows too long to show, the indication is still asked."""
    text = GENERAL_AND_HEADS.replace(
        "Trẻ từ 1 tháng đến 18 tuổi: 20 mg/kg/lần",
        "Trẻ từ 1 tháng, nhiễm khuẩn hô hấp: 20 mg/kg/lần",
    )
    rows, chosen = _rows(
        text, "thuốc X cho bé 7 tuổi", population="child", age_months=84, weight_kg=25
    )
    assert rows == []
    assert chosen.ask_indications == ("Dự phòng trước mổ", "Viêm màng não")


def test_a_sentence_with_no_label_is_not_the_general_row() -> None:
    """'Nếu không đỡ sau khi uống 16 mg/ngày …' names no population; 'Trẻ từ 1 tháng đến 18
    tuổi: …' does; 'Trẻ từ 6 tháng, nhiễm khuẩn hô hấp: …' names an indication."""
    from grounding.amounts import is_general_row

    text = (
        "*Trẻ em:*\n\nNếu không đỡ sau khi uống 16 mg/ngày trong 10 ngày, không dùng tiếp.\n\n"
        "Trẻ từ 1 tháng đến 18 tuổi: 20 mg/kg/lần.\n\n"
        "Trẻ từ 6 tháng, nhiễm khuẩn hô hấp: 10 mg/kg/ngày."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    general = [b.text[:12] for b in blocks if b.text[:1] in "NT" and is_general_row(b)]
    assert general == ["Trẻ từ 1 thá"]


def test_the_general_answer_leaves_out_unlabelled_step_ups() -> None:
    """Answering with the general row, a bare 'Có thể tăng liều tới …' sentence is left out."""
    text = GENERAL_AND_HEADS.replace(
        "### *Liều lượng:*\n\n",
        "### *Liều lượng:*\n\n*Trẻ em:*\n\nCó thể tăng liều tới 150 mg/kg/ngày khi rất nặng.\n\n",
    )
    rows, chosen = _rows(
        text, "thuốc X cho bé 7 tuổi", population="child", age_months=84, weight_kg=25
    )
    assert [r[:20] for r in rows] == ["Trẻ từ 1 tháng đến 1"]
    assert chosen.ask_indications == ()


def test_the_row_cap_keeps_a_row_of_the_route_asked() -> None:
    """Banded adult rows printing no route fill the cap; the one rectal row asked for is still
    shown in place of the last of them."""
    text = (
        "### *Liều lượng:*\n\n*Bệnh Z:*\n\nLiều cho người lớn và trẻ em trên 12 tuổi:\n\n"
        "Bắt đầu uống 100 mg/ngày. Không quá 800 mg/ngày cho trẻ 12 - 15 tuổi. "
        "Liều tới 1 200 mg/ngày cho người lớn đã được dùng. Liều duy trì: 400 - 600 mg/ngày. "
        "Liều thường dùng 300 mg/ngày. Còn có thể dùng X theo đường trực tràng với liều tối "
        "đa 150 mg/lần cho người bệnh không uống được."
    )
    rows, _ = _rows(text, "thuốc X đặt trực tràng người lớn", population="adult", route="rectal")
    assert any("150 mg/lần" in r for r in rows)


def test_a_form_warning_is_not_the_general_dose_that_answers_for_every_indication() -> None:
    """A child under 40 kg, no indication named: 'Trẻ dưới 40 kg không được dùng viên 250 mg'
    is no usual dose to answer with alone; the indications are asked (or shown)."""
    text = (
        "### *Liều lượng:*\n\nLiều trẻ em dưới 40 kg:\n\nTrẻ em dưới 40 kg không được dùng viên "
        "500 mg vì lượng chất Y quá cao.\n\nTrẻ trên 12 tuần tuổi:\n\n"
        "Nhiễm khuẩn nặng: 45 mg/kg/ngày, chia 2 lần mỗi 12 giờ.\n\n"
        "Nhiễm khuẩn nhẹ: 25 mg/kg/ngày, chia 2 lần mỗi 12 giờ.\n\n"
        "Viêm tai giữa cấp: 90 mg/kg/ngày, chia 2 lần, trong 10 ngày."
    )
    rows, chosen = _rows(
        text, "thuốc X bé 8 tháng 8 kg", population="child", age_months=8, weight_kg=8
    )
    assert chosen.ask_indications or any("25 mg/kg" in r for r in rows), rows


def test_the_indications_own_band_row_replaces_the_usual_band_row() -> None:
    """Meningitis asked for a 3-year-old: 'Trẻ em, từ sơ sinh đến 12 tuổi: 80 mg/kg/ngày' under
    its head answers; the children's usual 'Trẻ em (dưới 50 kg): 20 - 40 mg/kg' does not.
    With no indication row for the child, the usual row stays."""
    text = (
        "### *Liều lượng:*\n\nTrẻ em (dưới 50 kg): Tiêm tĩnh mạch 20 - 40 mg/kg/lần/ngày.\n\n"
        "*Viêm màng não do vi khuẩn:*\n\nTrẻ em, từ sơ sinh đến 12 tuổi: tiêm tĩnh mạch "
        "80 mg/kg/ngày (tối đa 4 g/ngày).\n\n*Bệnh lậu:*\n\nNgười lớn: tiêm bắp 250 mg."
    )
    asked: dict[str, object] = {
        "population": "child",
        "age_months": 36,
        "weight_kg": 15,
        "route": "iv",
    }
    rows, _ = _rows(text, "thuốc X trẻ 3 tuổi 15 kg viêm màng não", **asked)
    assert any("80 mg/kg/ngày" in r for r in rows) and not any("20 - 40" in r for r in rows)
    rows, _ = _rows(text, "thuốc X trẻ 3 tuổi 15 kg bệnh lậu", **asked)
    assert any("20 - 40" in r for r in rows)


def test_a_band_heads_own_rows_replace_the_childrens_unbanded_rows() -> None:
    """A 2-week-old with infection Y: the rows under 'Trẻ sơ sinh cho tới 3 tháng tuổi:' answer;
    the children's 'Nhiễm Y (…) ở trẻ khỏe: 200 mg/m2' said of no band does not. A 5-year-old
    keeps the children's row."""
    text = (
        "### *Liều lượng:*\n\n*Trẻ em:*\n\nNhiễm Y (trừ viêm não) và Z ở trẻ khỏe: 200 mg/m2, "
        "cách 8 giờ/lần.\n\n*Trẻ sơ sinh cho tới 3 tháng tuổi:*\n\nNhiễm Y: 10 mg/kg/lần cách "
        "8 giờ/lần.\n\nNhiễm Y lan tỏa: 20 mg/kg/lần."
    )
    rows, _ = _rows(
        text, "thuốc X sơ sinh 2 tuần 3 kg nhiễm Y khu trú", population="child", age_months=0.5,
        weight_kg=3, route="iv",
    )  # fmt: skip
    assert any("10 mg/kg/lần" in r for r in rows) and not any("200 mg/m2" in r for r in rows)
    rows, _ = _rows(
        text, "thuốc X trẻ 5 tuổi 18 kg nhiễm Y", population="child", age_months=60,
        weight_kg=18, route="iv",
    )  # fmt: skip
    assert any("200 mg/m2" in r for r in rows)
