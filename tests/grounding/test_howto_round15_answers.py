"""Tests for grounding/howto_narrow.py (tuning15): a stop asked where the book says no word of
stopping is answered by the course's length; a sentence that says to go on answers a stop."""

from __future__ import annotations

from asked_frames import understood

from core.evidence import Evidence
from core.frame import HowTo, QueryFrame
from grounding.howto import Asked, howto_answer


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


def test_stopping_asked_in_a_phrase_falls_back_to_the_course() -> None:
    """ "đỡ rồi, ngưng luôn được chưa": the book only counts the course's days."""
    dose = part("lieu_luong_cach_dung", "Uống sau ăn. Nhiễm khuẩn tai cần điều trị đủ 7 ngày.")
    said = _said("uong dc 4 ngay do r, ngung luon dc chua")
    answer = howto_answer([dose], "x", "X", HowTo.DURATION, said)
    assert [c.text for c in answer.claims] == ["Nhiễm khuẩn tai cần điều trị đủ 7 ngày."]


def test_going_on_through_a_flare_answers_a_stop() -> None:
    cautions = part(
        "than_trong",
        "Ngừng thuốc khi có phát ban. Nếu bệnh bùng lên khi đang dùng thì vẫn tiếp tục thuốc.",
    )
    said = _said("đang uống thì bệnh bùng lên, có ngưng thuốc không")
    answer = howto_answer([cautions], "x", "X", HowTo.DURATION, said)
    assert answer.claims and "vẫn tiếp tục" in answer.claims[0].text


def test_a_child_of_unknown_size_gets_the_technique_not_a_dose_row() -> None:
    """How a child uses an inhaler, age and weight unknown: the caution on the technique,
    not the child's dose row that also names the spacer."""
    dose = part(
        "lieu_luong_cach_dung",
        "Trẻ em (bình xịt, dùng kèm buồng đệm): 100 microgam, tối đa 4 lần/ngày.",
    )
    cautions = part("than_trong", "Hướng dẫn kỹ thuật xịt đúng; trẻ nhỏ nên dùng kèm buồng đệm.")
    frame = understood(
        QueryFrame(
            standalone_query="bé chưa biết hít bình xịt, xịt vô là ho ra", population="child"
        )
    )
    answer = howto_answer([dose, cautions], "x", "X", HowTo.GIVING, Asked.of(frame))
    assert [c.text for c in answer.claims] == [cautions.text]
