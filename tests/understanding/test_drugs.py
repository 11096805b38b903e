"""Tests for understanding/drugs.py: catalog matching, typos and unknown names."""

from __future__ import annotations

import pytest

from core.catalog import DrugCatalog
from understanding.drugs import DrugMatcher, is_vietnamese_syllable
from understanding.text import Turn


def ids(catalog: DrugCatalog, text: str) -> list[str]:
    return [m.drug_id for m in DrugMatcher(catalog).find(Turn.of(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PARACETAMOL", ["paracetamol"]),
        ("panadol extra", ["paracetamol"]),
        ("Acid valproic", ["valproic_acid"]),
        ("amoxicilin và acid clavulanic", ["amoxicillin_clavulanate"]),
        ("Amoxicillin/clavulanic acid", ["amoxicillin_clavulanate"]),
        ("vitamin K1", ["phytomenadione"]),
        ("Isosorbid dinitrat", ["isosorbide_dinitrate"]),
    ],
)
def test_names_inns_and_brands_match(catalog: DrugCatalog, text: str, expected: list[str]) -> None:
    """Printed names, INNs, several-word names and brand names map to their drug id."""
    assert ids(catalog, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("paracetamon", "paracetamol"),
        ("ibuprophen", "ibuprofen"),
        ("amoxcilin", "amoxicillin"),
        ("azithromicin", "azithromycin"),
        ("clopidogrell", "clopidogrel"),
    ],
)
def test_small_typos_are_tolerated(catalog: DrugCatalog, text: str, expected: str) -> None:
    """One or two edits on a long name still find the drug."""
    assert ids(catalog, text) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("para cho bé 7 tuổi", ["paracetamol"]), ("cipro cho mẹ cho con bú", ["ciprofloxacin"])],
)
def test_a_short_name_that_begins_one_drug_finds_it(
    catalog: DrugCatalog, text: str, expected: list[str]
) -> None:
    """ "para", "cipro": the beginning of exactly one drug's name, as pharmacists type it."""
    assert ids(catalog, text) == expected


def test_a_beginning_shared_by_two_drugs_or_too_short_finds_none(catalog: DrugCatalog) -> None:
    """ "metr…"/"meth…" differ but "met" is too short (no open syllable, and three drugs);
    a beginning two drugs share names neither."""
    from understanding.drugs import _unique_prefixes

    assert ids(catalog, "met cho bé") == []
    assert ids(catalog, "cla 500") == []  # clarithromycin, Claritin, Clamoxyl

    def one(_: str) -> int:
        return 1

    prefixes = _unique_prefixes([("cefuroxim", "cefuroxime"), ("cefuroxin", "other")], one)
    assert "cefu" not in prefixes and "cefuroxim"[:4] not in prefixes
    assert _unique_prefixes([("paracetamol", "paracetamol")], one)["para"] == "paracetamol"


def test_a_beginning_shared_with_combinations_is_the_single_substances(
    catalog: DrugCatalog,
) -> None:
    """ "amox" begins amoxicillin and the amoxicillin–clavulanate names: a pharmacist means
    the single substance; two single substances sharing a beginning still name neither."""
    from understanding.drugs import _unique_prefixes

    assert ids(catalog, "amox cho bé 2 tuổi") == ["amoxicillin"]
    parts = {"amoxicillin": 1, "amoxiclav": 2, "cefa": 1, "cefb": 1}
    prefixes = _unique_prefixes(
        [("amoxicilin", "amoxicillin"), ("amoxiclav", "amoxiclav"),
         ("cefalexin", "cefa"), ("cefadroxil", "cefb")],
        parts.__getitem__,
    )  # fmt: skip
    assert prefixes["amox"] == "amoxicillin" and "cefa" not in prefixes


def test_several_drugs_in_order(catalog: DrugCatalog) -> None:
    """Every drug in a turn is found, left to right."""
    assert ids(catalog, "warfarin, fluconazol và Flagyl") == [
        "warfarin",
        "fluconazole",
        "metronidazole",
    ]


@pytest.mark.parametrize(
    "text", ["prednison", "esomeprazol", "cefixim", "vitamin c", "dioxin", "dopamine"]
)
def test_near_neighbours_are_not_guessed(catalog: DrugCatalog, text: str) -> None:
    """A different medicine that looks like a catalog name is not mapped onto it."""
    assert ids(catalog, text) == []


def test_vietnamese_words_are_never_fuzzy_matched(catalog: DrugCatalog) -> None:
    """Ordinary Vietnamese words are not read as typos of drug names."""
    assert ids(catalog, "nguoi lon uong thuoc nhieu lan trong ngay") == []


def test_skipped_tokens_are_ignored(catalog: DrugCatalog) -> None:
    """Tokens the caller reserves (an allergy) are not drug mentions."""
    turn = Turn.of("dị ứng aspirin, dùng paracetamol")
    found = DrugMatcher(catalog).find(turn, frozenset({2}))
    assert [m.drug_id for m in found] == ["paracetamol"]


def test_syllable_shape() -> None:
    """Vietnamese syllables are recognised; drug names are not syllables."""
    assert all(is_vietnamese_syllable(w) for w in ("nghieng", "thuoc", "uong", "khuya"))
    assert not any(is_vietnamese_syllable(w) for w in ("tamiflu", "insulin", "panadol"))


