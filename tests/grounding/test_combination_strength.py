"""Tests for grounding/liquid.py: a combination's strength read by the part the book doses it
by, when the user names that part's amount beside the whole's."""

from __future__ import annotations

from decimal import Decimal

from grounding.derivation import recompute
from grounding.liquid import asked_liquid, read_strength

COMBINATION = ("amoxicillin_clavulanate",)


def test_the_named_part_of_a_combination_is_the_strength() -> None:
    """ "Klamentin 228,5mg/5ml (200mg amoxicilin)": 40 mg in a ml, not 45,7; the quote it
    keeps reads the same again, so the ml recheck."""
    found = asked_liquid(
        "gói bột Klamentin 228,5mg/5ml (200mg amoxicilin + 28,5mg clavulanat), mấy ml", COMBINATION
    )
    assert found is not None and found.mg_per_ml == Decimal(40)
    again = read_strength(found.quoted)
    assert again is not None and again.mg_per_ml == Decimal(40)


def test_a_short_name_of_the_part_is_enough() -> None:
    """ "loại 875mg amox" beside "1000mg/10ml": 87,5 mg in a ml."""
    found = asked_liquid("chai 1000mg/10ml loại 875mg amox, mỗi lần mấy ml", COMBINATION)
    assert found is not None and found.mg_per_ml == Decimal("87.5")


def test_a_dose_said_beside_a_single_drugs_strength_is_no_part() -> None:
    """A single drug has no part: "mỗi lần 120mg para" is a dose, the syrup stays 24 mg/ml;
    a salt in the drug's id ("valproic_acid") makes no combination either."""
    found = asked_liquid("siro 120mg/5ml, mỗi lần 120mg para thì mấy ml", ("paracetamol",))
    assert found is not None and found.mg_per_ml == Decimal(24)
    salt = asked_liquid("siro 200mg/5ml, mỗi lần 100mg valpro thì mấy ml", ("valproic_acid",))
    assert salt is not None and salt.mg_per_ml == Decimal(40)


def test_a_part_larger_than_the_whole_or_another_part_is_not_read() -> None:
    """The second substance named ("28,5mg clav") is not the dosed part; an amount past the
    whole's is no part of it."""
    clav = asked_liquid("228,5mg/5ml có 28,5mg clavulanat, mấy ml", COMBINATION)
    assert clav is not None and clav.mg_per_ml == Decimal("45.7")
    more = asked_liquid("228,5mg/5ml, uống 400mg amoxicilin thì mấy ml", COMBINATION)
    assert more is not None and more.mg_per_ml == Decimal("45.7")


def test_a_worked_ml_of_the_part_rechecks() -> None:
    """16 kg × 45 mg/kg/ngày ÷ 2 = 360 mg; 400mg amox/5ml → 4,5 ml, recomputed from the quote."""
    from core.evidence import Derivation

    derivation = Derivation(
        quoted="45 mg/kg/ngày chia 2 lần", weight_kg=16, result="4,5 ml",
        strength="400mg amox/5ml",
    )  # fmt: skip
    worked = recompute(derivation)
    assert worked is not None and worked.derivation().result == "4,5 ml"
