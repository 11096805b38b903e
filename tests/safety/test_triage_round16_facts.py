"""Round 16 (people-facts tuning): words that only look like a report. "cho đỡ quên" (so as
not to forget), "uống mát mát" (drunk cool), a complaint told before the medicine taken for
it, and a bout a tablet is for ("lỡ lên cơn")."""

from __future__ import annotations

from core.frame import Triage
from tests.safety.triage_kinds import triage_kind

_kind = triage_kind


def test_so_as_not_to_forget_is_nothing_taken() -> None:
    assert _kind("ba uong chung voi vien sat luc do cho do quen, co sao k", "levothyroxine") is None


def test_forgetting_as_the_cause_still_reads() -> None:
    text = "do quen nen chau uong 2 lan lieu levothyroxin sang nay"
    assert _kind(text, "levothyroxine") is Triage.EMERGENCY


def test_drunk_cool_is_nothing_lost() -> None:
    assert _kind("de siro trong tu lanh cho be uong mat mat duoc khong", "ibuprofen") is None


def test_a_complaint_before_the_drug_taken_for_it_is_no_reaction() -> None:
    assert _kind("mấy nay nổi mề đay uống loratadin 10mg", "loratadine") is None


def test_a_rash_after_the_drug_still_reads() -> None:
    text = "uống amoxicilin được 2 hôm thì nổi mề đay khắp người"
    assert _kind(text, "amoxicillin") is Triage.EMERGENCY


def test_a_sign_before_a_taking_told_as_under_way_still_reads() -> None:
    assert _kind("nổi mề đay, sưng môi, đang uống amoxicilin", "amoxicillin") is Triage.EMERGENCY


def test_a_bout_in_case_is_what_the_tablet_is_for() -> None:
    text = "lỡ lên cơn đau ngực lúc nửa đêm mà hết thuốc ngậm rồi, nhai viên này được không"
    assert _kind(text, "isosorbide_dinitrate") is None
