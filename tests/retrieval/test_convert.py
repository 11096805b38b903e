"""Pure conversions: stable ids, payloads, evidence and filters for both Qdrant APIs."""

from __future__ import annotations

from retrieval_support import RECORDS

from retrieval.convert import chunk_payloads, embed_text, hit_to_evidence, order_of, point_id
from retrieval.corpus import CorpusRecord
from retrieval.index import Hit


def test_point_ids_are_stable_uuid5() -> None:
    """The same keys give the same id; any key change gives another."""
    a = point_id("s", "d", "chi_dinh", 0, 0)
    assert a == point_id("s", "d", "chi_dinh", 0, 0)
    assert len({a, point_id("s", "d", "chi_dinh", 1, 0), point_id("s", "d", "chi_dinh", 0, 1)}) == 3
    assert a[14] == "5"


def test_order_follows_printed_sections_then_parts() -> None:
    """Order sorts by printed section, then part, then chunk."""
    assert order_of("chi_dinh", 5, 9) < order_of("chong_chi_dinh", 0, 0)
    assert order_of("chi_dinh", 0, 9) < order_of("chi_dinh", 1, 0)


def test_payload_carries_contract_fields() -> None:
    """A chunk payload carries drug, section, part, pages, source and quarantine."""
    record = CorpusRecord.model_validate({**RECORDS[7], "page_start": 3, "page_end": 4})
    (payload,) = chunk_payloads(record)
    for field in (
        "drug_id",
        "drug_name",
        "section_key",
        "section_title",
        "part_index",
        "page_start",
        "page_end",
        "source",
        "quarantined",
        "chunk_id",
        "text",
    ):
        assert field in payload
    assert payload["quarantined"] is True
    assert payload["chunk_id"] == point_id(record.source, "betamol", "lieu_luong_cach_dung", 1, 0)


def test_embed_text_names_drug_and_section() -> None:
    """What gets embedded starts with the drug's names and the section title."""
    (payload,) = chunk_payloads(CorpusRecord.model_validate(RECORDS[4]))
    assert embed_text(payload).startswith("Betamol, Beta Plus – Chỉ định (dùng để")


def test_hit_to_evidence_keeps_provenance() -> None:
    """Evidence built from a hit keeps every provenance field and the score."""
    (payload,) = chunk_payloads(CorpusRecord.model_validate(RECORDS[0]))
    ev = hit_to_evidence(Hit(payload["chunk_id"], payload, 0.5))
    assert (ev.drug_id, ev.section_key, ev.chunk_id, ev.score) == (
        "alphacin",
        "chi_dinh",
        payload["chunk_id"],
        0.5,
    )
