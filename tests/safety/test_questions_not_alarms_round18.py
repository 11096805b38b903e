"""Round 18 (merge): ordinary dose questions on the real text that were read as emergencies.
An allergy that is the complaint ("bị dị ứng mũi. Uống … thì ngày nào cũng uống"), an
effect feared ("sợ ông lú lẫn"), a suppository's dose asked ("nhét mấy mg"), a dose to give
asked after "không biết", "thì cho uống sao", and an allergy the patient is known to have.
Each keeps its counterpart that still reads as an emergency."""

from __future__ import annotations

from core.frame import Triage
from tests.safety.triage_kinds import triage_kind


def _kind(text: str) -> Triage | None:
    return triage_kind(text, "x")


def test_a_day_after_then_is_no_at_once() -> None:
    """Folded, "ngày nào" (which day) is not "ngay" (at once) after the taking."""
    said = "ông 65 tuổi bị dị ứng da. Uống loratadin thì ngày nào cũng uống hả bác sĩ?"
    assert _kind(said) is None
    assert _kind("uống amoxicillin thì ngay lập tức nổi mẩn khắp người") is Triage.EMERGENCY


def test_an_effect_feared_is_not_one_told() -> None:
    said = "bà tôi 80 tuổi bs cho thuốc chống dị ứng, người già uống sao cho an toàn, sợ bà lú lẫn"
    assert _kind(said) is None
    assert _kind("bà uống thuốc ngủ tối qua, sáng nay lú lẫn gọi không tỉnh") is Triage.EMERGENCY


def test_a_suppository_dose_asked_is_a_question() -> None:
    said = (
        "con 18 tháng nôn ói uống chi cũng ói ra hết, có viên đạn paracetamol, đặt mấy mg mới đúng?"
    )
    assert _kind(said) is None


def test_a_dose_to_give_asked_after_not_knowing_is_a_question() -> None:
    said = (
        "bé 10 tháng 9kg bs cho cefaclor uống. Em pha siro rồi mà không biết "
        "mỗi lần cho bao nhiêu mg"
    )
    assert _kind(said) is None
    assert _kind("bé 3 tuổi lấy lọ siro uống, không biết nó uống bao nhiêu ml") is Triage.EMERGENCY


def test_how_to_give_a_strength_asked_is_a_question() -> None:
    assert (
        _kind("bé 3 tuổi ngứa nổi mẩn mùa này, clorpheniramin 4mg thì cho uống sao? bà hỏi nha")
        is None
    )


def test_an_allergy_known_before_is_a_fact() -> None:
    said = "bị viêm họng, có tiền sử dị ứng penicillin nên bs kê azithromycin, uống 3 ngày đỡ rồi"
    assert _kind(said) is None
    said = "dị ứng penicillin nên bs cho clindamycin, uống xong thì sưng môi khó thở"
    assert _kind(said) is Triage.EMERGENCY
