"""The drug catalog: every formulary drug id with the names users may type for it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from core.name_index import NameIndex
from core.names import brand_names
from core.sections import SECTION_TITLES, SectionKey

_BRAND_SECTION = {SectionKey.TEN_THUONG_MAI.value, SECTION_TITLES[SectionKey.TEN_THUONG_MAI]}


class DrugEntry(BaseModel):
    """One formulary drug: id, printed name, INN, aliases and its Tên thương mại brands."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    drug_id: str
    name: str
    inn: str = ""
    aliases: tuple[str, ...] = ()
    brands: tuple[str, ...] = ()
    atc: tuple[str, ...] = ()
    """ATC codes from the corpus: the classes the drug belongs to (core/drug_classes.py)."""

    def names(self) -> tuple[str, ...]:
        """Every surface form, printed name first, without duplicates or blanks."""
        return tuple(dict.fromkeys(n for n in (self.name, self.inn, *self.aliases) if n))


def _merged(known: DrugEntry, entry: DrugEntry) -> DrugEntry:
    return DrugEntry(
        drug_id=entry.drug_id,
        name=known.name,
        inn=known.inn or entry.inn,
        aliases=tuple(dict.fromkeys((*known.aliases, *entry.aliases))),
        brands=tuple(dict.fromkeys((*known.brands, *entry.brands))),
        atc=tuple(dict.fromkeys((*known.atc, *entry.atc))),
    )


def _atc_codes(value: object) -> tuple[str, ...]:
    """A record's `atc` as codes: a list, or one string with commas or semicolons."""
    items = value if isinstance(value, list) else re.split(r"[,;]", str(value or ""))
    return tuple(code for item in items if (code := str(item).replace(" ", "").upper()))


class DrugCatalog:
    """An immutable id → entry map built from the index (or a fake, in tests)."""

    def __init__(self, entries: Iterable[DrugEntry]) -> None:
        self._by_id: dict[str, DrugEntry] = {}
        for entry in entries:
            known = self._by_id.get(entry.drug_id)
            self._by_id[entry.drug_id] = entry if known is None else _merged(known, entry)

    def __contains__(self, drug_id: object) -> bool:
        return drug_id in self._by_id

    def __iter__(self) -> Iterator[DrugEntry]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, drug_id: str) -> DrugEntry | None:
        return self._by_id.get(drug_id)

    def name_of(self, drug_id: str) -> str:
        entry = self._by_id.get(drug_id)
        return entry.name if entry else drug_id

    def ids(self) -> frozenset[str]:
        return frozenset(self._by_id)

    @cached_property
    def names(self) -> NameIndex:
        """The one name index every layer matches drug names with (built on first use)."""
        return NameIndex(self._by_id.values())

    def with_brands(self, sections: Iterable[tuple[str, str]]) -> DrugCatalog:
        """A catalog whose drugs also carry the brands of their Tên thương mại text.

        `sections` are (drug_id, text) pairs; texts of one drug are read in the order given
        (the parts of a long list), and drugs not in the catalog are ignored.
        """
        texts: dict[str, list[str]] = {}
        for drug_id, text in sections:
            if drug_id in self._by_id:
                texts.setdefault(drug_id, []).append(text)
        if not texts:
            return self
        return DrugCatalog(
            entry.model_copy(update={"brands": brand_names("\n".join(texts[entry.drug_id]))})
            if entry.drug_id in texts
            else entry
            for entry in self
        )

    @classmethod
    def from_corpus_files(cls, paths: Iterable[Path]) -> DrugCatalog:
        """Read drug names and brands straight from corpus JSON Lines (for evals and tests).

        Lines that are not JSON objects with a `drug_id` and `drug_name` are skipped:
        ingestion, not this, is where bad lines are reported.
        """
        entries: list[DrugEntry] = []
        brands: list[tuple[str, str]] = []
        for path in paths:
            with path.open(encoding="utf-8") as fh:
                for line in fh:
                    try:
                        rec = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    if not isinstance(rec, dict) or not rec.get("drug_id"):
                        continue
                    if not rec.get("drug_name"):
                        continue
                    entries.append(
                        DrugEntry(
                            drug_id=str(rec["drug_id"]),
                            name=str(rec["drug_name"]),
                            inn=str(rec.get("inn") or ""),
                            aliases=tuple(str(a) for a in rec.get("aliases") or ()),
                            atc=_atc_codes(rec.get("atc")),
                        )
                    )
                    section = rec.get("section_key") or rec.get("section_title")
                    if section in _BRAND_SECTION and not rec.get("quarantined"):
                        brands.append((str(rec["drug_id"]), str(rec.get("text") or "")))
        return cls(entries).with_brands(brands)


__all__ = ["DrugCatalog", "DrugEntry"]
