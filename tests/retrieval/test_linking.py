"""Linking drug names in free text to catalog ids."""

from __future__ import annotations

from core.catalog import DrugCatalog, DrugEntry
from retrieval.linking import DrugLinker

CATALOG = DrugCatalog(
    [
        DrugEntry(
            drug_id="amoxicillin", name="Amoxicilin", inn="Amoxicillin", aliases=("Hagimox",)
        ),
        DrugEntry(
            drug_id="amoxicillin_clavulanate",
            name="Amoxicilin và acid clavulanic",
            aliases=("Augmentin", "amoxicilin clavulanat"),
        ),
        DrugEntry(drug_id="warfarin", name="Warfarin", aliases=("Coumadin",)),
        DrugEntry(drug_id="aspirin", name="Aspirin", aliases=("ASA", "acid acetylsalicylic")),
    ]
)


def test_longest_name_wins() -> None:
    """A combination's full name links to the combination, not its first ingredient."""
    linker = DrugLinker(CATALOG)
    assert linker.link("amoxicilin clavulanat cho trẻ") == ("amoxicillin_clavulanate",)
    assert linker.link("Liều amoxicilin") == ("amoxicillin",)


def test_aliases_without_diacritics_in_order() -> None:
    """Brand names and unaccented spellings link, in order of mention, each once."""
    linker = DrugLinker(CATALOG)
    assert linker.link("coumadin dung chung acid acetylsalicylic, coumadin") == (
        "warfarin",
        "aspirin",
    )


def test_whole_words_only() -> None:
    """A name inside another word does not link ("asa" in "casa")."""
    assert DrugLinker(CATALOG).link("casa hagimoxx") == ()
