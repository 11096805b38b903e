"""Answer shape of a dose answer over a section in the book's shape (grounding/extractive.py)."""

from __future__ import annotations

from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer
from core.frame import ClarifySlot, QueryFrame
from core.ports import AnswerClarify, AnswerMode, AnswerRequest
from grounding.checks import run_checks
from grounding.extractive import ExtractiveAnswerer
from grounding.render import render_answer
from grounding.verify import default_checks

SECTION = (
    "### *Liều lượng:*\n\n*Người lớn:* Uống 500 mg/lần, tối đa 3 g/ngày.\n\n*Trẻ em:*\n\n"
    "Đau, sốt:\n\n*Uống:* Trẻ em 1 - 2 tuổi: 100 mg; Trẻ em 2 - 5 tuổi: 150 mg. "
    "Các liều cho trẻ từ 1 - 5 tuổi có thể nhắc lại sau 6 giờ, tối đa 4 liều/24 giờ.\n\n"
    "*Đặt trực tràng:* Trẻ em 1 - 5 tuổi: 125 mg/lần.\n\n"
    "Đau sau phẫu thuật:\n\n*Uống:* Trẻ em 1 - 6 tuổi: 20 mg/kg một liều duy nhất."
)


def _ask(catalog: DrugCatalog, **kw: object) -> Answer | AnswerClarify:
    frame = QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": ["paracetamol"], "population": "child", **kw}
    )
    evidence = (ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", SECTION),)
    request = AnswerRequest(mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=evidence)
    answer = ExtractiveAnswerer(catalog).generate(request)
    if isinstance(answer, Answer):
        assert [
            v
            for v in run_checks(answer, request.evidence, default_checks(request, catalog))
            if not v.ok
        ] == []
    return answer


def test_routes_first_then_indications_are_asked(catalog: DrugCatalog) -> None:
    """Oral and rectal rows fit: ask the route; by mouth, two indications fit: ask which."""
    route = _ask(catalog, age_months=36, weight_kg=14)
    assert isinstance(route, AnswerClarify) and route.reason == "ambiguous_route"
    indication = _ask(catalog, age_months=36, weight_kg=14, route="oral")
    assert isinstance(indication, AnswerClarify)
    assert indication.reason == "needs_more_info"
    assert indication.slot is ClarifySlot.CONDITION
    assert indication.quick_replies == ("Đau, sốt", "Đau sau phẫu thuật")


def test_answer_is_the_row_its_caveat_and_the_other_bands(catalog: DrugCatalog) -> None:
    """The fitting row, its caveat, one line naming the rest; short, no markdown."""
    answer = _ask(
        catalog, age_months=36, weight_kg=14, route="oral", condition={"text": "đau, sốt"}
    )
    assert isinstance(answer, Answer)
    assert [c.text for c in answer.claims] == [
        "Trẻ em 2 - 5 tuổi: 150 mg.",
        "Các liều cho trẻ từ 1 - 5 tuổi có thể nhắc lại sau 6 giờ, tối đa 4 liều/24 giờ.",
    ]
    assert answer.notices[-1] == (
        "Dược thư còn ghi liều cho: người lớn, đặt trực tràng, đau sau phẫu thuật."
    )
    message = render_answer(answer, [ev("paracetamol", "Paracetamol", "x", SECTION)]).message
    assert "*" not in message and "#" not in message
    assert len(message) < 600


def test_attribute_answers_show_no_markup(catalog: DrugCatalog) -> None:
    """A section quoted whole (here Thận trọng) shows its words, not its emphasis or heads."""
    text = "### *Chung:*\n\n*Người cao tuổi:* dùng thận trọng. **Suy thận** cần giảm liều."
    frame = QueryFrame.model_validate(
        {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "than_trong"}
    )
    evidence = (ev("paracetamol", "Paracetamol", "than_trong", text),)
    request = AnswerRequest(mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=evidence)
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    assert [c.text for c in answer.claims] == [
        "Chung",
        "Người cao tuổi: dùng thận trọng. Suy thận cần giảm liều.",
    ]
