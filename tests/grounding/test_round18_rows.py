"""Round 18 (issue 23, the rows a dose answer shows): a row that prints a second band after
";" is two rows, a baby born early or at term is given its own rows (and its weeks of
gestation choose among gestational-age rows), a head word the question says is not so names
no head. Texts are ours, in the book's shapes."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import HowTo, QueryFrame, Route
from grounding.asked import AskedWords
from grounding.birth_fit import Birth
from grounding.blocks import BlockKind, parse_blocks
from grounding.selection import select
from understanding.howto import read_how_to_topics
from understanding.text import Turn

DAYS = 1 / 30.4

# Two newborn rows, each with a second band of days after ";".
NEWBORN_ROWS = (
    "*Tiêm tĩnh mạch:*\n\n"
    "Trẻ em trên 1 tháng: 60 mg/kg/ngày.\n\n"
    "Trẻ sơ sinh non tháng (0 - 7 ngày): 40 mg/kg/ngày; (8 - 28 ngày): 60 mg/kg/ngày.\n\n"
    "Trẻ sơ sinh đủ tháng (0 - 7 ngày): 50 mg/kg/ngày; (8 - 28 ngày): 75 mg/kg/ngày."
)

# Rows by gestational age, as the book prints them for newborns.
BY_GESTATION = (
    "*Uống:*\n\n"
    "Sơ sinh 26 - 31 tuần tuổi thai: 12 mg/kg một lần; sau đó 8 mg/kg mỗi 12 giờ.\n\n"
    "Sơ sinh trên 31 tuần tuổi thai: 12 mg/kg một lần; sau đó 8 mg/kg mỗi 8 giờ."
)

# One disease, and the same disease spread: two heads, one extending the other.
SPREAD = (
    "*Trẻ em dưới 3 tháng tuổi:*\n\n"
    "Nhiễm virus Y: 8 mg/kg/lần, mỗi 8 giờ.\n\n"
    "Nhiễm virus Y lan rộng: 16 mg/kg/lần, mỗi 8 giờ."
)


def _blocks(text: str) -> list:
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def _baby(days: float, kg: float, said: str, route: Route | None = None) -> QueryFrame:
    return QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "child",
            "age_months": days * DAYS,
            "weight_kg": kg,
            "route": route,
            "standalone_query": said,
            "condition_words": said.lower(),
        }
    )


def _rows(text: str, frame: QueryFrame, words: str = "") -> list[str]:
    return [b.headed for b in select(_blocks(text), frame, AskedWords(words)).rows]


def test_a_second_band_after_a_semicolon_is_a_row_of_its_own() -> None:
    rows = [b for b in _blocks(NEWBORN_ROWS) if b.kind is BlockKind.ROW]
    later = [b for b in rows if b.text.startswith("(8 - 28 ngày)")]
    assert len(later) == 2, [b.text for b in rows]
    band = later[0].bands.age
    assert band is not None and band.contains(14 * DAYS) and not band.contains(3 * DAYS)
    assert later[0].headed.startswith("Trẻ sơ sinh non tháng — (8 - 28 ngày)")


def test_a_term_baby_is_given_the_term_row_of_its_days() -> None:
    said = "con tôi sinh đủ tháng, được 4 ngày, nặng 3 kg, liều tiêm bao nhiêu"
    rows = _rows(NEWBORN_ROWS, _baby(4, 3, said, Route.IV))
    assert rows == ["Trẻ sơ sinh đủ tháng (0 - 7 ngày): 50 mg/kg/ngày"], rows


def test_a_baby_born_early_is_given_the_early_row_of_its_days() -> None:
    said = "bé đẻ non, giờ 20 ngày tuổi, 1,8 kg, tiêm tĩnh mạch liều thế nào"
    rows = _rows(NEWBORN_ROWS, _baby(20, 1.8, said, Route.IV))
    assert rows == ["Trẻ sơ sinh non tháng — (8 - 28 ngày): 60 mg/kg/ngày."], rows


def test_a_baby_said_neither_way_sees_both() -> None:
    rows = _rows(NEWBORN_ROWS, _baby(4, 3, "bé 4 ngày tuổi 3 kg tiêm", Route.IV))
    assert len(rows) == 2 and not any("8 - 28" in r for r in rows), rows


def test_the_weeks_at_birth_and_the_days_since_choose_the_gestation_row() -> None:
    said = "bé sinh non 29 tuần, nay được 9 ngày, cân 1,4 kg, cho uống liều bao nhiêu"
    assert Birth.of(_baby(9, 1.4, said)).weeks == 29
    rows = _rows(BY_GESTATION, _baby(9, 1.4, said, Route.ORAL))
    assert len(rows) == 1 and "26 - 31 tuần" in rows[0], rows
    # Born at 30 weeks and three weeks old: past 31 weeks now.
    later = "bé sinh lúc 30 tuần, nay 21 ngày tuổi, 1,9 kg, uống liều bao nhiêu"
    rows = _rows(BY_GESTATION, _baby(21, 1.9, later, Route.ORAL))
    assert len(rows) == 1 and "trên 31 tuần" in rows[0], rows


def test_a_baby_s_age_in_days_is_no_gestation() -> None:
    assert Birth.of(_baby(30, 4, "bé sinh được 30 ngày, 4 kg")).weeks is None


def test_a_head_word_said_not_so_names_no_head() -> None:
    frame = _baby(14, 3.3, "bé 14 ngày nhiễm virus Y khu trú ở da, không lan rộng", Route.IV)
    words = "nhiễm virus y khu trú ở da, không lan rộng"
    rows = _rows(SPREAD, frame, words)
    assert any("8 mg/kg/lần" in r for r in rows), rows
    assert not any("16 mg/kg" in r for r in rows), rows
    spread = _rows(SPREAD, frame, "nhiễm virus y đã lan rộng")
    assert any("16 mg/kg" in r for r in spread) and not any("8 mg/kg/lần," in r for r in spread)


def test_seeing_is_no_swap() -> None:
    """ "không thấy chỗ ghi" folds like "thay cho": not a question about a swap."""
    turn = Turn.of(
        "anh ơi bé 2 ngày tuổi 3 kg, khoa cho thuốc X tiêm, em tìm mãi không thấy chỗ ghi"
    )
    assert HowTo.SWAP not in read_how_to_topics(turn)
    assert HowTo.SWAP in read_how_to_topics(Turn.of("uống viên 250 thay cho viên 500 được không"))


# Heads by disease; one names its germ by its Latin name and, in a parenthesis, in our words.
BY_GERM = (
    "*Trẻ em:*\n\n"
    "Viêm tai cấp: 10 mg/kg/ngày trong 3 ngày.\n\n"
    "Viêm da do Staphylococcus aureus (tụ cầu vàng): 20 mg/kg/ngày trong 7 ngày.\n\n"
    "Tiêu chảy do E. coli: 10 mg/kg/ngày trong 2 ngày."
)


def test_the_germ_said_in_common_words_names_its_head() -> None:
    """ "cấy ra tụ cầu vàng": the parenthesis names that head's germ in the words people use."""
    said = "bé 5 tuổi 18 kg, cấy mủ ra tụ cầu vàng, bác sĩ cho thuốc X, uống mấy ngày"
    rows = _rows(BY_GERM, _baby(5 * 365, 18, said, Route.ORAL), said)
    assert rows and all("20 mg/kg" in r for r in rows), rows


