"""Ingest the third-party evaluation corpora (../shared/corpus-candidates) and query them.

Skipped when ../shared is absent. Sparse only (EMBEDDING_PROVIDER=disabled), so the
run stays short; the dense side is measured by `duocthu eval retrieval` and bench/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from retrieval.embed import DisabledEmbedder
from retrieval.ingest import IngestReport, ingest_files
from retrieval.qdrant_edge import EdgeIndex
from retrieval.service import RetrievalService

CANDIDATES = Path(__file__).resolve().parents[3] / "shared" / "corpus-candidates"
FILES = sorted(CANDIDATES.glob("*.jsonl")) if CANDIDATES.is_dir() else []

pytestmark = [
    pytest.mark.realdata,
    pytest.mark.slow,
    pytest.mark.skipif(len(FILES) < 3, reason="../shared/corpus-candidates is absent"),
]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[EdgeIndex, IngestReport]]:
    index = EdgeIndex(tmp_path_factory.mktemp("real") / "qdrant")
    # The extracts hold lines without a usable section: load the rest, as the evals do.
    report = ingest_files(FILES, index, DisabledEmbedder(), skip_bad_lines=True, progress=False)
    yield index, report
    index.close()


def _lines() -> list[dict[str, object]]:
    return [
        json.loads(line) for path in FILES for line in path.read_text(encoding="utf-8").splitlines()
    ]


def test_every_usable_record_loads(loaded: tuple[EdgeIndex, IngestReport]) -> None:
    """Only records without a recognisable section are rejected; everything else is indexed."""
    index, report = loaded
    unusable = [r for r in _lines() if r.get("section_key") in {"khac", "thong_tin_bo_sung"}]
    assert report.rejected == len(unusable)
    assert all("unknown section" in e.reason for e in report.errors)
    assert index.count() == report.chunks >= len(_lines()) - len(unusable)


def test_flagged_records_are_reported(loaded: tuple[EdgeIndex, IngestReport]) -> None:
    """Quality flags are counted; possible other-drug text is loaded as quarantined."""
    _, report = loaded
    flagged = [r for r in _lines() if r.get("quality_flags") and r.get("section_key") != "khac"]
    assert report.flagged_lines == len(flagged)
    assert report.flags["possible_other_drug_content"] == 68
    assert report.quarantined >= 68


@pytest.mark.parametrize(
    ("query", "drug_id", "section_key"),
    [
        ("liều dùng paracetamol cho trẻ em", "paracetamol", "lieu_luong_cach_dung"),
        ("chong chi dinh cua amoxicilin", "amoxicillin", "chong_chi_dinh"),
        ("warfarin tương tác thuốc", "warfarin", "tuong_tac_thuoc"),
        ("metformin phụ nữ mang thai", "metformin", "thoi_ky_mang_thai"),
        ("quá liều digoxin xử trí", "digoxin", "qua_lieu_xu_tri"),
    ],
)
def test_known_questions_find_drug_and_section(
    loaded: tuple[EdgeIndex, IngestReport], query: str, drug_id: str, section_key: str
) -> None:
    """Known questions retrieve the right drug and section within the top five."""
    service = RetrievalService(loaded[0], DisabledEmbedder())
    found = [(e.drug_id, e.section_key) for e in service.search(query, limit=5)]
    assert (drug_id, section_key) in found


def test_indication_lookup_on_real_text(loaded: tuple[EdgeIndex, IngestReport]) -> None:
    """Epilepsy finds antiepileptics from their indication sections, each drug once."""
    service = RetrievalService(loaded[0], DisabledEmbedder())
    found = service.find_by_indication("động kinh", limit=20)
    ids = [c.drug_id for c in found]
    assert {"carbamazepine", "valproic_acid", "phenytoin"} <= set(ids)
    assert len(ids) == len(set(ids))
    assert all(e.section_key == "chi_dinh" for c in found for e in c.evidence)
