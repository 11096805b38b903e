"""Find catalog drugs named in a free-text query, so unfiltered search can filter by drug.

Names, INNs and aliases are matched as whole folded words, longest first, so
"Augmentin" links to amoxicillin + clavulanate and "amoxicilin" to amoxicillin alone.
"""

from __future__ import annotations

from engine.catalog import DrugCatalog
from retrieval.corpus import fold

MAX_WORDS = 6
MIN_CHARS = 3


class DrugLinker:
    """A folded-name → drug ids table built once from the catalog."""

    def __init__(self, catalog: DrugCatalog) -> None:
        self._names: dict[tuple[str, ...], set[str]] = {}
        for entry in catalog:
            for name in (entry.drug_id.replace("_", " "), *entry.names()):
                words = tuple(fold(name).split())
                if words and len(" ".join(words)) >= MIN_CHARS and len(words) <= MAX_WORDS:
                    self._names.setdefault(words, set()).add(entry.drug_id)

    def link(self, text: str) -> tuple[str, ...]:
        """Drug ids named in `text`, in order of mention, each once."""
        words = fold(text).split()
        found: list[str] = []
        i = 0
        while i < len(words):
            for size in range(min(MAX_WORDS, len(words) - i), 0, -1):
                ids = self._names.get(tuple(words[i : i + size]))
                if ids:
                    found.extend(sorted(ids))
                    i += size
                    break
            else:
                i += 1
        return tuple(dict.fromkeys(found))


__all__ = ["DrugLinker"]
