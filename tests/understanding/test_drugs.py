"""Tests for understanding/drugs.py: catalog matching, typos and unknown names."""

from __future__ import annotations

import pytest

from core.catalog import DrugCatalog
from understanding.drugs import DrugMatcher, _short_pairs, is_vietnamese_syllable
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
    """ "metr…"/"meth…" differ but "met" is too short ("ibu" only as the clipped name people
    type, NICKNAMES); a beginning two drugs share names neither."""
    from understanding.drugs import _unique_prefixes

    assert ids(catalog, "met cho bé") == []

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


@pytest.mark.parametrize("text", ["amox/clav cho bé", "amox-clav 14kg", "amox + clav", "Clav/amox"])
def test_two_short_names_joined_name_their_combination(catalog: DrugCatalog, text: str) -> None:
    """Two beginnings joined by "/", "-" or "+" (either order) name the combination whose
    two-word name they begin, not its first part alone."""
    assert ids(catalog, text) == ["amoxicillin_clavulanate"]


def test_a_pair_two_combinations_share_names_neither() -> None:
    """Beginnings that two combinations' names share are nobody's."""
    parts = {"a_b": 2, "a_c": 2, "single": 1}
    pairs = _short_pairs(
        [("amoxicilin clavulanat", "a_b"), ("amoxicilin clavam", "a_c"),
         ("salbutamol sulfat", "single")],
        parts.__getitem__,
    )  # fmt: skip
    assert ("amox", "clav") not in pairs and ("amox", "clavu") in pairs
    assert not any(v == "single" for v in pairs.values())


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
    from understanding.drugs import _own_words

    names = {"dinitrat isosorbid": "iso", "kalium losartan": "los", "isosorbid mononitrat": "iso5"}
    owned = _own_words(names, frozenset({"losartan"}))
    assert "isosorbid" not in owned and "losartan" not in owned
    assert owned["mononitrat"] == "iso5"


@pytest.mark.parametrize(
    ("text", "drug"),
    [("Ibu cho mỗi lần bao nhiêu", "ibuprofen"), ("bs cho azi 3 ngày", "azithromycin")],
)
def test_a_clipped_name_people_type_names_its_drug(
    catalog: DrugCatalog, text: str, drug: str
) -> None:
    """'ibu', 'azi' (too short to be a beginning) name the medicine they clip."""
    assert ids(catalog, text) == [drug]
