"""Tests for grounding/howto.py (tuning10): a form or its handling said in people's words
("viên đặt", "XR", "dưới đèn") finds the book's sentence on it; the clause a row's days are
said in keeps the condition its head names; going on with a complaint asks when to stop."""

from __future__ import annotations

from asked_frames import asked as _said
from asked_frames import part, understood

from core.frame import ConditionQuery, HowTo, QueryFrame
from grounding.howto import Asked, howto_sentence


def test_a_modified_release_tablet_said_sr_finds_its_row() -> None:
    """ "loại SR uống với bữa nào": the book's "giải phóng kéo dài" row, not the plain one."""
    dose = part(
        "lieu_luong_cach_dung",
        "Uống ngay sau bữa ăn.\n\n- Viên giải phóng kéo dài: 1 lần/ngày với bữa sáng.",
    )
    found = howto_sentence([dose], "x", HowTo.FOOD, _said("thuốc loại SR thì uống vào bữa nào"))
    assert found == (0, "Viên giải phóng kéo dài: 1 lần/ngày với bữa sáng.")


def test_light_said_as_a_lamp_finds_the_sentence_on_light() -> None:
    """ "để dưới đèn": the sentence on light, not the one on the temperature."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Bảo quản dưới 30 °C, không để đông lạnh. Thuốc nhạy cảm với ánh sáng: giữ trong hộp.",
    )
    found = howto_sentence([storage], "x", HowTo.STORAGE, _said("lọ mở ra để dưới đèn được ko"))
    assert found == (0, "Thuốc nhạy cảm với ánh sáng: giữ trong hộp.")


def test_a_suppository_said_vien_dat_is_no_infusion() -> None:
    """ "viên đặt … để đâu": the suppository's sentence, not the infusion's."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Dung dịch tiêm truyền không để tủ lạnh. Viên đạn để nơi mát cho khỏi mềm.",
    )
    found = howto_sentence([storage], "x", HowTo.STORAGE, _said("vien dat cat o dau, troi nong"))
    assert found == (0, "Viên đạn để nơi mát cho khỏi mềm.")


def test_the_days_of_the_condition_asked_beat_a_course_in_general() -> None:
    """ "viêm xoang uống mấy ngày": the clause of the sinusitis row that counts its days."""
    dose = part(
        "lieu_luong_cach_dung",
        "Thời gian điều trị thường 7–14 ngày. Viêm xoang cấp: 500 mg × 2 lần/ngày; "
        "7 ngày cho người lớn, 10 ngày nếu nặng.",
    )
    found = howto_sentence([dose], "x", HowTo.DURATION, _said("viêm xoang thì uống mấy ngày"))
    assert found == (0, "7 ngày cho người lớn, 10 ngày nếu nặng.")


def test_going_on_with_a_complaint_finds_when_to_stop() -> None:
    """ "đang nôn, có uống tiếp không": the sentence that says to stop on vomiting."""
    dose = part("lieu_luong_cach_dung", "Người lớn: 1 mg/lần, 2 lần/ngày trong 5 ngày.")
    caution = part("than_trong", "Ngừng thuốc ngay khi nôn hoặc tiêu chảy.")
    frame = understood(QueryFrame(standalone_query="đang tiêu chảy có uống tiếp không"))
    named = ConditionQuery(text="tiêu chảy")
    said = Asked.of(frame.model_copy(update={"condition": named}))
    found = howto_sentence([dose, caution], "x", HowTo.DURATION, said)
    assert found == (1, "Ngừng thuốc ngay khi nôn hoặc tiêu chảy.")


def test_stopping_over_a_reaction_named_finds_its_guidance() -> None:
    """ "phù chân hoài, tự bỏ thuốc được không": what to do about that reaction, which says
    not to stop on one's own, over the caution that only describes it."""
    caution = part("than_trong", "Phù chân là tác dụng thường gặp, hết khi ngừng thuốc.")
    guidance = part(
        "huong_dan_xu_tri_adr",
        "Phù chân kéo dài: báo bác sĩ để đổi thuốc, không tự ngừng thuốc.",
    )
    frame = understood(QueryFrame(standalone_query="bị phù chân hoài, tự bỏ thuốc được không"))
    said = Asked.of(frame.model_copy(update={"condition": ConditionQuery(text="phù chân")}))
    found = howto_sentence([caution, guidance], "x", HowTo.DURATION, said)
    assert found == (1, "Phù chân kéo dài: báo bác sĩ để đổi thuốc, không tự ngừng thuốc.")


def test_reaction_guidance_answers_no_stop_without_the_reaction_named() -> None:
    """ "uống 5 ngày đỡ rồi, ngưng được chưa": not the guidance on a rash."""
    dose = part("lieu_luong_cach_dung", "Viêm phổi cần điều trị đủ 7 ngày.")
    guidance = part("huong_dan_xu_tri_adr", "Nổi mẩn: ngừng thuốc và đi khám.")
    said = _said("uống 5 ngày đỡ rồi, ngưng được chưa")
    found = howto_sentence([dose, guidance], "x", HowTo.DURATION, said)
    assert found == (0, "Viêm phổi cần điều trị đủ 7 ngày.")
