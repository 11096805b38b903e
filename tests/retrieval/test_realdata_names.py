"""Names as users type them, on the 47 DTQG 2018 monographs (../shared/corpus-candidates).

Skipped when ../shared is absent. Sparse only (EMBEDDING_PROVIDER=disabled): the names
come from the ingested corpus, not from vectors.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.catalog import DrugCatalog
from retrieval.embed import DisabledEmbedder
from retrieval.ingest import ingest_files
from retrieval.qdrant_edge import EdgeIndex
from retrieval.service import RetrievalService
from runners.evals.realtext import corpus_runtime

CANDIDATES = Path(__file__).resolve().parents[3] / "shared" / "corpus-candidates"
SELECTED = CANDIDATES / "dtqg2018_selected_sections.jsonl"

pytestmark = [
    pytest.mark.realdata,
    pytest.mark.slow,
    pytest.mark.skipif(not SELECTED.is_file(), reason="../shared/corpus-candidates is absent"),
]


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DrugCatalog]:
    index = EdgeIndex(tmp_path_factory.mktemp("names") / "qdrant")
    ingest_files([SELECTED], index, DisabledEmbedder(), replace=True, progress=False)
    yield RetrievalService(index, DisabledEmbedder()).catalog()
    index.close()


@pytest.mark.parametrize(
    ("typed", "drug_id"),
    [
        ("cetirizin", "cetirizine_hydrochloride"),
        ("tramadol", "tramadol_hydrochloride"),
        ("morphin", "morphine_sulfate"),
        ("amoxicillin clavulanate", "amoxicillin_and_potassium_clavulanate"),
        ("amoxicilin + acid clavulanic", "amoxicillin_and_potassium_clavulanate"),
        ("Augmentin", "amoxicillin_and_potassium_clavulanate"),
        ("aspirin", "acetylsalicylic_acid"),
        ("acetylsalicylic acid", "acetylsalicylic_acid"),
        ("vitamin K1", "phytomenadione"),
        ("nitroglycerin", "glyceryl_trinitrate_nitroglycerin"),
        ("amoxicilin", "amoxicillin"),
    ],
)
def test_typed_names_resolve_to_their_monograph(
    catalog: DrugCatalog, typed: str, drug_id: str
) -> None:
    """Base names, combinations by parts, INN spellings, brackets and brands find the drug."""
    assert catalog.names.find(typed) == (drug_id,)


def test_every_monograph_has_brands_where_the_book_lists_them(catalog: DrugCatalog) -> None:
    """The brands of each Tên thương mại section reach the catalog."""
    with_brands = [e.drug_id for e in catalog if e.brands]
    assert len(catalog) == 47
    assert len(with_brands) == 44


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    built = corpus_runtime(SELECTED, tmp_path_factory.mktemp("engine"), sparse_only=True)
    yield built
    built.close()


@pytest.mark.parametrize(
    ("text", "drug_id"),
    [
        ("liều tramadol cho người lớn", "tramadol_hydrochloride"),
        ("cetirizin có dùng cho phụ nữ có thai không", "cetirizine_hydrochloride"),
        ("chống chỉ định của Augmentin", "amoxicillin_and_potassium_clavulanate"),
    ],
)
def test_a_turn_through_the_real_engine_finds_the_drug(
    runtime: Any, text: str, drug_id: str
) -> None:
    """A turn naming a drug as users do is not refused as not in the formulary."""
    engine = runtime.engine
    result = engine.handle(engine.create_conversation().conversation_id, text)
    assert result.reason != "drug_not_in_formulary"
    assert result.frame["drugs"] == [drug_id]
