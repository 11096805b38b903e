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


def test_oral_is_implied_and_short_indication_rows_are_shown_labelled(
    catalog: DrugCatalog,
) -> None:
    """No route said: by mouth. Two indications fit and their rows are short: both shown,
    each under its indication, nothing asked; the rectal route is named, not quoted."""
    answer = _ask(catalog, age_months=36, weight_kg=14)
    assert isinstance(answer, Answer)
    texts = [c.text for c in answer.claims]
    assert "Đau, sốt: Trẻ em 2 - 5 tuổi: 150 mg." in texts
    assert "Đau sau phẫu thuật: Trẻ em 1 - 6 tuổi: 20 mg/kg một liều duy nhất." in texts
    assert not any("125 mg" in t for t in texts)
    assert "đặt trực tràng" in answer.notices[-1]


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


def test_no_row_for_the_patient_says_so_and_keeps_the_section_to_cite(
    catalog: DrugCatalog,
) -> None:
    """A 3-month-old is in no band: no claim, a lead naming the bands the book covers, and
    the section as what was read (so the refusal can cite it), never the section's rows."""
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["paracetamol"],
            "population": "child",
            "age_months": 3,
            "weight_kg": 6,
            "route": "rectal",
        }
    )
    evidence = (ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", SECTION),)
    request = AnswerRequest(mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=evidence)
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    assert answer.claims == ()
    assert answer.lead.startswith("Dược thư không ghi liều Paracetamol cho trẻ 3 tháng, nặng 6 kg")
    assert "Trẻ em 1 - 5 tuổi" in answer.lead
    assert answer.looked_in == (0,)


# No oral row; by injection, more indications fit than one answer holds.
INJECTED = (
    "### *Liều lượng:*\n\n*Trẻ em:*\n\n"
    + "".join(
        f"{name}:\n\n*Tiêm bắp:* Trẻ em 1 - 5 tuổi: {dose} mg/lần.\n\n"
        for name, dose in (
            ("Viêm phổi", 100), ("Viêm màng não", 200), ("Nhiễm khuẩn huyết", 150),
            ("Viêm xương", 120), ("Lậu", 80),
        )
    )
    + "*Đặt trực tràng:* Trẻ em 1 - 5 tuổi: 125 mg/lần."
)  # fmt: skip


def test_route_and_indication_are_asked_together_when_both_are_open(
    catalog: DrugCatalog,
) -> None:
    """No oral row, so the route is open; by injection five indications fit, too many to
    show: one question offers 'route – indication' choices, asked once."""
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["paracetamol"],
            "population": "child",
            "age_months": 36,
            "weight_kg": 14,
        }
    )
    evidence = (ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", INJECTED),)
    request = AnswerRequest(mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=evidence)
    asked = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(asked, AnswerClarify) and asked.slot is ClarifySlot.ROUTE
    assert asked.quick_replies[:2] == ("Tiêm bắp – Viêm phổi", "Tiêm bắp – Viêm màng não")
    assert len(asked.quick_replies) == 6


def test_dose_picked_from_the_menu_for_a_renal_patient_gets_their_row(catalog: DrugCatalog) -> None:
    """'Liều dùng' chosen for an adult with ClCr 5: the renal row, not the whole section."""
    text = (
        "Người lớn: 500 mg/lần.\n\n"
        "Suy thận: ClCr 10 - 50 ml/phút: 250 mg; ClCr < 10 ml/phút: 125 mg."
    )
    frame = QueryFrame.model_validate(
        {
            "turn_type": "drug_attribute",
            "attribute": "lieu_luong_cach_dung",
            "drugs": ["paracetamol"],
            "population": "adult",
            "patient": {"egfr": 5},
        }
    )
    evidence = (ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", text),)
    request = AnswerRequest(mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=evidence)
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    assert [c.text for c in answer.claims] == ["ClCr < 10 ml/phút: 125 mg."]


def test_the_formulary_word_for_the_condition_names_the_head(catalog: DrugCatalog) -> None:
    """'long đờm' read as 'tiêu chất nhầy' picks the book's 'Tiêu chất nhầy' head."""
    text = (
        "### *Liều lượng:*\n\nTiêu chất nhầy: Người lớn uống 100 mg/lần, 3 lần/ngày.\n\n"
        "Giải độc chất Y: Người lớn uống 50 mg/kg một lần."
    )
    frame = QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["paracetamol"],
            "population": "adult",
            "route": "oral",
            "condition": {"text": "long đờm", "normalized": "tiêu chất nhầy"},
            "standalone_query": "paracetamol người lớn long đờm",
        }
    )
    evidence = (ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", text),)
    request = AnswerRequest(mode=AnswerMode.SINGLE, question="q", frame=frame, evidence=evidence)
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    shown = " ".join(c.text for c in answer.claims)
    assert "100 mg" in shown and "50 mg/kg" not in shown
