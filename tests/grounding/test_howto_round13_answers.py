"""Tests for grounding/howto_terms.py (tuning13): drinking asked is answered first by the
sentence that speaks of drinking, not by alcohol listed among other medicines; the
interaction that says why goes with it."""

from __future__ import annotations

from asked_frames import asked, part

from core.frame import HowTo
from grounding.howto import howto_answer

INTERACTIONS = part(
    "tuong_tac_thuoc",
    "Thuốc lợi tiểu, thuốc an thần, rượu: làm tăng tác dụng hạ đường huyết của thuốc.",
)
CAUTIONS = part(
    "than_trong",
    "Có thể gây hạ đường huyết khi đói, nhất là khi uống rượu; nên ăn đúng bữa.",
)


def test_drinking_asked_quotes_the_drinking_sentence_first() -> None:
    """ "tối nay nhậu với bạn được không": the caution on drinking, then the interaction."""
    said = asked("uống thuốc này xong tối nay đi nhậu với bạn được không")
    answer = howto_answer([INTERACTIONS, CAUTIONS], "x", "X", HowTo.ALCOHOL, said)
    texts = [c.text for c in answer.claims]
    assert texts and "khi uống rượu" in texts[0]
    assert any("rượu: làm tăng" in t for t in texts[1:])


def test_alcohol_only_among_medicines_still_answers() -> None:
    """The book names alcohol only in a list of interacting products: that sentence."""
    said = asked("uong thuoc nay co uong ruou duoc khong")
    answer = howto_answer([INTERACTIONS], "x", "X", HowTo.ALCOHOL, said)
    assert [c.text for c in answer.claims] == [INTERACTIONS.text]


def test_advice_drawn_from_the_sentence_before_quotes_both() -> None:
    """ "Vì vậy không uống rượu …" goes on from the reason before it: both are quoted."""
    why = part(
        "tuong_tac_thuoc",
        "Rượu: thuốc chặn chuyển hóa rượu, gây đỏ mặt, nôn và tim đập nhanh. "
        "Vì vậy không uống rượu trong khi dùng thuốc và 3 ngày sau khi ngừng.",
    )
    said = asked("dang uong thuoc nay, cuoi tuan lam vai lon bia duoc khong")
    answer = howto_answer([why], "x", "X", HowTo.ALCOHOL, said)
    texts = [c.text for c in answer.claims]
    assert len(texts) == 2
    assert texts[0].startswith("Rượu: thuốc chặn") and texts[1].startswith("Vì vậy")
