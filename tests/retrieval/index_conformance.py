"""`IndexConformance`: the one behaviour suite every `Index` adapter must pass.

Subclass it in a test module and provide an `index` fixture (a fresh, empty index)
and, for persistent adapters, `reopen`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from retrieval_support import RECORDS, make_points, rec, spec_for

from core.errors import ConfigError
from retrieval.index import Index, IndexPoint, IndexSpec, QueryFilter
from retrieval.testing import HashEmbedder
from retrieval.tokenizer import SparseEncoder


def _ids(hits: Sequence[object]) -> list[str]:
    return [str(getattr(h, "id", "")) for h in hits]


def _by_id(index: Index) -> dict[str, object]:
    # Points of several drugs share an `order`, so compare contents, not scroll order.
    return {h.id: h.payload for h in index.scroll(QueryFilter())}


def _drug_of(hits: Sequence[object]) -> list[str]:
    return [str(getattr(h, "payload", {}).get("drug_id")) for h in hits]


class IndexConformance:
    """Behaviour shared by `EdgeIndex`, `ServerIndex` and `MemoryIndex`."""

    @pytest.fixture
    def loaded(self, index: Index, embedder: HashEmbedder) -> Index:
        points = make_points(RECORDS, embedder)
        random.Random(7).shuffle(points)
        index.upsert(spec_for(embedder), points)
        return index

    def test_empty_index_answers_empty(self, index: Index) -> None:
        """A fresh index has no spec, no points, no drugs and empty results."""
        assert index.spec() is None
        assert index.count() == 0
        assert index.scroll(QueryFilter(drug_ids=("alphacin",))) == []
        assert index.drugs() == []
        assert index.query(dense=None, sparse=SparseEncoder().query("huyết áp")) == []
        index.health()

    def test_upsert_counts_and_records_spec(self, loaded: Index, embedder: HashEmbedder) -> None:
        """Upserted points are counted and the spec they were written with is recorded."""
        assert loaded.count() == len(make_points(RECORDS))
        assert loaded.spec() == spec_for(embedder)

    def test_reupsert_same_points_is_noop(self, loaded: Index, embedder: HashEmbedder) -> None:
        """Writing the same ids again changes neither the count nor the payloads."""
        before = loaded.scroll(QueryFilter())
        loaded.upsert(spec_for(embedder), make_points(RECORDS, embedder))
        assert loaded.scroll(QueryFilter()) == before

    def test_scroll_section_in_part_order(self, loaded: Index) -> None:
        """A section comes back whole, ordered by part, whatever the insertion order."""
        hits = loaded.scroll(QueryFilter(("betamol",), ("lieu_luong_cach_dung",)))
        assert [h.payload["part_index"] for h in hits] == [0, 1]
        assert hits[1].payload["quarantined"] is True

    def test_scroll_drug_in_printed_section_order(self, loaded: Index) -> None:
        """A drug's chunks come back in printed section order."""
        hits = loaded.scroll(QueryFilter(drug_ids=("alphacin",)))
        keys = [h.payload["section_key"] for h in hits]
        assert keys == ["chi_dinh", "chong_chi_dinh", "lieu_luong_cach_dung", "tuong_tac_thuoc"]

    def test_scroll_several_sections(self, loaded: Index) -> None:
        """A filter naming several sections matches any of them, across drugs."""
        hits = loaded.scroll(QueryFilter(section_keys=("chi_dinh", "tuong_tac_thuoc")))
        assert {h.payload["section_key"] for h in hits} == {"chi_dinh", "tuong_tac_thuoc"}
        assert len(hits) == 4

    def test_sparse_query_ranks_term_match_first(self, loaded: Index) -> None:
        """A sparse query ranks the chunk holding its rare terms first."""
        hits = loaded.query(dense=None, sparse=SparseEncoder().query("nhiễm nấm Candida"))
        assert hits[0].payload["drug_id"] == "gammazol"
        assert hits[0].payload["section_key"] == "chi_dinh"
        assert hits == sorted(hits, key=lambda h: -h.score)

    def test_sparse_query_without_diacritics(self, loaded: Index) -> None:
        """An unaccented query finds the accented text through the folded terms."""
        hits = loaded.query(dense=None, sparse=SparseEncoder().query("nhiem nam candida mieng"))
        assert hits[0].payload["drug_id"] == "gammazol"

    def test_dense_query_nearest_first(self, loaded: Index, embedder: HashEmbedder) -> None:
        """A dense query for a chunk's own text returns that chunk first."""
        target = loaded.scroll(QueryFilter(("gammazol",), ("tac_dung_khong_mong_muon",)))[0]
        from retrieval.convert import embed_text

        vector = embedder.embed_query(embed_text(target.payload))
        hits = loaded.query(dense=vector, sparse=None, limit=3)
        assert hits[0].id == target.id
        assert len(hits) == 3

    def test_hybrid_query_fuses_both_sides(self, loaded: Index, embedder: HashEmbedder) -> None:
        """Hybrid puts first what both sides rank first, then follows the steeper sparse side."""
        text = "Gammazol nhiễm nấm Candida miệng"
        dense, sparse = embedder.embed_query(text), SparseEncoder().query(text)
        hits = loaded.query(dense=dense, sparse=sparse, limit=5)
        by_dense = loaded.query(dense=dense, sparse=None, limit=5)
        by_sparse = loaded.query(dense=None, sparse=sparse, limit=5)
        assert hits[0].id == by_dense[0].id == by_sparse[0].id
        assert by_dense[1].id != by_sparse[1].id
        assert hits[1].id == by_sparse[1].id  # RRF_WEIGHTS trust the lexical top hits more
        assert all(h.score > 0 for h in hits)
        assert hits == sorted(hits, key=lambda h: -h.score)
        assert len(set(_ids(hits))) == len(hits)

    def test_query_respects_filter(self, loaded: Index, embedder: HashEmbedder) -> None:
        """Filtered queries only return the named drug and sections."""
        text = "tăng huyết áp"
        flt = QueryFilter(drug_ids=("betamol",))
        for dense, sparse in (
            (embedder.embed_query(text), None),
            (None, SparseEncoder().query(text)),
            (embedder.embed_query(text), SparseEncoder().query(text)),
        ):
            hits = loaded.query(dense=dense, sparse=sparse, flt=flt, limit=10)
            assert hits
            assert set(_drug_of(hits)) == {"betamol"}

    def test_replace_swaps_whole_corpus(self, loaded: Index, embedder: HashEmbedder) -> None:
        """Replace makes exactly the new points live and drops the old ones."""
        fresh = make_points(
            [rec("deltavir", "Deltavir", "chi_dinh", "- Nhiễm virus herpes.")], embedder
        )
        assert loaded.replace(spec_for(embedder), [fresh]) == 1
        assert loaded.count() == 1
        assert [e.drug_id for e in loaded.drugs()] == ["deltavir"]

    def test_failed_replace_keeps_old_corpus(self, loaded: Index, embedder: HashEmbedder) -> None:
        """A replace that fails midway leaves the previous corpus serving, untouched."""
        before = loaded.count()

        def batches() -> Iterator[list[IndexPoint]]:
            yield make_points([rec("deltavir", "Deltavir", "chi_dinh", "- Herpes.")], embedder)
            raise RuntimeError("disk full")

        with pytest.raises(RuntimeError, match="disk full"):
            loaded.replace(spec_for(embedder), batches())
        assert loaded.count() == before
        assert "deltavir" not in {e.drug_id for e in loaded.drugs()}

    def test_replace_may_change_spec(self, loaded: Index) -> None:
        """Replace may switch to other vectors (here: sparse only) and records the new spec."""
        loaded.replace(spec_for(None), [make_points(RECORDS[:2])])
        assert loaded.spec() == IndexSpec("disabled", None)
        hits = loaded.query(dense=None, sparse=SparseEncoder().query("suy tim"))
        assert hits[0].payload["drug_id"] == "alphacin"

    def test_upsert_with_other_dense_model_is_config_error(self, loaded: Index) -> None:
        """Upserting vectors from another model (or dimension) is refused with ConfigError."""
        other = HashEmbedder(dim=32)
        with pytest.raises(ConfigError, match="embedder"):
            loaded.upsert(spec_for(other), make_points(RECORDS[:1], other))

    def test_content_hashes_for_known_ids(self, loaded: Index) -> None:
        """Stored content hashes come back for known ids; unknown ids are absent."""
        point = make_points(RECORDS[:1])[0]
        unknown = "00000000-0000-5000-8000-000000000000"
        hashes = loaded.content_hashes([point.id, unknown])
        assert set(hashes) == {point.id}
        assert len(hashes[point.id]) == 32

    def test_drugs_lists_each_drug_once(self, loaded: Index) -> None:
        """The catalog has one entry per drug with its name and aliases."""
        drugs = {e.drug_id: e for e in loaded.drugs()}
        assert set(drugs) == {"alphacin", "betamol", "gammazol"}
        assert drugs["betamol"].name == "Betamol"
        assert drugs["betamol"].aliases == ("Beta Plus",)

    def test_delete_by_filter(self, loaded: Index) -> None:
        """Deleting by drug removes only that drug's points."""
        loaded.delete(QueryFilter(drug_ids=("gammazol",)))
        assert loaded.count(QueryFilter(drug_ids=("gammazol",))) == 0
        assert loaded.count(QueryFilter(drug_ids=("alphacin",))) == 4

    def test_count_with_filter(self, loaded: Index) -> None:
        """Count honours the filter."""
        assert loaded.count(QueryFilter(section_keys=("chi_dinh",))) == 3

    def test_replace_keeping_live_adds_to_corpus(
        self, loaded: Index, embedder: HashEmbedder
    ) -> None:
        """With keep_live the switched-in generation holds the old points and the new ones."""
        before = _by_id(loaded)
        fresh = make_points([rec("deltavir", "Deltavir", "chi_dinh", "- Herpes môi.")], embedder)
        assert loaded.replace(spec_for(embedder), [fresh], keep_live=True) == 1
        assert _by_id(loaded) == {**before, fresh[0].id: fresh[0].payload}
        vector = embedder.embed_query("Gammazol nhiễm nấm Candida miệng")
        assert _drug_of(loaded.query(dense=vector, sparse=None, limit=1)) == ["gammazol"]

    def test_replace_keeping_live_overwrites_same_ids(
        self, loaded: Index, embedder: HashEmbedder
    ) -> None:
        """A point written with keep_live replaces the live point of the same id."""
        changed = {**RECORDS[0], "text": "- Suy tim mạn."}
        point = make_points([changed], embedder)[0]
        loaded.replace(spec_for(embedder), [[point]], keep_live=True)
        assert loaded.count() == len(make_points(RECORDS))
        assert loaded.content_hashes([point.id]) == {point.id: point.payload["content_hash"]}

    def test_replace_keeping_live_on_empty_index_creates_it(
        self, index: Index, embedder: HashEmbedder
    ) -> None:
        """keep_live on an empty index creates the corpus with the given spec."""
        index.replace(spec_for(embedder), [make_points(RECORDS[:2], embedder)], keep_live=True)
        assert index.count() == 2
        assert index.spec() == spec_for(embedder)

    def test_failed_replace_keeping_live_changes_nothing(
        self, loaded: Index, embedder: HashEmbedder
    ) -> None:
        """A keep_live replace that fails midway leaves the live corpus exactly as it was."""
        before = _by_id(loaded)

        def batches() -> Iterator[list[IndexPoint]]:
            yield make_points([rec("deltavir", "Deltavir", "chi_dinh", "- Herpes.")], embedder)
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            loaded.replace(spec_for(embedder), batches(), keep_live=True)
        assert _by_id(loaded) == before
        assert loaded.replace(spec_for(embedder), [[]], keep_live=True) == 0
        assert _by_id(loaded) == before

    def test_replace_keeping_live_with_other_model_is_config_error(self, loaded: Index) -> None:
        """keep_live refuses vectors from another model before writing anything."""
        other = HashEmbedder(dim=32)
        with pytest.raises(ConfigError, match="embedder"):
            loaded.replace(spec_for(other), [make_points(RECORDS[:1], other)], keep_live=True)
        assert loaded.count() == len(make_points(RECORDS))

    def test_generation_changes_at_each_switch_only(
        self, index: Index, embedder: HashEmbedder
    ) -> None:
        """generation is None before any corpus and changes when, and only when, one switches."""
        assert index.generation() is None
        index.replace(spec_for(embedder), [make_points(RECORDS[:2], embedder)])
        first = index.generation()
        assert first is not None
        assert index.generation() == first

        def batches() -> Iterator[list[IndexPoint]]:
            yield make_points(RECORDS[2:3], embedder)
            raise RuntimeError("disk full")

        with pytest.raises(RuntimeError):
            index.replace(spec_for(embedder), batches(), keep_live=True)
        assert index.generation() == first
        index.replace(spec_for(embedder), [make_points(RECORDS[2:3], embedder)], keep_live=True)
        assert index.generation() not in (None, first)
