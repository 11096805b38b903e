"""Round 18 (merge): a carer who made up or measured out a medicine for the child, for what it
is given for, tells a dose given as meant, not an ingestion, however sure the second opinion
is that something happened; a child who got at it, or a sign after the dose, still reads."""

from __future__ import annotations

from core.frame import Triage
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


def test_a_bottle_made_up_for_the_child_yesterday_is_a_dose_given() -> None:
    """Powder made up into a bottle for the little one's ear infection: a course, not a report."""
    said = "hôm qua vừa pha chai augmentin bột cho con nhỏ uống, nó bị viêm tai giữa"
    assert _kind(said, "amoxicillin_clavulanate") is None
    said = "chiều qua mới pha lọ amoxicillin bột cho thằng cu uống, nó viêm phế quản"
    assert _kind(said, "amoxicillin") is None


def test_syrup_measured_out_for_the_child_is_a_dose_given() -> None:
    assert _kind("sáng nay đong siro paracetamol cho thằng cu uống, nó sốt", "paracetamol") is None


def test_a_sign_after_the_carer_gave_it_still_reads() -> None:
    said = "tối qua pha gói thuốc cho thằng nhỏ uống, giờ nó lơ mơ gọi không dậy"
    assert _kind(said) is Triage.EMERGENCY


def test_the_child_who_took_it_himself_still_reads() -> None:
    said = "hôm qua thằng nhỏ tự lấy chai siro paracetamol uống hết"
    assert _kind(said, "paracetamol") is Triage.EMERGENCY
