"""Corpus records and the section alias table."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from core.sections import SECTION_TITLES, SectionKey
from core.text import fold_words
from retrieval.corpus import CorpusRecord, parse_atc, section_key_for, slugify


@pytest.mark.parametrize("key", list(SectionKey))
def test_every_key_and_printed_title_maps_to_itself(key: SectionKey) -> None:
    """Each contract key and its printed title map to that key."""
    assert section_key_for(key.value) is key
    assert section_key_for(SECTION_TITLES[key]) is key


@pytest.mark.parametrize(
    ("title", "key"),
    [
        ("Liều dùng", "lieu_luong_cach_dung"),
        ("lieu_luong_va_cach_dung", "lieu_luong_cach_dung"),
        ("LIỀU LƯỢNG VÀ CÁCH DÙNG", "lieu_luong_cach_dung"),
        ("Chỉ đinh", "chi_dinh"),
        ("Turong ky", "tuong_ky"),
        ("Đô ổn đinh và bảo quản", "do_on_dinh_bao_quan"),
        ("Thông tin về qui chế", "thong_tin_quy_che"),
        ("Quá liều và xử lý", "qua_lieu_xu_tri"),
        ("Tác dụng phụ", "tac_dung_khong_mong_muon"),
        ("duoc_ly_va_co_che_tac_dung", "duoc_ly"),
    ],
)
def test_wording_and_diacritic_variants(title: str, key: str) -> None:
    """Titles differing in wording, diacritics, case, underscores or a typo map to one key."""
    assert section_key_for(title) == key


@pytest.mark.parametrize("title", ["khac", "", "Thông tin bổ sung", "Chi"])
def test_unknown_titles_map_to_none(title: str) -> None:
    """A title that is no section is not forced onto the nearest one."""
    assert section_key_for(title) is None


def test_chi_dinh_and_chong_chi_dinh_stay_apart() -> None:
    """The fuzzy fallback never confuses indications with contraindications."""
    assert section_key_for("Chống chỉ đinh") == "chong_chi_dinh"
    assert section_key_for("Chi dinh") == "chi_dinh"


def test_record_takes_section_from_title_and_fills_title() -> None:
    """A record with only a title gets its key; with only a key, the printed title."""
    by_title = CorpusRecord.model_validate(
        {"drug_id": "x", "drug_name": "X", "section_title": "Liều dùng", "text": "t"}
    )
    assert by_title.section_key is SectionKey.LIEU_LUONG_CACH_DUNG
    by_key = CorpusRecord.model_validate(
        {"drug_id": "x", "drug_name": "X", "section_key": "chi_dinh", "text": "t"}
    )
    assert by_key.section_title == "Chỉ định"


def test_record_is_nfc_normalised() -> None:
    """Decomposed input text is stored NFC."""
    decomposed = "Lie\u0302\u0300u"
    record = CorpusRecord.model_validate(
        {"drug_id": "x", "drug_name": decomposed, "section_key": "chi_dinh", "text": decomposed}
    )
    assert record.text == "Liều"


@pytest.mark.parametrize(
    ("patch", "needle"),
    [
        ({"drug_id": "Para cetamol"}, "snake case"),
        ({"text": "   "}, "text"),
        ({"section_key": "khac"}, "unknown section"),
        ({"page_start": 5, "page_end": 3}, "page_end"),
        ({"drug_name": None}, "drug_name"),
    ],
)
def test_invalid_records_name_the_problem(patch: dict[str, object], needle: str) -> None:
    """Each invalid field is reported by name."""
    raw = {"drug_id": "x", "drug_name": "X", "section_key": "chi_dinh", "text": "t", **patch}
    with pytest.raises(ValidationError, match=needle):
        CorpusRecord.model_validate(raw)


def test_fold_slugify_and_atc() -> None:
    """Folding strips diacritics (đ → d); slugs are snake case; ATC codes lose inner spaces."""
    assert fold_words("Đái tháo đường typ 2") == "dai thao duong typ 2"
    assert slugify("Amoxicilin và kali clavulanat") == "amoxicilin_va_kali_clavulanat"
    assert parse_atc("J05A F06") == ("J05AF06",)
    assert parse_atc(["N02BE01", "Enalapril maleat: C09AA02"]) == ("N02BE01", "C09AA02")
