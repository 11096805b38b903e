"""The pharmacist's questions of issue 14 over the 47 real DTQG 2018 monographs.

Loads ../shared/corpus-candidates/dtqg2018_selected_sections.jsonl (through the
existing third-party mapping) into a real index, then asks through the real engine
and, for a few, over HTTP. Skipped when ../shared is absent. Asserts facts (rows,
figures, section keys), never the book's sentences.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from core.catalog import DrugCatalog, DrugEntry
from core.evidence import Answer, Evidence
from core.frame import QueryFrame
from core.ports import AnswerMode, AnswerRequest
from engine.bootstrap import Runtime
from grounding.checks import run_checks
from grounding.extractive import ExtractiveAnswerer
from grounding.verify import default_checks
from retrieval.candidates import map_candidate
from retrieval.chunking import split_section
from retrieval.corpus import CorpusRecord
from runners.evals.realtext import corpus_runtime
from server import create_app

SHARED = Path(__file__).resolve().parents[3] / "shared" / "corpus-candidates"
DTQG = SHARED / "dtqg2018_selected_sections.jsonl"
MAX_CHARS = 600

pytestmark = [
    pytest.mark.realdata,
    pytest.mark.slow,
    pytest.mark.skipif(not DTQG.is_file(), reason="../shared/corpus-candidates is absent"),
]


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runtime]:
    built: Runtime = corpus_runtime(DTQG, tmp_path_factory.mktemp("dtqg2018"), sparse_only=True)
    yield built
    built.close()


def _ask(runtime: Runtime, *turns: str) -> Any:
    """Play the turns in one conversation; the last turn's result."""
    cid = runtime.engine.create_conversation().conversation_id
    result: Any = None
    for text in turns:
        result = runtime.engine.handle(cid, text)
    return result


def test_child_paracetamol_gets_the_two_to_four_year_oral_row(runtime: Runtime) -> None:
    """3 years, 14 kg, oral, pain/fever: the 180 mg row, short, no adult/newborn/IV rows."""
    # No route said: the oral rows; pain/fever named, so its row alone.
    result = _ask(runtime, "Liều paracetamol cho bé 3 tuổi nặng 14 kg bị sốt")
    assert result.outcome == "answerable"
    assert "2 - 4 tuổi: 180 mg" in result.message
    assert len(result.message) <= MAX_CHARS
    for other in ("0,5 - 1 g/lần", "Sơ sinh", "15 mg/kg", "240 mg", "*", "###"):
        assert other not in result.message
    assert {c.section_key for c in result.citations} == {"lieu_luong_cach_dung"}


def test_azithromycin_child_never_gets_adult_single_doses(runtime: Runtime) -> None:
    """A 5-year-old and azithromycin: asked which indication, and no 1 g / 2 g adult dose."""
    first = _ask(runtime, "liều azithromycin cho trẻ 5 tuổi nặng 18 kg")
    assert first.outcome == "clarify"
    assert "1 g" not in first.message
    result = _ask(
        runtime, "liều azithromycin cho trẻ 5 tuổi nặng 18 kg", "Viêm phổi mắc tại cộng đồng"
    )
    assert result.outcome == "answerable"
    assert "10 mg/kg" in result.message
    assert "2 g" not in result.message and "1 liều duy nhất 1 g" not in result.message


def test_renal_adult_gets_the_renal_table_row(runtime: Runtime) -> None:
    """Adult, ClCr 20 ml/phút, amoxicillin + clavulanate: the 10–30 ml/phút table row only."""
    result = _ask(runtime, "liều amoxicilin và kali clavulanat cho người lớn có ClCr 20 ml/phút")
    assert result.outcome == "answerable"
    assert "Từ 10 đến 30 ml/phút" in result.message
    assert "250 - 500 mg cách 12 giờ/lần" in result.message
    assert "mg/kg" not in result.message and "<br>" not in result.message


def test_adult_paracetamol_and_its_daily_maximum(runtime: Runtime) -> None:
    """'liều paracetamol cho người lớn', oral: the usual dose and the 4 g/ngày maximum."""
    result = _ask(runtime, "liều paracetamol cho người lớn")
    assert result.outcome == "answerable"
    assert "0,5 - 1 g/lần" in result.message and "4 g/ngày" in result.message
    assert len(result.message) <= MAX_CHARS


