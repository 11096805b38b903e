"""Round 16 (doses): the illness a prescribed dose is for told with a southern "nhiêu ml", a
slip of the pen feared, a daily mix-up of a weekly drug feared (our own sentences)."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.triage import classify


def _kind(text: str, *drugs: str, age_months: float = 60) -> Triage | None:
    frame = QueryFrame(standalone_query=text, drugs=list(drugs), population="child",
                       age_months=age_months, weight_kg=18)  # fmt: skip
    found = classify(text, frame, None)
    return None if found is None else found.kind


def test_the_illness_told_before_a_prescribed_dose_asked_in_the_souths_words() -> None:
    said = (
        "con tui 5 tuổi 18 ký, đi cầu ra máu mấy bữa nay, bác sĩ nói lỵ, cho siro "
        "metronidazol 125mg/5ml. Mỗi lần cho uống nhiêu ml?"
    )
    assert _kind(said, "metronidazole") is None


def test_a_sign_after_a_dose_is_still_a_reaction() -> None:
    said = "bé uống metronidazol xong thì đi cầu ra máu, giờ sao"
    assert _kind(said, "metronidazole") is Triage.EMERGENCY


def test_a_slip_of_the_pen_feared_is_no_taking() -> None:
    said = "tự tính lại coi mỗi lần bé uống mấy ml là đúng thuốc, sợ tiệm thuốc ghi nhầm"
    assert _kind(said, "amoxicillin") is None


def test_a_daily_mix_up_of_a_weekly_drug_feared_asks_the_weekly_dose() -> None:
    feared = "methotrexat mỗi tuần uống bao nhiêu, nhà em lo nhất là uống nhầm mỗi ngày"
    assert _kind(feared, "methotrexate", age_months=120) is None
    told = "bé uống methotrexat mỗi ngày 1 viên được không"
    assert _kind(told, "methotrexate", age_months=120) is Triage.UNSAFE_USE
