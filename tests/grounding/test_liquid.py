"""Tests for grounding/liquid.py: the strength of a liquid the user says, and ml of it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from grounding.liquid import asked_liquid, read_ml, read_strength


@pytest.mark.parametrize(
    ("said", "mg_per_ml"),
    [
        ("nhà có chai siro paracetamol 120mg/5ml", Decimal(24)),
        ("ống 10mg/2ml tiêm tĩnh mạch", Decimal(5)),
        ("lọ 10 mg/ml", Decimal(10)),
        ("hỗn dịch 125mg/31,25mg trong 5ml", Decimal(25)),
        ("loại 600mg/42,9mg/5ml", Decimal(120)),
        ("dung dịch uống 0,05mg/ml", Decimal("0.05")),
        ("chai 500mg/100ml truyền", Decimal(5)),
        ("ong 1mg/1ml tiem bap", Decimal(1)),
    ],
)
def test_the_strength_said_is_read_by_its_first_amount(said: str, mg_per_ml: Decimal) -> None:
    """The mg in one ml of the liquid the user says (a combination by its first amount)."""
    found = read_strength(said)
    assert found is not None and found.mg_per_ml == mg_per_ml


def test_no_strength_or_two_different_ones_is_none() -> None:
    """No liquid said, a dose per kg, or two different strengths: nothing is read."""
    assert read_strength("bé 12 kg uống 15 mg/kg") is None
    assert read_strength("loại 120mg/5ml hay 250mg/5ml") is None
    assert read_strength("120mg/5ml, chai 120 mg/5 ml") is not None  # one strength twice


def test_ml_is_asked_apart_from_the_strength() -> None:
    """ "mấy ml", "mấy vạch" beside a strength ask ml; an amount asked in mg stays mg."""
    assert asked_liquid("siro 120mg/5ml thì mỗi lần uống mấy ml") is not None
    assert asked_liquid("dung dịch 0,05mg/ml, quên mỗi lần mấy vạch") is not None
    assert asked_liquid("ống 10mg/2ml, liều bao nhiêu mg") is None


def test_ml_are_shown_as_an_oral_syringe_is_read_and_read_back() -> None:
    """630 mg of 600mg/5ml is 5,25 ml, said ≈ 5,3 ml; 100 mg of 120mg/5ml ≈ 4,2 ml; 18 mg of
    it is 0,75 ml, kept to hundredths below 1 ml (a 1 ml syringe is marked so)."""
    strength = read_strength("600mg/42,9mg/5ml")
    assert strength is not None
    assert strength.shown(Decimal(630), Decimal(630), "mg") == "600mg/42,9mg/5ml ≈ 5,3 ml"
    syrup = read_strength("120mg/5ml")
    assert syrup is not None
    assert syrup.shown(Decimal(100), Decimal(100), "mg") == "120mg/5ml ≈ 4,2 ml"
    assert syrup.shown(Decimal(18), Decimal(18), "mg") == "120mg/5ml → 0,75 ml"
    assert syrup.shown(Decimal(120), Decimal(180), "mg") == "120mg/5ml → 5–7,5 ml"
    assert read_ml("5–7,5 ml") == (Decimal(5), Decimal("7.5")) and read_ml("5 mg") is None
