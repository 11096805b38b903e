"""Tests for grounding/blocks.py: which heads a row of a dose section is read under."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import Route
from grounding.blocks import Block, BlockKind, Who, parse_blocks


def _blocks(text: str) -> list[Block]:
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def _row(blocks: list[Block], words: str) -> Block:
    return next(b for b in blocks if words in b.text)


def test_rows_under_a_long_injection_head_are_injection_rows() -> None:
    """Rows after 'Đường tiêm …, tiêm bắp (… natri):' are IV/IM, no longer the oral head's."""
    text = (
        "### *Liều lượng:*\n\nĐường uống (thuốc Y axetil):\nTrẻ em 2 - 12 tuổi: 15 mg/kg/lần.\n\n"
        "Trẻ em 12 - 18 tuổi: 250 mg/lần. Có thể tăng gấp đôi khi nặng. "
        "Đường tiêm tĩnh mạch, tiêm truyền tĩnh mạch hoặc tiêm bắp (thuốc Y natri):\n\n"
        "Trẻ sơ sinh 7 - 21 ngày tuổi: 25 mg/kg/lần, 8 giờ một lần."
    )
    row = _row(_blocks(text), "25 mg/kg/lần")
    assert row.routes == (Route.IV, Route.IM)
    assert row.indication is None


def test_a_bare_injection_head_ends_the_oral_rows() -> None:
    """Rows after '*Tiêm:*' are not read under the '*Uống:*' head printed above."""
    text = (
        "### *Liều lượng:*\n\n*Uống:* (ưa dùng đường hít hơn):\nTrẻ em 2 - 6 tuổi: 1 mg/lần.\n\n"
        "*Tiêm:* Thuốc thường tiêm ở bệnh viện. Trẻ từ 2 - 18 tuổi, 10 microgam/kg một liều."
    )
    row = _row(_blocks(text), "10 microgam/kg")
    assert Route.ORAL not in row.routes and Route.IV in row.routes
    assert row.indication is None


def test_an_indication_named_for_a_vein_is_no_route_and_units_dose() -> None:
    """Under '*Phòng huyết khối tĩnh mạch …:*' an 'đvqt' row is a dose row with its own route."""
    text = (
        "### *Cách dùng:*\nTiêm tĩnh mạch hoặc tiêm dưới da.\n\n### *Liều lượng:*\n*Người lớn:*\n\n"
        "*Phòng huyết khối tĩnh mạch sau mổ:*\nDùng 5 000 đvqt tiêm dưới da 2 giờ trước mổ."
    )
    row = _row(_blocks(text), "5 000 đvqt")
    assert row.kind is BlockKind.ROW
    assert row.routes == (Route.SC,)
    assert (row.who, row.indication) == (Who.ADULT, "Phòng huyết khối tĩnh mạch sau mổ")


def test_route_labels_under_a_population_head_keep_it() -> None:
    """'Người lớn:' then 'Uống: …' and 'Tiêm tĩnh mạch: …' rows are both adult rows."""
    text = (
        "### *Liều lượng:*\n\nMỡ mắt: Tra 2 lần/ngày trong 5 ngày.\n\nNgười lớn:\n"
        "Uống: 200 - 400 mg, cách 12 giờ/lần.\n\nTiêm tĩnh mạch: 100 mg cách 12 giờ/lần"
    )
    blocks = _blocks(text)
    oral, iv = _row(blocks, "200 - 400 mg"), _row(blocks, "100 mg cách")
    assert (oral.who, oral.routes) == (Who.ADULT, (Route.ORAL,))
    assert (iv.who, iv.routes) == (Who.ADULT, (Route.IV,))
    assert oral.text.startswith("Uống:")


