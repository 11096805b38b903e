"""`RetrievalService`: the engine's `Retriever` over an `Index`, an `Embedder` and sparse terms.

Search fuses dense and sparse by RRF in the index's query API (one side alone when
the other is disabled); indication lookup reads only `chi_dinh`.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from enum import StrEnum

from core.catalog import DrugCatalog
from core.errors import ConfigError, IndexUnavailable
from core.evidence import Answerability, DrugCandidate, Evidence
from core.sections import OVERVIEW_SECTIONS, SectionKey
from retrieval.convert import hit_to_evidence
from retrieval.embed import Embedder
from retrieval.index import Index, IndexSpec, QueryFilter
from retrieval.indication import IndicationMatcher
from retrieval.linking import DrugLinker
from retrieval.rerank import Reranker
from retrieval.tokenizer import SparseEncoder

_UNKNOWN = object()


class SearchMode(StrEnum):
    HYBRID = "hybrid"
    DENSE = "dense"
    SPARSE = "sparse"


class RetrievalService:
    """Implements `core.ports.Retriever`; every index failure surfaces as `IndexUnavailable`."""

    def __init__(
        self,
        index: Index,
        embedder: Embedder,
        *,
        encoder: SparseEncoder | None = None,
        indication_limit: int = 8,
        candidates: int = 50,
        dense_indication_threshold: float = 0.875,
        reranker: Reranker | None = None,
        link_drugs: bool = True,
        switch_check_every: float = 1.0,
    ) -> None:
        if indication_limit < 1:
            raise ConfigError(f"indication_limit must be >= 1, got {indication_limit}")
        if candidates < 1:
            raise ConfigError(f"candidates must be >= 1, got {candidates}")
        if switch_check_every < 0:
            raise ConfigError(f"switch_check_every must be >= 0, got {switch_check_every}")
        self._index = index
        self._embedder = embedder
        self._encoder = encoder or SparseEncoder()
        self.check_index()
        self._limit = indication_limit
        self._candidates = candidates
        self._reranker = reranker
        self._lock = threading.Lock()
        self._catalog: DrugCatalog | None = None
        self._linker: DrugLinker | None = None
        self._link_drugs = link_drugs
        self._indications = IndicationMatcher(index, dense_threshold=dense_indication_threshold)
        # An ingest in another process switches the live corpus under us; the cached
        # catalog and indication text follow it, checked at most this often (seconds).
        self._switch_every = switch_check_every
        self._generation: str | object | None = _UNKNOWN  # no backend call while building
        self._checked_at = -math.inf

    @property
    def dense_enabled(self) -> bool:
        live = self._index.spec()
        return self._embedder.dim is not None and live is not None and live.dense_dim is not None

    def check_index(self) -> None:
        """Raise `ConfigError` when the live index was built for other vectors than ours."""
        live = self._index.spec()
        if live is not None:
            mine = IndexSpec(self._embedder.name, self._embedder.dim, self._encoder.name)
            mine.check_compatible(live)

    def refresh(self) -> None:
        """Forget cached catalog and indication text (after an ingest)."""
        self.check_index()
        with self._lock:
            self._catalog, self._linker = None, None
        self._indications.refresh()

    def _follow_switch(self) -> None:
        """Forget the caches when the index now serves another corpus than they were read from."""
        now = time.monotonic()
        if now - self._checked_at < self._switch_every:
            return
        self._checked_at = now
        try:
            generation = self._index.generation()
        except IndexUnavailable:
            return  # keep what we have; the read that follows reports the outage
        if generation != self._generation:
            self._generation = generation
            with self._lock:
                self._catalog, self._linker = None, None
            self._indications.refresh()

    def catalog(self) -> DrugCatalog:
        self._follow_switch()
        with self._lock:
            if self._catalog is None:
                # Brands come from each monograph's own Tên thương mại text (read in order,
                # so a list split over chunks is read whole); quarantined text is skipped.
                flt = QueryFilter(section_keys=(SectionKey.TEN_THUONG_MAI.value,))
                brands = [
                    (str(h.payload.get("drug_id", "")), str(h.payload.get("text", "")))
                    for h in self._index.scroll(flt)
                    if not h.payload.get("quarantined")
                ]
                self._catalog = DrugCatalog(self._index.drugs()).with_brands(brands)
            return self._catalog

    def linked_drugs(self, query: str) -> tuple[str, ...]:
        """Catalog drugs the query names (by name, INN or alias), in order of mention."""
        catalog = self.catalog()
        with self._lock:
            if self._linker is None:
                self._linker = DrugLinker(catalog)
            return self._linker.link(query)

    def find_by_section(self, drug_id: str, section_key: str) -> list[Evidence]:
        flt = QueryFilter(drug_ids=(drug_id,), section_keys=(section_key,))
        return [hit_to_evidence(h) for h in self._index.scroll(flt)]

    def find_by_drug(self, drug_id: str) -> list[Evidence]:
        """The overview sections (forms, indications, contraindications) in printed order.

        A monograph without them gives its first three sections instead.
        """
        hits = self._index.scroll(QueryFilter(drug_ids=(drug_id,)))
        wanted = {k.value for k in OVERVIEW_SECTIONS}
        overview = [h for h in hits if h.payload.get("section_key") in wanted]
        if not overview:
            first = list(dict.fromkeys(str(h.payload.get("section_key")) for h in hits))[:3]
            overview = [h for h in hits if h.payload.get("section_key") in first]
        return [hit_to_evidence(h) for h in overview]

    def search(
        self,
        query: str,
        *,
        drug_id: str | None = None,
        sections: Sequence[str] | None = None,
        limit: int = 8,
        mode: SearchMode = SearchMode.HYBRID,
    ) -> list[Evidence]:
        """Best chunks for a free-text query, optionally within one drug and some sections.

        Without `drug_id`, drugs the query names are linked through the catalog and the
        search is kept to them (unless the service was built with `link_drugs=False`).
        """
        drugs = (drug_id,) if drug_id else self.linked_drugs(query) if self._link_drugs else ()
        flt = QueryFilter(drug_ids=drugs, section_keys=tuple(sections or ()))
        use_dense = self.dense_enabled and mode in (SearchMode.HYBRID, SearchMode.DENSE)
        sparse = self._encoder.query(query) if mode != SearchMode.DENSE else None
        dense = self._embedder.embed_query(query) if use_dense else None
        if dense is None and not sparse and mode == SearchMode.DENSE:
            sparse = self._encoder.query(query)  # dense asked but disabled: do not go blind
        want = max(limit, self._candidates) if self._reranker else limit
        hits = self._index.query(
            dense=dense, sparse=sparse, flt=flt, limit=want, candidates=self._candidates
        )
        evidence = [hit_to_evidence(h) for h in hits]
        if self._reranker is not None and evidence:
            evidence = self._reranker.rerank(query, evidence)
        return evidence[:limit]

    def find_by_indication(
        self, condition: str, *, limit: int | None = None
    ) -> list[DrugCandidate]:
        """Drugs whose `chi_dinh` names the condition: phrase match first, dense fallback."""
        cap = limit or self._limit
        self._follow_switch()
        found = self._indications.phrase_candidates(condition, cap=cap)
        if not found and self.dense_enabled and condition.strip():
            vector = self._embedder.embed_query(condition)
            found = self._indications.dense_candidates(vector, pool=cap * 3, cap=cap)
        return found[:cap]

    def decide(self, evidence: Sequence[Evidence]) -> Answerability:
        if not evidence:
            return Answerability.NOT_FOUND
        if any(e.quarantined for e in evidence):
            return Answerability.VERIFY_PDF
        return Answerability.ANSWERABLE


INDICATION_SECTION = SectionKey.CHI_DINH.value

__all__ = ["INDICATION_SECTION", "RetrievalService", "SearchMode"]
