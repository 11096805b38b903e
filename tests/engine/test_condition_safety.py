"""Condition→drug for a described patient through Engine.handle: the safety lines come from
the one selection (engine/assessment.py), each after its own drug's line, each once."""

from __future__ import annotations

from collections.abc import Callable

from core.result import TurnResult
from engine.testing import SAMPLE_CATALOG, evidence
from engine.turn import Engine
from grounding.extractive import ExtractiveAnswerer
from understanding import RulesUnderstander

ITEMS = [
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


def _ask(make_engine: Callable[..., Engine], text: str) -> TurnResult:
    engine = make_engine(
        understander=RulesUnderstander(SAMPLE_CATALOG),
        answerer=ExtractiveAnswerer(SAMPLE_CATALOG),
        items=ITEMS,
    )
    return engine.handle(engine.create_conversation().conversation_id, text)


def test_pregnancy_lines_follow_each_drugs_indication_once(
    make_engine: Callable[..., Engine],
) -> None:
    """Each drug's pregnancy lines follow its own indication line, strongest first, none twice."""
    r = _ask(make_engine, "phụ nữ mang thai bị sốt uống thuốc gì")
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
