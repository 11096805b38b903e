"""Tests for grounding/howto.py and howto_narrow.py (tuning16): a narrowing word said only in
a phrase relaxes too; a fever going on asks when to see a doctor; a dose row does not answer
"when" beside a food asked, the interaction does."""

from __future__ import annotations

from asked_frames import asked, part

from core.frame import HowTo
from grounding.howto import howto_answer
from grounding.howto_asked import Asked


def test_a_narrowing_word_inside_a_phrase_relaxes() -> None:
    """ "chai do" (that bottle) holds "do", read as "dở" (a leftover): the freezing
    sentence still answers."""
    keep = part("do_on_dinh_bao_quan", "Bảo quản dưới 30 °C. Hỗn dịch không để đông lạnh.")
    said = Asked(pairs=frozenset({"chai do", "ngan da", "tu lanh"}), words=frozenset({"lanh"}))
    answer = howto_answer([keep], "x", "X", HowTo.STORAGE, said)
    assert [c.text for c in answer.claims] == ["Hỗn dịch không để đông lạnh."]


def test_a_fever_going_on_asks_when_to_see_a_doctor() -> None:
    dose = part(
        "lieu_luong_cach_dung",
        "Uống sau ăn. Không tự dùng khi sốt quá 3 ngày: những trường hợp này cần được khám.",
    )
    reactions = part("huong_dan_xu_tri_adr", "Phát ban kèm sốt: ngừng thuốc hẳn.")
    said = asked("bé vẫn sốt, cứ cho uống tiếp được không")
    said = Asked(**{**said.__dict__, "condition": "sốt", "going_on": True})
    answer = howto_answer([dose, reactions], "x", "X", HowTo.DURATION, said)
    assert answer.claims and "cần được khám" in answer.claims[0].text


def test_a_dose_row_is_no_when_beside_a_food_asked() -> None:
    dose = part("lieu_luong_cach_dung", "Uống sau bữa ăn. Trẻ em: 100 mg/ngày, tăng mỗi tuần.")
    inter = part("tuong_tac_thuoc", "Nước ép bưởi chùm: tăng nồng độ thuốc.")
    said = Asked(**{**asked("uong luc nao, an buoi duoc k").__dict__, "also": HowTo.TIME_OF_DAY})
    answer = howto_answer([dose, inter], "x", "X", HowTo.FOOD, said)
    texts = [c.text for c in answer.claims]
    assert "Nước ép bưởi chùm: tăng nồng độ thuốc." in texts
    assert not any("100 mg" in t for t in texts)
