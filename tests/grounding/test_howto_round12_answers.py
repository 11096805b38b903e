"""Tests for grounding/howto_narrow.py (tuning12): stopping said without marks ("bo ngang")
wants the sentence on stopping, a posture asked ("đứng hay ngồi") the one naming it, and a
procedure ahead ("đi thử dị ứng") the caution naming one, and an effect told ("uống xong
buồn ngủ") the sentence naming it, what to do first."""

from __future__ import annotations

from asked_frames import asked as _said
from asked_frames import part, understood

from core.frame import ConditionQuery, HowTo, QueryFrame
from grounding.howto import Asked, howto_answer, howto_sentence

DOSE = part(
    "lieu_luong_cach_dung",
    "Ngậm dưới lưỡi:\n- Người lớn, khi lên cơn: ngậm 1 viên; dùng tiếp 6 tháng rồi đánh giá lại.",
)
CAUTIONS = part(
    "than_trong",
    "Thuốc gây hạ huyết áp khi đứng lên; người bệnh nên ngồi hoặc nằm khi ngậm thuốc.\n"
    "Không ngừng thuốc đột ngột sau khi dùng lâu; giảm liều dần.",
)


def test_stopping_without_marks_finds_the_stop_sentence() -> None:
    """ "bo ngang" is stopping, not how long the course runs."""
    said = _said("uong thuoc nay may nam roi, gio bo ngang duoc khong")
    found = howto_sentence([DOSE, CAUTIONS], "x", HowTo.DURATION, said)
    assert found is not None
    assert "ngừng thuốc đột ngột" in found[1]


def test_a_posture_asked_finds_the_posture_sentence() -> None:
    """ "nằm hay ngồi khi ngậm": the caution naming a posture, not the route's dose row."""
    said = _said("ngậm thuốc dưới lưỡi thì nằm hay ngồi")
    found = howto_sentence([DOSE, CAUTIONS], "x", HowTo.GIVING, said)
    assert found is not None
    assert "nên ngồi" in found[1]


def test_no_posture_in_the_book_falls_back_to_the_route() -> None:
    """The book names no posture: the route's row still answers how it is given."""
    said = _said("ngậm thuốc dưới lưỡi thì nằm hay ngồi")
    found = howto_sentence([DOSE], "x", HowTo.GIVING, said)
    assert found is not None
    assert "ngậm 1 viên" in found[1]


WARNINGS = part(
    "than_trong",
    "Có thể gây buồn ngủ; thận trọng khi lái xe, vận hành máy; tránh uống rượu.\n"
    "Nên ngừng thuốc 5 ngày trước khi làm test dị ứng da.",
)


def test_a_procedure_ahead_finds_its_caution() -> None:
    """ "đi thử dị ứng … có phải nghỉ trước": the skin test's caution, not driving's."""
    said = _said("tuần sau con đi thử dị ứng, thuốc này có phải nghỉ trước không")
    found = howto_sentence([WARNINGS], "x", HowTo.CAUTION, said)
    assert found is not None
    assert "test dị ứng" in found[1]


def test_no_procedure_in_the_book_falls_back_to_the_caution() -> None:
    """The book names no procedure: the topic's caution still answers."""
    said = _said("mai nhổ răng, thuốc này có phải ngưng không")
    only = part("than_trong", "Có thể gây buồn ngủ; thận trọng khi lái xe, vận hành máy.")
    found = howto_sentence([only], "x", HowTo.CAUTION, said)
    assert found is not None
    assert "lái xe" in found[1]


def test_an_effect_told_finds_what_to_do_about_it() -> None:
    """ "uống xong buồn ngủ quá thì sao": "nếu thấy buồn ngủ, uống buổi tối" over the caution
    that only says it may come."""
    dose = part("lieu_luong_cach_dung", "Uống 1 lần/ngày; nếu thấy buồn ngủ, uống vào buổi tối.")
    found = howto_sentence(
        [dose, WARNINGS], "x", HowTo.CAUTION, _said("uống xong buồn ngủ quá thì sao")
    )
    assert found is not None
    assert "nếu thấy buồn ngủ" in found[1]


def test_an_effect_the_book_names_only_as_a_caution() -> None:
    """No remedy written: the caution naming the effect, not another one."""
    only = part("than_trong", "Thận trọng khi lái xe.\nThuốc có thể làm nước tiểu sẫm màu.")
    said = _said("uống thuốc này mà nước tiểu sẫm màu có sao không")
    found = howto_sentence([only], "x", HowTo.CAUTION, said)
    assert found is not None
    assert "nước tiểu" in found[1]


def test_a_stop_after_a_reaction_keeps_the_warning_against_stopping_alone() -> None:
    """ "chảy máu chân răng hoài, tự ngưng được không": the guidance on the bleeding, and the
    caution against stopping on one's own beside it."""
    told = "Chảy máu chân răng kéo dài: đi khám; không tự ngừng thuốc khi chưa hỏi bác sĩ."
    guidance = part("huong_dan_xu_tri_adr", told)
    warning = part(
        "than_trong", "Thận trọng ở người suy gan.\nKhông tự ý ngừng thuốc sau đặt stent."
    )
    question = "bố hay bị chảy máu chân răng, tự ngưng thuốc được không"
    bleeding = ConditionQuery(text="chảy máu", normalized="chảy máu")
    frame = QueryFrame(standalone_query=question, how_to_take=HowTo.DURATION, condition=bleeding)
    said = Asked.of(understood(frame))
    answer = howto_answer([guidance, warning], "x", "X", HowTo.DURATION, said)
    texts = [claim.text for claim in answer.claims]
    assert told in texts
    assert "Không tự ý ngừng thuốc sau đặt stent." in texts
