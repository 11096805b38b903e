"""Tests for grounding/howto_narrow.py (tuning15): a stop asked where the book says no word of
stopping is answered by the course's length; a sentence that says to go on answers a stop."""

from __future__ import annotations

from asked_frames import asked, part

from core.frame import HowTo
from grounding.howto import howto_answer


def test_stopping_asked_in_a_phrase_falls_back_to_the_course() -> None:
    """ "đỡ rồi, ngưng luôn được chưa": the book only counts the course's days."""
    dose = part("lieu_luong_cach_dung", "Uống sau ăn. Nhiễm khuẩn tai cần điều trị đủ 7 ngày.")
    said = asked("uong dc 4 ngay do r, ngung luon dc chua")
    answer = howto_answer([dose], "x", "X", HowTo.DURATION, said)
    assert [c.text for c in answer.claims] == ["Nhiễm khuẩn tai cần điều trị đủ 7 ngày."]


def test_going_on_through_a_flare_answers_a_stop() -> None:
    cautions = part(
        "than_trong",
        "Ngừng thuốc khi có phát ban. Nếu bệnh bùng lên khi đang dùng thì vẫn tiếp tục thuốc.",
    )
    said = asked("đang uống thì bệnh bùng lên, có ngưng thuốc không")
    answer = howto_answer([cautions], "x", "X", HowTo.DURATION, said)
    assert answer.claims and "vẫn tiếp tục" in answer.claims[0].text
