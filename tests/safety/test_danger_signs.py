"""Tests for safety.danger_signs: the danger signs people tell, by organ system, and the
words that say a drug was taken as prescribed."""

from __future__ import annotations

import pytest

from safety.cue_matching import TurnText
from safety.danger_signs import DANGER_SIGNS, DANGER_SYSTEMS, PRESCRIBED_CUES, sign_cues


@pytest.mark.parametrize(
    "text",
    [
        "sáng ra thấy môi sưng to",  # the part of the body first
        "nó bị sưng vều cả môi",  # the swelling first
        "hai mắt húp híp hết",
        "lưỡi với môi sưng phù",
        "cổ họng thắt lại, không nuốt được",
        "ông người vật ra ghế",
        "gọi mãi không trả lời",
        "lay không dậy",
        "thở yếu, chậm",
        "thở rút lõm ngực",
        "môi tím tái",
        "da tróc từng mảng",
        "lòng trắng mắt vàng",
        "nước tiểu vàng sậm",
        "đi cầu phân đen như hắc ín",
        "nôn ra toàn máu",
        "bắt mạch có 44 lần/phút",
        "đo đường huyết có 3.1",
        "tim đập loạn xạ",
        "mắt trợn ngược",
        "đau bụng dữ dội",
        "nôn liên tục",
        "gân gót sưng đỏ",
        "da vàng, mệt",
    ],
)
def test_a_danger_sign_in_peoples_words_is_read(text: str) -> None:
    """Each organ system's signs are read as people say them, in either order."""
    assert DANGER_SIGNS.search(TurnText.of(text)) is not None


@pytest.mark.parametrize(
    "text",
    ["moi sung to", "goi khong day", "phan den nhu hac in", "mach chi 45 lan/phut", "xiu"],
)
def test_a_danger_sign_typed_without_diacritics_is_read(text: str) -> None:
    """Typed without diacritics, a sign is read all the same."""
    assert DANGER_SIGNS.search(TurnText.of(text)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "môi hơi tím",  # said as slight
        "lơ mơ nhẹ",
        "hơi lơ mơ",
        "chảy máu chân răng nhẹ",  # a word on in its clause
        "uống 3 ngày mà họng vẫn sưng",  # the illness still there, not a new sign
    ],
)
def test_a_sign_said_as_slight_is_not_a_danger_sign(text: str) -> None:
    """A hedge word before or after a sign keeps it out."""
    assert DANGER_SIGNS.search(TurnText.of(text)) is None


@pytest.mark.parametrize(
    "text",
    [
        "dạ vâng cảm ơn chị",  # folds like "da vàng"
        "đau có sao không",  # folds like "đau cơ"
        "uống là đi ngoài liền",  # folds like "lả đi"
        "họng sưng đau, nuốt vướng",  # a sore throat
        "đường huyết đo 2 lần mỗi ngày",  # a schedule, not a value
        "mạch 80 lần/phút",  # a normal pulse
        "gần đây hay đau lưng",  # folds like "gân"
        "dì em đi khám",
    ],
)
def test_everyday_words_are_not_danger_signs(text: str) -> None:
    """Words that fold like a sign, a normal value, a sore throat: no danger sign."""
    assert DANGER_SIGNS.search(TurnText.of(text)) is None


@pytest.mark.parametrize("text", ["hơi khó thở", "thở rít nhẹ", "môi hơi sưng lên", "sưng môi nhẹ"])
def test_the_airway_and_breathing_count_even_said_as_slight(text: str) -> None:
    """Breathing and the airway are never slight after a drug."""
    assert DANGER_SIGNS.search(TurnText.of(text)) is not None


def test_every_system_has_signs() -> None:
    """The vocabulary is kept by organ system, none empty."""
    assert DANGER_SYSTEMS and all(DANGER_SYSTEMS.values())


def test_sign_cues_leave_out_a_hedged_sign() -> None:
    """A list built with sign_cues skips a hedged sign and finds the next one."""
    bruise = sign_cues((r"bầm tím", r"chảy máu"))
    assert bruise.search(TurnText.of("chỗ tiêm bầm tím nhỏ nhỏ")) is None
    assert bruise.search(TurnText.of("bầm tím nhỏ nhỏ, chảy máu")) == "chay mau"


@pytest.mark.parametrize(
    "text",
    [
        "uống đúng liều bác sĩ kê",
        "uống đúng đơn",
        "dùng theo đơn",
        "mới 1 viên thôi mà",
        "ngày 2 viên sáng tối",
        "được kê ở trạm xá",
        "liều đầu tiên",
    ],
)
def test_words_of_a_prescribed_dose_are_read(text: str) -> None:
    """The dose a doctor meant, one tablet, the first dose: taken as prescribed."""
    assert PRESCRIBED_CUES.search(TurnText.of(text)) is not None


def test_a_handful_is_not_a_prescribed_dose() -> None:
    """Ten tablets at once is said of no prescription."""
    assert PRESCRIBED_CUES.search(TurnText.of("nuốt 10 viên một lúc")) is None
