"""Tests for grounding/howto.py (tuning11): an age in months is no course's length, and a row
under another route's label ("Đặt âm đạo:") does not answer when to swallow it."""

from __future__ import annotations

from asked_frames import asked as _said
from asked_frames import part, understood

from core.frame import HowTo, QueryFrame
from grounding.howto import Asked, howto_sentence


def test_an_age_in_months_is_no_course() -> None:
    """ "trẻ từ 6 tháng tuổi" names who, not how long: the row that counts days answers."""
    text = (
        "Trẻ từ 6 tháng tuổi: 10 mg/kg/ngày, tối đa 600 mg/ngày.\n"
        "Tự điều trị không dùng quá 5 ngày mà không hỏi thầy thuốc."
    )
    dose = part("lieu_luong_cach_dung", text)
    found = howto_sentence([dose], "x", HowTo.DURATION, _said("cho uống tối đa mấy ngày"))
    assert found == (0, "Tự điều trị không dùng quá 5 ngày mà không hỏi thầy thuốc.")


def test_another_routes_row_gives_way_to_the_meal_sentence() -> None:
    """ "uống lúc nào": "uống sau bữa ăn", not the suppository's "đặt lúc đi ngủ" row."""
    text = (
        "Đường uống:\n- Người lớn: 200 mg × 2 lần/ngày.\nUống sau bữa ăn.\n"
        "Đặt trực tràng:\n- Người lớn: 1 viên đạn lúc đi ngủ."
    )
    dose = part("lieu_luong_cach_dung", text)
    found = howto_sentence([dose], "x", HowTo.TIME_OF_DAY, _said("nên uống lúc nào trong ngày"))
    assert found == (0, "Uống sau bữa ăn.")


def test_the_route_named_keeps_its_row() -> None:
    """Asked of the suppository itself, its own row answers."""
    text = (
        "Đường uống:\n- Người lớn: 200 mg × 2 lần/ngày.\nUống sau bữa ăn.\n"
        "Đặt trực tràng:\n- Người lớn: 1 viên đạn lúc đi ngủ."
    )
    dose = part("lieu_luong_cach_dung", text)
    found = howto_sentence([dose], "x", HowTo.TIME_OF_DAY, _said("đặt trực tràng lúc nào"))
    assert found == (0, "Người lớn: 1 viên đạn lúc đi ngủ.")


def test_an_antacid_brand_is_read_as_an_antacid() -> None:
    """ "gói Maalox uống chung được không": the book's "thuốc kháng acid" sentence answers."""
    frame = understood(
        QueryFrame(
            standalone_query="gói Maalox uống chung luôn được không", how_to_take=HowTo.TOGETHER
        )
    )
    assert Asked.of(frame).condition == "kháng acid"


def test_a_pessary_asked_of_takes_its_labels_row() -> None:
    """ "viên đặt … đặt lúc nào": the row under "Đặt âm đạo:", though it says "viên"."""
    text = (
        "Đường uống:\n- Người lớn (viêm âm đạo): 400 mg × 2 lần/ngày trong 7 ngày.\n"
        "Đặt âm đạo:\n- Người lớn: 1 viên vào buổi tối trong 7 ngày."
    )
    dose = part("lieu_luong_cach_dung", text)
    said = _said("vien dat am dao thi dat luc nao trong ngay")
    found = howto_sentence([dose], "x", HowTo.TIME_OF_DAY, said)
    assert found == (0, "Người lớn: 1 viên vào buổi tối trong 7 ngày.")


def test_an_infusion_asked_in_english_keeps_its_labels_row() -> None:
    """ "IV infuse trong bao lâu": the row under "Truyền tĩnh mạch:" answers."""
    text = (
        "Đường uống:\n- Người lớn: 500 mg mỗi 12 giờ.\nTruyền tĩnh mạch:\n- Truyền trong 60 phút."
    )
    dose = part("lieu_luong_cach_dung", text)
    found = howto_sentence([dose], "x", HowTo.RATE, _said("thuoc nay IV infuse trong bao lau"))
    assert found == (0, "Truyền trong 60 phút.")
