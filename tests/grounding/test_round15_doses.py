"""Round 15 (doses): a liquid's strength said with a space, ml when no unit is asked or a
volume is said, the liquid a row names when ml is asked of none, a day's ceiling printed after
the row (our own sentences, in the book's shapes)."""

from __future__ import annotations

from decimal import Decimal

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import Block, BlockKind, parse_blocks
from grounding.derivation import verify
from grounding.liquid import asked_liquid, read_strength


def rows_of(text: str, drug: str = "cefuroxime") -> list[Block]:
    evidence = ev(drug, drug.title(), "lieu_luong_cach_dung", text)
    return [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]


def _amounts(rows: list[Block], frame: QueryFrame, asked: str) -> list[object]:
    from grounding.amounts import amount_claims

    found = amount_claims(rows, [], rows, frame, AskedWords(asked))
    return [c for claims in found.values() for c in claims]


def test_a_strength_said_with_only_a_space_between_is_read() -> None:
    """ "siro 250 mg 5 ml", "gói 100mg 5ml": the mass then the volume, no slash."""
    found = read_strength("bé có siro 250 mg 5 ml, mỗi lần mấy ml")
    assert found is not None and found.mg_per_ml == Decimal(50)
    small = read_strength("loại 1mg 2ml")
    assert small is not None and small.mg_per_ml == Decimal("0.5")
    assert read_strength("uống 200 mg 3 lần một ngày") is None  # doses a day, no volume


def test_a_strength_said_volume_first_is_read() -> None:
    """ "cứ 5ml có 250mg", "10 ml chứa 100 mg": the same strength said the other way round."""
    found = read_strength("siro này cứ 5ml có 250mg, bé uống mấy ml")
    assert found is not None and found.mg_per_ml == Decimal(50)
    other = read_strength("lọ 10 ml chứa 100 mg")
    assert other is not None and other.mg_per_ml == Decimal(10)
    assert asked_liquid("cứ 5ml có 250mg, vậy một lần bao nhiêu mg") is None


def test_ml_when_no_unit_is_asked_or_a_volume_is_said() -> None:
    """A strength with the amount asked in no unit, or with the user's own volume to check, is
    measured in ml; asked in mg it stays mg."""
    assert asked_liquid("túi 500mg/100ml, mỗi lần truyền tính thế nào") is not None
    assert asked_liquid("lọ 4mg/2ml, 0,15mg/kg ra 3mg thì hút 1,5ml phải không") is not None
    assert asked_liquid("lọ 4mg/2ml, liều đầu là mấy mg") is None
    assert asked_liquid("lọ 4mg/2ml, cho bao nhiêu mg, ống nào") is None
    assert asked_liquid("siro 100mg/5ml chai 60ml, bé uống bao nhiêu mg") is None
    from grounding.liquid import ml_asked

    assert ml_asked("loại 14:1 thì mỗi lần mấy ml") and not ml_asked("lọ 4mg/2ml bao nhiêu mg")


def test_ml_asked_of_no_strength_uses_the_liquid_the_row_names() -> None:
    """The row names its preparation "(400 mg/57 mg trong 5 ml)": 12 kg × 45 mg/kg/ngày chia 2
    is 270 mg a dose, 3,4 ml of it; with no ml asked it stays mg."""
    rows = rows_of(
        "Trẻ em: 45 mg/kg/ngày chia 2 lần, dùng loại 7:1 (400 mg/57 mg trong 5 ml).",
        "amoxicillin_clavulanate",
    )
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=30, weight_kg=12)
    claims = _amounts(rows, frame, "loại 7:1 mỗi lần mấy ml")
    results = [c.derivation.result for c in claims]  # type: ignore[attr-defined]
    assert "3,4 ml" in results, results
    assert all(verify(c.derivation) == [] for c in claims)  # type: ignore[attr-defined]
    plain = _amounts(rows, frame, "mỗi lần bao nhiêu")
    assert "270 mg" in [c.derivation.result for c in plain]  # type: ignore[attr-defined]


_CHANGED = " Có thể chỉnh nếu thấy cần, miễn tổng không được vượt 250 mg/ngày."


def test_a_days_ceiling_after_the_starting_dose_holds_it() -> None:
    """A starting dose per kg a day, then a sentence that it may be changed but not past
    250 mg a day: for 50 kg the start is 300 mg, held at 250 mg; without it, 300 mg."""
    book = (
        "*Thuốc uống*\n\nCo giật:\n\nTrẻ em: Liều khởi đầu là 6 mg/kg/ngày, chia 2 - 3 lần."
        + _CHANGED
        + " Duy trì: 3 - 5 mg/kg/ngày."
    )
    rows = rows_of(book)
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=144, weight_kg=50)
    days = [c.text for c in _amounts(rows, frame, "") if "6 mg/kg/ngày =" in c.text]
    assert days == ["50 kg × 6 mg/kg/ngày = 300 mg; không được vượt 250 mg/ngày → 250 mg mỗi ngày"]
    alone = rows_of(book.replace(_CHANGED, ""))
    days = [c.text for c in _amounts(alone, frame, "") if "6 mg/kg/ngày =" in c.text]
    assert days == ["50 kg × 6 mg/kg/ngày = 300 mg mỗi ngày"]