def test_a_population_said_in_a_sentence_heads_the_rows_after_it() -> None:
    """'Trẻ em: <no dose>' makes the unlabelled rows after it child rows, until 'Người lớn:'."""
    text = (
        "### *Liều dùng:*\nLiều bắt đầu thông thường là 4 mg.\n\n"
        "Trẻ em: Kinh nghiệm dùng thuốc ở trẻ em còn ít.\n\n"
        "Liều ban đầu: 0,2 mg/kg/ngày trong 2 ngày đầu.\n\n"
        "*Dự phòng tái phát*: Uống: 0,1 mg/kg mỗi ngày.\n\nNgười lớn:\nUống: 3 mg mỗi ngày."
    )
    blocks = _blocks(text)
    assert _row(blocks, "4 mg").who is None
    assert _row(blocks, "0,2 mg/kg").who is Who.CHILD
    adult = _row(blocks, "3 mg mỗi ngày")
    assert (adult.who, adult.indication) == (Who.ADULT, None)


def test_a_dosed_population_row_does_not_carry() -> None:
    """'Trẻ em: 10 mg/kg.' heads only its own row; the sentence line after it has no population."""
    text = "### *Liều lượng:*\n\nTrẻ em: 10 mg/kg/ngày.\n\nUống sau bữa ăn 30 phút, 2 lần/ngày."
    assert _row(_blocks(text), "Uống sau").who is None


def test_usual_population_heads_and_usual_labels() -> None:
    """'_Liều thông thường ở trẻ em:_' is a population head; 'Liều thường dùng:' no indication."""
    text = (
        "### *Liều lượng:*\n*Dạng tiêm tĩnh mạch:*\nTruyền chậm trong 60 phút.\n\n"
        "*Liều thông thường ở trẻ em:*\nĐơn trị liệu: Ban đầu uống: 10 - 40 mg/kg/ngày.\n\n"
        "Người lớn: Liều thường dùng: 250 mg, cứ 8 giờ một lần. Tối đa 3 g/ngày."
    )
    blocks = _blocks(text)
    child = _row(blocks, "10 - 40 mg/kg")
    assert (child.who, child.routes) == (Who.CHILD, (Route.ORAL,))
    adult = _row(blocks, "250 mg")
    assert adult.indication is None and adult.text.endswith("Tối đa 3 g/ngày.")


def test_a_maximum_sentence_goes_on_with_its_row() -> None:
    """'Trẻ em: 20 mg/kg. Liều tối đa: 1 g/ngày.' is one child row, never a general one."""
    text = "### *Liều lượng:*\n\nTrẻ em: Dùng 20 mg/kg/24 giờ, chia 3 lần. Liều tối đa: 1 g/ngày."
    rows = [b for b in _blocks(text) if b.kind is BlockKind.ROW]
    assert len(rows) == 1 and rows[0].who is Who.CHILD and rows[0].text.endswith("1 g/ngày.")


def test_a_starting_dose_label_keeps_the_indication_head() -> None:
    """'Liều khởi đầu: …' under '_Đối với bệnh gút:_' is a row of that indication."""
    text = (
        "_Đối với bệnh gút:_\n_Người lớn:_ 1 mg/ngày.\n\n_Trẻ em:_ Liều khởi đầu: 0,05 mg/kg/ngày."
    )
    row = _row(_blocks(text), "0,05 mg/kg")
    assert (row.who, row.indication) == (Who.CHILD, "bệnh gút")


def test_an_emphasised_population_with_a_band_in_parentheses_heads_its_rows() -> None:
    """'_Trẻ em_ (dưới 10 tuổi hoặc 30 kg).' ends the adult head: the rows after are a child's."""
    text = (
        "_Người lớn:_ khởi đầu 1 mg/ngày, chia 3 lần.\n\n"
        "_Trẻ còn bú và trẻ em_ (dưới 10 tuổi hoặc 30 kg). Liều khởi đầu: 0,02 mg/kg/ngày."
    )
    row = _row(_blocks(text), "0,02 mg/kg")
    assert row.who is Who.CHILD
    assert row.bands.age is not None and row.bands.age.hi == 120


