"""Tests for grounding/howto.py: how long a course runs is answered by the days it counts."""

from __future__ import annotations

from asked_frames import understood

from core.evidence import Evidence
from core.frame import HowTo, QueryFrame
from grounding.howto import Asked, howto_sentence


def _said(question: str) -> Asked:
    return Asked.of(understood(QueryFrame(standalone_query=question)))


def part(section: str, text: str) -> Evidence:
    return Evidence(
        text=text,
        drug_id="x",
        drug_name="X",
        section_key=section,
        section_title=section,
        chunk_id=f"x-{section}",
    )


def test_the_days_counted_beat_a_visit_to_the_doctor() -> None:
    """ "tối đa mấy ngày": the row's "không quá 4 ngày", not only "đi khám nếu không đỡ"."""
    dose = part("lieu_luong_cach_dung", "Người lớn: 2 mg/lần; dùng không quá 4 ngày.")
    caution = part("than_trong", "Ngừng thuốc và đi khám nếu không đỡ.")
    found = howto_sentence([dose, caution], "x", HowTo.DURATION, _said("uống tối đa mấy ngày"))
    assert found == (0, "Người lớn: 2 mg/lần; dùng không quá 4 ngày.")


def test_a_disease_flare_and_water_are_no_course() -> None:
    """ "đợt cấp" of a disease and "uống đủ nước" say nothing of how long it is taken."""
    dose = part("lieu_luong_cach_dung", "Người lớn: 100 mg × 2 lần/ngày trong 5 ngày.")
    caution = part("than_trong", "Tránh dùng trong đợt cấp hen; uống đủ nước.")
    found = howto_sentence([dose, caution], "x", HowTo.DURATION, _said("uống mấy ngày"))
    assert found == (0, "Người lớn: 100 mg × 2 lần/ngày trong 5 ngày.")


def test_a_prolonged_effect_is_no_course() -> None:
    """ "kéo dài QT" is an effect: no sentence answers how long to take it."""
    caution = part("than_trong", "Thuốc có thể kéo dài QT ở người cao tuổi.")
    assert howto_sentence([caution], "x", HowTo.DURATION, _said("uống mấy ngày")) is None
