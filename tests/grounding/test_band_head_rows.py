"""Tests for the child band head a row is quoted under (grounding/block.py `headed`,
grounding/head_stack.py) and the paragraphs that offer another way to dose the banded
population row above them (grounding/sentences.py, `HeadStack.alternative`)."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame, Route
from grounding.asked import AskedWords
from grounding.blocks import Block, Who, parse_blocks
from grounding.narrowing import named_indications
from grounding.selection import select

NESTED = (
    "### *Liều lượng:*\n\n*Dạng uống:*\n\nNgười lớn: 500 mg x 2 lần/ngày.\n\n"
    "Liều trẻ dưới 30 kg:\n\nTrẻ dưới 30 kg không dùng viên 1 g.\n\n"
    "Trẻ dưới 3 tháng tuổi:\n\n20 mg/kg/ngày, chia 2 lần.\n\n"
    "Trẻ trên 3 tháng tuổi:\n\nViêm phổi: 40 mg/kg/ngày, chia 2 lần.\n\n"
    "Trẻ nặng trên 10 kg: 60 mg/kg/ngày, chia 3 lần."
)
OWNER = (
    "### *Liều lượng:*\n\nNgười lớn và trẻ trên 12 tuổi:\n\nUống 8 mg, 12 giờ một lần.\n\n"
    "Trẻ 4 - 11 tuổi (không dùng dạng viên sủi): Uống 2 mg, 8 giờ một lần.\n\n"
    "Có thể tiêm tĩnh mạch chậm 0,1 mg/kg/lần, tối đa 4 mg/lần.\n\n"
    "Cũng có thể truyền tĩnh mạch 3 mg/m2 trước khi điều trị.\n\n"
    "Tiêm tĩnh mạch 16 mg một lần cho người bệnh nặng."
)


def _blocks(*parts: str) -> list[Block]:
    return parse_blocks(
        [(n, ev("x", "X", "lieu_luong_cach_dung", text)) for n, text in enumerate(parts)]
    )


def _row(blocks: list[Block], words: str) -> Block:
    return next(b for b in blocks if words in b.text)


def test_a_row_is_quoted_under_the_child_band_head_it_does_not_say() -> None:
    """An indication row under 'Trẻ trên 3 tháng tuổi:' is quoted after that head."""
    row = _row(_blocks(NESTED), "Viêm phổi")
    assert row.headed == "Trẻ trên 3 tháng tuổi — Viêm phổi: 40 mg/kg/ngày, chia 2 lần."
    assert row.cites == (0,)


def test_a_row_that_says_its_own_band_is_quoted_as_printed() -> None:
    """A sentence naming the head's weight band, and an adult row, keep their own words."""
    blocks = _blocks(NESTED)
    assert _row(blocks, "viên 1 g").headed == "Trẻ dưới 30 kg không dùng viên 1 g."
    assert _row(blocks, "500 mg").headed == "Người lớn: 500 mg x 2 lần/ngày."


def test_a_row_adds_only_the_band_its_label_lacks() -> None:
    """A weight row under an age head is quoted after the age head."""
    row = _row(_blocks(NESTED), "60 mg/kg")
    assert row.headed.startswith("Trẻ trên 3 tháng tuổi — Trẻ nặng trên 10 kg:")


def test_a_head_in_another_part_is_cited_with_the_row() -> None:
    """The head printed in the part before the row's is cited beside the row's own part."""
    head, rows = NESTED.split("Viêm phổi")
    row = _row(_blocks(head, "Viêm phổi" + rows), "Viêm phổi")
    assert row.headed.startswith("Trẻ trên 3 tháng tuổi — ")
    assert row.cites == (1, 0)


def test_another_way_after_a_banded_population_row_is_that_populations() -> None:
    """'Có thể tiêm …' and 'Cũng có thể truyền …' after 'Trẻ 4 - 11 tuổi: …' are for them."""
    blocks = _blocks(OWNER)
    for words in ("0,1 mg/kg", "3 mg/m2"):
        row = _row(blocks, words)
        assert row.who is Who.CHILD
        assert row.bands.age is not None and row.bands.age.contains(6 * 12)
        assert not row.bands.age.contains(13 * 12)
        assert row.headed.startswith("Trẻ 4 - 11 tuổi — ")


def test_a_paragraph_that_offers_no_other_way_stays_under_the_head() -> None:
    """A plain paragraph after the alternatives is read under the population head again."""
    row = _row(_blocks(OWNER), "16 mg")
    assert row.who is Who.ADULT
    assert row.headed == row.text


def test_a_child_asked_for_the_injection_gets_the_alternative_row() -> None:
    """A 6-year-old asked about the IV dose gets the child's IV row, never the adult's."""
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": 72,
            "weight_kg": 20,
            "route": Route.IV,
        }
    )
    rows = select(_blocks(OWNER), frame, AskedWords("")).rows
    assert rows and all("16 mg" not in b.text for b in rows)
    assert any("0,1 mg/kg" in b.text for b in rows)