def test_a_short_phrase_before_population_rows_is_their_indication() -> None:
    """'Phòng nôn do say xe. Người lớn: …' heads the adult row; the next line's own
    indication ('Chóng mặt: …') reaches the child row after it on that line."""
    text = (
        "_Liều lượng:_ Phòng nôn do say xe. Người lớn: 20 mg trước khi đi. "
        "Trẻ em 5 - 12 tuổi: nửa liều người lớn.\n\n"
        "Chóng mặt: 25 mg, 3 lần mỗi ngày. Trẻ em 5 - 12 tuổi: nửa liều người lớn."
    )
    blocks = [b for b in _blocks(text) if b.kind is BlockKind.ROW]
    assert [b.indication for b in blocks] == [
        "Phòng nôn do say xe",
        "Phòng nôn do say xe",
        "Chóng mặt",
        "Chóng mặt",
    ]


def test_a_route_head_after_an_indication_on_its_line_sits_under_it() -> None:
    """'*Tiêu chảy*: Uống:' keeps 'Tiêu chảy' for the rows after it, after an earlier route head."""
    text = (
        "### *Liều lượng:*\n*Dạng tiêm:*\nTiêm tĩnh mạch 200 mg/lần.\n\n"
        "*Tiêu chảy*: Uống:\n500 mg/lần, 2 lần một ngày."
    )
    row = _row(_blocks(text), "500 mg/lần")
    assert (row.indication, row.routes) == ("Tiêu chảy", (Route.ORAL,))


def test_an_elderly_remark_heads_nothing_after_it() -> None:
    """'Người cao tuổi: chưa có thông tin.' is a remark: the usage line after it is everyone's."""
    text = "### *Liều lượng:*\n\nNgười cao tuổi: Chưa có thông tin.\n\nUống thuốc với nhiều nước."
    assert _row(_blocks(text), "nhiều nước").who is None


def test_a_condition_row_ends_a_population_said_in_a_sentence() -> None:
    """'Trẻ em: <remark>' then 'Suy gan: …': the note after the condition row is no child's."""
    text = (
        "### *Liều lượng:*\n\nTrẻ em: Kinh nghiệm còn ít.\n\nSuy gan: Giảm liều.\n\n"
        "Chống chỉ định khi suy gan nặng."
    )
    assert _row(_blocks(text), "Chống chỉ định").who is None


def test_an_unlabelled_row_that_opens_with_its_band_is_banded() -> None:
    """ "Dưới 1 tuổi ngày 1 gói …" under "_Trẻ em:_" is the under-1 row, not every child's."""
    text = (
        "_Trẻ em:_\n\nDưới 1 tuổi ngày 1 gói chia 2 lần\n\n"
        "Từ 1- 2 tuổi ngày 1 - 2 gói chia 2 lần\n\nTrên 2 tuổi ngày 2 gói."
    )
    rows = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    ages = [(b.bands.age.lo, b.bands.age.hi) if b.bands.age else None for b in rows]
    assert ages[:2] == [(0.0, 12.0), (12.0, 24.0)]
    assert ages[2] is not None and ages[2][0] > 24


def test_a_sentence_that_opens_with_what_it_treats_names_its_indication() -> None:
    """ "Để điều trị viêm phổi, …" and "Đối với viêm họng … liều …" are rows of those
    indications; "Đối với trẻ em, …" names a patient, not an indication."""
    text = (
        "Người lớn: Để điều trị viêm phổi, uống 200 mg mỗi 12 giờ. "
        "Đối với viêm họng thể nhẹ liều là 100 mg mỗi 12 giờ. "
        "Đối với trẻ em, uống 5 mg/kg mỗi 12 giờ."
    )
    rows = [
        b
        for b in parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
        if b.kind is BlockKind.ROW
    ]
    assert [b.indication for b in rows[:2]] == ["viêm phổi", "viêm họng thể nhẹ"]
    assert rows[2].indication != "trẻ em"


