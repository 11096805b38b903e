"""The retriever's catalog carries the corpus's brands, and its name index follows re-ingests."""

from __future__ import annotations

import json
from pathlib import Path

from retrieval.embed import DisabledEmbedder
from retrieval.index import drug_entries
from retrieval.ingest import ingest_files
from retrieval.service import RetrievalService
from retrieval.testing import MemoryIndex


def _corpus(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    return path


def _row(drug_id: str, name: str, section: str, text: str, **extra: object) -> dict[str, object]:
    return {"drug_id": drug_id, "drug_name": name, "section_key": section, "text": text, **extra}


def test_brands_and_base_names_come_from_the_ingested_corpus(tmp_path: Path) -> None:
    """Brands are read from Tên thương mại text; quarantined brand text is not."""
    rows = [
        _row("xamol_hcl", "Xamol hydroclorid", "chi_dinh", "- Sốt."),
        _row("xamol_hcl", "Xamol hydroclorid", "ten_thuong_mai", "*Orbanel; Quintex 10.*"),
        _row("yvir", "Yvir", "chi_dinh", "- Cúm."),
        _row("yvir", "Yvir", "ten_thuong_mai", "Stravol.", quarantined=True),
    ]
    index = MemoryIndex()
    ingest_files([_corpus(tmp_path / "a.jsonl", rows)], index, DisabledEmbedder(), progress=False)
    service = RetrievalService(index, DisabledEmbedder())
    names = service.catalog().names
    assert names.find("quintex") == ("xamol_hcl",)
    assert names.find("xamol") == ("xamol_hcl",)
    assert names.find("stravol") == ()
    assert service.linked_drugs("liều orbanel cho trẻ") == ("xamol_hcl",)


def test_replace_and_refresh_rebuild_the_name_index(tmp_path: Path) -> None:
    """After `ingest --replace` and a refresh, names follow the new corpus only."""
    index = MemoryIndex()
    old = [
        _row("xamol", "Xamol", "chi_dinh", "- Sốt."),
        _row("xamol", "Xamol", "ten_thuong_mai", "Orbanel."),
    ]
    new = [
        _row("zeta_sulfat", "Zeta sulfat", "chi_dinh", "- Ho."),
        _row("zeta_sulfat", "Zeta sulfat", "ten_thuong_mai", "Kinoret."),
    ]
    ingest_files([_corpus(tmp_path / "old.jsonl", old)], index, DisabledEmbedder(), progress=False)
    service = RetrievalService(index, DisabledEmbedder())
    assert service.catalog().names.find("orbanel") == ("xamol",)
    ingest_files(
        [_corpus(tmp_path / "new.jsonl", new)],
        index,
        DisabledEmbedder(),
        replace=True,
        progress=False,
    )
    service.refresh()
    names = service.catalog().names
    assert names.find("orbanel") == ()
    assert names.find("kinoret") == ("zeta_sulfat",)
    assert names.find("zeta") == ("zeta_sulfat",)


def test_an_inn_the_corpus_gives_resolves_like_an_alias(tmp_path: Path) -> None:
    """A drug whose INN only some lines give (an A–D style extract beside our own lines) is
    found by that INN wherever its alias finds it, whatever order the index returns lines in;
    a second INN spelling another line gives finds it too."""
    ours = [
        _row("testamol", "Testamol", "chi_dinh", "- Sốt.", aliases=["Tamolix"]),
        _row("testamol", "Testamol", "chong_chi_dinh", "- Suy gan nặng.", inn="Testamolum"),
    ]
    extract = [
        {
            "drug": "Viên Testa",
            "drug_inn": "Testamol",
            "section": "Liều lượng và cách dùng",
            "text": "Người lớn: 500 mg mỗi lần.",
        },
    ]
    files = [_corpus(tmp_path / "ours.jsonl", ours), _corpus(tmp_path / "a-d.jsonl", extract)]
    for order in (files, files[::-1]):
        index = MemoryIndex()
        ingest_files(order, index, DisabledEmbedder(), replace=True, progress=False)
        assert [e.drug_id for e in index.drugs()] == ["testamol"]
        service = RetrievalService(index, DisabledEmbedder())
        names = service.catalog().names
        assert names.find("tamolix") == ("testamol",)
        assert names.find("testamolum") == ("testamol",)
        assert service.linked_drugs("liều Testamolum cho người lớn") == ("testamol",)


def test_drug_entries_merge_every_inn_whatever_the_order() -> None:
    """The catalog entry keeps the first INN and lists any other as an alias, in either order."""
    first = {"drug_id": "d", "drug_name": "D", "inn": "", "aliases": ["x"]}
    second = {"drug_id": "d", "drug_name": "D", "inn": "Testamol", "aliases": []}
    third = {"drug_id": "d", "drug_name": "D", "inn": "Testamolum", "aliases": []}
    (entry,) = drug_entries([first, second, third])
    assert entry.inn == "Testamol" and set(entry.aliases) == {"x", "Testamolum"}
    (entry,) = drug_entries([third, first, second])
    assert entry.inn == "Testamolum" and set(entry.aliases) == {"x", "Testamol"}
    (entry,) = drug_entries([second, first])
    assert entry.inn == "Testamol" and entry.aliases == ("x",)