def test_a_name_in_italics_inside_a_label_makes_no_head_of_it() -> None:
    """'Viêm họng do *Liên cầu*: …' under '*Trẻ em:*' is a child's row; it does not end the
    population head, so the rows after it stay the child's."""
    text = (
        "### *Liều lượng:*\n\nNgười lớn: Viêm phổi: 500 mg/ngày.\n\n"
        "Nhiễm *Vi khuẩn A* (VA): 600 mg/lần/ngày.\n\n"
        "*Trẻ em:* Viêm tai: 10 mg/kg/ngày. Viêm họng do *Liên cầu*: 12 mg/kg/ngày.\n\n"
        "Sốt thương hàn: 20 mg/kg/ngày."
    )
    blocks = _blocks(text)
    assert _row(blocks, "12 mg/kg").who is Who.CHILD
    assert _row(blocks, "20 mg/kg").who is Who.CHILD
    assert _row(blocks, "600 mg").who is not Who.CHILD


LISTED = (
    "### *Liều lượng:*\n\nNgười lớn: 300 - 600 mg/ngày. "
    "Với người lớn nặng dưới 50 kg: 80 mg mỗi 6 giờ.\n\n"
    "Bệnh nhi: 8 - 20 mg/kg/ngày đối với trẻ em dưới 1 tuổi; "
    "8 - 16 mg/kg/ngày đối với trẻ em 1 - 4 tuổi; 8 - 12 mg/kg/ngày đối với trẻ em 4 - 12 "
    "tuổi; và 5 - 12 mg/kg/ngày đối với trẻ em 12 - 18 tuổi."
)


def _child(age_months: int, weight_kg: float) -> QueryFrame:
    return QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": age_months,
            "weight_kg": weight_kg,
        }
    )


def test_a_weight_band_said_of_adults_is_no_childs_row() -> None:
    """'Với người lớn nặng dưới 50 kg' is an adult's band: a 12 kg child gets the
    child's list, never that adult row."""
    texts = [b.text for b in select(_blocks(LISTED), _child(24, 12), AskedWords("")).rows]
    assert not any("80 mg" in t for t in texts)
    assert any("8 - 16 mg/kg/ngày" in t for t in texts)


def test_a_list_of_doses_for_whom_is_read_band_by_band() -> None:
    """'… đối với trẻ em 1 - 4 tuổi; và … đối với trẻ em 12 - 18 tuổi' are four rows, each
    with its own band."""
    rows = [b for b in _blocks(LISTED) if "mg/kg/ngày" in b.text]
    assert len(rows) == 4
    last = rows[-1]
    assert last.text.startswith("và 5 - 12 mg/kg/ngày")
    assert last.bands.age is not None and last.bands.age.contains(15 * 12)
    assert not last.bands.age.contains(6 * 12)


def test_a_childs_own_row_replaces_an_adult_heads_weight_band() -> None:
    """An 8 kg child asked for the IV dose gets 'Trẻ em cân nặng < 10 kg', not the adult
    head's 'Dưới 50 kg' row; a row naming children with its weight band stays."""
    text = (
        "### *Liều lượng:*\n\n*Người lớn:*\n\n*Truyền tĩnh mạch:* Trên 50 kg: 1 g/lần. "
        "Dưới 50 kg: 12 mg/kg/lần.\n\n*Trẻ em:*\n\n*Truyền tĩnh mạch:* "
        "Trẻ em cân nặng < 10 kg: 7 mg/kg/lần.\n\n"
        "*Đặt trực tràng:* Người lớn và trẻ em trên 10 kg: 0,4 mg/kg."
    )
    frame = _child(8, 8).model_copy(update={"route": Route.IV})
    texts = [b.text for b in select(_blocks(text), frame, AskedWords("")).rows]
    assert any("7 mg/kg" in t for t in texts)
    assert not any("12 mg/kg" in t for t in texts)
    rectal = _child(24, 12).model_copy(update={"route": Route.RECTAL})
    assert any("0,4 mg/kg" in b.text for b in select(_blocks(text), rectal, AskedWords("")).rows)


def test_a_head_extending_the_one_said_whole_wins_when_its_words_are_asked() -> None:
    """'nhiễm khuẩn đường hô hấp dưới nặng' names the head that extends 'Nhiễm khuẩn đường
    hô hấp' with the words asked, not the shorter head that doses nothing."""
    text = (
        "### *Liều lượng:*\n\nNhiễm khuẩn đường hô hấp: do vi khuẩn nhạy cảm.\n\n"
        "Nhiễm khuẩn đường hô hấp dưới nặng:\n\nNgười lớn: 300 mg cách nhau 12 giờ."
    )
    named = named_indications(
        _blocks(text), AskedWords("nhiễm khuẩn đường hô hấp người lớn hô hấp dưới nặng")
    )
    assert named == {"Nhiễm khuẩn đường hô hấp dưới nặng"}
    assert named_indications(_blocks(text), AskedWords("nhiễm khuẩn đường hô hấp")) == {
        "Nhiễm khuẩn đường hô hấp"
    }


def test_kidneys_named_without_a_clearance_get_the_renal_row_first() -> None:
    """ "suy thận" with no clearance: the note that they need no adjustment ('… hiệu chỉnh
    liều cho những người bệnh suy thận') is a renal row, shown first, before the usual rows."""
    text = (
        "### *Liều lượng:*\n\nNgười lớn: 50 mg/ngày.\n\nNgười lớn khi cấp cứu: 200 mg một lần.\n\n"
        "Người lớn đã đặt stent: 50 mg/ngày trong 6 tháng.\n\n"
        "Không phải hiệu chỉnh liều cho những người bệnh suy thận."
    )
    blocks = _blocks(text)
    renal = _row(blocks, "suy thận")
    assert renal.renal
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "adult",
            "patient": {"renal_impairment": True},
        }
    )
    assert select(blocks, frame, AskedWords("")).rows[0] is renal
