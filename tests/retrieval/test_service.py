"""RetrievalService on the in-memory index: sections, overview, search, indications, decide."""

from __future__ import annotations

from pathlib import Path

import pytest
from retrieval_support import RECORDS, make_points, rec, spec_for

from core.errors import ConfigError, IndexUnavailable
from core.evidence import Answerability, Evidence
from core.ports import Retriever
from retrieval.embed import DisabledEmbedder
from retrieval.index import IndexSpec
from retrieval.qdrant_edge import EdgeIndex
from retrieval.service import RetrievalService, SearchMode
from retrieval.testing import HashEmbedder, MemoryIndex


@pytest.fixture
def index(embedder: HashEmbedder) -> MemoryIndex:
    idx = MemoryIndex()
    idx.upsert(spec_for(embedder), make_points(RECORDS, embedder))
    return idx


@pytest.fixture
def service(index: MemoryIndex, embedder: HashEmbedder) -> RetrievalService:
    return RetrievalService(index, embedder)


def test_service_satisfies_the_engine_port(service: RetrievalService) -> None:
    """RetrievalService is an core.ports.Retriever."""
    assert isinstance(service, Retriever)


def test_catalog_lists_drugs_with_aliases(service: RetrievalService) -> None:
    """The catalog comes from the index, with aliases users may type."""
    catalog = service.catalog()
    assert catalog.ids() == {"alphacin", "betamol", "gammazol"}
    assert "Alfa" in catalog.get("alphacin").names()  # type: ignore[union-attr]


def test_find_by_section_returns_whole_section_in_order(service: RetrievalService) -> None:
    """A section is returned whole, parts in order, with provenance."""
    found = service.find_by_section("betamol", "lieu_luong_cach_dung")
    assert [e.part_index for e in found] == [0, 1]
    assert found[0].drug_name == "Betamol"
    assert found[0].section_title == "Liều lượng và cách dùng"
    assert found[1].quarantined


def test_find_by_section_unknown_is_empty(service: RetrievalService) -> None:
    """An absent section gives no evidence (the engine then abstains)."""
    assert service.find_by_section("gammazol", "tuong_tac_thuoc") == []


def test_find_by_drug_gives_overview_sections(service: RetrievalService) -> None:
    """The overview is the indication and contraindication prose, in printed order."""
    keys = [e.section_key for e in service.find_by_drug("alphacin")]
    assert keys == ["chi_dinh", "chong_chi_dinh"]


def test_find_by_drug_without_overview_sections_falls_back(service: RetrievalService) -> None:
    """A drug lacking overview sections still gets its first sections."""
    index = MemoryIndex()
    index.upsert(IndexSpec("disabled", None), make_points([RECORDS[-1]]))
    keys = [
        e.section_key for e in RetrievalService(index, DisabledEmbedder()).find_by_drug("gammazol")
    ]
    assert keys == ["tac_dung_khong_mong_muon"]


@pytest.mark.parametrize("mode", list(SearchMode))
def test_search_modes_find_the_section(service: RetrievalService, mode: SearchMode) -> None:
    """Hybrid, dense and sparse search all rank the obvious chunk first."""
    found = service.search("Gammazol nhiễm nấm Candida miệng", mode=mode)
    assert (found[0].drug_id, found[0].section_key) == ("gammazol", "chi_dinh")


def test_search_filters_by_drug_and_sections(service: RetrievalService) -> None:
    """Search within one drug and some sections returns only those."""
    found = service.search("tăng huyết áp", drug_id="betamol", sections=["chong_chi_dinh"])
    assert {(e.drug_id, e.section_key) for e in found} == {("betamol", "chong_chi_dinh")}


def test_search_with_disabled_embedder_is_sparse_only(index: MemoryIndex) -> None:
    """With embedding disabled, search still works on the sparse side alone."""
    service = RetrievalService(index, DisabledEmbedder())
    assert not service.dense_enabled
    found = service.search("nhiem nam candida", mode=SearchMode.DENSE)
    assert found[0].drug_id == "gammazol"


def test_mismatched_embedder_is_config_error(index: MemoryIndex) -> None:
    """A service whose embedder differs from the index's is refused at construction."""
    with pytest.raises(ConfigError, match="re-ingest"):
        RetrievalService(index, HashEmbedder(dim=32))


def test_indication_phrase_match_only_in_chi_dinh(service: RetrievalService) -> None:
    """Indication lookup finds drugs whose chi_dinh names the condition, never other sections."""
    found = service.find_by_indication("tăng huyết áp")
    assert [c.drug_id for c in found] == ["alphacin", "gammazol"]
    assert all(e.section_key == "chi_dinh" for c in found for e in c.evidence)


def test_indication_without_diacritics(service: RetrievalService) -> None:
    """An unaccented condition matches the accented indication line."""
    assert [c.drug_id for c in service.find_by_indication("suy tim man")] == ["alphacin"]


def test_indication_aggregates_parts_per_drug(embedder: HashEmbedder) -> None:
    """A drug with several matching parts appears once, carrying every matching part."""
    index = MemoryIndex()
    rows = [
        *RECORDS,
        rec("alphacin", "Alphacin", "chi_dinh", "- Tăng huyết áp ở người cao tuổi.", part_index=1),
    ]
    index.upsert(spec_for(embedder), make_points(rows, embedder))
    found = RetrievalService(index, embedder).find_by_indication("tăng huyết áp")
    assert [c.drug_id for c in found].count("alphacin") == 1
    assert [e.part_index for e in found[0].evidence] == [0, 1]


