"""Tests for grounding/howto.py: how long a course runs is answered by the days it counts;
shaking by how a dose is taken."""

from __future__ import annotations

from asked_frames import asked as _said
from asked_frames import part

from core.frame import HowTo
from grounding.howto import howto_answer, howto_sentence


def test_the_days_counted_beat_a_visit_to_the_doctor() -> None:
    """ "tối đa mấy ngày": the row's "không quá 4 ngày", not only "đi khám nếu không đỡ"."""
    dose = part("lieu_luong_cach_dung", "Người lớn: 2 mg/lần; dùng không quá 4 ngày.")
    caution = part("than_trong", "Ngừng thuốc và đi khám nếu không đỡ.")
    found = howto_sentence([dose, caution], "x", HowTo.DURATION, _said("uống tối đa mấy ngày"))
    assert found == (0, "Người lớn: 2 mg/lần; dùng không quá 4 ngày.")


def test_a_disease_flare_and_water_are_no_course() -> None:
    """ "đợt cấp" of a disease and "uống đủ nước" say nothing of how long it is taken."""
    dose = part("lieu_luong_cach_dung", "Người lớn: 100 mg × 2 lần/ngày trong 5 ngày.")
    caution = part("than_trong", "Tránh dùng trong đợt cấp hen; uống đủ nước.")
    found = howto_sentence([dose, caution], "x", HowTo.DURATION, _said("uống mấy ngày"))
    assert found == (0, "Người lớn: 100 mg × 2 lần/ngày trong 5 ngày.")


def test_a_prolonged_effect_is_no_course() -> None:
    """ "kéo dài QT" is an effect: no sentence answers how long to take it."""
    caution = part("than_trong", "Thuốc có thể kéo dài QT ở người cao tuổi.")
    assert howto_sentence([caution], "x", HowTo.DURATION, _said("uống mấy ngày")) is None


def test_shaking_is_read_first_where_a_dose_is_taken() -> None:
    """Both sections say to shake it: the dose section's sentence (shaken before measuring)."""
    storage = part("do_on_dinh_bao_quan", "Hỗn dịch đã pha nên để tủ lạnh, lắc đều trước khi dùng.")
    dose = part("lieu_luong_cach_dung", "Uống lúc no; lắc đều hỗn dịch trước khi rót ra thìa.")
    found = howto_sentence([storage, dose], "x", HowTo.SHAKE, _said("có cần lắc chai không"))
    assert found == (1, "Uống lúc no; lắc đều hỗn dịch trước khi rót ra thìa.")


def test_what_is_left_over_said_inside_a_phrase_is_the_leftover_sentence() -> None:
    """ "nửa ống còn dư để lần sau", "để dành": the sentence on what is left, not the pack's."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Lọ: để nơi mát, tránh ánh sáng, không đông lạnh, không đốt. "
        "Ống đã mở dùng ngay; phần còn thừa trong ống phải bỏ.",
    )
    for question in ("nửa ống còn dư để lần sau xài tiếp được không", "để dành lần sau được ko"):
        found = howto_sentence([storage], "x", HowTo.STORAGE, _said(question))
        assert found == (0, "Ống đã mở dùng ngay; phần còn thừa trong ống phải bỏ."), question


def test_stopping_at_once_quotes_the_caution_against_a_sudden_stop_too() -> None:
    """ "tự ngưng luôn được không": the dose section's tapering and the caution against a
    sudden stop, both short, both cited."""
    dose = part("lieu_luong_cach_dung", "Uống buổi sáng; giảm dần khi ngừng.")
    caution = part("than_trong", "Đã dùng lâu thì phải giảm liều từ từ, không ngừng đột ngột.")
    answer = howto_answer([dose, caution], "x", "X", HowTo.DURATION, _said("tự ngưng luôn được ko"))
    assert [(c.text, c.citations) for c in answer.claims] == [
        ("Uống buổi sáng; giảm dần khi ngừng.", (0,)),
        ("Đã dùng lâu thì phải giảm liều từ từ, không ngừng đột ngột.", (1,)),
    ]


def test_a_caution_that_names_no_sudden_stop_is_not_added() -> None:
    """A caution on stopping for another reason stays out: one sentence answers."""
    dose = part("lieu_luong_cach_dung", "Uống buổi sáng; giảm dần khi ngừng.")
    caution = part("than_trong", "Ngừng thuốc khi có phát ban.")
    answer = howto_answer([dose, caution], "x", "X", HowTo.DURATION, _said("tự ngưng luôn được ko"))
    assert [c.text for c in answer.claims] == ["Uống buổi sáng; giảm dần khi ngừng."]