# A kidney table whose rows the extract folded into one line, each cell stacking its values.
STACKED_TABLE = (
    "*Tiêm truyền tĩnh mạch:*\n\n"
    "|   |   |\n|---|---|\n"
    "|**Độ thanh thải creatinin (ml/phút)**|**Liều**|\n"
    "|30 - 60<br><br>15 - 30<br><br>< 15|8 mg/kg, mỗi 12 giờ<br><br>8 mg/kg, mỗi 24 giờ"
    "<br><br>4 mg/kg, mỗi 24 giờ|"
)


def test_a_folded_table_line_is_a_row_per_stacked_value() -> None:
    rows = [b for b in _blocks(STACKED_TABLE) if b.kind is BlockKind.TABLE_ROW]
    assert len(rows) == 3, [b.text for b in rows]
    middle = rows[1]
    assert middle.bands.clearance is not None and middle.bands.clearance.contains(20)
    assert "8 mg/kg, mỗi 24 giờ" in middle.text and "12 giờ" not in middle.text


def test_a_sore_throat_is_no_negation() -> None:
    """ "viêm họng nhẹ" folds to "hong nhe": "họng" (throat) is not the southern "hông" (not)."""
    from grounding.narrowing import denied_words

    assert denied_words("chau 4 tuoi viem hong nhe", "nhiem khuan nhe, vua") == set()
    assert denied_words("khu tru, khong lan toa", "nhiem virus y lan toa") == {"lan", "toa"}