def test_indication_is_capped(service: RetrievalService) -> None:
    """The candidate list is capped by the limit."""
    assert len(service.find_by_indication("tăng huyết áp", limit=1)) == 1


def test_indication_all_words_in_a_line(service: RetrievalService) -> None:
    """When no phrase matches, a line holding every word of the condition still counts."""
    assert [c.drug_id for c in service.find_by_indication("nấm miệng Candida")] == ["gammazol"]


def test_indication_unknown_condition_is_empty_without_dense(index: MemoryIndex) -> None:
    """No match and no dense side gives no candidates rather than a guess."""
    service = RetrievalService(index, DisabledEmbedder())
    assert service.find_by_indication("gãy xương đùi") == []


def _ev(quarantined: bool) -> Evidence:
    return Evidence(
        text="x",
        drug_id="d",
        drug_name="D",
        section_key="chi_dinh",
        section_title="Chỉ định",
        chunk_id="c",
        quarantined=quarantined,
    )


def test_decide() -> None:
    """No evidence is NOT_FOUND, any quarantined part is VERIFY_PDF, else ANSWERABLE."""
    service = RetrievalService(MemoryIndex(), DisabledEmbedder())
    assert service.decide([]) is Answerability.NOT_FOUND
    assert service.decide([_ev(False), _ev(True)]) is Answerability.VERIFY_PDF
    assert service.decide([_ev(False)]) is Answerability.ANSWERABLE


def test_refresh_reloads_catalog(
    service: RetrievalService, index: MemoryIndex, embedder: HashEmbedder
) -> None:
    """After refresh, a newly ingested drug appears in the catalog and indications."""
    assert "deltavir" not in service.catalog()
    index.upsert(
        spec_for(embedder),
        make_points([rec("deltavir", "Deltavir", "chi_dinh", "- Suy tim.")], embedder),
    )
    service.refresh()
    assert "deltavir" in service.catalog()
    assert "deltavir" in {c.drug_id for c in service.find_by_indication("suy tim")}


def test_bad_limits_are_config_errors(index: MemoryIndex) -> None:
    """Constructor arguments are checked and named."""
    with pytest.raises(ConfigError, match="indication_limit"):
        RetrievalService(index, DisabledEmbedder(), indication_limit=0)


def test_search_links_named_drug_and_keeps_to_it(service: RetrievalService) -> None:
    """An unfiltered query naming a drug (here by alias) only returns that drug's chunks."""
    assert service.linked_drugs("beta plus có dùng khi tăng huyết áp không") == ("betamol",)
    found = service.search("Beta Plus tăng huyết áp")
    assert {e.drug_id for e in found} == {"betamol"}


def test_search_without_linking_ranks_across_drugs(
    index: MemoryIndex, embedder: HashEmbedder
) -> None:
    """With linking off, the same query may return other drugs too."""
    service = RetrievalService(index, embedder, link_drugs=False)
    found = service.search("Beta Plus tăng huyết áp", mode=SearchMode.SPARSE)
    assert len({e.drug_id for e in found}) > 1


def test_catalog_follows_a_switch_by_another_writer(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A serving service sees drugs an ingest in another adapter switched in, unasked."""
    writer = EdgeIndex(tmp_path)
    writer.upsert(spec_for(embedder), make_points(RECORDS, embedder))
    reader = EdgeIndex(tmp_path)
    service = RetrievalService(reader, embedder, switch_check_every=0)
    assert "deltavir" not in service.catalog()
    assert service.find_by_indication("herpes môi") == []
    new = [rec("deltavir", "Deltavir", "chi_dinh", "- Herpes môi.")]
    writer.replace(spec_for(embedder), [make_points(new, embedder)], keep_live=True)
    assert "deltavir" in service.catalog()
    assert service.linked_drugs("deltavir dùng thế nào") == ("deltavir",)
    assert [c.drug_id for c in service.find_by_indication("herpes môi")] == ["deltavir"]
    writer.close()
    reader.close()


def test_switch_check_is_rate_limited(index: MemoryIndex, embedder: HashEmbedder) -> None:
    """With a long check interval the cached catalog is kept; refresh() still drops it."""
    service = RetrievalService(index, embedder, switch_check_every=3600)
    assert "deltavir" not in service.catalog()
    new = [rec("deltavir", "Deltavir", "chi_dinh", "- Herpes môi.")]
    index.replace(spec_for(embedder), [make_points(new, embedder)], keep_live=True)
    assert "deltavir" not in service.catalog()
    service.refresh()
    assert "deltavir" in service.catalog()


def test_switch_check_outage_keeps_cached_catalog(
    index: MemoryIndex, embedder: HashEmbedder
) -> None:
    """When the index cannot say its generation, the cached catalog keeps serving."""
    service = RetrievalService(index, embedder, switch_check_every=0)
    catalog = service.catalog()
    index.fail_with = IndexUnavailable("down")
    assert service.catalog() is catalog
