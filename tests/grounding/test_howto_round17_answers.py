"""Tests for grounding/howto_asked.py (tuning17): the route the talk is about, said in an
earlier turn ("mua sẵn viên đạn", later "cất ở đâu"), puts the sentence of that form first
when the question itself names no form; a form the question names still wins."""

from __future__ import annotations

from asked_frames import part, understood

from core.frame import HowTo, QueryFrame, Route
from grounding.howto import howto_answer
from grounding.howto_asked import Asked

_KEEP = part(
    "do_on_dinh_bao_quan",
    "Bảo quản dưới 30 °C. Thuốc tiêm đã pha để trong tủ lạnh 2–8 °C được 24 giờ. "
    "Viên đạn để nơi mát cho khỏi mềm. Siro đã mở dùng trong 14 ngày ở nhiệt độ phòng.",
)


def _said(question: str, route: Route | None) -> Asked:
    return Asked.of(understood(QueryFrame(standalone_query=question, route=route)))


def _claims(said: Asked) -> list[str]:
    return [c.text for c in howto_answer([_KEEP], "x", "X", HowTo.STORAGE, said).claims]


def test_a_suppository_talked_of_before_is_kept_as_one() -> None:
    said = _said("nóng thế này thì để tủ lạnh hay để ngoài", Route.RECTAL)
    assert _claims(said) == ["Viên đạn để nơi mát cho khỏi mềm."]


def test_an_oral_medicine_talked_of_is_not_the_injection() -> None:
    said = _said("để tủ lạnh được mấy ngày", Route.ORAL)
    assert _claims(said) != ["Thuốc tiêm đã pha để trong tủ lạnh 2–8 °C được 24 giờ."]


def test_the_form_the_question_names_wins_over_the_talks_route() -> None:
    said = _said("thuốc tiêm pha rồi để tủ lạnh được bao lâu", Route.ORAL)
    assert _claims(said) == ["Thuốc tiêm đã pha để trong tủ lạnh 2–8 °C được 24 giờ."]