def test_a_word_only_one_several_word_name_has_names_that_drug(catalog: DrugCatalog) -> None:
    """ "isosorbid" alone is isosorbide dinitrate; "vitamin" alone names no drug."""
    assert ids(catalog, "isosorbid ngậm dưới lưỡi") == ["isosorbide_dinitrate"]
    assert ids(catalog, "uong vitamin hang ngay") == []


def test_a_word_two_names_share_or_a_salt_names_nobody() -> None:
    """A word in two drugs' names, a salt, or a word some one-word name also is: no owner."""
    from understanding.name_parts import own_words

    names = {"dinitrat isosorbid": "iso", "kalium losartan": "los", "isosorbid mononitrat": "iso5"}
    owned = own_words(names, frozenset({"losartan"}))
    assert "isosorbid" not in owned and "losartan" not in owned
    assert owned["mononitrat"] == "iso5"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ibu cho bé 3 tuổi", ["ibuprofen"]),
        ("siro azi pha rồi để được bao lâu", ["azithromycin"]),
        ("para với ibu xen kẽ được không", ["paracetamol", "ibuprofen"]),
    ],
)
def test_an_open_first_syllable_of_a_printed_name_finds_it(
    catalog: DrugCatalog, text: str, expected: list[str]
) -> None:
    """ "ibu|profen", "azi|thromycin": three letters ending an open syllable of one printed
    name are the short name people say at home."""
    assert ids(catalog, text) == expected


@pytest.mark.parametrize(
    "text", ["alo bác sĩ ơi", "bị flu mấy hôm", "met quá", "cat đôi viên", "dia chi nha thuoc"]
)
def test_everyday_three_letter_words_name_no_drug(catalog: DrugCatalog, text: str) -> None:
    """A greeting, an English word, a Vietnamese syllable or a closed syllable is no short
    name."""
    assert ids(catalog, text) == []


@pytest.mark.parametrize(
    "text", ["amox-clav 625 uống sau ăn", "amoxi/clav cho bé", "clav amox", "Amox clav 1g"]
)
def test_short_parts_of_a_combination_name_it(catalog: DrugCatalog, text: str) -> None:
    """Each part the beginning of a different word of one combination's name: the
    combination, not its first substance."""
    assert ids(catalog, text) == ["amoxicillin_clavulanate"]


def test_a_beginning_one_printed_name_shares_with_product_names_is_the_printed(
    catalog: DrugCatalog,
) -> None:
    """ "clari" begins clarithromycin's printed name and Claritin (loratadine): the printed
    name's; the whole product name still names its own drug."""
    assert ids(catalog, "clari 500 uống sau ăn") == ["clarithromycin"]
    assert ids(catalog, "claritin 10mg") == ["loratadine"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("siro Sara cho bé 2 tuổi", "paracetamol"), ("tatanol 500", "paracetamol"),
     ("Hydrocolacyl 5mg uống sáng", "prednisolone"),
     ("mẹ uống aspocid 81 mỗi sáng", "aspirin")],
)  # fmt: skip
def test_a_pharmacy_product_the_corpus_does_not_list_names_its_substance(
    catalog: DrugCatalog, text: str, expected: str
) -> None:
    """A product people buy the medicine by names the substance it is sold as."""
    assert ids(catalog, text) == [expected]


def test_a_pharmacy_product_of_a_substance_the_corpus_lacks_names_nothing() -> None:
    """Without its substance in the corpus a product names no drug."""
    from core.catalog import DrugEntry

    small = DrugCatalog([DrugEntry(drug_id="warfarin", name="Warfarin")])
    assert ids(small, "tatanol 500") == []
    assert ids(small, "warfarin 5mg") == ["warfarin"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("viên đạn hạ sốt để tủ lạnh được không", "paracetamol"),
     ("vien ngam tim bo ra hop nhua duoc ko", "isosorbide_dinitrate")],
)  # fmt: skip
def test_a_nickname_by_form_and_use_names_its_one_substance(
    catalog: DrugCatalog, text: str, expected: str
) -> None:
    """ "viên đạn hạ sốt", "viên ngậm tim": what people call the one medicine of that form."""
    assert ids(catalog, text) == [expected]


def test_the_use_alone_names_no_drug(catalog: DrugCatalog) -> None:
    """ "thuốc hạ sốt" or "siro hạ sốt" may be paracetamol or ibuprofen: no drug."""
    assert ids(catalog, "siro hạ sốt của bé để được bao lâu") == []


def test_a_pharmacy_products_beginning_names_its_substance() -> None:
    """ "moti cho bé": the first letters of a product people buy by, when the corpus lacks it."""
    from core.catalog import DrugEntry

    small = DrugCatalog([DrugEntry(drug_id="domperidone", name="Domperidon")])
    assert ids(small, "moti cho bé 20kg nôn ói") == ["domperidone"]
    assert ids(small, "motilium cho bé") == ["domperidone"]
    assert ids(DrugCatalog([DrugEntry(drug_id="warfarin", name="Warfarin")]), "moti cho bé") == []


def test_a_shop_brand_names_its_substance_when_the_book_lists_no_brand() -> None:
    """A book that prints no trade names (the real texts) still knows the suspension a
    parent bought by its box's name, when it has that substance."""
    from core.catalog import DrugEntry

    bare = DrugCatalog([DrugEntry(drug_id="azithromycin", name="Azithromycin")])
    assert ids(bare, "zithromax 200mg/5ml cho bé") == ["azithromycin"]
