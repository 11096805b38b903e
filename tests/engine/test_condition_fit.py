"""Condition→drug through Engine.handle: the list fits the patient, by age and by the one
safety selection's lines (real Engine, Redis, the rules understander, the extractive
answerer and hand-made evidence)."""

from __future__ import annotations

from collections.abc import Callable

from core.evidence import Evidence
from core.result import TurnResult
from engine.turn import Engine
from grounding.extractive import ExtractiveAnswerer
from runners.testing import SAMPLE_CATALOG, evidence
from understanding import RulesUnderstander

ITEMS = [
    evidence("paracetamol", "chi_dinh", "Đau nhẹ và vừa; sốt."),
    evidence("aspirin", "chi_dinh", "Đau nhẹ và vừa; sốt (ở người lớn)."),
    evidence("aspirin", "chong_chi_dinh", "- Trẻ em dưới 16 tuổi (nguy cơ hội chứng Reye)."),
    evidence("amoxicillin", "chi_dinh", "Sốt thương hàn."),
]
PREGNANCY_ITEMS = [
    evidence("paracetamol", "chi_dinh", "Đau nhẹ và vừa; sốt."),
    evidence(
        "paracetamol",
        "thoi_ky_mang_thai",
        "Dữ liệu trên người còn ít. Dùng được khi cần. Không dùng liều cao kéo dài.",
    ),
    evidence("aspirin", "chi_dinh", "Đau nhẹ và vừa; sốt (ở người lớn)."),
    evidence(
        "aspirin",
        "thoi_ky_mang_thai",
        "Tránh dùng trong 3 tháng cuối thai kỳ. Có thể gây chảy máu ở mẹ và con.",
    ),
]


def _ask(
    make_engine: Callable[..., Engine], text: str, items: list[Evidence] = ITEMS
) -> TurnResult:
    engine = make_engine(
        understander=RulesUnderstander(SAMPLE_CATALOG),
        answerer=ExtractiveAnswerer(SAMPLE_CATALOG),
        items=items,
    )
    return engine.handle(engine.create_conversation().conversation_id, text)


def test_a_drug_contraindicated_at_this_age_is_left_out_with_its_line(
    make_engine: Callable[..., Engine],
) -> None:
    """ "bé 3 tuổi bị sốt uống thuốc gì": aspirin is not listed; its contraindication is quoted."""
    r = _ask(make_engine, "bé 3 tuổi bị sốt uống thuốc gì")
    assert (r.outcome, r.reason) == ("answerable", "condition_to_drug")
    texts = [c.text for c in r.claims]
    assert not any(t.startswith("Aspirin") for t in texts)
    assert any(t.startswith("Không liệt kê Aspirin") and "16 tuổi" in t for t in texts)
    assert ("aspirin", "chong_chi_dinh") in {(c.drug_id, c.section_key) for c in r.citations}


def test_an_indication_inside_another_disease_comes_last(
    make_engine: Callable[..., Engine],
) -> None:
    """Typhoid fever ranks after fever itself."""
    r = _ask(make_engine, "bị sốt uống thuốc gì")
    listed = [c.text.split(":")[0] for c in r.claims]
    assert listed == ["Paracetamol", "Aspirin", "Amoxicillin"]


def test_an_adult_keeps_every_candidate(make_engine: Callable[..., Engine]) -> None:
    """A 30-year-old is above every age limit: aspirin stays listed."""
    r = _ask(make_engine, "người lớn 30 tuổi bị sốt uống thuốc gì")
    assert any(c.text.startswith("Aspirin") for c in r.claims)
    assert "Không liệt kê" not in r.message


def test_pregnancy_lines_follow_each_drugs_indication_once(
    make_engine: Callable[..., Engine],
) -> None:
    """Each drug's pregnancy lines follow its own indication line, strongest first, none twice."""
    r = _ask(make_engine, "phụ nữ mang thai bị sốt uống thuốc gì", PREGNANCY_ITEMS)
    assert (r.outcome, r.reason) == ("answerable", "condition_to_drug")
    texts = [c.text for c in r.claims]
    assert texts == [
        "Paracetamol: Đau nhẹ và vừa; sốt.",
        "Paracetamol — Thời kỳ mang thai: Không dùng liều cao kéo dài.",
        "Paracetamol — Thời kỳ mang thai: Dữ liệu trên người còn ít.",
        "Paracetamol — Thời kỳ mang thai: Dùng được khi cần.",
        "Aspirin: Đau nhẹ và vừa; sốt (ở người lớn).",
        "Aspirin — Thời kỳ mang thai: Tránh dùng trong 3 tháng cuối thai kỳ.",
        "Aspirin — Thời kỳ mang thai: Có thể gây chảy máu ở mẹ và con.",
    ]


def test_every_listed_drug_gets_its_safety_lines(make_engine: Callable[..., Engine]) -> None:
    """The sixth listed drug is assessed too: its pregnancy line follows its indication line."""
    ids = ["paracetamol", "aspirin", "amoxicillin", "warfarin", "ibuprofen", "cefuroxime"]
    items = [evidence(d, "chi_dinh", "Sốt.", drug_name=d.capitalize()) for d in ids]
    items.append(
        evidence(
            "cefuroxime", "thoi_ky_mang_thai", "Chỉ dùng khi thật cần.", drug_name="Cefuroxime"
        )
    )
    r = _ask(make_engine, "phụ nữ mang thai bị sốt uống thuốc gì", items)
    texts = [c.text for c in r.claims]
    assert texts[-2:] == [
        "Cefuroxime: Sốt.",
        "Cefuroxime — Thời kỳ mang thai: Chỉ dùng khi thật cần.",
    ]
