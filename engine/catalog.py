"""The drug catalog: every formulary drug id with the names users may type for it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict


class DrugEntry(BaseModel):
    """One formulary drug: id, printed name, INN and aliases (brand names, spellings)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    drug_id: str
    name: str
    inn: str = ""
    aliases: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        """Every surface form, printed name first, without duplicates or blanks."""
        return tuple(dict.fromkeys(n for n in (self.name, self.inn, *self.aliases) if n))


class DrugCatalog:
    """An immutable id → entry map built from the index (or a fake, in tests)."""

    def __init__(self, entries: Iterable[DrugEntry]) -> None:
        self._by_id: dict[str, DrugEntry] = {}
        for entry in entries:
            known = self._by_id.get(entry.drug_id)
            self._by_id[entry.drug_id] = (
                entry
                if known is None
                else DrugEntry(
                    drug_id=entry.drug_id,
                    name=known.name,
                    inn=known.inn or entry.inn,
                    aliases=tuple(dict.fromkeys((*known.aliases, *entry.aliases))),
                )
            )

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

    @classmethod
    def from_corpus_files(cls, paths: Iterable[Path]) -> DrugCatalog:
        """Read drug names straight from corpus JSON Lines (for evals and tests).

        Lines that are not JSON objects with a `drug_id` and `drug_name` are skipped:
        ingestion, not this, is where bad lines are reported.
        """
        entries: list[DrugEntry] = []
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
                        )
                    )
        return cls(entries)


__all__ = ["DrugCatalog", "DrugEntry"]
