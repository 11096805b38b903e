"""Mapping third-party extracts onto our record fields."""

from __future__ import annotations

from retrieval.candidates import inn_owners, is_candidate_record, map_candidate
from retrieval.corpus import CorpusRecord


def test_shape_detection() -> None:
    """Our own records are never taken for the third-party shape."""
    assert is_candidate_record({"drug": "X", "section": "Chỉ định", "text": "t"})
    assert not is_candidate_record({"drug_id": "x", "drug": "X", "section": "Chỉ định"})


def test_mapping_fields() -> None:
    """Drug id comes from the INN, bracketed names become aliases, flags may quarantine."""
    mapped = map_candidate(
        {
            "drug": "Acid zeta (Zetol)",
            "drug_inn": "Zeta acid",
            "section": "Chỉ định",
            "section_key": "chi_dinh",
            "text": "t",
            "atc": "A01A B02",
            "page": None,
            "quality_flags": ["possible_other_drug_content"],
            "edition": "DTQG 2018",
            "source_repo": "someone/repo",
        },
        part_index=1,
    )
    record = CorpusRecord.model_validate(mapped)
    assert record.drug_id == "zeta_acid"
    assert record.aliases == ("Zetol", "Zeta acid")
    assert record.atc == ("A01AB02",)
    assert record.part_index == 1
    assert record.quarantined
    assert record.source == "DTQG 2018 (someone/repo)"


def test_drug_without_inn_uses_name() -> None:
    """Without an INN the id is the slug of the printed name."""
    mapped = map_candidate({"drug": "Cồn Boric", "section": "Chỉ định", "text": "t"})
    assert mapped["drug_id"] == "con_boric"


def test_an_inn_given_to_two_named_monographs_belongs_to_the_closer_name() -> None:
    """Cloroquin marked "Clonidine", Ampicilin marked "Amoxicilin": their ids come from their
    own names; Clonidin and Amoxicilin keep the INN's."""
    objs = [
        {"drug": "Clonidin", "drug_inn": "Clonidine", "section": "Chỉ định", "text": "a"},
        {"drug": "Cloroquin", "drug_inn": "Clonidine", "section": "Chỉ định", "text": "b"},
        {"drug": "Amoxicilin", "drug_inn": "Amoxicillin", "section": "Chỉ định", "text": "c"},
        {"drug": "Ampicilin", "drug_inn": "Amoxicilin", "section": "Chỉ định", "text": "d"},
    ]
    owners = inn_owners(objs)
    ids = [map_candidate(o, inn_owner=owners)["drug_id"] for o in objs]
    assert ids == ["clonidine", "cloroquin", "amoxicillin", "ampicilin"]


def test_the_scraped_edition_note_is_not_section_text() -> None:
    """A trailing "Nguồn: Dược Thư 2012" line is provenance, not part of the section."""
    obj = {
        "drug": "X",
        "section": "Bảo quản",
        "text": "Bảo quản nơi khô mát.\n\nNguồn: Dược\xa0 Thư 2012",
    }
    assert map_candidate(obj)["text"] == "Bảo quản nơi khô mát."
