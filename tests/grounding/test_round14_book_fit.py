"""Round 14 (issue 23): what a dose section settles before anyone is asked, and the rows a
child of a told age gets. Texts are ours, in the book's shapes."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.bands import parse_bands
from grounding.blocks import parse_blocks
from grounding.book_fit import adults_only
from grounding.selection import select


def _blocks(text: str):  # type: ignore[no-untyped-def]
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def _child(age_months: float, weight_kg: float | None = None, **more: object) -> QueryFrame:
    return QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": age_months,
            "weight_kg": weight_kg,
            **more,
        }
    )


GOUT_AND_FEVER = (
    "*Cơn viêm khớp thống phong cấp:* Uống 1 mg, sau đó cứ 2 giờ uống 0,5 mg đến khi đỡ đau; "
    "không quá 6 mg một đợt.\n\n"
    "*Phòng tái phát:* Uống 0,5 mg mỗi tối.\n\n"
    "*Sốt di truyền từng đợt:*\n\n"
    "Trẻ dưới 5 tuổi: 0,5 mg/ngày.\n\n"
    "Trẻ từ 5 tuổi trở lên: 1 mg/ngày."
)

ADULT_ONLY = (
    "Bắt đầu 5 mg một lần trong ngày; hai tuần sau nâng lên 10 mg nếu cần.\n\n"
    "Với trẻ em: chưa có dữ liệu an toàn, không khuyến cáo dùng."
)


def test_rows_of_a_named_indication_that_dose_no_child_are_an_adult_s() -> None:
    """The attack's rows name no child, only the inherited fever's do: asked about the
    attack, the book needs no "adult or child?"; asked about the fever, or about nothing, it
    does."""
    blocks = _blocks(GOUT_AND_FEVER)
    assert adults_only(blocks, AskedWords("đang bị cơn viêm khớp thống phong cấp"))
    assert not adults_only(blocks, AskedWords("sốt di truyền từng đợt"))
    assert not adults_only(blocks, AskedWords(""))


def test_a_section_whose_only_child_line_refuses_is_an_adult_s() -> None:
    assert adults_only(_blocks(ADULT_ONLY), AskedWords(""))


AGE_TABLE = (
    "*Trẻ em dưới 40 kg:*\n\n"
    "Tính theo cân nặng: 20 - 40 mg/kg/ngày chia 3 lần.\n\n"
    "Viêm tai giữa cấp, viêm phổi cộng đồng: liều cao 80 - 90 mg/kg/ngày chia 2 lần.\n\n"
    "Theo tuổi: trẻ dưới 3 tháng tuổi: tối đa 30 mg/kg/ngày, chia 2 lần; "
    "3 tháng - 1 tuổi: 100 mg x 3 lần/ngày; 1 - 4 tuổi: 200 mg x 3 lần/ngày; "
    "5 - 11 tuổi: 400 mg x 3 lần/ngày."
)


def test_the_age_row_is_selected_for_a_child_of_that_age() -> None:
    """A 3-year-old: the 1 - 4 year row is among the rows; the per-kg rule waits for the weight."""
    blocks = _blocks(AGE_TABLE)
    frame = _child(36)
    rows = [b.text for b in select(blocks, frame, AskedWords("")).rows]
    assert any("200 mg" in r for r in rows)
    assert not any("mg/kg" in r for r in rows)


def test_the_per_kg_rows_come_back_with_the_weight() -> None:
    rows = [b.text for b in select(_blocks(AGE_TABLE), _child(36, 14), AskedWords("")).rows]
    assert any("20 - 40 mg/kg" in r for r in rows)


def test_weeks_said_right_after_the_child_are_an_age() -> None:
    """ "Trẻ nhỏ 2 - 6 tuần 40 mg/kg": the baby's age in weeks, not a course's length."""
    assert parse_bands("Trẻ nhỏ 2 - 6 tuần 40 mg/kg mỗi ngày").age is not None
    assert parse_bands("Uống trong 1 - 4 tuần 150 mg/ngày").age is None


NEWBORN_BANDS = (
    "Trẻ thiếu tháng và sơ sinh: 60 mg/kg/ngày chia 2 lần.\n\n"
    "Trẻ nhỏ 1 - 4 tuần 90 mg/kg/ngày chia 3 lần.\n\n"
    "Trẻ từ 1 tháng - 12 tuổi: 120 mg/kg/ngày chia 4 lần."
)


def test_a_band_inside_another_that_fits_too_is_the_narrower_row() -> None:
    """A baby of two weeks: "1 - 4 tuần" inside the newborn month is the book's row for them."""
    rows = [b.text for b in select(_blocks(NEWBORN_BANDS), _child(0.46, 3.5), AskedWords("")).rows]
    assert any("90 mg/kg" in r for r in rows)
    assert not any("60 mg/kg" in r for r in rows)


def test_an_emphasized_route_closed_by_its_colon_heads_the_rows_after() -> None:
    text = (
        "_Uống:_ sau bữa ăn.\n\nNgười lớn: 30 mg/lần, 2 lần/ngày.\n\n"
        "_Khí dung:_\n\nNgười lớn: 15 mg/lần, ngày 1 - 2 lần."
    )
    rows = [b for b in _blocks(text) if "15 mg" in b.text]
    assert [r.routes for r in rows] == [("inhaled",)]


BY_INDICATION = (
    "*Trẻ em:*\n\n"
    "Viêm phế quản cấp (trẻ từ 2 tuổi): 12 mg/kg/ngày, uống 5 ngày.\n\n"
    "Viêm xoang cấp (trẻ từ 6 tháng tuổi): 10 mg/kg/ngày, uống 3 ngày.\n\n"
    "Sốt mò (trẻ từ 1 tháng tuổi): 10 mg/kg một lần duy nhất.\n\n"
    "Ho gà (trẻ từ 1 tháng tuổi): 10 mg/kg/ngày, uống 5 ngày.\n\n"
    "Tiêu chảy do vi khuẩn (trẻ từ 1 tháng tuổi): 10 mg/kg/ngày, uống 3 ngày.\n\n"
    "Mắt hột (trẻ từ 1 tháng tuổi): 20 mg/kg một lần duy nhất.\n\n"
    "Viêm niệu đạo không do lậu (trẻ từ 1 tháng tuổi): 10 mg/kg một lần duy nhất."
)


def test_an_indication_named_that_the_book_doses_only_for_older_children_is_not_asked() -> None:
    """A 2-month-old with a sinus infection, the book's rows too many to show across
    indications: the sinus row starts at 6 months, so the answer holds no row and asks nothing
    (asking which indication would only lead to another one)."""
    frame = _child(2, 5, condition_words="viem xoang cap")
    chosen = select(_blocks(BY_INDICATION), frame, AskedWords("viêm xoang cấp"))
    assert chosen.rows == [] and chosen.ask_indications == ()
    older = select(_blocks(BY_INDICATION), _child(24, 12), AskedWords("viêm xoang cấp"))
    assert any("10 mg/kg" in b.text for b in older.rows)
    unnamed = select(_blocks(BY_INDICATION), _child(2, 5), AskedWords(""))
    assert unnamed.ask_indications  # none named: which one is asked