def test_paracetamol_overdose_includes_the_treatment(runtime: Runtime) -> None:
    """'quá liều paracetamol xử trí thế nào' quotes the treatment (N-acetylcystein)."""
    result = _ask(runtime, "quá liều paracetamol xử trí thế nào")
    assert result.outcome == "answerable"
    assert "N-acetylcystein" in result.message


def test_severe_liver_disease_answers_from_contraindications(runtime: Runtime) -> None:
    """'suy gan nặng có dùng paracetamol được không' is answered from Chống chỉ định."""
    result = _ask(runtime, "suy gan nặng có dùng paracetamol được không")
    assert result.outcome == "answerable"
    assert [c.section_key for c in result.citations] == ["chong_chi_dinh"]
    assert "Suy gan nặng" in result.message


def test_tramadol_child_gets_the_contraindicated_age(runtime: Runtime) -> None:
    """Tramadol for a 10-year-old: the contraindication's age limit, not no_evidence."""
    result = _ask(runtime, "tramadol hydroclorid cho trẻ 10 tuổi", "30 kg")
    assert result.outcome == "answerable"
    assert "dưới 15 tuổi" in result.message
    assert [c.section_key for c in result.citations] == ["chong_chi_dinh"]


def test_over_http_the_child_row_and_the_overdose_treatment(runtime: Runtime) -> None:
    """Over HTTP: the pain/fever row for a 3-year-old, and the overdose treatment."""
    app = create_app(runtime.settings, lambda _s: runtime)
    with TestClient(app) as http:
        body = http.post("/v1/conversations").json()
        url = f"/v1/conversations/{body['conversation_id']}/turns"
        auth = {"Authorization": f"Bearer {body['token']}"}
        replies = [
            http.post(url, json={"text": t}, headers=auth).json()
            for t in ("Liều paracetamol cho bé 3 tuổi nặng 14 kg bị sốt",)
        ]
        # No route said: by mouth, and the pain/fever row the question names.
        assert [r["reason"] for r in replies] == ["single_drug"]
        assert "180 mg" in replies[-1]["message"]
        assert len(replies[-1]["message"]) <= MAX_CHARS
        overdose = http.post(
            url, json={"text": "quá liều paracetamol xử trí thế nào"}, headers=auth
        ).json()
        assert "N-acetylcystein" in overdose["message"]


def test_every_dose_answer_over_the_real_text_is_grounded() -> None:
    """Over all 47 monographs and several patients, every dose answer passes every check."""
    by_drug: dict[str, list[Evidence]] = {}
    for n, line in enumerate(DTQG.read_text(encoding="utf-8").splitlines()):
        fields = map_candidate(json.loads(line))
        if fields["section_key"] not in ("lieu_luong_va_cach_dung", "chong_chi_dinh"):
            continue
        rec = CorpusRecord.model_validate(fields)
        by_drug.setdefault(rec.drug_id, []).extend(
            Evidence(
                text=text,
                drug_id=rec.drug_id,
                drug_name=rec.drug_name,
                section_key=rec.section_key.value,
                section_title=rec.section_title or rec.section_key.value,
                chunk_id=f"{n}-{i}",
            )
            for i, text in enumerate(split_section(rec.text))
        )
    catalog = DrugCatalog(DrugEntry(drug_id=d, name=e[0].drug_name) for d, e in by_drug.items())
    answerer = ExtractiveAnswerer(catalog)
    patients: list[dict[str, Any]] = [
        {"population": "child", "age_months": 36, "weight_kg": 14, "route": "oral"},
        {"population": "child", "age_months": 2, "weight_kg": 5, "route": "oral"},
        {"population": "child", "age_months": 156, "weight_kg": 45},
        {"population": "adult", "route": "oral"},
        {"population": "adult", "patient": {"egfr": 20}},
    ]
    answered = 0
    for drug, evidence in by_drug.items():
        for patient in patients:
            frame = QueryFrame.model_validate(
                {"turn_type": "dosing_calc", "drugs": [drug], **patient}
            )
            request = AnswerRequest(
                mode=AnswerMode.SINGLE, question="liều", frame=frame, evidence=tuple(evidence)
            )
            answer = answerer.generate(request)
            if isinstance(answer, Answer) and answer.claims:
                answered += 1
                assert [
                    v
                    for v in run_checks(answer, request.evidence, default_checks(request, catalog))
                    if not v.ok
                ] == []
    assert answered >= 60  # the rest ask a route or indication, or no row fits
