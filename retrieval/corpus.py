"""Corpus records (docs/corpus-format.md) and the section-title → key alias table.

A record is one section, or one part of a section, of one drug's monograph. Titles
that differ only in wording, diacritics, case or underscores map to the same key.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from rapidfuzz import fuzz, process

from core.sections import SECTION_TITLES, SectionKey
from core.text import fold_words, nfc

_DRUG_ID = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)*$")
_ATC = re.compile(r"[A-Z]\s?\d\s?\d\s?[A-Z]\s?[A-Z]\s?\d\s?\d")


# Extra wordings seen in editions, scrapes and hand-typed files; canonical titles and
# keys are added below. Values are folded at import time, so diacritics do not matter.
_EXTRA_ALIASES: dict[SectionKey, tuple[str, ...]] = {
    SectionKey.DANG_THUOC_HAM_LUONG: ("dạng thuốc", "dạng bào chế", "dạng bào chế và hàm lượng"),
    SectionKey.DUOC_LY: ("dược lý", "cơ chế tác dụng", "dược lực học", "tác dụng dược lý"),
    SectionKey.DUOC_DONG_HOC: ("dược động học",),
    SectionKey.CHI_DINH: ("chỉ định điều trị",),
    SectionKey.CHONG_CHI_DINH: ("chống chỉ định dùng",),
    SectionKey.THAN_TRONG: ("thận trọng khi dùng", "cảnh báo và thận trọng", "lưu ý"),
    SectionKey.THOI_KY_MANG_THAI: ("mang thai", "phụ nữ có thai", "phụ nữ mang thai"),
    SectionKey.THOI_KY_CHO_CON_BU: ("cho con bú", "phụ nữ cho con bú"),
    SectionKey.TAC_DUNG_KHONG_MONG_MUON: ("tác dụng không mong muốn", "tác dụng phụ", "adr"),
    SectionKey.HUONG_DAN_XU_TRI_ADR: ("hướng dẫn xử trí adr", "xử trí adr"),
    SectionKey.LIEU_LUONG_CACH_DUNG: (
        "liều dùng",
        "liều lượng",
        "cách dùng",
        "cách dùng và liều lượng",
        "liều dùng và cách dùng",
    ),
    SectionKey.TUONG_TAC_THUOC: ("tương tác", "tương tác với thuốc khác"),
    SectionKey.TUONG_KY: ("tương kị",),
    SectionKey.DO_ON_DINH_BAO_QUAN: ("bảo quản", "độ ổn định"),
    SectionKey.QUA_LIEU_XU_TRI: ("quá liều", "quá liều và xử lý", "quá liều và cách xử trí"),
    SectionKey.THONG_TIN_QUY_CHE: ("thông tin về quy chế", "quy chế"),
    SectionKey.TEN_THUONG_MAI: ("biệt dược", "tên biệt dược"),
}


def _build_aliases() -> dict[str, SectionKey]:
    table: dict[str, SectionKey] = {}
    for key in SectionKey:
        title = SECTION_TITLES[key]
        forms = {key.value, title, title.replace("(ADR)", ""), *_EXTRA_ALIASES.get(key, ())}
        # Printed titles join with "và"; scraped keys keep it ("lieu_luong_va_cach_dung").
        forms |= {f.replace(" và ", " ") for f in list(forms)}
        for form in forms:
            table[fold_words(form)] = key
    for folded in list(table):
        table.setdefault(folded.replace(" va ", " "), table[folded])
        table.setdefault(folded.replace("qui", "quy"), table[folded])
    return table


SECTION_ALIASES: dict[str, SectionKey] = _build_aliases()
_FUZZY_CUTOFF = 88.0


def section_key_for(title_or_key: str) -> SectionKey | None:
    """The section key a title or key names, tolerant of wording, diacritics and OCR slips."""
    folded = fold_words(title_or_key).replace("qui ", "quy ")
    if not folded:
        return None
    exact = SECTION_ALIASES.get(folded) or SECTION_ALIASES.get(folded.replace(" va ", " "))
    if exact is not None:
        return exact
    # Typos such as "Turong ky" or "Ouá liều": accept only a close whole-title match.
    match = process.extractOne(folded, SECTION_ALIASES.keys(), scorer=fuzz.ratio)
    if match is not None and match[1] >= _FUZZY_CUTOFF:
        return SECTION_ALIASES[match[0]]
    return None


def slugify(name: str) -> str:
    """A drug id from a name: folded ASCII snake case ("Furosemid" → furosemid)."""
    return "_".join(fold_words(name).split())


def parse_atc(value: object) -> tuple[str, ...]:
    """ATC codes from a list or free text ("J05A F06", "Enalapril maleat: C09AA02")."""
    items = value if isinstance(value, list | tuple) else [value] if value else []
    codes: list[str] = []
    for item in items:
        codes.extend(re.sub(r"\s", "", m) for m in _ATC.findall(str(item).upper()))
    return tuple(dict.fromkeys(codes))


class CorpusRecord(BaseModel):
    """One line of a corpus file, validated and NFC-normalised."""

    model_config = ConfigDict(frozen=True, extra="ignore", str_strip_whitespace=True)

    drug_id: str
    drug_name: str = Field(min_length=1)
    inn: str = ""
    aliases: tuple[str, ...] = ()
    atc: tuple[str, ...] = ()
    section_key: SectionKey
    section_title: str = ""
    part_index: int = Field(default=0, ge=0, lt=1000)
    text: str = Field(min_length=1)
    page_start: int | None = Field(default=None, ge=0)
    page_end: int | None = Field(default=None, ge=0)
    source: str = ""
    quarantined: bool = False
    flags: tuple[str, ...] = ()
    """Quality flags carried over from a third-party file (reported, never shown)."""

    @model_validator(mode="before")
    @classmethod
    def _resolve_section(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError("a record must be a JSON object")
        # JSON null means "not given" for fields with defaults (atc, inn, aliases, …).
        data = {k: nfc(v) if isinstance(v, str) else v for k, v in data.items() if v is not None}
        raw_key, raw_title = data.get("section_key"), data.get("section_title")
        key = None
        for candidate in (raw_key, raw_title):
            if isinstance(candidate, str) and candidate.strip():
                key = section_key_for(candidate)
                if key is not None:
                    break
        if key is None:
            shown = raw_key or raw_title
            raise ValueError(f"unknown section {shown!r}" if shown else "no section_key")
        data["section_key"] = key
        if not raw_title:
            data["section_title"] = SECTION_TITLES[key]
        if data.get("atc") is not None:
            data["atc"] = parse_atc(data["atc"])
        return data

    @field_validator("drug_id")
    @classmethod
    def _check_drug_id(cls, value: str) -> str:
        if not _DRUG_ID.match(value):
            raise ValueError(f"drug_id must be lowercase ASCII snake case, got {value!r}")
        return value

    @field_validator("aliases", mode="before")
    @classmethod
    def _aliases(cls, value: object) -> object:
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list | tuple):
            return tuple(nfc(str(v)).strip() for v in value if str(v).strip())
        return value

    @model_validator(mode="after")
    def _check_pages(self) -> CorpusRecord:
        start, end = self.page_start, self.page_end
        if start is not None and end is not None and end < start:
            raise ValueError(f"page_end {self.page_end} < page_start {self.page_start}")
        return self


__all__ = [
    "SECTION_ALIASES",
    "CorpusRecord",
    "parse_atc",
    "section_key_for",
    "slugify",
]
