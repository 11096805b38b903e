"""Tests for grounding/special_patients.py: a child's own band printed after the children's rule is
the answer for that child (set apart only for the smallest: "dưới 1 tuổi"), and grave liver
disease meets the contraindication, not the reduced dose."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.selection import select
from grounding.special_patients import grave_liver_bars

# Our own text, in the book's shape: the children's rule, then the small children's band.
RULE_THEN_BAND = (
    "Thuốc Y có thể uống hoặc tiêm.\n\n"
    "Trẻ em uống 4 - 8 mg/kg thể trọng mỗi lần, các lần cách nhau 6 giờ. "
    "Trẻ em dưới 1 tuổi hoặc nặng dưới 10 kg: 30 mg mỗi lần, cách 8 giờ."
)
# The baby's dose given inside the rule, and a raised dose with a newborn parenthesis.
RULE_WITH_BABY = (
    "Trẻ em: cả ngày 80 - 120 mg/kg thể trọng (trẻ sơ sinh chỉ 40 mg/kg thể trọng), "
    "chia 3 lần. Bệnh nặng: cả ngày có thể lên 180 mg/kg (trẻ sơ sinh 60 - 90 mg/kg)."
)


def _rows(text: str, question: str, age_months: float, weight_kg: float) -> list[str]:
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "dosing_calc",
                "drugs": ["y"],
                "population": "child",
                "age_months": age_months,
                "weight_kg": weight_kg,
                "standalone_query": question,
            }
        )
    )
    blocks = parse_blocks([(0, ev("y", "Y", "lieu_luong_cach_dung", text))])
    return [b.text for b in select(blocks, frame, AskedWords(question)).rows]


def test_a_baby_under_the_band_gets_the_band_row_without_the_childrens_rule() -> None:
    rows = _rows(RULE_THEN_BAND, "con 7 tháng nặng 7 ký uống Y bao nhiêu", 7, 7)
    assert any("dưới 1 tuổi" in r for r in rows)
    assert not any("4 - 8 mg/kg" in r for r in rows)


def test_an_older_child_gets_the_childrens_rule() -> None:
    rows = _rows(RULE_THEN_BAND, "bé 4 tuổi 16kg uống Y liều sao", 48, 16)
    assert any("4 - 8 mg/kg" in r for r in rows)
    assert not any("dưới 1 tuổi" in r for r in rows)


def test_a_rule_that_gives_the_babys_dose_itself_is_kept_for_a_newborn() -> None:
    """The raised dose names newborns only in a parenthesis: it is no row of their own."""
    rows = _rows(RULE_WITH_BABY, "trẻ sơ sinh 6 ngày 3,2 kg dùng Y", 0.2, 3.2)
    assert any("40 mg/kg" in r for r in rows)


CONTRA = "Quá mẫn với thuốc Z, suy gan nặng, rối loạn đông máu bẩm sinh."


def _bars(question: str, contra: str = CONTRA) -> list[str]:
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["z"],
            "population": "adult",
            "standalone_query": question,
            "patient": {"hepatic_impairment": True},
        }
    )
    evidence = [ev("z", "Z", "chong_chi_dinh", contra)]
    return [c.text for c in grave_liver_bars(evidence, "z", frame, AskedWords(question))]


def test_decompensated_cirrhosis_is_barred_by_the_liver_failure_contraindication() -> None:
    assert _bars("ông nhà tôi xơ gan mất bù, uống Z liều thế nào") == [CONTRA]
    assert _bars("bệnh nhân suy chức năng gan nặng có chỉnh liều Z không") == [CONTRA]


def test_liver_disease_not_said_to_be_grave_gets_no_bar() -> None:
    assert _bars("men gan hơi cao thì uống Z bao nhiêu") == []


def test_a_contraindication_of_mild_liver_failure_is_no_bar_of_it() -> None:
    assert _bars("suy gan nặng dùng Z được không", "Suy gan nhẹ khi dùng đồng thời rượu.") == []
