"""Tests for grounding/howto_asked.py and howto_narrow.py (tuning18): how long to go on
depends on what is treated, even when the condition was told a turn before; a stop asked of
a course for that condition is answered by the course's length for it."""

from __future__ import annotations

from asked_frames import part, understood

from core.frame import ConditionQuery, HowTo, QueryFrame
from grounding.howto import howto_answer
from grounding.howto_asked import Asked

_DOSES = part(
    "lieu_luong_cach_dung",
    "Uống lúc no hay lúc đói đều được. Nhiễm khuẩn tiết niệu không biến chứng: dùng 3 ngày. "
    "Viêm xoang cấp: điều trị đủ 7 ngày. Dự phòng sau phơi nhiễm: 1 000 mg × 2 lần/ngày "
    "trong 28 ngày. Ngừng thuốc nếu nổi ban.",
)


def _said(question: str, condition: str) -> Asked:
    frame = QueryFrame(
        standalone_query=question,
        how_to_take=HowTo.DURATION,
        accented=True,
        condition=ConditionQuery(text=condition, normalized=condition),
    )
    return Asked.of(understood(frame))


def _claims(said: Asked) -> list[str]:
    return [c.text for c in howto_answer([_DOSES], "x", "X", HowTo.DURATION, said).claims]


def test_stopping_early_of_a_course_named_before_quotes_its_length() -> None:
    said = _said("giờ đỡ rồi, cho ngưng được chưa hay phải uống hết", "viêm xoang")
    assert _claims(said) == ["Viêm xoang cấp: điều trị đủ 7 ngày."]


def test_how_long_of_a_course_named_before_quotes_its_length() -> None:
    said = _said("vậy uống bao nhiêu ngày", "nhiễm khuẩn tiết niệu")
    assert _claims(said) == ["Nhiễm khuẩn tiết niệu không biến chứng: dùng 3 ngày."]


_COURSE = part(
    "lieu_luong_cach_dung",
    "Người lớn: 2 mg sau mỗi lần đi ngoài; dùng không quá 5 ngày. Ngừng thuốc nếu bụng chướng.",
)


def test_how_many_days_before_stopping_asks_the_course_length() -> None:
    """ "uống mấy ngày thì ngưng": how many days, not what makes one stop."""
    said = Asked.of(
        understood(
            QueryFrame(
                standalone_query="uống mấy ngày thì ngưng",
                how_to_take=HowTo.DURATION,
                accented=True,
            )
        )
    )
    claims = [c.text for c in howto_answer([_COURSE], "x", "X", HowTo.DURATION, said).claims]
    assert claims == ["Người lớn: 2 mg sau mỗi lần đi ngoài; dùng không quá 5 ngày."]


_MEALS = part(
    "lieu_luong_cach_dung",
    "Uống cùng bữa ăn để giảm khó chịu ở dạ dày. "
    "Viên giải phóng kéo dài: uống 1 lần/ngày với bữa tối. "
    "Trước khi chụp có thuốc cản quang, ngừng thuốc tại thời điểm chụp.",
)


def test_a_modified_release_product_named_earlier_gets_its_own_sentence() -> None:
    """ "Diamicron MR" told a turn before, then "uống bữa nào, sáng hay tối": the
    modified-release sentence, which says the meal and the hour in one."""
    frame = understood(
        QueryFrame(
            standalone_query="uống bữa nào, sáng hay tối",
            how_to_take=HowTo.FOOD,
            how_to_also=HowTo.TIME_OF_DAY,
            accented=True,
            condition_words="diamicron mr 30 ngay 1 vien uong bua nao, sang hay toi",
        )
    )
    claims = [c.text for c in howto_answer([_MEALS], "x", "X", HowTo.FOOD, Asked.of(frame)).claims]
    assert claims == ["Viên giải phóng kéo dài: uống 1 lần/ngày với bữa tối."]


_BEFORE_SURGERY = part(
    "than_trong",
    "Ngừng thuốc ít nhất 5 ngày trước phẫu thuật theo kế hoạch. Dùng kéo dài quá 3 tháng "
    "cần theo dõi.",
)


def test_stopping_some_days_before_an_operation_is_a_stop() -> None:
    """ "ngưng trước mấy ngày": how many days before, not how long the course runs."""
    said = Asked.of(
        understood(
            QueryFrame(
                standalone_query="sắp mổ, phải ngưng trước mấy ngày",
                how_to_take=HowTo.DURATION,
                accented=True,
            )
        )
    )
    claims = [
        c.text for c in howto_answer([_BEFORE_SURGERY], "x", "X", HowTo.DURATION, said).claims
    ]
    assert claims[:1] == ["Ngừng thuốc ít nhất 5 ngày trước phẫu thuật theo kế hoạch."]
