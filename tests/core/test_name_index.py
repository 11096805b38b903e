"""Tests for core/name_index.py and the catalog's name index, on small records of our own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.catalog import DrugCatalog, DrugEntry
from core.name_index import NameIndex, Rank
from grounding.candidates import DrugMentions
from retrieval.linking import DrugLinker
from understanding.drugs import DrugMatcher
from understanding.testing import demo_catalog
from understanding.text import Turn

ENTRIES = [
    DrugEntry(drug_id="tramadol_hcl", name="Tramadol hydroclorid", inn="Tramadol hydrochloride"),
    DrugEntry(
        drug_id="amoxicillin",
        name="Amoxicilin",
        inn="Amoxicillin",
        aliases=("Amoxil",),
        brands=("Auclavix", "Moxilen 500"),
    ),
    DrugEntry(
        drug_id="amox_clav",
        name="Amoxicilin và kali clavulanat",
        inn="Amoxicillin and potassium clavulanate",
        aliases=("Amoxil",),
        brands=("Zentamox", "Kalvix 500/125", "Prednison", "Bé khỏe", "Auclavix"),
    ),
    DrugEntry(drug_id="aspirin", name="Acid acetylsalicylic (Aspirin)", inn="Acetylsalicylic acid"),
    DrugEntry(
        drug_id="salbutamol", name="Salbutamol (Dùng trong hô hấp)", aliases=("Dùng trong hô hấp",)
    ),
    DrugEntry(
        drug_id="phytomenadione",
        name="Phytomenadion (Pytonadion, vitamin K1)",
        inn="Phytomenadione",
    ),
    DrugEntry(
        drug_id="glyceryl_trinitrate",
        name="Glyceryl trinitrat",
        inn="Glyceryl trinitrate (Nitroglycerin)",
    ),
    DrugEntry(drug_id="sodium_chloride", name="Natri clorid"),
    DrugEntry(drug_id="zinc_sulfate", name="Kẽm sulfat"),
    DrugEntry(drug_id="morphine_sulfate", name="Morphin sulfat"),
    DrugEntry(drug_id="morphine_hcl", name="Morphin hydroclorid"),
    DrugEntry(drug_id="candesartan_cilexetil", name="Candesartan cilexetil"),
]
CATALOG = DrugCatalog(ENTRIES)


def found(text: str) -> tuple[str, ...]:
    return CATALOG.names.find(text)


@pytest.mark.parametrize(
    "text",
    ["liều tramadol cho người lớn", "Tramadol HCl 50 mg", "tramadol hydrochloride", "TRAMADOL"],
)
def test_base_name_finds_the_salt_monograph(text: str) -> None:
    """The name without its salt word finds the monograph printed with it."""
    assert found(text) == ("tramadol_hcl",)


def test_base_name_finds_the_ester_monograph() -> None:
    """ "candesartan" finds "Candesartan cilexetil": an ester word is dropped like a salt."""
    assert found("mang thai uống candesartan được không") == ("candesartan_cilexetil",)


@pytest.mark.parametrize(
    "text",
    [
        "amoxicillin clavulanate",
        "amoxicilin + acid clavulanic",
        "amoxicilin và clavulanat",
        "clavulanate potassium amoxicillin",
        "Amoxicilin/kali clavulanat cho trẻ",
        "amoxicillin and clavulanic acid",
    ],
)
def test_combination_by_its_parts_in_any_order_and_spelling(text: str) -> None:
    """A combination is found when all its parts are named, in any order or spelling."""
    assert found(text) == ("amox_clav",)


def test_single_part_prefers_the_single_monograph() -> None:
    """One part alone names the single-ingredient monograph, never the combination."""
    assert found("amoxicilin") == ("amoxicillin",)
    assert found("liều amoxicillin") == ("amoxicillin",)


def test_a_part_alone_never_names_a_combination() -> None:
    """Without a single-ingredient monograph, one part names nothing (no silent combination)."""
    only_combo = DrugCatalog([e for e in ENTRIES if e.drug_id != "amoxicillin"])
    assert only_combo.names.find("amoxicilin") == ()


def test_equal_names_prefer_the_single_ingredient() -> None:
    """An alias both monographs carry names the single-ingredient one."""
    assert found("Amoxil") == ("amoxicillin",)


def test_names_do_not_span_a_sentence_break() -> None:
    """Two parts in separate sentences are not the combination."""
    assert found("Dùng amoxicilin. Acid clavulanic thì sao") == ("amoxicillin",)


def test_brands_of_the_brand_section() -> None:
    """Brands find their drug, with or without strength and form words."""
    assert found("Zentamox") == ("amox_clav",)
    assert found("kalvix 500/125") == ("amox_clav",)
    assert found("kalvix") == ("amox_clav",)
    assert found("moxilen") == ("amoxicillin",)


@pytest.mark.parametrize("text", ["Prednison", "bé khỏe", "Auclavix"])
def test_brands_that_would_mislead_are_dropped(text: str) -> None:
    """A brand that is another substance, ordinary words, or listed under two drugs names none."""
    assert found(text) == ()


@pytest.mark.parametrize(
    ("text", "drug_id"),
    [
        ("aspirin", "aspirin"),
        ("acetylsalicylic acid", "aspirin"),
        ("axit acetylsalicylic", "aspirin"),
        ("vitamin K1", "phytomenadione"),
        ("pytonadion", "phytomenadione"),
        ("phytomenadione", "phytomenadione"),
        ("nitroglycerin", "glyceryl_trinitrate"),
        ("salbutamol", "salbutamol"),
    ],
)
def test_bracketed_names_and_inn_spellings(text: str, drug_id: str) -> None:
    """Names in brackets and English INN spellings find the drug."""
    assert found(text) == (drug_id,)


def test_bracketed_notes_are_not_names() -> None:
    """A bracketed note of ordinary words ("Dùng trong hô hấp") is not a name."""
    assert found("thuốc dùng trong hô hấp") == ()


def test_all_salt_names_and_ordinary_word_bases() -> None:
    """A name of salt words only is found whole; a base that is an ordinary word is not made."""
    assert found("natri clorid 0,9%") == ("sodium_chloride",)
    assert found("kẽm sulfat") == ("zinc_sulfate",)
    assert found("kem bôi da") == ()


def test_equal_ties_are_ordered_and_kept_for_search() -> None:
    """A base two salts share gives the plainer monograph, and both when ties are asked for."""
    assert found("morphin") == ("morphine_sulfate",)
    assert CATALOG.names.find("morphine", ties=True) == ("morphine_sulfate", "morphine_hcl")


def test_ranks_and_forms() -> None:
    """Every form is listed with its rank; printed names outrank bases and brands."""
    forms = {(f.drug_id, f.rank) for f in CATALOG.names.forms() if f.key == ("tramadol",)}
    assert forms == {("tramadol_hcl", Rank.BASE)}
    assert CATALOG.names.lookup(["zentamox"]) == (("amox_clav",), Rank.BRAND)
    assert CATALOG.names.ingredients("amox_clav") == 2


def test_names_inside_a_longer_name() -> None:
    """`names` finds a drug even inside a longer drug's name."""
    index = CATALOG.names
    assert index.names("Amoxicilin và kali clavulanat", "amoxicillin")
    assert index.names("Amoxicilin và kali clavulanat", "amox_clav")
    assert not index.names("Amoxicilin. Kali clavulanat", "amox_clav")
    assert not index.names("paracetamol", "amoxicillin")


