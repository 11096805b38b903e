"""Tests for grounding/blocks.py, selection.py and patient_fit.py on texts in the book's shape."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import PatientContext, QueryFrame
from grounding.asked import AskedWords
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
    chosen = select(
        _blocks(), _frame(population="child", age_months=36, weight_kg=14), AskedWords("")
    )
    texts = [b.text for b in chosen.rows + chosen.caveats]
    assert texts[0] == "Trẻ em 2 - 5 tuổi: 150 mg"
    assert any("nhắc lại sau 6 giờ" in t for t in texts)
    assert not any("500 mg" in t or "100 mg" in t for t in texts)


def test_child_past_adult_weight_gets_adult_row() -> None:
    """ "> 40 kg: dùng liều như người lớn" sends a heavy child to the adult row."""
    chosen = select(
        _blocks(), _frame(population="child", age_months=156, weight_kg=45), AskedWords("")
    )
    assert any("500 mg" in b.text for b in chosen.rows)


def test_renal_clearance_picks_its_row() -> None:
    """An adult with ClCr 20 ml/phút gets the 10 - 30 row only."""
    frame = _frame(population="adult", patient=PatientContext(egfr=20))
    chosen = select(_blocks(), frame, AskedWords(""))
    assert [b.text for b in chosen.rows] == ["Suy thận: Clcr 10 - 30 ml/phút: 250 mg cách 12 giờ."]


def test_uncovered_age_selects_nothing() -> None:
    """A 15-year-old of 35 kg is in no printed band: no row, never the whole section."""
    chosen = select(
        _blocks(), _frame(population="child", age_months=180, weight_kg=35), AskedWords("")
    )
    assert chosen.rows == [] and chosen.has_rows


def test_many_fitting_rows_keep_the_patients_band_first() -> None:
    """More rows fit than an answer holds: the row printed for the child's weight stays."""
    text = (
        "- Trẻ em theo cân nặng: 10 mg/kg.\n- Trẻ em theo cân nặng, cách khác: 12 mg/kg.\n"
        "- Trẻ em theo cân nặng, liều cao: 30 mg/kg.\n- Trẻ em, liều duy trì: 5 mg/kg.\n"
        "- Trẻ em cân nặng 15 - 25 kg: 200 mg."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, _frame(population="child", age_months=72, weight_kg=20), AskedWords(""))
    assert len(chosen.rows) == 3
    assert chosen.rows[-1].text == "Trẻ em cân nặng 15 - 25 kg: 200 mg."


def test_adults_and_children_head_fits_a_child() -> None:
    """ "Người lớn và trẻ em:" with no band is everyone's row, a child's too."""
    text = "*Người lớn và trẻ em:* Liều hằng ngày 0,5 đơn vị/kg."
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, _frame(population="child", age_months=60, weight_kg=18), AskedWords(""))
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
        _threshold_blocks(),
        _frame(population="child", age_months=156, weight_kg=45),
        AskedWords(""),
    )
    texts = [b.text for b in chosen.rows]
    assert any("40 kg" in t for t in texts)
    assert not any("mg/kg" in t for t in texts)


def test_age_or_weight_band_admits_the_patient_by_either() -> None:
    """'dưới 3 tháng tuổi hoặc cân nặng dưới 5 kg' fits a 2-month-old of 5 kg, and a refusal
    row is quoted without the unbanded per-kg rule."""
    chosen = select(
        _threshold_blocks(), _frame(population="child", age_months=2, weight_kg=5), AskedWords("")
    )
    texts = [b.text for b in chosen.rows]
    assert any("không khuyến cáo" in t for t in texts)
    assert not any("10 mg/kg mỗi lần" in t for t in texts)


