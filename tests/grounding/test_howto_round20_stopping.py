"""Round 20 (grounding/howto_asked.py, howto_narrow.py): a medicine stopped on one's own some
days ago is a stop asked, answered by the caution against stopping suddenly."""

from __future__ import annotations

from asked_frames import asked, part

from core.frame import HowTo
from grounding.howto import howto_answer
from grounding.howto_narrow import asks_stop

_DOSE = part(
    "lieu_luong_cach_dung",
    "Người lớn, phòng cơn: uống 10 mg mỗi lần, 2 lần/ngày; tăng dần theo đáp ứng.",
)
_CAUTION = part(
    "than_trong",
    "Thuốc có thể gây chóng mặt khi đứng dậy.\n"
    "Không ngừng thuốc đột ngột sau khi dùng lâu vì bệnh có thể nặng lại; giảm liều dần.",
)


def test_stopped_on_ones_own_some_days_ago_is_a_stop() -> None:
    """ "tự ý bỏ … mấy hôm nay" tells days gone by, asks no course length."""
    said = asked("bà tôi tự ý bỏ thuốc X mấy hôm nay vì thấy đỡ rồi, có sao không")
    assert not said.how_long
    assert asks_stop(said)


def test_the_caution_against_a_sudden_stop_answers() -> None:
    said = asked("ba em tự ý bỏ thuốc X mấy ngày rồi có sao không")
    claims = howto_answer([_DOSE, _CAUTION], "x", "X", HowTo.DURATION, said).claims
    assert [c.text for c in claims] == [
        "Không ngừng thuốc đột ngột sau khi dùng lâu vì bệnh có thể nặng lại; giảm liều dần."
    ]


def test_how_many_days_still_asks_a_length() -> None:
    """ "uống mấy ngày thì ngưng" asks how long the course runs."""
    assert asked("thuốc X uống mấy ngày thì ngưng được").how_long
