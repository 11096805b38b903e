"""Tests for grounding/selection.py: which indication heads a question names."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.selection import select

LISTING = (
    "### *Liều lượng:*\n\n"
    "Người lớn: Viêm tai, viêm xoang, viêm phế quản mắc tại cộng đồng nhẹ: "
    "Uống 400 mg ngày đầu, sau đó 200 mg/ngày trong 4 ngày.\n\n"
    "Nhiễm khuẩn tiết niệu: 1 liều duy nhất 3 g.\n\n"
    "Viêm phế quản tại cộng đồng: Nếu dùng dạng giải phóng kéo dài: 1 liều duy nhất 2 g."
)


def _rows(question: str) -> list[str]:
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", "route": "oral"}
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", LISTING))])
    return [b.text for b in select(blocks, frame, AskedWords(question)).rows]


def test_a_listing_head_is_named_by_one_of_its_indications() -> None:
    """A head listing several indications is named by its best one: here the fullest said."""
    rows = " ".join(_rows("thuốc X người lớn viêm phế quản cộng đồng nhẹ"))
    assert "200 mg/ngày" in rows
    assert "3 g" not in rows


def test_another_indication_of_the_listing_is_not_read_as_this_one() -> None:
    """'nhiễm khuẩn tiết niệu' names its own head, not the listing."""
    rows = " ".join(_rows("thuốc X người lớn nhiễm khuẩn tiết niệu"))
    assert "3 g" in rows and "200 mg/ngày" not in rows


def test_a_piece_of_common_words_names_no_head() -> None:
    """'…, người lớn và trẻ em' in a head is no indication: 'ho có đờm' keeps its own head."""
    text = (
        "### *Liều lượng:*\n\nHo có đờm: Uống 100 mg/lần, 3 lần/ngày.\n\n"
        "Giải độc chất Y, người lớn và trẻ em: Uống 50 mg/kg một lần."
    )
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", "route": "oral"}
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = " ".join(
        b.text for b in select(blocks, frame, AskedWords("thuốc X người lớn ho có đờm")).rows
    )
    assert "100 mg" in rows and "50 mg/kg" not in rows


def test_the_verb_treat_names_no_head() -> None:
    """'điều trị bệnh Y' names the Y head, not a head that opens with 'Điều trị và …'."""
    text = (
        "### *Liều lượng:*\n\nBệnh Y: 1 liều duy nhất 2 g.\n\n"
        "Điều trị và dự phòng bệnh Z: 600 mg/ngày."
    )
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", "route": "oral"}
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = " ".join(
        b.text for b in select(blocks, frame, AskedWords("X điều trị bệnh Y người lớn")).rows
    )
    assert "2 g" in rows and "600 mg" not in rows


def test_the_row_of_the_asked_route_survives_the_row_cap() -> None:
    """Four rows under the head asked, one by mouth: asked 'uống', that row is kept."""
    text = (
        "### *Liều lượng:*\n\nTiêu chất nhầy:\n\nHoặc phun mù 3 ml.\n\n"
        "Hoặc phun mù 6 ml dung dịch loãng.\n\nHoặc nhỏ vào khí quản 1 ml.\n\n"
        "Hoặc uống 200 mg, 3 lần/ngày."
    )
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", "route": "oral"}
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = [
        b.text for b in select(blocks, frame, AskedWords("X người lớn tiêu chất nhầy uống")).rows
    ]
    assert len(rows) <= 3 and "Hoặc uống 200 mg, 3 lần/ngày." in rows


def test_the_head_sharing_most_words_asked_wins() -> None:
    """'viêm khớp dạng thấp thiếu niên' names 'Viêm đa khớp dạng thấp thiếu niên', not the
    shorter 'Viêm do bệnh thấp' whose two words are also asked."""
    text = (
        "### *Liều lượng:*\n\n*Trẻ em:*\n\nViêm do bệnh thấp: 5 mg/kg/ngày.\n\n"
        "Viêm đa khớp dạng thấp thiếu niên: Trẻ em từ 1 - 12 tuổi: 2 mg/kg/ngày."
    )
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "child", "age_months": 96}
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    question = "X cho trẻ 8 tuổi viêm khớp dạng thấp thiếu niên"
    rows = " ".join(b.text for b in select(blocks, frame, AskedWords(question)).rows)
    assert "2 mg/kg/ngày" in rows and "5 mg/kg/ngày" not in rows


MAXIMUM = (
    "Người lớn: Liều thường dùng: 250 mg mỗi 8 giờ. Tối đa 4 g/ngày.\n\n"
    "Viêm họng: Uống 250 mg mỗi 8 giờ.\n\n"
    "Nhiễm khuẩn hô hấp dưới: Uống 500 mg mỗi 8 giờ."
)


def _maximum_rows(question: str, text: str = MAXIMUM) -> list[str]:
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", "route": "oral"}
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    return [b.text for b in select(blocks, understood(frame, question), AskedWords(question)).rows]


def test_a_maximum_asked_without_indication_is_the_row_that_prints_it() -> None:
    """ "tối đa mỗi ngày" and two indications: the general row with its maximum, nothing asked."""
    assert _maximum_rows("thuốc X người lớn tối đa mỗi ngày") == [
        "Người lớn: Liều thường dùng: 250 mg mỗi 8 giờ. Tối đa 4 g/ngày."
    ]


def test_the_plain_tablet_is_not_the_usual_dose() -> None:
    """ "Viên thông thường" names a form: a "liều thường dùng" question does not pick it."""
    text = (
        "Người lớn:\n\nViêm bàng quang: Uống: Viên thông thường 250 mg mỗi 12 giờ.\n\n"
        "Viêm phổi: Uống 500 mg mỗi 12 giờ."
    )
    # Neither row is "the usual dose": both indications are shown, each under its head.
    assert _maximum_rows("thuốc X người lớn liều thường dùng", text) == [
        "Viêm bàng quang: Uống: Viên thông thường 250 mg mỗi 12 giờ.",
        "Viêm phổi: Uống 500 mg mỗi 12 giờ.",
    ]


def test_a_caveat_printed_before_any_head_governs_every_row() -> None:
    """ "Liều tối đa là 150 mg." at the top goes with the oral row chosen under a head."""
    text = (
        "Liều tối đa là 150 mg.\n\n"
        "*Viêm khớp:*\n\nUống 75 - 150 mg/ngày chia 2 lần. Nếu đặt viên đạn: 75 mg mỗi ngày."
    )
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", "route": "oral"}
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    chosen = select(blocks, frame, AskedWords("thuốc X người lớn uống"))
    assert [b.text for b in chosen.caveats] == ["Liều tối đa là 150 mg."]


def test_a_disease_of_the_same_kind_does_not_name_a_head() -> None:
    """'viêm xoang' shares only 'viêm' with 'Viêm màng não': that head is not named, so the
    child's general row answers; 'viêm màng não' still names it."""
    from grounding.narrowing import named_indications

    text = (
        "### *Liều lượng:*\n\nTrẻ em 2 - 12 tuổi: 15 mg/kg/lần, 12 giờ một lần.\n\n"
        "*Viêm màng não do vi khuẩn nhạy cảm:* Trẻ em 2 - 12 tuổi: 200 mg/kg/ngày.\n\n"
        "*Dự phòng phẫu thuật:* Trẻ em 2 - 12 tuổi: 50 mg/kg lúc khởi mê."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = [b for b in blocks if b.indication]
    assert named_indications(rows, AskedWords("bé 4 tuổi viêm xoang")) == set()
    assert named_indications(rows, AskedWords("bé 4 tuổi viêm màng não")) == {
        "Viêm màng não do vi khuẩn nhạy cảm"
    }


def test_the_words_that_ask_name_no_head() -> None:
    """'bao nhiêu' shares 'bao' with 'bào tử' (folded): a question about an ear infection
    does not name the anthrax head; the words of the head still do."""
    from grounding.narrowing import named_indications

    text = (
        "### *Liều lượng:*\n\n*Nhiễm khuẩn nhẹ:* Trẻ em: 20 mg/kg/ngày.\n\n"
        "*Dự phòng sau khi tiếp xúc với bào tử bệnh than:* Trẻ em: 45 mg/kg/ngày."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = [b for b in blocks if b.indication]
    assert (
        named_indications(rows, AskedWords("viêm tai, ngày 2 lần thì 1 ngày bao nhiêu mg")) == set()
    )
    assert named_indications(rows, AskedWords("phơi nhiễm bào tử than thì bn mg")) == {
        "Dự phòng sau khi tiếp xúc với bào tử bệnh than"
    }


def test_fever_names_the_head_that_lowers_it() -> None:
    """'sốt' names both 'Sốt' and 'Giảm đau và hạ sốt' ('hạ' only says lowering it), so the
    rows under either head answer a feverish child; 'đau' alone names only the latter."""
    from grounding.narrowing import named_indications

    text = (
        "### *Liều lượng:*\n\n*Sốt:* Trẻ em: 5 mg/kg mỗi lần.\n\n"
        "*Giảm đau và hạ sốt:* Trẻ 1 - 3 tháng: 4 mg/kg x 3 lần/ngày.\n\n"
        "*Viêm khớp:* Trẻ em: 20 mg/kg/ngày."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = [b for b in blocks if b.indication]
    assert named_indications(rows, AskedWords("bé 2 tháng bị sốt")) == {
        "Sốt",
        "Giảm đau và hạ sốt",
    }
    assert named_indications(rows, AskedWords("bé bị đau")) == {"Giảm đau và hạ sốt"}


def test_an_operation_named_by_what_was_operated_on_names_the_surgery_head() -> None:
    """'mổ thoát vị xong', 'mổ sỏi mật' are an operation: the 'Đau sau phẫu thuật' head is
    named; 'mở nắp' (folded alike to 'mổ') is not one."""
    from grounding.narrowing import named_indications

    text = (
        "### *Liều lượng:*\n\n*Đau, sốt:* Trẻ em: 10 mg/kg mỗi lần.\n\n"
        "*Đau sau phẫu thuật:* Trẻ em: 20 mg/kg một liều duy nhất."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    rows = [b for b in blocks if b.indication]
    for said in ("bé 10 tuổi mổ thoát vị xong", "mẹ vừa mổ sỏi mật, đau"):
        assert named_indications(rows, AskedWords(said)) == {"Đau sau phẫu thuật"}, said
    assert named_indications(rows, AskedWords("mở nắp chai rồi bé đau")) != {"Đau sau phẫu thuật"}


def test_the_same_disease_of_another_cause_is_not_this_head() -> None:
    """'co giật do sốt' is not 'Co giật do uốn ván' (another cause): its everyone's row is
    not shown to a feverish child; asked 'do uốn ván', it is."""
    from grounding.narrowing import another_cause

    assert another_cause("Co giật do uốn ván", AskedWords("bé 9 tháng co giật do sốt cao"))
    assert not another_cause("Co giật do uốn ván", AskedWords("co giật do uốn ván"))
    assert not another_cause("Co giật do uốn ván", AskedWords("bé đang co giật"))
    text = (
        "### *Liều lượng:*\n\n*Co giật do uốn ván:* Người lớn và trẻ em 0,2 mg/kg mỗi 4 giờ."
        "\n\n*Lo âu:* Người lớn: 2 mg x 3 lần/ngày."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["x"], "population": "child", "age_months": 9}
    )
    assert select(blocks, frame, AskedWords("bé co giật do sốt cao")).rows == []
    asked = select(blocks, frame, AskedWords("bé co giật do uốn ván")).rows
    assert [b.indication for b in asked] == ["Co giật do uốn ván"]