def test_a_lower_case_labelled_row_after_a_semicolon_is_its_own_row() -> None:
    """ "…; trẻ 5 - 12 tuổi: 250 mg" splits into two rows, so a 6-year-old gets only its own."""
    text = (
        "### *Liều lượng:*\n\n*Trẻ em:*\n\n*Uống:* trẻ 1 - 5 tuổi: 125 mg; trẻ 5 - 12 tuổi: 250 mg."
    )
    blocks = parse_blocks([(0, ev("z", "Z", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, _frame(population="child", age_months=72, weight_kg=20), AskedWords(""))
    assert [b.text for b in chosen.rows] == ["trẻ 5 - 12 tuổi: 250 mg."]


INDICATIONS = (
    "_Liều lượng:_\n\nDùng làm thuốc bổ trợ, có thể dùng\n\nUống 100 mg, 3 lần mỗi ngày.\n\n"
    "_Giun tròn, giun móc hoặc giun chỉ._\n\nNgười lớn: 300 mg một liều.\n\n"
    "_Sán dải (Taenia)_\n\nNgười lớn: 250 mg/ngày trong 3 ngày.\n\n"
    "Nhiễm khuẩn nhẹ: 100 mg cách 8 giờ.\n\nNhiễm khuẩn nặng: 200 mg cách 8 giờ.\n\n"
    "Thuốc giải độc quá liều chất Z:\n\nNgười lớn: Liều đầu 50 mg/kg, rồi 20 mg/kg."
)


def _pick(question: str) -> list[str]:
    blocks = parse_blocks([(0, ev("z", "Z", "lieu_luong_cach_dung", INDICATIONS))])
    chosen = select(blocks, _frame(population="adult", route="oral"), AskedWords(question))
    return [b.text for b in chosen.rows]


def test_an_emphasized_line_without_colon_is_an_indication_head() -> None:
    """'_Sán dải (Taenia)_' alone on its line heads the rows after it."""
    blocks = parse_blocks([(0, ev("z", "Z", "lieu_luong_cach_dung", INDICATIONS))])
    row = next(b for b in blocks if "250 mg/ngày" in b.text)
    assert row.indication == "Sán dải (Taenia)"


def test_one_item_of_a_listed_head_names_it() -> None:
    """'giun móc' names the head 'Giun tròn, giun móc hoặc giun chỉ', not another 'giun'."""
    rows = _pick("Z trị giun móc cho người lớn")
    assert "Người lớn: 300 mg một liều." in rows
    assert "Người lớn: 250 mg/ngày trong 3 ngày." not in rows


def test_a_head_of_common_words_is_named_by_them() -> None:
    """'Nhiễm khuẩn nặng' picked from a quick reply is that head, never a new question."""
    rows = _pick("Nhiễm khuẩn nặng")
    assert "Nhiễm khuẩn nặng: 200 mg cách 8 giờ." in rows
    assert "Nhiễm khuẩn nhẹ: 100 mg cách 8 giờ." not in rows


def test_a_named_heads_rows_are_kept_without_a_lead_in() -> None:
    """The antidote head's own row is kept first; the unfinished lead-in line is not a rule."""
    rows = _pick("Z giải độc quá liều chất Z")
    assert "Người lớn: Liều đầu 50 mg/kg, rồi 20 mg/kg." in rows
    assert not any(r.startswith("Dùng làm thuốc bổ trợ") for r in rows)


def test_a_long_head_is_offered_as_a_reply_the_reader_keeps() -> None:
    """A quick reply stops before a joining word within eight words, and still names its head."""
    from grounding.selection import short_label

    head = "Phòng buồn nôn do thuốc hoặc do chiếu xạ kéo dài"
    assert short_label(head) == "Phòng buồn nôn do thuốc"
    text = f"{head}:\n\nNgười lớn: 8 mg.\n\nĐau sau mổ:\n\nNgười lớn: 4 mg."
    blocks = parse_blocks([(0, ev("z", "Z", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, _frame(population="adult", route="oral"), AskedWords(short_label(head)))
    assert [b.text for b in chosen.rows] == ["Người lớn: 8 mg."]


def test_a_long_head_without_joining_word_is_cut_after_its_first_phrase() -> None:
    """A head past eight words with no "hoặc"/"và" early is cut at a comma, not mid-phrase."""
    from grounding.selection import short_label

    head = "Người nghiện rượu, người suy dinh dưỡng kéo dài hoặc đang mất nước"
    assert short_label(head) == "Người nghiện rượu"


def test_a_head_that_opens_with_its_purpose_is_named_by_what_it_treats() -> None:
    """ "Để điều trị bệnh lậu … ở nam, nữ" is offered as "Bệnh lậu …", never ending on "ở"."""
    from grounding.selection import short_label

    head = "Để điều trị bệnh lậu niệu đạo chưa biến chứng ở nam, nữ"
    assert short_label(head) == "Bệnh lậu niệu đạo chưa biến chứng"


def test_other_names_with_their_own_commas_are_kept_apart() -> None:
    """ "đau, sốt" is one name: with it in the list, names are separated by semicolons."""
    from grounding.selection import others_list

    assert others_list(["người lớn", "đặt trực tràng"]) == "người lớn, đặt trực tràng"
    assert others_list(["người lớn", "đau, sốt"]) == "người lớn; đau, sốt"


SPECIAL = (
    "### *Liều lượng:*\n\n*Uống:*\n\nNgười lớn: 100 mg/lần.\n\n*Tiêm tĩnh mạch:*\n\n"
    "Trên 50 kg: 1 g/lần.\n\nDưới 50 kg: 15 mg/kg/lần.\n\n"
    "Người cao tuổi (trên 75 tuổi): tối đa 300 mg/ngày."
)


def _special(**kw: object) -> list[str]:
    blocks = parse_blocks([(0, ev("s", "S", "lieu_luong_cach_dung", SPECIAL))])
    return [b.text for b in select(blocks, _frame(population="adult", **kw), AskedWords("")).rows]


def test_an_adults_weight_drops_the_other_weight_row() -> None:
    """An adult of 60 kg on the IV route gets '> 50 kg', not the '< 50 kg' mg/kg row."""
    rows = _special(route="iv", weight_kg=60)
    assert "Trên 50 kg: 1 g/lần." in rows
    assert not any("15 mg/kg" in r for r in rows)


def test_the_elderly_paragraph_reaches_every_route_and_an_age_alone() -> None:
    """An 80-year-old (age only) asking the oral dose gets the elderly row printed last."""
    rows = _special(route="oral", age_months=960)
    assert "Người cao tuổi (trên 75 tuổi): tối đa 300 mg/ngày." in rows
    assert "Người cao tuổi (trên 75 tuổi): tối đa 300 mg/ngày." not in _special(route="oral")


def test_indication_heads_with_text_open_the_dosing_part() -> None:
    """After 'Cách dùng:' with no 'Liều lượng' head, '_Ho:_ …' heads the rows after it."""
    text = (
        "Cách dùng: Thuốc dùng đường uống.\n\n_Đau vừa:_ Liều như nhau cho mọi đường.\n\n"
        "Người lớn: 30 mg/lần.\n\n_Ho:_ Thường dùng siro.\n\nNgười lớn: 10 mg/lần."
    )
    blocks = parse_blocks([(0, ev("c", "C", "lieu_luong_cach_dung", text))])
    rows = {b.text: b.indication for b in blocks if b.kind == "row"}
    assert rows == {"Người lớn: 30 mg/lần.": "Đau vừa", "Người lớn: 10 mg/lần.": "Ho"}
    chosen = select(blocks, _frame(population="adult"), AskedWords("C trị ho người lớn"))
    assert [b.text for b in chosen.rows] == ["Người lớn: 10 mg/lần."]


def test_an_elderly_patient_gets_the_elderly_row_alone() -> None:
    """'người cao tuổi' with an elderly row that prints a dose: that row, no question back."""
    text = (
        "_Viêm mũi_: (tốt nhất khi dùng đều):\n\nNgười lớn: uống 4 mg, tăng dần.\n\n"
        "_Dị ứng cấp:_ 12 mg.\n\n_Người cao tuổi:_ Dùng 2 mg, chia hai lần/ngày."
    )
    blocks = parse_blocks([(0, ev("e", "E", "lieu_luong_cach_dung", text))])
    frame = _frame(population="adult", elderly=True)
    chosen = select(blocks, frame, AskedWords("E cho người cao tuổi"))
    assert [b.text for b in chosen.rows] == ["Người cao tuổi: Dùng 2 mg, chia hai lần/ngày."]
    assert "Viêm mũi" in {b.indication for b in blocks}  # the parenthesis heads nothing


def test_an_elderly_row_that_only_lowers_the_dose_comes_with_the_usual_rows() -> None:
    """'Người cao tuổi: giảm liều …' prints no dose of its own: it leads the adult rows, not
    replaces them (a 70-year-old's flare still needs the flare's amounts)."""
    text = (
        "- Người lớn, cơn cấp: 2 mg, sau 2 giờ thêm 1 mg.\n"
        "- Người cao tuổi: nên giảm liều, theo dõi sát tác dụng phụ."
    )
    blocks = parse_blocks([(0, ev("e", "E", "lieu_luong_cach_dung", text))])
    frame = _frame(population="adult", elderly=True)
    rows = [b.text for b in select(blocks, frame, AskedWords("E cơn cấp 70 tuổi")).rows]
    assert rows[0].startswith("Người cao tuổi: nên giảm liều")
    assert any("sau 2 giờ thêm 1 mg" in r for r in rows), rows


def test_a_sentence_said_of_renal_patients_is_a_renal_row() -> None:
    """'… đối với người suy thận, có thể dùng 5 mg/kg' reaches renal patients only."""
    text = (
        "Liều thông thường cho người lớn: 10 mg/kg/ngày.\n\n"
        "![](https://example.org/bang.jpg)\n\n"
        "Tùy nồng độ thuốc, đối với người suy thận, có thể dùng các liều 5 mg/kg."
    )
    blocks = parse_blocks([(0, ev("r", "R", "lieu_luong_cach_dung", text))])
    assert [b.renal for b in blocks] == [False, True]
    plain = select(blocks, _frame(population="adult"), AskedWords(""))
    assert [b.text for b in plain.rows] == ["Liều thông thường cho người lớn: 10 mg/kg/ngày."]


def test_if_clauses_with_a_clearance_are_rows_of_their_own() -> None:
    """'…; nếu ClCr 10 - 30 ml/phút, …; nếu ClCr £ 10 ml/phút, …' splits by band."""
    text = (
        "Suy thận: Nếu ClCr 31 - 50 ml/phút, 1 g mỗi 12 giờ; nếu ClCr 10 - 30 ml/phút, "
        "500 mg mỗi 12 giờ; nếu ClCr £ 10 ml/phút, 250 mg mỗi 24 giờ."
    )
    blocks = parse_blocks([(0, ev("k", "K", "lieu_luong_cach_dung", text))])
    frame = _frame(population="adult", patient=PatientContext(egfr=5))
    chosen = select(blocks, frame, AskedWords(""))
    assert [b.text for b in chosen.rows] == ["nếu ClCr £ 10 ml/phút, 250 mg mỗi 24 giờ."]


def test_a_clearance_band_after_a_comma_is_a_row_of_its_own() -> None:
    """ClCr 30: the 21 - 60 band's clause, without the < 20 band's dose after its comma."""
    text = "ClCr 21 - 60 ml/phút: 300 mg mỗi ngày, nếu ClCr < 20 ml/phút, chỉ 100 mg/ngày."
    blocks = parse_blocks([(0, ev("k", "K", "lieu_luong_cach_dung", text))])
    chosen = select(
        blocks, _frame(population="adult", patient=PatientContext(egfr=30)), AskedWords("")
    )
    assert [b.text for b in chosen.rows] == ["ClCr 21 - 60 ml/phút: 300 mg mỗi ngày,"]


def test_a_limit_sentence_stays_with_its_row() -> None:
    """'… với liều vượt quá 5 mg/ngày' after a child row is read with that row."""
    text = "Trẻ em ≥ 6 tuổi: 2,5 mg/lần/ngày. Chưa rõ an toàn với liều vượt quá 5 mg/ngày."
    blocks = parse_blocks([(0, ev("a", "A", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, _frame(population="child", age_months=96, weight_kg=25), AskedWords(""))
    assert [b.text for b in chosen.rows] == [text]


def test_the_usual_dose_asked_is_the_row_the_book_calls_usual() -> None:
    """'liều thường dùng' gets 'Liều thường dùng …', not a question about indications."""
    text = (
        "*Uống:*\n\nLiều thường dùng cho người lớn 200 mg/lần, 3 lần/ngày.\n\n"
        "Bệnh A: 1 g một liều.\n\nBệnh B: 400 mg/lần trong 7 ngày."
    )
    blocks = parse_blocks([(0, ev("u", "U", "lieu_luong_cach_dung", text))])
    asked = select(blocks, _frame(population="adult", usual_dose=True), AskedWords("U người lớn"))
    assert [b.text for b in asked.rows] == [
        "Liều thường dùng cho người lớn 200 mg/lần, 3 lần/ngày."
    ]
    # Without "thường dùng" the three short rows fit the answer: shown, none asked.
    every = select(blocks, _frame(population="adult"), AskedWords("U người lớn"))
    assert not every.ask_indications
    assert "Bệnh A: 1 g một liều." in [b.text for b in every.rows]


ADJUST = (
    "*Người lớn:* 10 mg/lần.\n\n*Trẻ em:* 0,1 mg/kg/lần.\n\nĐiều chỉnh liều:\n\n"
    "Suy thận: Clcr 10 - 50 ml/phút: dùng 75% liều bình thường; "
    "Clcr < 10 ml/phút: dùng 50% liều bình thường.\n\n*Suy gan:* Liều cần giảm một nửa."
)


def _adjusted(**kw: object) -> list[str]:
    blocks = parse_blocks([(0, ev("m", "M", "lieu_luong_cach_dung", ADJUST))])
    return [b.text for b in select(blocks, _frame(population="adult", **kw), AskedWords("")).rows]


def test_a_renal_percentage_row_reaches_an_adult_under_a_child_head() -> None:
    """'Suy thận: Clcr 10 - 50: dùng 75% liều' after '*Trẻ em:*' is for every renal patient,
    shown with the adult's usual row it is a share of (round 16)."""
    shown = _adjusted(patient=PatientContext(egfr=30))
    assert len(shown) == 2 and shown[1] == "Người lớn: 10 mg/lần."
    assert shown[0].startswith("Suy thận: Clcr 10 - 50") and "75%" in shown[0]


def test_a_hepatic_adjustment_without_a_number_is_the_answer() -> None:
    """'*Suy gan:* Liều cần giảm một nửa.' answers a patient with liver disease alone."""
    assert _adjusted(patient=PatientContext(hepatic_impairment=True)) == [
        "Suy gan: Liều cần giảm một nửa."
    ]


def test_band_rows_under_an_inline_indication_keep_it() -> None:
    """'Sởi: Trên 2 tuổi: …' then 'Hoặc dưới 2 tuổi: …' and '2 - 5 tuổi: …' stay 'Sởi'."""
    text = (
        "Mắt:\n\nDưới 2 tuổi: nửa liều.\n\nSởi: Trên 2 tuổi: 20 mg/kg.\n\n"
        "Hoặc dưới 2 tuổi: 100 mg/lần.\n\n2 - 5 tuổi: 200 mg/lần."
    )
    blocks = parse_blocks([(0, ev("s", "S", "lieu_luong_cach_dung", text))])
    rows = {b.text: b.indication for b in blocks if b.kind == "row"}
    assert rows["Hoặc dưới 2 tuổi: 100 mg/lần."] == "Sởi"
    assert rows["2 - 5 tuổi: 200 mg/lần."] == "Sởi"
    assert rows["Dưới 2 tuổi: nửa liều."] == "Mắt"


def test_an_emphasised_phrase_leading_a_sentence_head_is_the_indication() -> None:
    """'_Làm thuốc Y_, thuốc X có thể được dùng:' heads its rows with 'Làm thuốc Y'."""
    text = (
        "_Liều lượng:_\n\n_Làm thuốc tiêu chất nhầy_, thuốc X có thể được dùng:\n\n"
        "Hoặc phun mù 3 ml.\n\nHoặc uống 200 mg.\n\n"
        "Đối với trẻ nhỏ, hội A khuyến cáo dùng liều: 5 mg/kg."
    )
    rows = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    assert [b.indication for b in rows[:2]] == ["Làm thuốc tiêu chất nhầy"] * 2
    assert rows[2].text.startswith("Đối với trẻ nhỏ")
