"""Round 19 (doses): a combination's two amounts written under one unit ("400/57 mg trong
5 ml") is read by its first amount, never by the second alone."""

from __future__ import annotations

from decimal import Decimal

from grounding.liquid import read_strength


def test_two_amounts_under_one_unit_read_by_the_first() -> None:
    said = read_strength("nhà có chai 200/28,5 mg trong 5 ml, cho bé mấy ml")
    assert said is not None and said.mg_per_ml == Decimal(40)
    short = read_strength("gói 500/62,5mg/5ml")
    assert short is not None and short.mg_per_ml == Decimal(100)


def test_one_amount_per_volume_still_read() -> None:
    said = read_strength("siro 160mg/5ml")
    assert said is not None and said.mg_per_ml == Decimal(32)