def test_a_sentence_on_the_line_of_a_population_row_is_for_that_population() -> None:
    """ "Trẻ em: Liều ban đầu 5 mg/kg. Liều duy trì: 4 - 8 mg/kg." – both child rows; the
    next line's unlabelled sentence is not."""
    text = (
        "Trẻ em: Liều ban đầu 5 mg/kg/ngày. Liều duy trì: 4 - 8 mg/kg/ngày.\n\n"
        "Uống sau bữa ăn 2 lần/ngày."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    assert _row(blocks, "Liều duy trì").who is Who.CHILD
    assert _row(blocks, "Uống sau").who is None


def test_clearance_clauses_of_one_sentence_are_rows_of_their_own() -> None:
    """ "ClCr ≥ 55: liều thường; độ thanh thải creatinin 11 - 34 ml/phút, dùng 1/2 liều; …"
    gives one row per clearance band."""
    text = (
        "Cần giảm liều cho người suy thận: Người bệnh có độ thanh thải creatinin 55 ml/phút, "
        "dùng liều thông thường; độ thanh thải creatinin 11 - 34 ml/phút, dùng 1/2 liều "
        "thông thường; độ thanh thải creatinin < 10 ml/phút, dùng 1/2 liều mỗi 24 giờ."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    bands = [(b.bands.clearance.lo, b.bands.clearance.hi) for b in blocks if b.bands.clearance]
    assert (11.0, 34.0) in bands and (0.0, 10.0) in bands


def test_doses_listed_with_whom_they_are_for_are_rows_of_their_own() -> None:
    """ "0,5 mg/ngày cho trẻ dưới 5 tuổi; 1 mg/ngày cho trẻ 5 - 10 tuổi; …": one row a band."""
    text = (
        "Dự phòng lâu dài: 0,5 mg/ngày cho trẻ dưới 5 tuổi; 1 mg/ngày cho trẻ 5 - 10 tuổi; "
        "1,5 mg/ngày cho trẻ trên 10 tuổi."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    ages = [(b.bands.age.lo, b.bands.age.hi) for b in blocks if b.bands.age]
    assert ages[:2] == [(0.0, 60.0), (60.0, 120.0)] and len(ages) == 3


def test_a_clause_naming_children_after_a_semicolon_is_their_row() -> None:
    """'…: Người lớn 4 - 8 mg; trẻ em 1 - 2 mg …' parts into an adult row and a child row;
    a sentence after them on the line stays with the row that opened the line."""
    text = (
        "### *Liều lượng:*\n\n*Khó ngủ:* Người lớn 4 - 8 mg, tối đa 16 mg; trẻ em 1 - 2 mg "
        "uống buổi tối. Đạn đặt: 5 mg."
    )
    blocks = _blocks(text)
    child = _row(blocks, "1 - 2 mg")
    assert (child.who, child.indication) == (Who.CHILD, "Khó ngủ")
    assert "1 - 2 mg" not in _row(blocks, "4 - 8 mg").text
    assert _row(blocks, "5 mg").who is Who.ADULT


PHASES = (
    "### *Liều lượng:*\n\n*Trẻ em:*\n\n"
    "Viêm khớp: 50 mg/kg/ngày, chia 4 lần. Tối đa 2 g/ngày. Bệnh Z:\n\n"
    "Giai đoạn cấp: 80 mg/kg/ngày chia 4 lần. Sau đó chỉnh theo nồng độ 10 - 20 mg/100 ml.\n\n"
    "Giai đoạn hồi phục: 4 mg/kg/ngày, uống 1 lần.\n\n"
    "Sốt cao: 10 mg/kg/lần."
)


def test_labelled_phases_under_a_bare_indication_head_are_named_by_it() -> None:
    """'Bệnh Z:' closing a paragraph, then 'Giai đoạn cấp: …' and 'Giai đoạn hồi phục: …':
    each phase is a row of 'Bệnh Z', with its own words after the disease's name."""
    blocks = _blocks(PHASES)
    assert _row(blocks, "80 mg/kg").indication == "Bệnh Z, Giai đoạn cấp"
    assert _row(blocks, "4 mg/kg").indication == "Bệnh Z, Giai đoạn hồi phục"
    assert _row(blocks, "50 mg/kg").indication == "Viêm khớp"


def test_a_labelled_row_after_a_heads_own_rows_is_its_peer() -> None:
    """'Phòng say xe. Người lớn: …' then 'Chóng mặt: …' on the next line: the head has rows of
    its own, so the labelled row after them names another indication, not a phase."""
    text = (
        "_Liều lượng:_ Phòng say xe. Người lớn: 20 mg trước khi đi.\n\n"
        "Chóng mặt: 25 mg, 3 lần mỗi ngày."
    )
    assert _row(_blocks(text), "25 mg").indication == "Chóng mặt"


def test_a_population_row_after_a_route_sentence_on_its_line_takes_that_route() -> None:
    """'… Đường tiêm tĩnh mạch 10 mg, nhắc lại sau 1 giờ. Trẻ em: 0,2 mg/kg.': the children's
    row on that line is an intravenous dose, not one of the rectal head's."""
    text = (
        "### *Liều lượng:*\n\n*Co giật*: Dùng dung dịch trực tràng, người lớn và trẻ em "
        "trên 12 kg: 0,5 mg/kg. "
        "Đường tiêm tĩnh mạch 10 mg, nhắc lại sau 1 giờ nếu cần. Trẻ em: 0,2 mg/kg."
    )
    assert _row(_blocks(text), "0,2 mg/kg").routes == (Route.IV,)


def test_an_acquired_disease_or_a_qualifier_in_brackets_is_still_a_head() -> None:
    """'Viêm phổi mắc phải ở nhà:' and 'Viêm tai (phải nằm viện):' name what their rows treat:
    'mắc phải' and a bracketed 'phải' are not the 'phải' of a sentence."""
    text = (
        "### *Liều lượng:*\n\nViêm phổi mắc phải ở nhà: Người lớn: 1 g/ngày.\n\n"
        "Viêm tai (phải nằm viện): Người lớn: 2 g/ngày."
    )
    blocks = _blocks(text)
    assert _row(blocks, "1 g/ngày").indication == "Viêm phổi mắc phải ở nhà"
    assert _row(blocks, "2 g/ngày").indication == "Viêm tai (phải nằm viện)"


def test_a_route_in_parenthesis_after_an_indication_head_keeps_the_indication() -> None:
    """'*Bệnh Y* (tiêm tĩnh mạch):' heads Bệnh Y's rows, given IV; it does not leave them
    under the indication head above."""
    text = (
        "### *Liều lượng:*\n\n*Bệnh X*: Tiêm bắp 500 mg/ngày, cho người lớn.\n\n"
        "*Bệnh Y* (tiêm tĩnh mạch): Trẻ em: 60 mg/kg/ngày. Người lớn: 2 g/ngày, trong 10 ngày."
    )
    blocks = _blocks(text)
    for words in ("60 mg/kg", "2 g/ngày"):
        row = _row(blocks, words)
        assert row.indication is not None and "Bệnh Y" in row.indication
        assert row.routes == (Route.IV,)
    assert _row(blocks, "500 mg").indication == "Bệnh X"


def test_adults_and_children_said_after_the_indications_colon_is_everyones_row() -> None:
    """'Bệnh X: Người lớn và trẻ em 20 mg/kg/ngày' after a child's sentence on the same
    line is everyone's row (it reaches a child); '… và trẻ em trên 12 tuổi' stays adults'."""
    text = (
        "Bệnh do Giardia: Người lớn: Uống 250 mg/lần. Trẻ em: Uống 15 mg/kg/ngày. "
        "Bệnh do sán X: Người lớn và trẻ em 20 mg/kg/ngày, uống trong 7 ngày."
    )
    assert _row(_blocks(text), "sán X").who is Who.ANY
    banded = text.replace("và trẻ em 20", "và trẻ em trên 12 tuổi 20")
    assert _row(_blocks(banded), "sán X").who is Who.ADULT
