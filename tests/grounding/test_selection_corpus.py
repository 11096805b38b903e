"""Issue 14's demo-corpus examples: the row that fits the patient, from our own monographs.

Written against facts (bands, section keys), not sentences, because the demo corpus is
being reshaped into the book's form; skipped when data/formulary is absent.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from asked_frames import understood

from core.catalog import DrugCatalog
from core.evidence import Answer, Evidence
from core.frame import QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.checks import run_checks
from grounding.extractive import ExtractiveAnswerer
from grounding.verify import default_checks
from retrieval.chunking import split_section

DATA = Path(__file__).resolve().parents[2] / "data" / "formulary"
FILES = sorted(DATA.glob("*.jsonl")) if DATA.is_dir() else []
pytestmark = pytest.mark.skipif(not FILES, reason="demo corpus data/formulary is absent")


@pytest.fixture(scope="module")
def corpus() -> tuple[DrugCatalog, list[Evidence]]:
    pool: list[Evidence] = []
    for path in FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            for n, text in enumerate(split_section(str(r["text"]))):
                pool.append(
                    Evidence(
                        text=text,
                        drug_id=r["drug_id"],
                        drug_name=r["drug_name"],
                        section_key=r["section_key"],
                        section_title=r["section_title"],
                        chunk_id=f"{r['drug_id']}/{r['section_key']}/{r['part_index']}/{n}",
                        quarantined=bool(r.get("quarantined")),
                    )
                )
    return DrugCatalog.from_corpus_files(FILES), pool


def _answer(corpus: tuple[DrugCatalog, list[Evidence]], frame: QueryFrame) -> Answer:
    catalog, pool = corpus
    evidence = tuple(e for e in pool if e.drug_id in frame.drugs)
    request = AnswerRequest(
        mode=AnswerMode.SINGLE, question=frame.standalone_query, frame=frame, evidence=evidence
    )
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    assert [
        v
        for v in run_checks(answer, request.evidence, default_checks(request, catalog))
        if not v.ok
    ] == []
    return answer


def _dose(drug: str, **kw: object) -> QueryFrame:
    return QueryFrame.model_validate(
        {"turn_type": "dosing_calc", "drugs": [drug], "population": "child", **kw}
    )


def test_heavy_teenager_gets_the_forty_kilogram_row(
    corpus: tuple[DrugCatalog, list[Evidence]],
) -> None:
    """13 years, 45 kg, amoxicillin + clavulanate by mouth: the ≥ 40 kg row, no mg/kg row."""
    answer = _answer(
        corpus, _dose("amoxicillin_clavulanate", age_months=156, weight_kg=45, route="oral")
    )
    texts = [c.text for c in answer.claims]
    assert any("40 kg" in t for t in texts)
    assert not any("mg/kg" in t for t in texts)


def test_two_month_old_gets_the_under_three_months_row(
    corpus: tuple[DrugCatalog, list[Evidence]],
) -> None:
    """2 months, 5 kg, ibuprofen: the under-3-months row is quoted from the dose section."""
    answer = _answer(corpus, _dose("ibuprofen", age_months=2, weight_kg=5, route="oral"))
    assert any("3 tháng" in c.text for c in answer.claims)
    assert not any("Người lớn" in c.text for c in answer.claims)


def test_severe_liver_disease_is_answered_from_contraindications(
    corpus: tuple[DrugCatalog, list[Evidence]],
) -> None:
    """'suy gan nặng có dùng paracetamol được không' quotes Chống chỉ định, not Thận trọng."""
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "drug_attribute",
                "drugs": ["paracetamol"],
                "attribute": "than_trong",
                "patient": {"hepatic_impairment": True},
                "standalone_query": "suy gan nặng có dùng paracetamol được không",
            }
        )
    )
    answer = _answer(corpus, frame)
    assert {ev.section_key for ev in _cited(answer, corpus)} == {"chong_chi_dinh"}
    assert answer.lead.startswith("Chống chỉ định")


def _cited(answer: Answer, corpus: tuple[DrugCatalog, list[Evidence]]) -> list[Evidence]:
    _, pool = corpus
    evidence = [e for e in pool if e.drug_id == "paracetamol"]
    return [evidence[i] for c in answer.claims for i in c.citations]
