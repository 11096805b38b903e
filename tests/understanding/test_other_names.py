"""Products and other names people use for a substance the book titles otherwise (round 14):
a trade name the book never prints, an older name of a penicillin, the American name."""

from __future__ import annotations

import pytest

from core.catalog import DrugCatalog, DrugEntry
from understanding.drugs import DrugMatcher
from understanding.text import Turn


def ids(catalog: DrugCatalog, text: str) -> list[str]:
    return [m.drug_id for m in DrugMatcher(catalog).find(Turn.of(text))]


BOOK = DrugCatalog(
    [
        DrugEntry(drug_id="benzylpenicillin", name="Benzylpenicilin"),
        DrugEntry(drug_id="benzathine_benzylpenicillin", name="Benzathin benzylpenicilin"),
        DrugEntry(drug_id="diosmectite", name="Diosmectit"),
        DrugEntry(drug_id="albendazole", name="Albendazol"),
        DrugEntry(drug_id="alprazolam", name="Alprazolam"),
        DrugEntry(drug_id="diclofenac", name="Diclofenac"),
        DrugEntry(drug_id="alimemazine", name="Alimemazin"),
    ]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tiêm penicillin g cho bé mới sinh liều sao", "benzylpenicillin"),
        ("PENICILIN G kali pha thế nào", "benzylpenicillin"),
        ("mũi benzathine penicillin phòng thấp tim", "benzathine_benzylpenicillin"),
        ("benzathin tiêm mấy tuần một lần", "benzathine_benzylpenicillin"),
        ("gói smecta pha với bao nhiêu nước", "diosmectite"),
        ("tẩy giun bằng zentel cho bé 2 tuổi", "albendazole"),
        ("đang cho con bú uống xanax được không", "alprazolam"),
        ("đau lưng uống voltaren được không", "diclofenac"),
        ("siro theralene cho bé ho đêm", "alimemazine"),
    ],
)
def test_another_name_of_a_substance_the_book_holds_finds_it(text: str, expected: str) -> None:
    assert ids(BOOK, text) == [expected]


def test_the_book_s_own_name_still_wins() -> None:
    assert ids(BOOK, "benzathin benzylpenicilin cho người lớn") == ["benzathine_benzylpenicillin"]


def test_another_name_of_a_substance_the_book_lacks_names_nothing() -> None:
    small = DrugCatalog([DrugEntry(drug_id="warfarin", name="Warfarin")])
    assert ids(small, "penicilin g cho bé") == []
    assert ids(small, "smecta cho bé") == []


@pytest.mark.parametrize(
    "text",
    [
        "voltaren plus có mấy mg codein",
        "viên voltaren extra uống sao",
        "Voltaren Cold uống được ko",
    ],
)
def test_a_product_name_with_a_combination_word_is_not_the_single_substance(text: str) -> None:
    """ "… Extra", "… Plus", "… Cold": another product that adds a substance, so not the one
    the bare name is sold as; the bare name still is."""
    assert ids(BOOK, text) == []
    assert ids(BOOK, "voltaren uống sau ăn hả") == ["diclofenac"]
