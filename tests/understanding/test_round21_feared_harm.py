"""Round 21 (safety21): a harm feared a few words ahead of it ("sợ dùng lâu bị quá liều") or
passed on from others ("nghe nói … quá liều nguy hiểm") is why the person asks; the dose
asked beside it is the question (our own sentences)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import QueryFrame, TurnType
from understanding.text import Turn
from understanding.worry import feared_at

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    "text",
    [
        "toi uong allopurinol 300 ngay 1 vien, so dung lau qua lieu, nguoi lon toi da bao nhieu",
        "nghe nói loratadin quá liều hại tim lắm, người lớn liều đúng là bao nhiêu",
    ],
)
def test_a_harm_feared_or_heard_before_a_dose_asks_the_dose(parse: Parse, text: str) -> None:
    assert parse(text).turn_type is TurnType.DOSING_CALC


def test_a_fear_more_than_two_words_back_is_not_read() -> None:
    far = Turn.of("so la tu nay den gio chua qua lieu bao gio")
    assert not feared_at(far, far.joined.find(" qua lieu "))


def test_hearsay_before_the_harm_is_read_as_the_reason() -> None:
    heard = Turn.of("người ta bảo uống quá liều hại gan")
    assert feared_at(heard, heard.joined.find(" qua lieu "))


def test_an_overdose_asked_how_to_manage_stays_the_overdose(parse: Parse) -> None:
    frame = parse("nghe nói paracetamol quá liều hại gan, quá liều thì xử trí thế nào")
    assert frame.turn_type is not TurnType.DOSING_CALC


def test_a_harm_asked_beside_the_maximum_asks_the_dose(parse: Parse) -> None:
    frame = parse(
        "mẹ tôi 70 tuổi uống losartan 50, mới tăng lên 100, có bị quá liều không, tối đa bao nhiêu"
    )
    assert frame.turn_type is TurnType.DOSING_CALC


def test_a_harm_asked_with_no_maximum_stays_its_section(parse: Parse) -> None:
    frame = parse("người lớn uống losartan 100 mỗi ngày có bị ngộ độc không")
    assert frame.attribute != "lieu_luong_cach_dung"
