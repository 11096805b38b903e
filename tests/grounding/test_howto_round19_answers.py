"""Tests for grounding/howto.py (tuning19): the sentence naming the state the person tells
("đang đi ngoài" is the book's "tiêu chảy") beats a general sentence that repeats the talk's
words."""

from __future__ import annotations

from asked_frames import part, understood

from core.frame import ConditionQuery, HowTo, QueryFrame, Route
from grounding.howto import howto_answer
from grounding.howto_asked import Asked

_GIVE = part(
    "lieu_luong_cach_dung",
    "Ai không uống được có thể dùng viên đạn đặt trực tràng thay thế; muốn đủ nồng độ thì "
    "liều có khi phải cao hơn liều uống. Không đặt trực tràng khi trẻ đang tiêu chảy.",
)


def test_the_sentence_naming_the_state_told_wins() -> None:
    question = "con đang đi ngoài lỏng mấy lần rồi, nhét viên đạn vào được không hay ra hết"
    frame = QueryFrame(
        standalone_query=question,
        route=Route.RECTAL,
        how_to_take=HowTo.GIVING,
        condition=ConditionQuery(text="đi ngoài lỏng", normalized="tiêu chảy"),
    )
    said = Asked.of(understood(frame))
    claims = howto_answer([_GIVE], "x", "X", HowTo.GIVING, said).claims
    assert [c.text for c in claims] == ["Không đặt trực tràng khi trẻ đang tiêu chảy."]
