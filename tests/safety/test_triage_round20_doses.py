"""Round 20 (doses): a prescription in someone's hand is not the medicine in a child's hands,
and the schedule of an order ("6 giờ/lần", "3 lần/ngày") told with no amount and nothing
taken is what a dose question is about, not an ingestion (our own sentences)."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.triage import classify


def _kind(text: str, *drugs: str) -> Triage | None:
    frame = QueryFrame(standalone_query=text, drugs=list(drugs), population="child")
    found = classify(text, frame, None)
    return None if found is None else found.kind


def test_a_customer_holding_a_prescription_asks_a_dose() -> None:
    said = "Chị khách cầm đơn amoxicillin cho bé 12kg, ngày 3 lần, mỗi lần mấy mg?"
    assert _kind(said, "amoxicillin") is None


def test_holding_the_prescription_typed_without_marks_asks_a_dose() -> None:
    said = "me be cam toa cefuroxim ra quay, be 14kg, ngay 2 lan"
    assert _kind(said, "cefuroxime") is None


def test_a_child_holding_the_blister_is_still_asked_about() -> None:
    said = "bé 2 tuổi cầm vỉ paracetamol, vỏ vỉ rách mất mấy viên"
    assert _kind(said, "paracetamol") is not None


def test_a_ward_schedule_with_no_amount_is_a_dose_question() -> None:
    said = "bé 4 tuổi 16kg nằm viện, ampicilin tiêm TM 6 giờ/lần"
    assert _kind(said, "ampicillin") is None


def test_a_schedule_beside_many_tablets_taken_is_still_a_report() -> None:
    said = "bé 4 tuổi lấy được lọ paracetamol uống hết 10 viên, bình thường ngày 3 lần/ngày"
    assert _kind(said, "paracetamol") is Triage.EMERGENCY


def test_the_hold_cue_skips_a_prescription_but_not_a_pack() -> None:
    from safety.cue_matching import TurnText
    from safety.ingestion_cues import HOLD_CUES

    assert HOLD_CUES.search(TurnText.of("anh ấy cầm toa thuốc ra quầy hỏi")) is None
    assert HOLD_CUES.search(TurnText.of("ba be cam don thuoc toi mua")) is None
    assert HOLD_CUES.search(TurnText.of("bé cầm lọ siro mở nắp")) is not None


def test_a_vein_order_every_twelve_hours_is_no_slow_pulse() -> None:
    """ "tĩnh mạch 12 giờ/lần" is an order's route and interval, not a pulse of 12, marked or
    typed bare; a slow pulse counted after a drug is still a danger sign."""
    bare = "be 4 tuoi 16kg, cefuroxim tiem tinh mach 12 gio/lan, moi lan bao nhieu"
    assert _kind(bare, "cefuroxime") is None
    marked = "bé 4 tuổi 16kg, cefuroxim tiêm tĩnh mạch 12 giờ/lần, mỗi lần bao nhiêu"
    assert _kind(marked, "cefuroxime") is None
    slow = "ông uống digoxin xong thấy mệt, đếm mạch còn 44"
    assert _kind(slow, "digoxin") is Triage.EMERGENCY
