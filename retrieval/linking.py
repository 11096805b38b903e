"""Find catalog drugs named in a free-text query, so unfiltered search can filter by drug.

The catalog's name index (`core.name_index`) does the matching, so a query links
exactly the drugs the understander would find: "Augmentin" and "amoxicillin clavulanate"
link to the combination, "amoxicilin" to amoxicillin alone, "tramadol" to "Tramadol
hydroclorid".
"""

from __future__ import annotations

from core.catalog import DrugCatalog


class DrugLinker:
    """Links query text to catalog drug ids through the catalog's name index."""

    def __init__(self, catalog: DrugCatalog) -> None:
        self._names = catalog.names

    def link(self, text: str) -> tuple[str, ...]:
        """Drug ids named in `text`, in order of mention, each once.

        A name two monographs share equally links both, so the search reads both.
        """
        return self._names.find(text, ties=True)


__all__ = ["DrugLinker"]
