"""Round 18 (doses): a combination's strength written as a sum per volume, the regimen the
doctor gave picking one of a row's alternatives, and a head not named by a denial (our own
rows and sentences, in the book's shapes)."""

from __future__ import annotations

from decimal import Decimal

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, parse_blocks
from grounding.dose_counts import other_regimens
from grounding.liquid import asked_liquid, read_strength
from grounding.narrowing import named_indications


def rows_of(text: str, drug: str = "amoxicillin_clavulanate") -> list[Block]:
    evidence = ev(drug, drug.title(), "lieu_luong_cach_dung", text)
    return [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]


def _results(rows: list[Block], frame: QueryFrame, asked: str) -> list[str]:
    from grounding.amounts import amount_claims

    found = amount_claims(rows, [], rows, frame, AskedWords(asked))
    return [c.derivation.result for claims in found.values() for c in claims if c.derivation]


def test_a_combination_written_as_a_sum_is_read_by_its_first_part() -> None:
    """ "250 mg amoxicilin + 62,5 mg clavulanat trong 5 ml": 50 mg of the first in one ml;
    the whole's strength said beside it is the same bottle, not a second one."""
    alone = read_strength("hỗn dịch 250 mg amoxicilin + 62,5 mg clavulanat trong 5 ml")
    assert alone is not None and alone.mg_per_ml == Decimal(50)
    both = read_strength("chai 312,5mg/5ml (250mg + 62,5mg /5ml), đong mấy ml")
    assert both is not None and both.mg_per_ml == Decimal(50)
    # the drug's name taken out of the question leaves the sum; still the first part
    bare = asked_liquid("chai 312,5mg/5ml (250 mg + 62,5 mg /5ml) mỗi lần mấy ml")
    assert bare is not None and bare.mg_per_ml == Decimal(50)


def test_two_different_bottles_are_still_no_strength() -> None:
    assert read_strength("nhà có chai 125mg/5ml và chai 250mg/5ml, lấy chai nào") is None


def test_the_regimen_told_picks_the_alternative_with_its_doses_a_day() -> None:
    """One row, two regimens by how many doses a day; the doctor's "ngày 2 lần" keeps the one
    split in two (10 kg × 30 mg/kg/ngày ÷ 2 = 150 mg), not the one split in three."""
    rows = rows_of(
        "Trẻ em: 24 mg/kg/ngày chia 3 lần (loại 4:1), hoặc 30 mg/kg/ngày chia 2 lần (loại 7:1)."
    )
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=30, weight_kg=10)
    told = _results(rows, frame, "bác sĩ dặn ngày uống 2 lần, mỗi lần bao nhiêu mg")
    assert "150 mg" in told and "80 mg" not in told, told
    untold = _results(rows, frame, "mỗi lần bao nhiêu mg")
    assert "150 mg" in untold and "80 mg" in untold, untold


def test_other_regimens_leave_nothing_out_when_none_has_the_count() -> None:
    assert other_regimens([Decimal(3), Decimal(2)], 2) == {0}
    assert other_regimens([Decimal(3), Decimal(2)], 4) == set()
    assert other_regimens([Decimal(3), None], None) == set()


def test_a_denial_names_no_head_that_says_not() -> None:
    """ "nhiễm khuẩn không nặng" shares only "không" with "Bệnh lậu không biến chứng": no head
    is named by it; the rows stay as they are."""
    rows = rows_of(
        "Trẻ em dưới 50 kg: 20 - 50 mg/kg/ngày, 1 lần/ngày.\n"
        "Bệnh lậu không biến chứng: trẻ dưới 45 kg, 125 mg một lần.",
        "ceftriaxone",
    )
    asked = AskedWords("bé bị nhiễm khuẩn, không nặng, tiêm mấy mg")
    assert named_indications(rows, asked) == set()


def test_a_per_kg_figure_said_in_mcg_finds_the_row_printed_in_microgam() -> None:
    """The person works from "150-300 mcg/kg"; the book prints "150 - 300 microgam/kg": the
    same figure, so its row is shown beside the weight row chosen."""
    from grounding.dose_said import row_of_said_figure

    blocks = rows_of(
        "Người lớn và trẻ trên 40 kg: uống 10 mg/lần, 3 lần/ngày.\n"
        "Trẻ 1 tháng - 12 tuổi: uống 150 - 300 microgam/kg/lần (tối đa 10 mg/lần).",
        "domperidone",
    )
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=130, weight_kg=50)
    asked = AskedWords("tính 150-300 mcg/kg/lần thì ra mấy mg")
    found = row_of_said_figure(blocks[:1], blocks, frame, asked)
    assert found is not None and "microgam" in found.text
