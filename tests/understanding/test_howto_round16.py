"""How-to questions of round 16, read by what the person asks: a tablet broken then mixed, a
settled suspension, a fever back after days, more days of it, a pill box, a split feared for
the stomach, the advice forgotten, a measuring device lost, a product still needed beside."""

from __future__ import annotations

import pytest

from core.frame import HowTo
from understanding.howto import read_how_to_topics
from understanding.howto_amount_said import doubts_the_amount
from understanding.text import Turn


def _topics(text: str) -> list[HowTo]:
    return read_how_to_topics(Turn.of(text))


def test_a_tablet_crushed_and_mixed_is_no_made_up_medicine() -> None:
    topics = _topics("viên này to quá, tôi nghiền rồi pha nước cho dễ, được không")
    assert HowTo.CRUSH in topics and HowTo.MADE_UP not in topics


def test_a_powder_made_up_still_keeps() -> None:
    topics = _topics("pha nước vào chai bột rồi thì giữ được mấy ngày")
    assert HowTo.MADE_UP in topics


def test_a_settled_suspension_asks_shaking() -> None:
    assert _topics("lọ siro có lớp cặn lắng dưới đáy, cứ rót ra đong luôn à")[0] is HowTo.SHAKE


@pytest.mark.parametrize(
    "text",
    [
        "con sốt sang ngày thứ 5, hạ rồi lại lên, cứ cho uống tiếp được không",
        "uong 3 hom van con sot, tu uong them vai ngay nua duoc khong",
    ],
)
def test_a_fever_back_or_lasting_asks_the_course(text: str) -> None:
    assert HowTo.DURATION in _topics(text)


def test_a_pill_box_is_where_it_is_kept() -> None:
    topics = _topics("boc vien ra bo vao hop chia thuoc sang trua toi cho ba duoc khong")
    assert topics[0] is HowTo.STORAGE


def test_a_split_feared_for_the_stomach_is_no_amount_doubted() -> None:
    assert not doubts_the_amount(Turn.of("so uong mot luc nhieu qua dau bung, chia 2 duoc k"))
    assert doubts_the_amount(Turn.of("sang uong 3 vien co nhieu qua khong"))


def test_the_advice_forgotten_is_no_missed_dose() -> None:
    topics = _topics("uong luc doi hay luc no, bac si noi roi ma ve toi nha la quen mat")
    assert HowTo.MISSED_DOSE not in topics and HowTo.FOOD in topics


def test_a_missed_dose_said_otherwise_stays() -> None:
    assert HowTo.MISSED_DOSE in _topics("quên mất 1 liều tối qua, sáng uống bù được không")


def test_a_measuring_device_lost_is_how_it_is_given() -> None:
    topics = _topics("làm rơi mất xi lanh chia liều của chai siro, dùng thìa cà phê thay được ko")
    assert topics[0] is HowTo.GIVING and HowTo.CRUSH not in topics and HowTo.SWAP not in topics


def test_swallowing_it_asked_of_a_baby_is_crushing() -> None:
    assert _topics("con còn nhỏ xíu nuốt sao nổi viên này")[0] is HowTo.CRUSH


def test_a_product_still_needed_beside_it_is_taken_together() -> None:
    assert HowTo.TOGETHER in _topics("đã uống thuốc cầm tiêu chảy rồi còn cần pha oresol không")