def test_every_layer_uses_the_same_index() -> None:
    """Understanding, grounding and retrieval linking find the same drugs in the same text."""
    text = "tramadol dùng chung amoxicillin clavulanate được không"
    matcher = [m.drug_id for m in DrugMatcher(CATALOG).find(Turn.of(text))]
    assert matcher == ["tramadol_hcl", "amox_clav"]
    assert DrugMentions(CATALOG).in_text(text) == matcher
    assert list(DrugLinker(CATALOG).link(text)) == matcher


def test_a_corpus_name_is_no_longer_unknown() -> None:
    """A medicine "known elsewhere" becomes a name when the corpus carries it."""
    assert DrugMatcher(demo_catalog()).is_known_non_catalog("tramadol")
    assert not DrugMatcher(CATALOG).is_known_non_catalog("tramadol")


def test_typo_tolerance_is_kept() -> None:
    """Small typos of a base or combination name still match in the understander."""
    matcher = DrugMatcher(CATALOG)
    assert [m.drug_id for m in matcher.find(Turn.of("tramadon"))] == ["tramadol_hcl"]
    turn = Turn.of("amoxicilin va acid clavulanik")
    assert [m.drug_id for m in matcher.find(turn)] == ["amox_clav"]


def test_catalog_with_brands_parses_section_text() -> None:
    """Brands are read from (drug id, Tên thương mại text) pairs, parts of a list in order."""
    catalog = DrugCatalog([DrugEntry(drug_id="x", name="Xamol")]).with_brands(
        [("x", "*Orbanel; Quintex 10"), ("x", "Varomix.*"), ("missing", "Nope")]
    )
    assert catalog.get("x").brands == ("Orbanel", "Quintex 10", "Varomix")  # type: ignore[union-attr]
    assert catalog.names.find("quintex") == ("x",)
    assert "missing" not in catalog


def test_catalog_from_corpus_files_reads_brands(tmp_path: Path) -> None:
    """Corpus files give names and the brands of their ten_thuong_mai records."""
    rows = [
        {"drug_id": "x", "drug_name": "Xamol", "section_key": "chi_dinh", "text": "- Sốt."},
        {"drug_id": "x", "drug_name": "Xamol", "section_key": "ten_thuong_mai", "text": "Orbanel."},
    ]
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    catalog = DrugCatalog.from_corpus_files([path])
    assert catalog.names.find("orbanel") == ("x",)


def test_demo_catalog_builds_without_collisions() -> None:
    """The demo catalog's names resolve each to one drug."""
    index = NameIndex(demo_catalog())
    for form in index.forms():
        hit = index.lookup(form.key)
        assert hit is not None
        assert len(hit[0]) == 1, form
